package io.github.vwbinlog;

import org.jspecify.annotations.Nullable;

/**
 * A payload whose flatbuffer fails verification or lacks a required field, when the caller asked for it to be decoded
 * (a checkpoint or header, say). The joiner does not throw this: it reports and skips the smallest broken unit.
 *
 * <pre>{@code
 * try { message.checkpointInfo(); } catch (MalformedDataException e) { ... }
 * }</pre>
 */
public class MalformedDataException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates one.
   *
   * @param reason the diagnostic reason
   * @param offset the offset of the message concerned
   * @param messageType the message type, or null
   * @param reading what was being decoded
   * @param problem what is wrong with it
   */
  public MalformedDataException(DiagnosticReason reason, long offset, @Nullable String messageType, String reading,
      String problem) {
    super(reason, offset, messageType, reading, problem, null);
  }
}
