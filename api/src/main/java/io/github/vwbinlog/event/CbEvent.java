package io.github.vwbinlog.event;

import io.github.vwbinlog.LearningMode;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * A contextual-bandit decision ({@code CbEvent}): the actions in the order they were ranked, their probabilities, and
 * the context. VW action ids are 1-based; the chosen action is {@code actionIds().get(0)}.
 *
 * <pre>{@code
 * CbEvent cb = CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"GUser\":{\"id\":\"a\"}}");
 * }</pre>
 *
 * @param deferredAction whether the decision waits for an activation before it can be learned (SPEC §6.6)
 * @param actionIds the action ids (unsigned 64-bit; VW keeps the low 32 bits)
 * @param context the context JSON, as raw bytes
 * @param probabilities the probability of each action
 * @param modelId the model id; "N/A" when the log has none
 * @param learningMode the learning mode it was made in
 */
public record CbEvent(
    boolean deferredAction,
    List<Long> actionIds,
    ByteBuffer context,
    List<Float> probabilities,
    String modelId,
    LearningMode learningMode) implements EventPayload {

  /** Copies the lists and keeps a read-only view of the context. */
  public CbEvent {
    actionIds = List.copyOf(actionIds);
    context = Bytes.keep(context, "context");
    probabilities = List.copyOf(probabilities);
    Objects.requireNonNull(modelId, "modelId");
    Objects.requireNonNull(learningMode, "learningMode");
  }

  /** An online, not deferred decision with model "N/A". */
  public static CbEvent of(List<Long> actionIds, List<Float> probabilities, String context) {
    return new CbEvent(false, actionIds, Bytes.utf8(context), probabilities, "N/A", LearningMode.ONLINE);
  }

  /** A read-only view of the context bytes. */
  @Override
  public ByteBuffer context() {
    return Bytes.view(context);
  }

  /** A copy with deferred action set or cleared. */
  public CbEvent withDeferredAction(boolean value) {
    return new CbEvent(value, actionIds, context, probabilities, modelId, learningMode);
  }

  /** A copy with another learning mode. */
  public CbEvent withLearningMode(LearningMode value) {
    return new CbEvent(deferredAction, actionIds, context, probabilities, modelId, value);
  }

  /** A copy with another model id. */
  public CbEvent withModelId(String value) {
    return new CbEvent(deferredAction, actionIds, context, probabilities, value, learningMode);
  }
}
