package io.github.vwbinlog.core.run;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.EventSink;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * What the joiners over the one {@link MessageLoop} share ({@link DefaultJoiner}: a whole log, {@link RangeJoiner}: a
 * byte range): their counters and settings, the loop made at the first step, the rule that a joiner is iterated or
 * joined message by message but not both, and the summary and position that follow from them. Each joiner says how
 * its loop is made, how a REGULAR message is joined into a sink's part, and how its records are iterated.
 */
abstract class LoopJoiner implements Joiner {
  final JoinCounters counters;
  final StickyConfig config;
  /** The loop over the messages, made at the first step. */
  private @Nullable MessageLoop loop;
  /** The events being iterated; null before {@link #iterator()}. */
  private @Nullable JoinedEvents events;

  LoopJoiner(JoinCounters counters, StickyConfig config) {
    this.counters = counters;
    this.config = config;
  }

  /** The loop over the joiner's messages; called once, at the first step. */
  abstract MessageLoop newLoop();

  /** Joins the REGULAR message {@code r}, which {@code l} read, into a new part of {@code sink}; returns the part. */
  abstract <P> P regular(MessageLoop l, Message.Regular r, JoinedEventSink<P> sink);

  /** The records of the joiner's messages, one message at a time; called once, by {@link #iterator()}. */
  abstract JoinedEvents newEvents();

  /** The loop, made at the first call. */
  final MessageLoop loop() {
    MessageLoop l = loop;
    if (l == null) {
      l = newLoop();
      loop = l;
    }
    return l;
  }

  /** The offset of the message being joined, for diagnostics raised after joining; -1 before the first. */
  public long currentOffset() {
    MessageLoop l = loop;
    return l == null ? -1 : l.offset();
  }

  /** The sink that hands each joined event of a message to {@code part} of {@code sink}. */
  static <P> EventSink into(JoinedEventSink<P> sink, P part) {
    return view -> {
      sink.accept(part, view);
      return true;
    };
  }

  @Override
  public final <P> boolean joinNext(JoinedEventSink<P> sink) throws IOException {
    if (events != null) {
      throw new IllegalStateException("a Joiner is iterated or joined message by message, not both");
    }
    MessageLoop l = loop();
    return l.joinNext(sink, r -> regular(l, r, sink));
  }

  @Override
  public final Iterator<JoinResult> iterator() {
    if (events != null || loop != null) {
      throw new IllegalStateException("a Joiner can be iterated only once, and not after joinNext");
    }
    JoinedEvents e = newEvents();
    events = e;
    return e;
  }

  @Override
  public final JoinSummary summary() {
    return counters.summary();
  }

  @Override
  public final @Nullable Position position() {
    JoinedEvents e = events;
    return e == null ? null : e.position();
  }
}
