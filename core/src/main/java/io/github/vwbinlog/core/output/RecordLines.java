package io.github.vwbinlog.core.output;

import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.JoinedView;
import io.github.vwbinlog.core.join.LineSink;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinResult;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The DSJSON sink of a conversion: the single joiner's joined events come as views and the multistep joiner's as
 * records, and one {@link DsjsonWriter} writes the line of each into the output buffer (a record is then counted as
 * emitted here; a view by its joiner). When the writer refuses a line, the interaction is counted as skipped and the
 * refusal reported at the offset of the message being joined.
 *
 * <pre>{@code
 * RecordLines records = new RecordLines(out, counters, joiner::currentOffset, DsjsonWriter.of(options));
 * joiner.stepConverting(messages, records, out);
 * }</pre>
 *
 * <p>Not thread-safe: one per conversion or part.
 */
public final class RecordLines implements LineSink {
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
  public RecordLines(JsonBytes out, JoinCounters counters, LongSupplier offset, DsjsonWriter writer) {
    this.writer = writer;
    this.out = out;
    this.counters = counters;
    this.offset = offset;
  }

  @Override
  public void accept(JoinResult result) {
    if (written(writer.write(result, out))) {
      counters.emitted(result);
    }
  }

  @Override
  public boolean line(JoinedView view, JsonBytes out) {
    return written(writer.write(view, out));
  }

  /**
   * Counts and reports a refused line (its interaction skipped), or reports as a notice why the line just written
   * trains VW differently (nothing skipped); true when the line was written.
   */
  private boolean written(DsjsonWriter.@Nullable Rejection rejection) {
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
