package io.github.vwbinlog.event;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One step of a multistep episode ({@code MultiStepEvent}); {@link Metadata#id()} is the episode id.
 *
 * <pre>{@code
 * MultiStepEvent step = MultiStepEvent.of("2", "1", List.of(1L, 2L), List.of(0.5f, 0.5f), "{\"A\":{\"f\":1}}");
 * }</pre>
 *
 * @param eventId the step id
 * @param previousId the id of the step before it, or null/empty for a first step
 * @param actionIds the action ids (unsigned 64-bit), the chosen one first
 * @param context the context JSON, as raw bytes
 * @param probabilities the probability of each action
 * @param modelId the model id; "N/A" when the log has none
 * @param deferredAction whether the step waits for an activation
 */
public record MultiStepEvent(
    String eventId,
    @Nullable String previousId,
    List<Long> actionIds,
    ByteBuffer context,
    List<Float> probabilities,
    String modelId,
    boolean deferredAction) implements EventPayload {

  /** Copies the lists and keeps a read-only view of the context. */
  public MultiStepEvent {
    Objects.requireNonNull(eventId, "eventId");
    actionIds = List.copyOf(actionIds);
    context = Bytes.keep(context, "context");
    probabilities = List.copyOf(probabilities);
    Objects.requireNonNull(modelId, "modelId");
  }

  /** A step that is not deferred, with model "N/A". */
  public static MultiStepEvent of(String eventId, @Nullable String previousId, List<Long> actionIds,
      List<Float> probabilities, String context) {
    return new MultiStepEvent(eventId, previousId, actionIds, Bytes.utf8(context), probabilities, "N/A", false);
  }

  /** A read-only view of the context bytes. */
  @Override
  public ByteBuffer context() {
    return Bytes.view(context);
  }
}
