package io.github.vwbinlog;

import org.jspecify.annotations.Nullable;

/**
 * A problem reading a joined log: says where (the byte offset), in which message, what was being read and why.
 * Unchecked, so that iteration can raise it. Subclasses tell the kinds apart; {@link #reason()} maps each to a
 * {@link DiagnosticReason}.
 *
 * <pre>{@code
 * try (BinaryLogReader reader = BinaryLogReader.open(path)) {
 *   reader.forEach(m -> {});
 * } catch (BinaryLogException e) {
 *   // "truncated input at offset 160: the payload of the REGULAR message: needed 492 bytes at offset 168, only 100 left"
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class BinaryLogException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The {@link #messageTypeCode()} of a problem that concerns no message type. */
  public static final long NO_MESSAGE_TYPE = -1;

  private final DiagnosticReason reason;
  private final long offset;
  private final long messageTypeCode;
  private final String reading;
  private final String problem;

  /**
   * Creates one.
   *
   * @param reason the diagnostic reason this exception stands for
   * @param offset the byte offset of the message concerned (of its type field), or -1 if there is none
   * @param messageTypeCode the type of the message concerned as stored in the log ({@link MessageType#code()}, or the
   *     value of a type vw-binlog does not know), or {@link #NO_MESSAGE_TYPE} before a type was read
   * @param reading what was being read: "the payload size", "the padding"...
   * @param problem why it failed, with the values involved
   * @param cause the underlying exception, if any
   */
  public BinaryLogException(DiagnosticReason reason, long offset, long messageTypeCode, String reading,
      String problem, @Nullable Throwable cause) {
    super(format(reason, offset, messageTypeCode, reading, problem), cause);
    if (messageTypeCode < NO_MESSAGE_TYPE || messageTypeCode > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("a message type is an unsigned 32-bit value, was " + messageTypeCode);
    }
    this.reason = reason;
    this.offset = offset;
    this.messageTypeCode = messageTypeCode;
    this.reading = reading;
    this.problem = problem;
  }

  private static String format(DiagnosticReason reason, long offset, long messageTypeCode, String reading,
      String problem) {
    StringBuilder sb = new StringBuilder(reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
    sb.append(" at offset ").append(offset).append(": ").append(reading);
    if (messageTypeCode != NO_MESSAGE_TYPE) {
      sb.append(" of the ").append(MessageType.describe((int) messageTypeCode)).append(" message");
    }
    return sb.append(": ").append(problem).toString();
  }

  /** The diagnostic reason this exception stands for. */
  public DiagnosticReason reason() {
    return reason;
  }

  /** The byte offset of the message concerned (of its type field), or -1 when there is none. */
  public long offset() {
    return offset;
  }

  /**
   * The type of the message concerned ({@link MessageType#UNKNOWN} for a type vw-binlog does not know, whose value
   * {@link #messageTypeCode()} gives), or null when there is none (before a type was read, or an I/O error).
   */
  public @Nullable MessageType messageType() {
    return messageTypeCode == NO_MESSAGE_TYPE ? null : MessageType.of((int) messageTypeCode);
  }

  /** The type of the message concerned as stored in the log, or {@link #NO_MESSAGE_TYPE}. */
  public long messageTypeCode() {
    return messageTypeCode;
  }

  /** What was being read when the problem occurred. */
  public String reading() {
    return reading;
  }

  /** Why it failed, with the values involved. */
  public String problem() {
    return problem;
  }

  /** This problem as a diagnostic, for lenient reading. */
  public Diagnostic toDiagnostic() {
    return new Diagnostic(reason, offset, null, getMessage());
  }
}
