package io.github.vwbinlog.event;

import io.github.vwbinlog.LearningMode;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * A CCB or slates decision ({@code MultiSlotEvent}); {@link Metadata#payloadType()} tells which.
 *
 * <pre>{@code
 * MultiSlotEvent ccb = MultiSlotEvent.of("{\"_multi\":[...],\"_slots\":[...]}",
 *     List.of(SlotEvent.of("slot_0", List.of(0L, 1L), List.of(1f, 0f))));
 * }</pre>
 *
 * @param context the context JSON, as raw bytes
 * @param slots the slots, in order
 * @param modelId the model id; "N/A" when the log has none
 * @param deferredAction whether the decision waits for an activation (SPEC §6.6)
 * @param baselineActions the baseline action of each slot, for apprentice mode (signed as stored; VW compares the
 *     bits as unsigned)
 * @param learningMode the learning mode it was made in
 */
public record MultiSlotEvent(
    ByteBuffer context,
    List<SlotEvent> slots,
    String modelId,
    boolean deferredAction,
    List<Integer> baselineActions,
    LearningMode learningMode) implements EventPayload {

  /** Copies the lists and keeps a read-only view of the context. */
  public MultiSlotEvent {
    context = Bytes.keep(context, "context");
    slots = List.copyOf(slots);
    Objects.requireNonNull(modelId, "modelId");
    baselineActions = List.copyOf(baselineActions);
    Objects.requireNonNull(learningMode, "learningMode");
  }

  /** An online, not deferred decision with no baseline and model "N/A". */
  public static MultiSlotEvent of(String context, List<SlotEvent> slots) {
    return new MultiSlotEvent(Bytes.utf8(context), slots, "N/A", false, List.of(), LearningMode.ONLINE);
  }

  /** A read-only view of the context bytes. */
  @Override
  public ByteBuffer context() {
    return Bytes.view(context);
  }

  /** A copy with deferred action set or cleared. */
  public MultiSlotEvent withDeferredAction(boolean value) {
    return new MultiSlotEvent(context, slots, modelId, value, baselineActions, learningMode);
  }

  /** A copy with another learning mode. */
  public MultiSlotEvent withLearningMode(LearningMode value) {
    return new MultiSlotEvent(context, slots, modelId, deferredAction, baselineActions, value);
  }

  /** A copy with baseline actions. */
  public MultiSlotEvent withBaselineActions(List<Integer> value) {
    return new MultiSlotEvent(context, slots, modelId, deferredAction, value, learningMode);
  }

  /** A copy with another model id. */
  public MultiSlotEvent withModelId(String value) {
    return new MultiSlotEvent(context, slots, value, deferredAction, baselineActions, learningMode);
  }
}
