package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.LineRefusedException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The converter of a reader that writes each joined event's DSJSON line once, before the event becomes a row: an event
 * whose line {@code convert} refuses is not a row but a diagnostic (as {@code convert} skips it), which only writing
 * the line tells. The line is kept for the {@code dsjson} column, so {@link JoinedRows} asks for it without writing it
 * again.
 *
 * <pre>{@code
 * LineRefusedException refused = lines.check(result);   // null: a row, whose dsjson is lines.line(result)
 * }</pre>
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class CheckedLines implements DsjsonConverter {
  private final DsjsonConverter converter;
  private @Nullable JoinResult checked;
  private byte @Nullable [] line;

  CheckedLines(DsjsonConverter converter) {
    this.converter = converter;
  }

  /**
   * Writes the line of {@code result}, and keeps it.
   *
   * @return why convert refuses the event, or null when it writes a line
   */
  @Nullable LineRefusedException check(JoinResult result) {
    try {
      line = converter.line(result);
      checked = result;
      return null;
    } catch (LineRefusedException e) {
      checked = null;
      line = null;
      return e;
    }
  }

  /** The line of the event last checked, else written now. */
  @Override
  public byte[] line(JoinResult result) {
    byte[] kept = line;
    return result == checked && kept != null ? kept : converter.line(result);
  }

  @Override
  public JoinOptions options() {
    return converter.options();
  }

  @Override
  public JoinSummary convert(Path input, OutputStream out) throws IOException {
    return converter.convert(input, out);
  }

  @Override
  public JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException {
    return converter.convert(input, out);
  }
}
