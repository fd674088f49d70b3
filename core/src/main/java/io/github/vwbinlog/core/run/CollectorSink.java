package io.github.vwbinlog.core.run;

import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.stream.Collector;
import org.jspecify.annotations.Nullable;

/**
 * {@link io.github.vwbinlog.join.Joiner#collect}'s sink: each part's joined events, built into records from their
 * views, go in log order to a container of the collector's own; the finished containers are combined in log order
 * ({@code combiner(earlier, later)}), so the result is that of one container fed the whole log whenever the
 * collector's combiner is associative, as {@link java.util.stream.Stream#collect} requires too.
 *
 * <p>Thread-safe as {@link JoinedEventSink} requires, if the collector's functions may run on several threads at once
 * (each on containers of its own), as a parallel stream's do.
 *
 * @param <A> the collector's container
 */
final class CollectorSink<A> implements JoinedEventSink<A> {
  private final Collector<? super JoinResult, A, ?> collector;
  private final BiConsumer<A, ? super JoinResult> accumulator;
  private final BinaryOperator<A> combiner;
  private @Nullable A result;

  CollectorSink(Collector<? super JoinResult, A, ?> collector) {
    this.collector = collector;
    this.accumulator = collector.accumulator();
    this.combiner = collector.combiner();
  }

  @Override
  public A open() {
    return collector.supplier().get();
  }

  @Override
  public void accept(A part, JoinedEventView event) {
    accumulator.accept(part, event.record());
  }

  @Override
  public void finish(A part) {
    A r = result;
    result = r == null ? part : combiner.apply(r, part);
  }

  /** The containers of every part finished so far combined, or a new one when there was none. */
  A result() {
    A r = result;
    return r != null ? r : collector.supplier().get();
  }
}
