package io.github.vwbinlog;

import org.jspecify.annotations.Nullable;

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
   * @param messageType the message type, or null
   * @param what what was limited, e.g. "payload size"; appears as "payload size (N) exceeds the maximum (M)"
   * @param value the declared value
   * @param limit the limit it exceeds
   */
  public LimitExceededException(long offset, @Nullable String messageType, String what, long value, long limit) {
    super(DiagnosticReason.LIMIT_EXCEEDED, offset, messageType, "the " + what,
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
