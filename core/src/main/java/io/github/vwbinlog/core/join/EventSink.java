package io.github.vwbinlog.core.join;

import io.github.vwbinlog.join.JoinResult;
import java.util.function.Consumer;

/**
 * Where joined events go: the one contract of every consumer of the join. The joiners (single and multistep, whole
 * log, byte range or part) hand each joined event to the sink as a {@link JoinedView}, and count it as emitted, and
 * feed the metrics from the view, when the sink takes it. The DSJSON writer's sink ({@code core.output.DsjsonSink})
 * writes a line from the view; every consumer of records ({@code Joiner}, {@code Joiner.collect}, evaluation, Spark,
 * Parquet) takes them through {@link #records}, the one adapter from a view to a {@link JoinResult}.
 *
 * <pre>{@code
 * joiner.regular(offset, payload, new DsjsonSink(out, counters, offsets, writer));   // DSJSON lines
 * joiner.regular(offset, payload, EventSink.records(results::add));                 // records
 * }</pre>
 */
@FunctionalInterface
public interface EventSink {
  /**
   * Takes the joined event {@code view} shows; the view is valid during this call only.
   *
   * @return true when the sink took the event (its joiner then counts it as emitted); false when it refused it, having
   *     reported why and counted the interaction as skipped
   */
  boolean accept(JoinedView view);

  /** The sink that builds each joined event into a record ({@link JoinedView#record()}) for {@code records}. */
  static EventSink records(Consumer<? super JoinResult> records) {
    return view -> {
      records.accept(view.record());
      return true;
    };
  }
}
