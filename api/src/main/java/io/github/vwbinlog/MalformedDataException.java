package io.github.vwbinlog;

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
   * @param messageTypeCode the message's type as stored ({@link MessageType#code()}), or {@link #NO_MESSAGE_TYPE}
   * @param reading what was being decoded
   * @param problem what is wrong with it
   */
  public MalformedDataException(DiagnosticReason reason, long offset, long messageTypeCode, String reading,
      String problem) {
    super(reason, offset, messageTypeCode, reading, problem, null);
  }
}
