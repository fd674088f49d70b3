package io.github.vwbinlog.core.join;

import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinResult;
import java.util.function.Consumer;

/**
 * Where a conversion's joined events go (the output layer's {@code RecordLines}): the single joiner hands it each
 * joined event as a {@link JoinedView} to write a line from, and the multistep joiner hands it records. Both reach
 * the one DSJSON writer.
 *
 * <pre>{@code
 * joiner.regularConverting(offset, payload, out, sink);
 * }</pre>
 */
public interface LineSink extends Consumer<JoinResult> {
  /**
   * Appends the line of a joined event to {@code out}, or refuses it: then {@code out} is unchanged, and the sink
   * reports why and counts the interaction as skipped.
   *
   * @return true when the line was appended (the joiner then counts the event as emitted)
   */
  boolean line(JoinedView view, JsonBytes out);
}
