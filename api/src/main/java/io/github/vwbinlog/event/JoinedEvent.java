package io.github.vwbinlog.event;

import io.github.vwbinlog.TimeStamp;
import java.util.Objects;

/**
 * One entry of a REGULAR message: an event and the time the joiner enqueued it. The events of one id, in payload
 * order, are what a {@code RewardCalculator} joins.
 *
 * <pre>{@code
 * JoinedEvent outcome = JoinedEvent.of(TimeStamp.of(2021, 4, 13, 15, 8, 46),
 *     new Event(Metadata.of("91f71c8", PayloadType.OUTCOME), OutcomeEvent.numeric(1.5f)));
 * }</pre>
 *
 * @param timestamp the joiner's enqueued time
 * @param event the event
 */
public record JoinedEvent(TimeStamp timestamp, Event event) {
  /** Checks for nulls. */
  public JoinedEvent {
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(event, "event");
  }

  /** Same as the constructor. */
  public static JoinedEvent of(TimeStamp timestamp, Event event) {
    return new JoinedEvent(timestamp, event);
  }

  /** The event id. */
  public String id() {
    return event.meta().id();
  }

  /**
   * The time VW uses for this event (SPEC §5): the client time when {@code useClientTime} is set and the event has a
   * non-empty one, else the enqueued time.
   */
  public TimeStamp effectiveTime(boolean useClientTime) {
    TimeStamp client = event.meta().clientTime();
    return useClientTime && client != null && !client.isEmpty() ? client : timestamp;
  }
}
