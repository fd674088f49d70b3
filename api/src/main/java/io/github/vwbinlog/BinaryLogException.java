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

  private final DiagnosticReason reason;
  private final long offset;
  private final @Nullable String messageType;
  private final String reading;
  private final String problem;

  /**
   * Creates one.
   *
   * @param reason the diagnostic reason this exception stands for
   * @param offset the byte offset of the message concerned (of its type field), or -1 if there is none
   * @param messageType the message type as listed ({@code REGULAR}, {@code UNKNOWN(0x1AAAAAAA)}), or null
   * @param reading what was being read: "the payload size", "the padding"...
   * @param problem why it failed, with the values involved
   * @param cause the underlying exception, if any
   */
  public BinaryLogException(DiagnosticReason reason, long offset, @Nullable String messageType, String reading,
      String problem, @Nullable Throwable cause) {
    super(format(reason, offset, messageType, reading, problem), cause);
    this.reason = reason;
    this.offset = offset;
    this.messageType = messageType;
    this.reading = reading;
    this.problem = problem;
  }

  private static String format(DiagnosticReason reason, long offset, @Nullable String messageType, String reading,
      String problem) {
    StringBuilder sb = new StringBuilder(reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
    sb.append(" at offset ").append(offset).append(": ").append(reading);
    if (messageType != null) {
      sb.append(" of the ").append(messageType).append(" message");
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

  /** The message type as listed ({@code REGULAR}, {@code UNKNOWN(0x1AAAAAAA)}), or null before a type was read. */
  public @Nullable String messageType() {
    return messageType;
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
