package io.github.vwbinlog;

import org.jspecify.annotations.Nullable;

/**
 * The input ended inside a field: a type, a size, a version, a payload or its padding.
 *
 * <pre>{@code
 * catch (TruncatedInputException e) { long where = e.offset(); }
 * }</pre>
 */
public class TruncatedInputException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates one.
   *
   * @param offset the offset of the message concerned
   * @param messageType the message type, or null if the type itself was cut
   * @param reading the field being read
   * @param needed the bytes the field needs
   * @param available the bytes that were left
   */
  public TruncatedInputException(long offset, @Nullable String messageType, String reading, long needed,
      long available) {
    super(DiagnosticReason.TRUNCATED_INPUT, offset, messageType, reading,
        "needed " + needed + " bytes, only " + available + " left", null);
  }
}
