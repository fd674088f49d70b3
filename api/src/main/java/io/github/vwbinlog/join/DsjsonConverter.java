package io.github.vwbinlog.join;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Converts joined logs to DSJSON, byte for byte as VW's {@code --binary_to_json} writes it (SPEC §8), with vw-binlog's
 * guarantees on top (SPEC §0): a line that would not be valid JSON (NaN, infinities, a broken context) is not written
 * but reported, and every skip is counted in the returned {@link JoinSummary}.
 *
 * <p>Immutable and thread-safe; each conversion uses its own state, so one converter may run conversions on several
 * threads at once (the listener of its options is then called from each of them).
 *
 * <pre>{@code
 * DsjsonConverter converter = DsjsonConverter.of(JoinOptions.defaults());
 * try (OutputStream out = Files.newOutputStream(Path.of("out.dsjson"))) {
 *   JoinSummary summary = converter.convert(Path.of("joined.log"), out);
 * }
 * }</pre>
 */
public interface DsjsonConverter {

  /** A converter with these options. */
  static DsjsonConverter of(JoinOptions options) {
    return Providers.get().dsjsonConverter(options);
  }

  /** The options. */
  JoinOptions options();

  /** Converts a file, writing one line per joined event to {@code out} (which is not closed). */
  JoinSummary convert(Path input, OutputStream out) throws IOException;

  /** Converts the messages of a reader; the reader is read to its end but not closed. */
  JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException;

  /**
   * The DSJSON line of one joined event, with its final newline.
   *
   * @throws LineRefusedException if the line would not be valid JSON (see SPEC §0 item 3): convert skips such an
   *     event and reports it with the exception's reason
   */
  byte[] line(JoinResult result);

  /**
   * The DSJSON line of one joined event given as a view ({@link JoinedEventSink}, {@link Joiner#joinNext}), with its
   * final newline: the same bytes as {@link #line(JoinResult)} of its record, written from the view without building
   * the record when the view is the library's own.
   *
   * @throws LineRefusedException if the line would not be valid JSON, as {@link #line(JoinResult)}
   */
  byte[] line(JoinedEventView view);
}
