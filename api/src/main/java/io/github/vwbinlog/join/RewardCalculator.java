package io.github.vwbinlog.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.spi.Providers;
import java.util.List;
import java.util.Optional;

/**
 * Joins the events of one event id and computes their rewards exactly as VW's binary parser does (SPEC §4.2, §6): the
 * first valid interaction wins, outcomes before it are dropped, activations never count, and all arithmetic is
 * binary32 with VW's quirks (the Max and Min sentinels, literal values counting as 0, whole-second times).
 *
 * <p>Pure, immutable and thread-safe: the same events give the same result, and one calculator may be shared between
 * threads (its listener is then called from each of them).
 *
 * <pre>{@code
 * CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE);
 * TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
 * List<JoinedEvent> events = List.of(
 *     JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.CB),
 *         CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"x\":1}"))),
 *     JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))),
 *     JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.OUTCOME), OutcomeEvent.numeric(2f))));
 *
 * JoinResult result = RewardCalculator.of(config).calculate(events).orElseThrow();
 * assertEquals(1.5f, result.reward());
 * }</pre>
 */
public interface RewardCalculator {

  /** A calculator for this configuration that reports to {@link DiagnosticListener#ignoring()}. */
  static RewardCalculator of(CheckpointInfo config) {
    return of(config, DiagnosticListener.ignoring());
  }

  /**
   * A calculator for this configuration that reports what it skips (a type or learning-mode mismatch, an unmatched
   * CCB slot id...) to {@code listener}.
   *
   * @throws IllegalArgumentException if the reward function is {@code UNRECOGNIZED}
   */
  static RewardCalculator of(CheckpointInfo config, DiagnosticListener listener) {
    return Providers.get().rewardCalculator(config, listener);
  }

  /** The configuration. */
  CheckpointInfo config();

  /**
   * Joins the events of one id, in payload order.
   *
   * <p>A group of DedupInfo events only, as grouping a message's {@code joinedEvents()} by id hands them over, is
   * taken: its values are checked as the joiner checks them (one that is not a JSON object is reported as
   * {@code MALFORMED_DEDUP}) and it yields no joined event. Contexts keep their dedup references, as a conversion
   * writes them. So a reader's REGULAR messages can be joined group by group:
   *
   * <pre>{@code
   * Map<String, List<JoinedEvent>> groups = new LinkedHashMap<>();
   * for (JoinedEvent e : regular.joinedEvents()) {
   *   groups.computeIfAbsent(e.id(), id -> new ArrayList<>()).add(e);
   * }
   * for (List<JoinedEvent> group : groups.values()) {
   *   calculator.calculate(group).ifPresent(results::add);
   * }
   * }</pre>
   *
   * @param events the events of one id; Episode events, and DedupInfo events among others, are not part of a group
   *     and are rejected
   * @return the joined event, or empty when no valid interaction was found (each rejected interaction is reported)
   *     or the events are DedupInfo events
   * @throws IllegalArgumentException if the events have different ids, hold Episode payloads or DedupInfo payloads
   *     among others
   */
  Optional<JoinResult> calculate(List<JoinedEvent> events);
}
