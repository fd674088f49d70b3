package io.github.vwbinlog.cli;

import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code validate FILE [--json]}: reads a whole log as {@code convert} would and reports every problem, writing no
 * DSJSON.
 */
@Command(
    name = "validate",
    header = "Reads a log as convert would and reports every problem.",
    mixinStandardHelpOptions = true,
    description = {
        "Reads a whole log as convert would, writing no DSJSON, and reports its problems: the first ones in file "
            + "order with their offsets and event ids, then the counts by reason and severity.",
        "NOTICEs are things VW ignores by design (an unknown message type, an outcome without its interaction); "
            + "they do not make a log invalid. ERRORs do.",
        "An rlclientlib event file (the input of join) is validated as such: every batch and every event read, "
            + "payloads decompressed and verified; a protocol v1 file is an ERROR."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:no ERROR was found (NOTICEs allowed)",
        "1:at least one ERROR was found",
        "2:usage error",
        "3:the file cannot be opened"})
final class ValidateCommand implements Callable<Integer> {

  @ParentCommand
  Main main;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "the joined binary log or rlclientlib event file, or - for standard input")
  String input;

  @Option(names = "--json", description = "print one JSON object instead of text")
  boolean json;

  @Option(names = "--max-problems", paramLabel = "N", defaultValue = "100",
      description = "list at most N problems; the rest are counted (default: ${DEFAULT-VALUE})")
  int maxProblems;

  @Option(names = {"-q", "--quiet"}, description = "print nothing: the exit code says it all")
  boolean quiet;

  @ArgGroup(validate = false, heading = JoinOptionsGroup.HEADING)
  @Nullable JoinOptionsGroup join;

  @Mixin
  ProgressOptions progressOptions = new ProgressOptions();

  @Override
  public Integer call() throws IOException {
    if (maxProblems < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--max-problems must not be negative");
    }
    Io io = main.io();
    Input in = input.equals(Input.STDIN) ? Input.stdin() : Input.file(java.nio.file.Path.of(input));
    ProblemReport report = new ProblemReport(maxProblems);
    if (in.path() != null && EventFiles.is(in.path())) {
      return EventFiles.validate(in.path(), report, json, quiet, io.out());
    }
    // Not strict: validation reads past every error, as convert does, to find them all.
    JoinOptions options = JoinOptionsGroup.apply(join, JoinOptions.defaults())
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
