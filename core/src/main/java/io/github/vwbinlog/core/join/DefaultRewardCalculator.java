package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link RewardCalculator}: checks that the events form one group, then runs the one join of the logs
 * ({@link SingleJoiner}) on them, the records laid out as the join reads a message. There is no message, so
 * diagnostics carry offset -1.
 *
 * <pre>{@code
 * RewardCalculator calc =
 *     new DefaultRewardCalculator(CheckpointInfo.of(ProblemType.CB), DiagnosticListener.ignoring());
 * Optional<JoinResult> joined = calc.calculate(eventsOfOneId);
 * }</pre>
 *
 * <p>Immutable and thread-safe: each call joins with a joiner of its own.
 */
public final class DefaultRewardCalculator implements RewardCalculator {

  private final CheckpointInfo config;
  private final DiagnosticListener listener;

  /**
   * A calculator for a configuration.
   *
   * @throws IllegalArgumentException if the reward function is {@code UNRECOGNIZED}: a joiner keeps its previous
   *     function for such a checkpoint, so a configuration in force never has it
   */
  public DefaultRewardCalculator(CheckpointInfo config, DiagnosticListener listener) {
    this.config = Objects.requireNonNull(config, "config");
    this.listener = Objects.requireNonNull(listener, "listener");
    if (config.rewardFunction() == RewardFunction.UNRECOGNIZED) {
      throw new IllegalArgumentException("the reward function of a joiner configuration cannot be UNRECOGNIZED");
    }
  }

  @Override
  public CheckpointInfo config() {
    return config;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The whole list is checked before anything is reported, so an invalid list reports nothing.
   *
   * @throws NullPointerException if the list or an element is null
   * @throws IllegalArgumentException also if a CCB or slates slot has an action id beyond 32 bits, which no log can
   *     hold
   */
  @Override
  public Optional<JoinResult> calculate(List<JoinedEvent> events) {
    Objects.requireNonNull(events, "events");
    if (events.isEmpty()) {
      return Optional.empty();
    }
    String id = Objects.requireNonNull(events.get(0), "events must not contain null").id();
    for (JoinedEvent e : events) {
      Objects.requireNonNull(e, "events must not contain null");
      if (!e.id().equals(id)) {
        throw new IllegalArgumentException("events of different ids: '" + id + "' and '" + e.id() + "'");
      }
      checkGroupable(e);
    }
    StickyConfig sticky = new StickyConfig(JoinOptions.defaults());
    sticky.apply(config);
    SingleJoiner joiner = new SingleJoiner(sticky, new JoinCounters(listener, false), ReadLimits.defaults(), null);
    return Optional.ofNullable(joiner.calculate(events, new EventEncoder(), -1));
  }

  /**
   * Throws if an event cannot be part of a group of one id: DedupInfo and Episode events are the joiner's (§4.1), and
   * a payload must be of the type its metadata names.
   */
  static void checkGroupable(JoinedEvent e) {
    PayloadType type = e.event().meta().payloadType();
    EventPayload payload = e.event().payload();
    boolean consistent = switch (type) {
      case DEDUP_INFO, EPISODE -> throw new IllegalArgumentException(
          type.name() + " events are not part of a group of one event id");
      case CB -> payload instanceof CbEvent;
      case CCB, SLATES -> payload instanceof MultiSlotEvent;
      case CA -> payload instanceof CaEvent;
      case OUTCOME -> payload instanceof OutcomeEvent;
      case MULTI_STEP -> payload instanceof MultiStepEvent;
      // The reader has no table to decode an unknown type with; whatever it holds is rejected as unsupported.
      case UNRECOGNIZED -> true;
    };
    if (!consistent) {
      throw new IllegalArgumentException("an event of payload type " + type.name() + " holds a "
          + payload.getClass().getSimpleName());
    }
  }

  @Override
  public String toString() {
    return "RewardCalculator[" + config() + "]";
  }
}
