package io.github.vwbinlog.core.convert;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.join.JoinResult;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.stream.Collector;
import org.jspecify.annotations.Nullable;

/**
 * The record sink of a join in parts: each part's joined events go, in log order, to a container of the collector's
 * own, counted as emitted; the containers are combined in log order ({@code combiner(earlier, later)}), so the
 * result is that of one container fed the whole log whenever the collector's combiner is associative, as
 * {@link java.util.stream.Stream#collect} requires too.
 *
 * <p>Thread-safe as {@link PartSink} requires, if the collector's functions may run on several threads at once (each
 * on containers of its own), as a parallel stream's do.
 *
 * @param <A> the collector's container
 */
public final class CollectorParts<A> implements PartSink<CollectorParts.Container<A>> {
  private final Collector<? super JoinResult, A, ?> collector;
  private final BiConsumer<A, ? super JoinResult> accumulator;
  private final BinaryOperator<A> combiner;
  private @Nullable A result;

  /** A part's container, and the part's counters, which count what it is given as emitted. */
  public static final class Container<A> {
    final A container;
    final JoinCounters counters;

    Container(A container, JoinCounters counters) {
      this.container = container;
      this.counters = counters;
    }
  }

  public CollectorParts(Collector<? super JoinResult, A, ?> collector) {
    this.collector = collector;
    this.accumulator = collector.accumulator();
    this.combiner = collector.combiner();
  }

  @Override
  public Container<A> open(long bytes, JoinCounters counters) {
    return new Container<>(collector.supplier().get(), counters);
  }

  @Override
  public void join(MessageJoiner joiner, Container<A> part, Message.Regular message) {
    joiner.regular(message.offset(), message.payload(), event -> {
      part.counters.emitted(event);
      accumulator.accept(part.container, event);
    });
  }

  @Override
  public void accept(Container<A> part) {
    A r = result;
    result = r == null ? part.container : combiner.apply(r, part.container);
  }

  /** The containers of every part accepted so far combined, or a new one when there was no part. */
  public A result() {
    A r = result;
    return r != null ? r : collector.supplier().get();
  }
}
