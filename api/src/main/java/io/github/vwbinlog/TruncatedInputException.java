package io.github.vwbinlog;

/**
 * The input ended inside a field: a type, a size, a version, a payload or its padding (SPEC §1). Says which message
 * ({@link #offset()}, {@link #messageType()}), which field ({@link #reading()}, {@link #fieldOffset()}) and how many
 * bytes it needed and found.
 *
 * <pre>{@code
 * catch (TruncatedInputException e) {
 *   // "truncated input at offset 160: the payload of the REGULAR message: needed 492 bytes at offset 168, only 100 left"
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class TruncatedInputException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  private final long fieldOffset;
  private final long needed;
  private final long available;

  /**
   * Creates one.
   *
   * @param offset the offset of the message concerned (of its type field); for a cut type field, where it starts
   * @param messageTypeCode the message's type as stored, or {@link #NO_MESSAGE_TYPE} if the type itself was cut
   * @param reading the field being read: "the payload size", "the padding"...
   * @param fieldOffset the offset where the field starts
   * @param needed the bytes the field needs
   * @param available the bytes that were left
   */
  public TruncatedInputException(long offset, long messageTypeCode, String reading, long fieldOffset,
      long needed, long available) {
    super(DiagnosticReason.TRUNCATED_INPUT, offset, messageTypeCode, reading,
        "needed " + needed + " bytes at offset " + fieldOffset + ", only " + available + " left", null);
    this.fieldOffset = fieldOffset;
    this.needed = needed;
    this.available = available;
  }

  /** The offset where the cut field starts. */
  public long fieldOffset() {
    return fieldOffset;
  }

  /** The bytes the field needs. */
  public long needed() {
    return needed;
  }

  /** The bytes that were left in the input. */
  public long available() {
    return available;
  }
}
