package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.join.JoinedEventSink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The one loop over a log's messages, which every run uses: the {@code Joiner} of a whole log ({@link DefaultJoiner})
 * or of a byte range of it ({@link RangeJoiner}), the conversion on one thread, and the join in parts on several
 * ({@code ParallelJoin}, whose parts are joined by the same {@link MessageJoiner} into the same {@link EventSink}s).
 * It frames the messages, counts them, applies CHECKPOINTs to the settings in force, ends the log at a framing problem
 * as VW ends it (SPEC §1: reported as an error, or thrown in strict mode) and hands each REGULAR message to the run's
 * {@link Handler}, which joins it at once or, in the parallel join, adds it to a part.
 *
 * <p>A range {@code [from, to)} (a Spark split) reads the messages before {@code from} for their CHECKPOINTs only,
 * applied silently (their diagnostics are the earlier ranges'), and ends at the first message at or after {@code to};
 * a framing problem outside the range ends the range silently (the range that holds it reports it).
 *
 * <pre>{@code
 * MessageLoop loop = MessageLoop.whole(reader.iterator(), config, limits, counters, counters, strict);
 * while (loop.step(regular -> joiner.regular(regular.offset(), regular.payload(), sink))) { }
 * }</pre>
 *
 * <p>Not thread-safe: the thread that reads the messages runs it.
 */
public final class MessageLoop {
  /** What a run does with the REGULAR messages of the loop. */
  @FunctionalInterface
  public interface Handler {
    /** A REGULAR message of the range, to be joined with the settings in force now. */
    void regular(Message.Regular message);

    /**
     * Called before the loop applies a CHECKPOINT or reports a problem of its own: a handler that holds REGULAR
     * messages back (the parallel join's part being cut) hands them on first, so that they are joined with the
     * settings in force before the CHECKPOINT, and their diagnostics come before the loop's, in log order.
     */
    default void barrier() {}
  }

  private final Iterator<Message> messages;
  private final StickyConfig config;
  private final ReadLimits limits;
  private final JoinCounters counters;
  private final DiagnosticListener problems;
  private final boolean strict;
  private final boolean whole;
  private final long from;
  private final long to;
  private long offset = -1;
  private boolean regularBefore;

  private MessageLoop(Iterator<Message> messages, StickyConfig config, ReadLimits limits, JoinCounters counters,
      DiagnosticListener problems, boolean strict, boolean whole, long from, long to) {
    this.messages = messages;
    this.config = config;
    this.limits = limits;
    this.counters = counters;
    this.problems = problems;
    this.strict = strict;
    this.whole = whole;
    this.from = from;
    this.to = to;
  }

  /**
   * The loop over every message of a log.
   *
   * @param config the settings in force, which the loop's CHECKPOINTs change
   * @param counters where the messages are counted
   * @param problems where the loop's own diagnostics go (a framing problem, a malformed CHECKPOINT): the counters, or
   *     the parallel join's queue that keeps them in log order among its parts
   * @param strict whether a framing problem is thrown rather than reported
   */
  public static MessageLoop whole(Iterator<Message> messages, StickyConfig config, ReadLimits limits,
      JoinCounters counters, DiagnosticListener problems, boolean strict) {
    return new MessageLoop(messages, config, limits, counters, problems, strict, true, 0, Long.MAX_VALUE);
  }

  /** The loop over the messages whose offset lies in {@code [from, to)}, as the class comment says. */
  public static MessageLoop range(Iterator<Message> messages, StickyConfig config, ReadLimits limits,
      JoinCounters counters, DiagnosticListener problems, boolean strict, long from, long to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("not a byte range: [" + from + ", " + to + ")");
    }
    return new MessageLoop(messages, config, limits, counters, problems, strict, false, from, to);
  }

  /**
   * Reads one message and does what it asks: counts it, applies a CHECKPOINT, hands a REGULAR message to
   * {@code handler}.
   *
   * @return false at the end of the log or of the range
   * @throws BinaryLogException in strict mode, at a framing problem
   */
  public boolean step(Handler handler) {
    Message m;
    try {
      if (!messages.hasNext()) {
        return false;
      }
      m = messages.next();
    } catch (BinaryLogException e) {
      if (!whole && (e.offset() < from || e.offset() >= to)) {
        return false; // the log ends in another range, which reports it
      }
      if (strict) {
        throw e;
      }
      handler.barrier();
      problems.report(e.toDiagnostic());
      return false;
    }
    if (m.offset() >= to) {
      return false;
    }
    if (m.offset() < from) {
      if (m instanceof Message.Checkpoint c) {
        checkpoint(c, config, limits, DiagnosticListener.ignoring());
      } else if (m instanceof Message.Regular) {
        regularBefore = true;
      }
      return true;
    }
    offset = m.offset();
    counters.message(m.type());
    if (m instanceof Message.Checkpoint c) {
      handler.barrier();
      checkpoint(c, config, limits, problems);
    } else if (m instanceof Message.Regular r) {
      handler.regular(r);
    }
    return true;
  }

  /**
   * Reads messages until a REGULAR one is joined into a part of {@code sink} by {@code join} (which opens the part
   * and hands it the message's events), then finishes that part: {@code Joiner.joinNext} for every joiner.
   *
   * @return false at the end of the log or of the range, when no message was joined
   * @throws IOException if the sink's {@code finish} throws it
   */
  public <P> boolean joinNext(JoinedEventSink<P> sink, java.util.function.Function<Message.Regular, P> join)
      throws IOException {
    List<P> joined = new ArrayList<>(1);
    while (joined.isEmpty()) {
      if (!step(r -> joined.add(join.apply(r)))) {
        return false;
      }
    }
    sink.finish(joined.get(0));
    return true;
  }

  /** The offset of the message read last in the range; -1 before the first. */
  public long offset() {
    return offset;
  }

  /** Whether a REGULAR message came before the range, so that the dedup cache at its start may not be empty. */
  public boolean regularBefore() {
    return regularBefore;
  }

  /**
   * Applies a CHECKPOINT to {@code config}; a malformed one is reported and ignored (one beyond a verifier limit as
   * {@link DiagnosticReason#LIMIT_EXCEEDED}).
   */
  public static void checkpoint(Message.Checkpoint c, StickyConfig config, ReadLimits limits,
      DiagnosticListener listener) {
    try {
      config.apply(Decoders.checkpointInfo(c.payload(), c.offset(), limits));
    } catch (BinaryLogException e) {
      listener.report(new Diagnostic(e instanceof LimitExceededException ? DiagnosticReason.LIMIT_EXCEEDED
          : DiagnosticReason.MALFORMED_CHECKPOINT, c.offset(), null, "checkpoint ignored: " + e.getMessage()));
    }
  }
}
