package io.github.vwbinlog;

/**
 * The type field that starts every message of a joined log (SPEC §1).
 *
 * <pre>{@code
 * MessageType.of(0xFFFFFFFF) == MessageType.REGULAR
 * }</pre>
 */
public enum MessageType {
  /** {@code "VWFB"}: followed by a 4-byte version, no size and no padding. */
  FILEMAGIC(0x42465756),
  /** A {@link FileHeader} flatbuffer; purely informational. */
  HEADER(0x55555555),
  /** A {@link CheckpointInfo} flatbuffer that configures the joiner for the REGULAR messages after it. */
  CHECKPOINT(0x11111111),
  /** A {@code JoinedPayload} flatbuffer: the joined events. */
  REGULAR(0xFFFFFFFF),
  /** The end of the log: nothing after its type field is read. */
  EOF(0xAAAAAAAA),
  /** Any other type value: a sized message that readers skip. */
  UNKNOWN(0);

  private final int code;

  MessageType(int code) {
    this.code = code;
  }

  /** The type value as it is stored (little-endian) in the file; 0 for {@link #UNKNOWN}, which has no single value. */
  public int code() {
    return code;
  }

  /** The message type of a type field value; {@link #UNKNOWN} for any value that is not one of the five. */
  public static MessageType of(int code) {
    switch (code) {
      case 0x42465756: return FILEMAGIC;
      case 0x55555555: return HEADER;
      case 0x11111111: return CHECKPOINT;
      case 0xFFFFFFFF: return REGULAR;
      case 0xAAAAAAAA: return EOF;
      default: return UNKNOWN;
    }
  }

  /** The name used in listings: the constant's name, or {@code UNKNOWN(0x1AAAAAAA)} with the type value in hex. */
  public static String describe(int code) {
    MessageType type = of(code);
    return type == UNKNOWN ? String.format("UNKNOWN(0x%08X)", code) : type.name();
  }
}
