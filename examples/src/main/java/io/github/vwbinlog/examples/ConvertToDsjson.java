package io.github.vwbinlog.examples;

import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Converts a log to DSJSON and prints what was written and skipped.
 *
 * <pre>java ConvertToDsjson samples/cb_simple.log out.dsjson</pre>
 */
public final class ConvertToDsjson {
  private ConvertToDsjson() {}

  /** Converts the first argument into the second. */
  public static void main(String[] args) throws IOException {
    DsjsonConverter converter = DsjsonConverter.of(JoinOptions.defaults());
    JoinSummary summary;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[1])))) {
      summary = converter.convert(Path.of(args[0]), out);
    }
    System.out.println(summary.emittedTotal() + " lines written, " + summary.interactionsSkipped()
        + " interactions skipped, " + summary.errors() + " errors");
    summary.diagnostics().forEach((reason, count) -> System.out.println("  " + reason + ": " + count));
  }
}
