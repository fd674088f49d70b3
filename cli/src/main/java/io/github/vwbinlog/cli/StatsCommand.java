package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinSummary;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stats FILE [--json]}: counts of messages, joined events, skips by reason, and VW's metrics. */
@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    description = {
        "Converts a log to nowhere and prints counts: messages by type, joined events by type, learnable, "
            + "interactions seen and skipped, every diagnostic by reason, and VW's parser metrics."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:no error was reported",
        "1:an error was reported",
        "2:usage error",
        "3:the input cannot be opened"})
final class StatsCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "FILE", description = "the joined binary log")
  Path input;

  @Option(names = "--json", description = "print one JSON object instead of text")
  boolean json;

  @Mixin
  JoinOptionsMixin join = new JoinOptionsMixin();

  @Override
  public Integer call() {
    FirstError firstError = new FirstError();
    JoinOptions options = join.apply(JoinOptions.defaults())
        .withReadOptions(ReadOptions.defaults().withListener(firstError));
    if (!Files.isRegularFile(input) || !Files.isReadable(input)) {
      System.err.println("vw-binlog stats: cannot open " + input + ": not a readable file");
      return Main.EXIT_UNREADABLE;
    }
    JoinSummary summary;
    try {
      // Converting to nowhere counts exactly what convert would write and skip.
      summary = DsjsonConverter.of(options).convert(input, OutputStream.nullOutputStream());
    } catch (BinaryLogException | IOException e) {
      System.err.println("vw-binlog stats: " + input + ": " + e.getMessage());
      return Main.EXIT_DATA_ERROR;
    }
    if (json) {
      SummaryPrinter.json(summary, System.out);
    } else {
      SummaryPrinter.text(summary, System.out);
    }
    firstError.print("stats", System.err);
    return summary.errors() > 0 ? Main.EXIT_DATA_ERROR : 0;
  }
}
