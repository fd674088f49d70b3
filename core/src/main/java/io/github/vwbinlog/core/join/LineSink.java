package io.github.vwbinlog.core.join;

import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinResult;
import java.util.function.Consumer;

/**
 * Where a conversion's joined events go (the output layer's {@code RecordLines}): the conversion fast path hands it
 * each joined event of a clean message as a {@link JoinedView} to write a line from, and the record path hands it the
 * joined records of the other messages. Both reach the one DSJSON writer.
 *
 * <pre>{@code
 * joiner.regularConverting(offset, payload, out, sink);
 * }</pre>
 */
public interface LineSink extends Consumer<JoinResult> {
  /**
   * Appends the line of a joined event of the fast path to {@code out}.
   *
   * @return true when it was appended; false, with {@code out} unchanged and nothing counted or reported, when the line
   *     is refused: the record path then joins the message and reports why
   */
  boolean line(JoinedView view, JsonBytes out);
}
