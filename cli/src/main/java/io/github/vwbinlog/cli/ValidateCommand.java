package io.github.vwbinlog.cli;

import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

/**
 * {@code validate FILE [--json]}: reads a whole log as {@code convert} would and reports every problem, writing no
 * DSJSON.
 */
final class ValidateCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "validate",
      "Reads a log as convert would and reports every problem.",
      new String[] {
          "Reads a whole log as convert would, writing no DSJSON, and reports its problems: the first ones in file "
              + "order with their offsets and event ids, then the counts by reason and severity.",
          "NOTICEs are things VW ignores by design (an unknown message type, an outcome without its interaction); "
              + "they do not make a log invalid. ERRORs do.",
          "An rlclientlib event file (the input of join) is validated as such: every batch and every event read, "
              + "payloads decompressed and verified; a protocol v1 file is an ERROR."},
      "0:no ERROR was found (NOTICEs allowed)",
      "1:at least one ERROR was found",
      "2:usage error",
      "3:the file cannot be opened");

  private final Io io;
  String input;
  boolean json;
  int maxProblems = 100;
  boolean quiet;
  final JoinOptionsGroup join;
  final ProgressOptions progressOptions;

  ValidateCommand(Io io) {
    this.io = io;
    spec.addPositional(Specs.bind(PositionalParamSpec.builder().index("0").required(true).paramLabel("FILE")
        .type(String.class)
        .description("the joined binary log or rlclientlib event file, or - for standard input"),
        () -> input, v -> input = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--json").type(boolean.class)
        .description("print one JSON object instead of text"), () -> json, v -> json = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--max-problems").paramLabel("N").type(int.class).defaultValue("100")
        .description("list at most N problems; the rest are counted (default: ${DEFAULT-VALUE})"),
        () -> maxProblems, v -> maxProblems = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-q", "--quiet").type(boolean.class)
        .description("print nothing: the exit code says it all"), () -> quiet, v -> quiet = v));
    join = new JoinOptionsGroup(spec, JoinOptionsGroup.HEADING);
    progressOptions = new ProgressOptions(spec);
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() throws IOException {
    if (maxProblems < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--max-problems must not be negative");
    }
    Input in = input.equals(Input.STDIN) ? Input.stdin() : Input.file(java.nio.file.Path.of(input));
    ProblemReport report = new ProblemReport(maxProblems);
    if (in.path() != null && EventFiles.is(in.path())) {
      return EventFiles.validate(in.path(), report, json, quiet, io.out());
    }
    // Not strict: validation reads past every error, as convert does, to find them all.
    JoinOptions options = join.apply(JoinOptions.defaults())
        .withReadOptions(ReadOptions.defaults().withListener(report));
    Progress progress = Progress.of(io, progressOptions, quiet, in.size());
    Conversion.Outcome outcome = Conversion.run(List.of(in), options, io.in(), OutputStream.nullOutputStream(),
        progress);
    if (outcome.exit() == Main.EXIT_UNREADABLE) {
      io.err().println("vw-binlog validate: " + outcome.failure());
      return outcome.exit();
    }
    if (!quiet) {
      if (json) {
        report.json(in.name(), outcome.summary(), outcome.bytesRead(), in.size(), io.out());
      } else {
        report.text(in.name(), outcome.summary(), outcome.bytesRead(), in.size(), io.out());
      }
      io.out().flush();
    }
    return outcome.exit();
  }
}
