package io.github.vwbinlog.core.output;

import io.github.vwbinlog.core.join.EventSink;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.JoinedView;
import io.github.vwbinlog.core.text.JsonBytes;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The DSJSON sink: the one {@link DsjsonWriter} writes the line of each joined event it is handed (a view of the
 * scan's bytes, or of a multistep step's record) into the output buffer. When the writer refuses a line, the
 * interaction is counted as skipped and the refusal reported at the offset of the message being joined; when a line
 * is written but trains VW differently, that is reported as a notice.
 *
 * <pre>{@code
 * DsjsonSink lines = new DsjsonSink(out, counters, joiner::currentOffset, DsjsonWriter.of(options));
 * joiner.step(messages, lines);
 * }</pre>
 *
 * <p>Not thread-safe: one per conversion or part.
 */
public final class DsjsonSink implements EventSink {
  private final DsjsonWriter writer;
  private final JsonBytes out;
  private final JoinCounters counters;
  private final LongSupplier offset;

  /**
   * A sink into {@code out}.
   *
   * @param counters the counters of the join
   * @param offset the offset of the message being joined, for the diagnostic of a refused line
   * @param writer the writer of the conversion's features ({@link DsjsonWriter#of})
   */
  public DsjsonSink(JsonBytes out, JoinCounters counters, LongSupplier offset, DsjsonWriter writer) {
    this.writer = writer;
    this.out = out;
    this.counters = counters;
    this.offset = offset;
  }

  @Override
  public boolean accept(JoinedView view) {
    DsjsonWriter.@Nullable Rejection rejection = writer.write(view, out);
    if (rejection != null) {
      counters.interactionsSkipped(1);
      counters.report(rejection.toDiagnostic(offset.getAsLong()));
      return false;
    }
    DsjsonWriter.Rejection caveat = writer.caveat();
    if (caveat != null) {
      counters.report(caveat.toDiagnostic(offset.getAsLong()));
    }
    return true;
  }
}
