package io.github.vwbinlog;

/**
 * A declared size or count above a {@link ReadLimits} bound. Raised before anything of that size is allocated.
 *
 * <pre>{@code
 * catch (LimitExceededException e) { System.err.println(e.value() + " > " + e.limit()); }
 * }</pre>
 */
public class LimitExceededException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  private final long value;
  private final long limit;

  /**
   * Creates one.
   *
   * @param offset the offset of the message concerned
   * @param messageTypeCode the message's type as stored ({@link MessageType#code()}), or {@link #NO_MESSAGE_TYPE}
   * @param what what was limited, e.g. "payload size"; appears as "payload size (N) exceeds the maximum (M)"
   * @param value the declared value
   * @param limit the limit it exceeds
   */
  public LimitExceededException(long offset, long messageTypeCode, String what, long value, long limit) {
    super(DiagnosticReason.LIMIT_EXCEEDED, offset, messageTypeCode, "the " + what,
        what + " (" + value + ") exceeds the maximum (" + limit + ")", null);
    this.value = value;
    this.limit = limit;
  }

  /** The declared value. */
  public long value() {
    return value;
  }

  /** The limit it exceeds. */
  public long limit() {
    return limit;
  }
}
