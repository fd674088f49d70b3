package io.github.vwbinlog.core.run;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import java.io.IOException;

/**
 * What a join in parts ({@link ParallelJoin}) does with the REGULAR messages of each part, and with the finished parts
 * in log order: the internal face of the public {@code JoinedEventSink}, with the part's counters and joiner.
 * {@link DsjsonParts} writes DSJSON lines (a sink that may refuse an event, so it reports to the part's counters);
 * {@link ViewParts} adapts any public {@code JoinedEventSink} ({@code Joiner.run}, {@code Joiner.collect}). A new
 * consumer of joined events is a {@code JoinedEventSink}, and the join, the cutting into parts, the checkpoints and
 * the dedup cache stay as they are.
 *
 * <pre>{@code
 * new ParallelJoin<>(options, counters, zstd, warm, new DsjsonParts(options, out)).run(reader.iterator(), notices);
 * }</pre>
 *
 * <p>{@link #open} and {@link #join} run on any thread, a part's on one thread at a time; {@link #accept} and
 * {@link #discard} run on the thread that called {@link ParallelJoin#run}, in log order.
 *
 * @param <S> what a part makes: its output buffer, its collector's container
 */
public interface PartSink<S> {
  /**
   * A new, empty state for a part of about {@code bytes} payload bytes.
   *
   * @param counters the part's counters: a sink that refuses an event reports and counts it there
   */
  S open(long bytes, JoinCounters counters);

  /** Joins one REGULAR message of a part into the part's state, with the part's joiner. */
  void join(MessageJoiner joiner, S state, Message.Regular message);

  /** Takes a finished part's state, in log order. */
  void accept(S state) throws IOException;

  /** Drops the state of a part that is joined again (see {@link ParallelJoin}'s dedup cache); it is never accepted. */
  default void discard(S state) {}
}
