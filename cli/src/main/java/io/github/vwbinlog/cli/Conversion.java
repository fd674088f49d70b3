package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Converts inputs one after the other into one output, as {@code convert}, {@code stats} and {@code validate} read
 * them. Each input gets a fresh joiner, as each gets a fresh VW process: checkpoint settings and the dedup cache do
 * not carry from one file to the next, and the DSJSON of the inputs is concatenated in order.
 *
 * <p>The reader is opened here rather than by {@link DsjsonConverter#convert(java.nio.file.Path, OutputStream)} so
 * that the progress bar can follow its position and standard input can be read. The converter is given the progress
 * bar's wrapper of the reader, whose own notices (unknown message types) it therefore cannot count: they are counted
 * here and added to the summary, which is therefore the one {@code convert(Path, out)} would return.
 */
final class Conversion {
  private Conversion() {}

  /**
   * What a run did.
   *
   * @param summary the sum over the inputs read (up to the failure, if any)
   * @param failure why the run stopped early (an input that cannot be opened, or the first error in strict mode),
   *     or null
   * @param exit the exit code: 3 for an input that cannot be opened, 1 for a failure or any ERROR, else 0
   * @param bytesRead the bytes of input consumed, as the readers count them (up to EOF, or to a problem)
   * @param firstError the first ERROR diagnostic in words ({@code "first error: ..."}, naming its input when there
   *     were several), or null when none was reported
   */
  record Outcome(JoinSummary summary, @Nullable String failure, int exit, long bytesRead,
      @Nullable String firstError) {}

  /**
   * Where a run writes the joined events of its inputs, one input after the other: DSJSON lines or one Parquet file.
   * Closed at the end of the run, whether it failed or not (a failed run's output is discarded by the caller).
   */
  interface Sink extends Closeable {
    /** Joins the messages of {@code reader}, named {@code input}, and writes its events. */
    JoinSummary convert(BinaryLogReader reader, String input) throws IOException;
  }

  /** Makes the sink of a run from the run's join options (whose listener counts the first error). */
  interface SinkFactory {
    Sink open(JoinOptions options) throws IOException;
  }

  /** Converts every input into DSJSON lines in {@code out}, which is neither flushed nor closed. */
  static Outcome run(List<Input> inputs, JoinOptions options, InputStream stdin, OutputStream out, Progress progress)
      throws IOException {
    OutputStream lines = progress.countLines(out);
    return run(inputs, options, stdin, progress, o -> {
      DsjsonConverter converter = DsjsonConverter.of(o);
      return new Sink() {
        @Override
        public JoinSummary convert(BinaryLogReader reader, String input) throws IOException {
          return converter.convert(reader, lines);
        }

        @Override
        public void close() {
          // the caller flushes and closes out
        }
      };
    });
  }

  /** Converts every input into the sink that {@code sinks} makes. */
  static Outcome run(List<Input> inputs, JoinOptions options, InputStream stdin, Progress progress,
      SinkFactory sinks) throws IOException {
    FirstError firstError = new FirstError(options.readOptions().listener());
    options = options.withReadOptions(options.readOptions().withListener(firstError));
    boolean several = inputs.size() > 1;
    JoinSummary total = Summaries.empty();
    long bytesRead = 0;
    try (Sink sink = sinks.open(options)) {
      for (Input input : inputs) {
        firstError.input(input.name());
        Counting readerDiagnostics = new Counting(options.readOptions().listener());
        BinaryLogReader reader;
        try {
          reader = input.open(stdin, options.readOptions().withListener(readerDiagnostics));
        } catch (IOException e) {
          return new Outcome(total, "cannot open " + input.name() + ": " + Input.describe(e), Main.EXIT_UNREADABLE,
              bytesRead, firstError.describe(several));
        }
        try (reader) {
          JoinSummary summary = sink.convert(progress.track(reader), input.name());
          total = Summaries.plus(total, Summaries.withDiagnostics(summary, readerDiagnostics.counts()));
          progress.inputDone(reader);
          bytesRead += Math.max(reader.position(), 0);
        } catch (BinaryLogException e) {
          return new Outcome(total, input.name() + ": " + e.getMessage(), Main.EXIT_DATA_ERROR,
              bytesRead + Math.max(reader.position(), 0), firstError.describe(several));
        }
      }
    } finally {
      progress.finish();
    }
    return new Outcome(total, null, total.errors() > 0 ? Main.EXIT_DATA_ERROR : 0, bytesRead,
        firstError.describe(several));
  }

  /** Counts diagnostics by reason, and passes them on. */
  static final class Counting implements DiagnosticListener {
    private final DiagnosticListener downstream;
    private final Map<DiagnosticReason, Long> counts = new EnumMap<>(DiagnosticReason.class);

    Counting(DiagnosticListener downstream) {
      this.downstream = downstream;
    }

    @Override
    public void report(Diagnostic d) {
      counts.merge(d.reason(), 1L, Long::sum);
      downstream.report(d);
    }

    Map<DiagnosticReason, Long> counts() {
      return counts;
    }
  }
}
