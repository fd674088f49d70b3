package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
    if (allDedupInfo(events)) {
      applyDedups(events);
      return Optional.empty();
    }
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

  /** True if every event is a DedupInfo event (checked for nulls first, as the whole list is). */
  private static boolean allDedupInfo(List<JoinedEvent> events) {
    boolean all = true;
    for (JoinedEvent e : events) {
      all &= Objects.requireNonNull(e, "events must not contain null").event().meta().payloadType()
          == PayloadType.DEDUP_INFO;
    }
    return all;
  }

  /**
   * A group of DedupInfo events, as grouping a message's events by id hands them over: each is applied, in order, to a
   * dedup cache of this call (SPEC §4.5), so that a value the joiner would refuse is reported as it reports it. A
   * group of one id yields no joined event; contexts keep their dedup references, as a conversion writes them.
   *
   * @throws IllegalArgumentException if an event's payload is not a {@link DedupInfo} or its ids and values differ in
   *     number
   */
  private void applyDedups(List<JoinedEvent> events) {
    List<DedupInfo> infos = new java.util.ArrayList<>(events.size());
    for (JoinedEvent e : events) {
      if (!(e.event().payload() instanceof DedupInfo info)) {
        throw new IllegalArgumentException("an event of payload type DEDUP_INFO holds a "
            + e.event().payload().getClass().getSimpleName());
      }
      if (info.ids().size() != info.values().size()) {
        throw new IllegalArgumentException("a DedupInfo event with " + info.ids().size() + " ids and "
            + info.values().size() + " values");
      }
      infos.add(info);
    }
    DedupCache cache = new DedupCache();
    for (int k = 0; k < infos.size(); k++) {
      DedupInfo info = infos.get(k);
      int failed = cache.apply(info.ids(), info.values(),
          value -> JsonSyntax.isObject(ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8))));
      if (failed >= 0) {
        listener.report(new Diagnostic(DiagnosticReason.MALFORMED_DEDUP, -1, events.get(k).id(),
            "JSON parsing during dedup processing failed for action id "
            + Long.toUnsignedString(info.ids().get(failed))));
        return;
      }
    }
  }

  /**
   * Throws if an event cannot be part of a group of one id: DedupInfo and Episode events are the joiner's (§4.1), and
   * a payload must be of the type its metadata names.
   */
  static void checkGroupable(JoinedEvent e) {
    PayloadType type = e.event().meta().payloadType();
    EventPayload payload = e.event().payload();
    boolean consistent = switch (type) {
      case DEDUP_INFO, EPISODE -> throw new IllegalArgumentException(type.name()
          + " events are not part of a group of one event id" + (type == PayloadType.DEDUP_INFO
          ? " with other events: hand a DedupInfo group over alone" : ""));
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
