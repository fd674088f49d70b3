package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Joins the events of one event id, in payload order, and computes the rewards of the joined event (SPEC §4.2, §4.3,
 * §6). Used by the single joiner for each group of a REGULAR message, and by {@link DefaultRewardCalculator}.
 *
 * <p>The walk: outcomes are appended to the accepted interaction, or dropped while there is none; the first valid
 * interaction is accepted and each other one is rejected with exactly one reason, checked in this order: payload type
 * vs problem type (§4.3), supported type (CB, CCB, slates, CA), learning mode (§4.6), already accepted (first valid
 * wins). An outcome that could not be decoded is a {@code null} entry: it invalidates the accepted interaction, if
 * there is one yet; the caller has reported why it failed. Interactions that failed to decode or validate never reach
 * here: the caller reports and counts them.
 *
 * <p>Outcomes that are dropped are reported once per group: as OUTCOME_BEFORE_INTERACTION when an interaction is
 * accepted after them, else as NO_INTERACTION (which is not reported for a group of interactions only, since each of
 * those was reported already).
 *
 * <p>After the walk, an invalidated joined event is not emitted (vw-binlog's fix of SPEC §11 item 4), nor a CB event
 * without actions (item 5) or a CCB apprentice event whose slot and baseline counts differ (item 6). Otherwise the
 * rewards are computed (§6.3, §6.4) and learnability decided (§6.6).
 *
 * <p>Immutable and thread-safe; diagnostics go to the listener on the calling thread, as
 * {@code new Diagnostic(reason, messageOffset, id, message)}.
 *
 * <pre>{@code
 * GroupJoin join = new GroupJoin(checkpoint, listener);
 * GroupOutcome g = join.join(eventsOfId, messageOffset, id);
 * if (g.result() != null) emit(g.result());
 * }</pre>
 */
public final class GroupJoin {

  private final CheckpointInfo config;
  private final DiagnosticListener listener;

  /**
   * A join for one effective configuration (the joiner's settings after the last CHECKPOINT).
   *
   * @throws IllegalArgumentException if the reward function is {@link RewardFunction#UNRECOGNIZED}: the joiner keeps
   *     its previous function for such a checkpoint, so an effective configuration never has it
   */
  public GroupJoin(CheckpointInfo config, DiagnosticListener listener) {
    this.config = Objects.requireNonNull(config, "config");
    this.listener = Objects.requireNonNull(listener, "listener");
    if (config.rewardFunction() == RewardFunction.UNRECOGNIZED) {
      throw new IllegalArgumentException("the reward function of a joiner configuration cannot be UNRECOGNIZED");
    }
  }

  /** The configuration. */
  public CheckpointInfo config() {
    return config;
  }

  /**
   * Joins the events of one id.
   *
   * @param events the events of the id in payload order; a {@code null} entry is an outcome that could not be decoded
   *     (its metadata is unknown here, so no CLIENT_TIME_MISSING notice is given for it)
   * @param messageOffset the byte offset of the REGULAR message, for diagnostics; -1 when there is none
   * @param id the event id, for diagnostics
   * @return the joined event, if one is emitted, and the interaction counts
   * @throws IllegalArgumentException if an event is a DedupInfo or Episode event, or its payload is not of the type its
   *     metadata names (callers group only decoded single-joiner events)
   */
  public GroupOutcome join(List<? extends @Nullable JoinedEvent> events, long messageOffset, String id) {
    Objects.requireNonNull(id, "id");
    boolean useClientTime = config.useClientTime();
    @Nullable JoinedEvent accepted = null;
    boolean invalid = false;
    List<JoinedEvent> outcomes = new ArrayList<>();
    int interactions = 0;
    int skipped = 0;
    int droppedOutcomes = 0;
    boolean sawOutcome = false;

    for (@Nullable JoinedEvent e : events) {
      if (e == null) {
        // A failed outcome invalidates the joined event if there is one; before it, it changes nothing (§4.2).
        sawOutcome = true;
        invalid |= accepted != null;
        continue;
      }
      checkGroupable(e);
      PayloadType type = e.event().meta().payloadType();
      if (useClientTime && !hasClientTime(e)) {
        report(DiagnosticReason.CLIENT_TIME_MISSING, messageOffset, id, "configured to use client time but the "
            + type.name() + " event has no client time; its enqueued time is used");
      }
      if (type == PayloadType.OUTCOME) {
        sawOutcome = true;
        if (accepted != null) {
          outcomes.add(e);
        } else {
          droppedOutcomes++;
        }
        continue;
      }
      interactions++;
      @Nullable DiagnosticReason reason = rejection(type, e.event().payload(), accepted != null);
      if (reason != null) {
        skipped++;
        report(reason, messageOffset, id, rejectionMessage(reason, type, e.event().payload()));
        continue;
      }
      accepted = e;
      if (droppedOutcomes > 0) {
        report(DiagnosticReason.OUTCOME_BEFORE_INTERACTION, messageOffset, id, droppedOutcomes
            + " outcome(s) came before the interaction in the payload and were dropped, as VW drops them");
      }
    }

    if (accepted == null) {
      // Rejected interactions were reported one by one; this reports the outcomes that had nothing to join.
      if (sawOutcome) {
        report(DiagnosticReason.NO_INTERACTION, messageOffset, id,
            "events with this event id were processed but no valid interaction was found; their outcomes are dropped");
      }
      return new GroupOutcome(null, interactions, skipped);
    }
    if (invalid) {
      report(DiagnosticReason.MALFORMED_OUTCOME, messageOffset, id,
          "interaction invalidated due to a malformed observation; the joined event is not emitted");
      return new GroupOutcome(null, interactions, skipped + 1);
    }
    @Nullable JoinResult result = complete(accepted, outcomes, messageOffset, id);
    return new GroupOutcome(result, interactions, result == null ? skipped + 1 : skipped);
  }

  /**
   * Throws if an event cannot be part of a single-joiner group: DedupInfo and Episode events are handled by the joiner
   * (§4.1), and a payload must be of the type its metadata names.
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

  private static boolean hasClientTime(JoinedEvent e) {
    TimeStamp client = e.event().meta().clientTime();
    return client != null && !client.isEmpty();
  }

  /** Why an interaction is rejected, or null to accept it; the order of the checks is VW's (§4.2). */
  private @Nullable DiagnosticReason rejection(PayloadType type, EventPayload payload, boolean haveAccepted) {
    if (!config.problemType().matches(type)) {
      return DiagnosticReason.PROBLEM_TYPE_MISMATCH;
    }
    if (!type.isSingleInteraction()) {
      return DiagnosticReason.UNSUPPORTED_INTERACTION;
    }
    if (learningMode(payload) != config.learningMode()) {
      return DiagnosticReason.LEARNING_MODE_MISMATCH;
    }
    return haveAccepted ? DiagnosticReason.DUPLICATE_INTERACTION : null;
  }

  private String rejectionMessage(DiagnosticReason reason, PayloadType type, EventPayload payload) {
    return switch (reason) {
      case PROBLEM_TYPE_MISMATCH -> "payload type " + type.name() + " does not match problem type "
          + config.problemType().name() + "; interaction skipped";
      case UNSUPPORTED_INTERACTION -> (type == PayloadType.MULTI_STEP
          ? "MultiStep interactions require the multistep joiner"
          : "interactions of an unrecognized payload type are not supported") + "; interaction skipped";
      case LEARNING_MODE_MISMATCH -> "learning mode " + learningMode(payload).name() + " of the "
          + type.name() + " interaction does not match the configured learning mode " + config.learningMode().name()
          + "; interaction skipped";
      case DUPLICATE_INTERACTION -> "a valid interaction with this event id came first; this " + type.name()
          + " interaction is ignored";
      default -> reason.name();
    };
  }

  /** The learning mode of a CB, CCB, slates or CA interaction. */
  private static LearningMode learningMode(EventPayload payload) {
    if (payload instanceof CbEvent cb) {
      return cb.learningMode();
    }
    if (payload instanceof MultiSlotEvent slots) {
      return slots.learningMode();
    }
    return ((CaEvent) payload).learningMode();
  }

  /** Whether a CB, CCB, slates or CA interaction is deferred (§6.6). */
  private static boolean deferred(EventPayload payload) {
    if (payload instanceof CbEvent cb) {
      return cb.deferredAction();
    }
    if (payload instanceof MultiSlotEvent slots) {
      return slots.deferredAction();
    }
    return ((CaEvent) payload).deferredAction();
  }

  /** Rewards and learnability of an accepted, valid joined event (§6.3 to §6.6), or null if it is skipped. */
  private @Nullable JoinResult complete(JoinedEvent interaction, List<JoinedEvent> outcomes, long messageOffset,
      String id) {
    EventPayload payload = interaction.event().payload();
    PayloadType type = interaction.event().meta().payloadType();
    boolean apprentice = learningMode(payload) == LearningMode.APPRENTICE;
    OutcomeRewards rewards = new OutcomeRewards(config, outcomes.size());
    float d = config.defaultReward();

    List<List<JoinedEvent>> slotOutcomes = List.of();
    List<Float> original;
    List<Float> finals;
    if (type == PayloadType.CB) {
      List<Long> actions = ((CbEvent) payload).actionIds();
      if (actions.isEmpty()) {
        report(DiagnosticReason.EMPTY_ACTIONS, messageOffset, id,
            "CB interaction without action ids; the joined event is skipped");
        return null;
      }
      float r = rewards.of(outcomes);
      original = List.of(r);
      // Apprentice: the baseline is always action 1, as CB action ids are 1-based; ids are truncated to u32 (§4.6).
      finals = List.of(apprentice ? (actions.get(0).intValue() == 1 ? 1f : 0f) : r);
    } else if (type == PayloadType.CCB) {
      MultiSlotEvent ccb = (MultiSlotEvent) payload;
      if (apprentice && ccb.slots().size() != ccb.baselineActions().size()) {
        report(DiagnosticReason.BASELINE_SIZE_MISMATCH, messageOffset, id, "slot size " + ccb.slots().size()
            + " and baseline action size " + ccb.baselineActions().size()
            + " do not match; the joined event is skipped");
        return null;
      }
      CcbRewards.Slots slots = CcbRewards.compute(ccb, outcomes, rewards, apprentice,
          slotId -> report(DiagnosticReason.UNMATCHED_SLOT_ID, messageOffset, id, "CCB outcome event with slot id '"
              + slotId + "' has no matching interaction slot event; the outcome is ignored"));
      slotOutcomes = slots.outcomes();
      original = slots.original();
      finals = slots.rewards();
    } else {
      // Slates and CA: one reward over all outcomes; apprentice mode is not implemented in VW, so D is learned.
      float r = rewards.of(outcomes);
      original = List.of(r);
      if (apprentice) {
        report(DiagnosticReason.APPRENTICE_NOT_IMPLEMENTED, messageOffset, id, "apprentice mode is not implemented for "
            + (type == PayloadType.SLATES ? "slates" : "CA") + "; the reward is the default reward");
      }
      finals = List.of(apprentice ? d : r);
    }

    boolean learnable = !deferred(payload) || activated(outcomes);
    return new JoinResult(interaction, interaction.effectiveTime(config.useClientTime()), outcomes, slotOutcomes,
        finals, original, learnable);
  }

  /** Whether an outcome activates the deferred decision: any {@code action_taken}, whatever its value or index. */
  private static boolean activated(List<JoinedEvent> outcomes) {
    for (JoinedEvent e : outcomes) {
      if (((OutcomeEvent) e.event().payload()).actionTaken()) {
        return true;
      }
    }
    return false;
  }

  private void report(DiagnosticReason reason, long offset, String id, String message) {
    listener.report(new Diagnostic(reason, offset, id, message));
  }
}
