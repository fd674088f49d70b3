package io.github.vwbinlog.join;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One joined event: the interaction of an event id, the outcomes joined to it, and the rewards VW computes for it
 * (SPEC §4.2, §6). What a DSJSON line is written from.
 *
 * <p>Thread-safe: an immutable record of immutable events and unmodifiable lists.
 *
 * <pre>{@code
 * JoinResult r = calculator.calculate(events).orElseThrow();
 * float reward = r.reward();          // the final reward; the DSJSON _label_cost is -reward
 * boolean learn = r.learnable();      // false for a deferred decision that was never activated
 * }</pre>
 *
 * @param interaction the accepted interaction: the first valid one of its id
 * @param timestamp the interaction's effective time (SPEC §5)
 * @param outcomes every outcome joined to the interaction, in payload order, activations included
 * @param slotOutcomes CCB only: the outcomes of each slot in payload order (outcomes with no usable slot are in
 *     {@link #outcomes()} only); empty lists for other types
 * @param rewards the final rewards: one per slot for CCB, else one
 * @param originalRewards the rewards the reward function gave, before apprentice mode replaced them
 * @param learnable false when the decision was deferred and no outcome activated it
 */
public record JoinResult(
    JoinedEvent interaction,
    TimeStamp timestamp,
    List<JoinedEvent> outcomes,
    List<List<JoinedEvent>> slotOutcomes,
    List<Float> rewards,
    List<Float> originalRewards,
    boolean learnable) {

  /** Copies the lists. */
  public JoinResult {
    Objects.requireNonNull(interaction, "interaction");
    Objects.requireNonNull(timestamp, "timestamp");
    outcomes = List.copyOf(outcomes);
    slotOutcomes = slotOutcomes.stream().map(List::copyOf).toList();
    rewards = List.copyOf(rewards);
    originalRewards = List.copyOf(originalRewards);
  }

  /** The event id. */
  public String id() {
    return interaction.id();
  }

  /** The interaction's payload type: CB, CCB, SLATES, CA or MULTI_STEP. */
  public PayloadType payloadType() {
    return interaction.event().meta().payloadType();
  }

  /** The final reward (of slot 0 for CCB; 0 for a CCB decision without slots, which has no reward). */
  public float reward() {
    return rewards.isEmpty() ? 0f : rewards.get(0);
  }

  /** The original reward (of slot 0 for CCB; 0 for a CCB decision without slots). */
  public float originalReward() {
    return originalRewards.isEmpty() ? 0f : originalRewards.get(0);
  }

  /** The probability of drop: {@code 1 - passProbability} in binary32. */
  public float pdrop() {
    return interaction.event().meta().pdrop();
  }

  /** The weight VW learns with: {@code 1 / (1 - pdrop)} in binary32. */
  public float weight() {
    return 1f / (1f - pdrop());
  }

  /**
   * The probability of the chosen action as VW learns it: {@code probabilities[0]} of a CB or multistep decision, the
   * pdf value of a CA decision, and of slot 0 for CCB and slates; 0 when there is none.
   */
  public float probability() {
    Object p = interaction.event().payload();
    if (p instanceof CbEvent cb) {
      return cb.probabilities().isEmpty() ? 0f : cb.probabilities().get(0);
    }
    if (p instanceof MultiStepEvent step) {
      return step.probabilities().isEmpty() ? 0f : step.probabilities().get(0);
    }
    if (p instanceof CaEvent ca) {
      return ca.pdfValue();
    }
    if (p instanceof MultiSlotEvent slots && !slots.slots().isEmpty()) {
      List<Float> first = slots.slots().get(0).probabilities();
      return first.isEmpty() ? 0f : first.get(0);
    }
    return 0f;
  }

  /** The decision's model id ({@code "N/A"} when the log has none); null for an interaction of no known type. */
  public @Nullable String modelId() {
    return ofDecision(CbEvent::modelId, MultiSlotEvent::modelId, CaEvent::modelId, MultiStepEvent::modelId);
  }

  /** CB and multistep: the decision's action ids, the chosen one first; empty for the other types. */
  public List<Long> actionIds() {
    Object p = interaction.event().payload();
    return p instanceof CbEvent cb ? cb.actionIds() : p instanceof MultiStepEvent step ? step.actionIds() : List.of();
  }

  /** CB and multistep: the probabilities of {@link #actionIds()}; empty for the other types. */
  public List<Float> probabilities() {
    Object p = interaction.event().payload();
    return p instanceof CbEvent cb ? cb.probabilities()
        : p instanceof MultiStepEvent step ? step.probabilities() : List.of();
  }

  /**
   * The decision's context, the UTF-8 bytes of its JSON as logged (its dedup references expanded when joined for
   * training): a new read-only view; null for an interaction of no known type.
   */
  public @Nullable ByteBuffer context() {
    return ofDecision(CbEvent::context, MultiSlotEvent::context, CaEvent::context, MultiStepEvent::context);
  }

  /** A field of the decision, read by the accessor of its type; null for an interaction of no known type. */
  private <T> @Nullable T ofDecision(Function<CbEvent, T> cb, Function<MultiSlotEvent, T> slots,
      Function<CaEvent, T> ca, Function<MultiStepEvent, T> step) {
    Object p = interaction.event().payload();
    return p instanceof CbEvent e ? cb.apply(e)
        : p instanceof MultiSlotEvent e ? slots.apply(e)
        : p instanceof CaEvent e ? ca.apply(e)
        : p instanceof MultiStepEvent e ? step.apply(e)
        : null;
  }

  /**
   * DSJSON's {@code _label_probability}: {@link #probability()} times the pass probability, in binary32 (SPEC §6.5;
   * VW's converter includes the pass probability, its learner does not).
   */
  public float labelProbability() {
    return probability() * interaction.event().meta().passProbability();
  }
}
