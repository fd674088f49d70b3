package io.github.vwbinlog.cli;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code stats FILE... [--json]}: counts of messages, joined events, skips by reason, and VW's metrics. */
@Command(
    name = "stats",
    header = "Counts messages, joined events, skips by reason, and VW's metrics.",
    mixinStandardHelpOptions = true,
    description = {
        "Converts logs to nowhere and prints counts: messages by type, joined events by type, learnable, "
            + "interactions seen and skipped, every diagnostic by reason, and VW's parser metrics.",
        "Several files or a directory are read as convert reads them, and their counts summed.",
        "The first error, if any, is described in words on standard error."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:no error was reported",
        "1:an error was reported",
        "2:usage error",
        "3:an input cannot be opened"})
final class StatsCommand implements Callable<Integer> {

  @ParentCommand
  Main main;

  @Mixin
  InputFiles files = new InputFiles();

  @Option(names = "--json", description = "print one JSON object instead of text")
  boolean json;

  @Option(names = "--strict", description = "stop at the first error (exit 1, no counts printed)")
  boolean strict;

  @ArgGroup(validate = false, heading = JoinOptionsGroup.HEADING)
  @Nullable JoinOptionsGroup join;

  @Mixin
  ProgressOptions progressOptions = new ProgressOptions();

  @Override
  public Integer call() throws IOException {
    Io io = main.io();
    List<Input> resolved = files.resolve(io);
    if (resolved == null) {
      return Main.EXIT_UNREADABLE;
    }
    JoinOptions base = strict ? JoinOptions.defaults().with(JoinFeature.STRICT) : JoinOptions.defaults();
    JoinOptions options = JoinOptionsGroup.apply(join, base)
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
