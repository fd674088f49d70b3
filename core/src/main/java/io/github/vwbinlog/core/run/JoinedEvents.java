package io.github.vwbinlog.core.run;

import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner.Position;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The iterator of a {@code Joiner}'s events: it reads messages until one gives joined events, then yields them one by
 * one, and knows where the event it returned last came from ({@link Position}: the offset of its message and the
 * settings it was joined with). {@link DefaultJoiner} and {@link RangeJoiner} differ only in how they read a message.
 */
final class JoinedEvents implements Iterator<JoinResult> {
  /** Reads one message, adding the events it gives to {@code ready}. */
  interface Step {
    /** @return false at the end */
    boolean next(ArrayDeque<JoinResult> ready);
  }

  private final Step step;
  private final StickyConfig config;
  private final LongSupplier offset;
  private final ArrayDeque<JoinResult> ready = new ArrayDeque<>();
  private boolean ended;
  private @Nullable Position position;
  private int positionVersion;

  /**
   * @param config the settings the messages are joined with
   * @param offset the offset of the message read last
   */
  JoinedEvents(Step step, StickyConfig config, LongSupplier offset) {
    this.step = step;
    this.config = config;
    this.offset = offset;
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && !ended) {
      ended = !step.next(ready);
    }
    return !ready.isEmpty();
  }

  @Override
  public JoinResult next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    // The ready events all come from the message read last: its offset and the settings it was joined with.
    long at = offset.getAsLong();
    Position p = position;
    if (p == null || p.offset() != at || positionVersion != config.version()) {
      position = new Position(at, config.effective());
      positionVersion = config.version();
    }
    return ready.poll();
  }

  /** Where the event returned last came from; null before the first. */
  @Nullable Position position() {
    return position;
  }
}
