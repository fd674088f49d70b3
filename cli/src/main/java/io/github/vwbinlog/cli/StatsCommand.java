package io.github.vwbinlog.cli;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code stats FILE... [--json]}: counts of messages, joined events, skips by reason, and VW's metrics. */
final class StatsCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "stats",
      "Counts messages, joined events, skips by reason, and VW's metrics.",
      new String[] {
          "Converts logs to nowhere and prints counts: messages by type, joined events by type, learnable, "
              + "interactions seen and skipped, every diagnostic by reason, and VW's parser metrics.",
          "Several files or a directory are read as convert reads them, and their counts summed.",
          "The first error, if any, is described in words on standard error."},
      "0:no error was reported",
      "1:an error was reported",
      "2:usage error",
      "3:an input cannot be opened");

  private final Io io;
  final InputFiles files;
  boolean json;
  boolean strict;
  final JoinOptionsGroup join;
  final ProgressOptions progressOptions;

  StatsCommand(Io io) {
    this.io = io;
    files = new InputFiles(spec);
    spec.addOption(Specs.bind(OptionSpec.builder("--json").type(boolean.class)
        .description("print one JSON object instead of text"), () -> json, v -> json = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--strict").type(boolean.class)
        .description("stop at the first error (exit 1, no counts printed)"), () -> strict, v -> strict = v));
    join = new JoinOptionsGroup(spec, JoinOptionsGroup.HEADING);
    progressOptions = new ProgressOptions(spec);
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() throws IOException {
    List<Input> resolved = files.resolve(io);
    if (resolved == null) {
      return Main.EXIT_UNREADABLE;
    }
    JoinOptions base = strict ? JoinOptions.defaults().with(JoinFeature.STRICT) : JoinOptions.defaults();
    JoinOptions options = join.apply(base)
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    Progress progress = Progress.of(io, progressOptions, false, Progress.totalSize(resolved));
    // Converting to nowhere counts exactly what convert would write and skip.
    Conversion.Outcome outcome = Conversion.run(resolved, options, io.in(), OutputStream.nullOutputStream(),
        progress);
    if (outcome.failure() != null) {
      io.err().println("vw-binlog stats: " + outcome.failure());
      return outcome.exit();
    }
    if (json) {
      SummaryPrinter.json(outcome.summary(), resolved.size(), io.out());
    } else {
      SummaryPrinter.text(outcome.summary(), resolved.size(), io.out());
    }
    io.out().flush();
    if (outcome.firstError() != null) {
      io.err().println("vw-binlog stats: " + outcome.firstError());
      io.err().flush();
    }
    return outcome.exit();
  }
}
