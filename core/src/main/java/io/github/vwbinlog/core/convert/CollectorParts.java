package io.github.vwbinlog.core.convert;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.EventSink;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.join.JoinResult;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.stream.Collector;
import org.jspecify.annotations.Nullable;

/**
 * The record sink of a join in parts: each part's joined events go, in log order, to a container of the collector's
 * own (their joiner counts them as emitted); the containers are combined in log order
 * ({@code combiner(earlier, later)}), so the result is that of one container fed the whole log whenever the
 * collector's combiner is associative, as {@link java.util.stream.Stream#collect} requires too.
 *
 * <p>Thread-safe as {@link PartSink} requires, if the collector's functions may run on several threads at once (each
 * on containers of its own), as a parallel stream's do.
 *
 * @param <A> the collector's container
 */
public final class CollectorParts<A> implements PartSink<A> {
  private final Collector<? super JoinResult, A, ?> collector;
  private final BiConsumer<A, ? super JoinResult> accumulator;
  private final BinaryOperator<A> combiner;
  private @Nullable A result;

  public CollectorParts(Collector<? super JoinResult, A, ?> collector) {
    this.collector = collector;
    this.accumulator = collector.accumulator();
    this.combiner = collector.combiner();
  }

  @Override
  public A open(long bytes, JoinCounters counters) {
    return collector.supplier().get();
  }

  @Override
  public void join(MessageJoiner joiner, A part, Message.Regular message) {
    joiner.regular(message.offset(), message.payload(),
        EventSink.records(event -> accumulator.accept(part, event)));
  }

  @Override
  public void accept(A part) {
    A r = result;
    result = r == null ? part : combiner.apply(r, part);
  }

  /** The containers of every part accepted so far combined, or a new one when there was no part. */
  public A result() {
    A r = result;
    return r != null ? r : collector.supplier().get();
  }
}
