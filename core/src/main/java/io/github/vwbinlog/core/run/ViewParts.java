package io.github.vwbinlog.core.run;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.join.JoinedEventSink;
import java.io.IOException;

/**
 * A public {@link JoinedEventSink} as a sink of the join in parts ({@link ParallelJoin}): each part's joined events
 * reach the sink's part state as views, and the finished parts reach {@link JoinedEventSink#finish} in log order. A
 * part joined again for the dedup cache is dropped unfinished, and its events go to a new part.
 *
 * @param <P> what a part of the sink makes
 */
final class ViewParts<P> implements PartSink<P> {
  private final JoinedEventSink<P> sink;

  ViewParts(JoinedEventSink<P> sink) {
    this.sink = sink;
  }

  @Override
  public P open(long bytes, JoinCounters counters) {
    return sink.open();
  }

  @Override
  public void join(MessageJoiner joiner, P part, Message.Regular message) {
    joiner.regular(message.offset(), message.payload(), view -> {
      sink.accept(part, view);
      return true;
    });
  }

  @Override
  public void accept(P part) throws IOException {
    sink.finish(part);
  }
}
