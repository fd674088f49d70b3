package io.github.vwbinlog.event;

import io.github.vwbinlog.LearningMode;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A continuous-action decision ({@code CaEvent}).
 *
 * <pre>{@code
 * CaEvent ca = CaEvent.of(1.0148716f, 0.00050505053f, "{\"RobotJoint1\":{\"friction\":78}}");
 * }</pre>
 *
 * @param deferredAction whether the decision waits for an activation (SPEC §6.6)
 * @param action the chosen action
 * @param context the context JSON, as raw bytes
 * @param pdfValue the probability density at the chosen action
 * @param modelId the model id; "N/A" when the log has none
 * @param learningMode the learning mode it was made in
 */
public record CaEvent(
    boolean deferredAction,
    float action,
    ByteBuffer context,
    float pdfValue,
    String modelId,
    LearningMode learningMode) implements EventPayload {

  /** Keeps a read-only view of the context. */
  public CaEvent {
    context = Bytes.keep(context, "context");
    Objects.requireNonNull(modelId, "modelId");
    Objects.requireNonNull(learningMode, "learningMode");
  }

  /** An online, not deferred decision with model "N/A". */
  public static CaEvent of(float action, float pdfValue, String context) {
    return new CaEvent(false, action, Bytes.utf8(context), pdfValue, "N/A", LearningMode.ONLINE);
  }

  /** A read-only view of the context bytes. */
  @Override
  public ByteBuffer context() {
    return Bytes.view(context);
  }

  /** A copy with deferred action set or cleared. */
  public CaEvent withDeferredAction(boolean value) {
    return new CaEvent(value, action, context, pdfValue, modelId, learningMode);
  }

  /** A copy with another learning mode. */
  public CaEvent withLearningMode(LearningMode value) {
    return new CaEvent(deferredAction, action, context, pdfValue, modelId, value);
  }
}
