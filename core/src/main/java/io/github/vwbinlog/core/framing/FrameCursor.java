package io.github.vwbinlog.core.framing;

import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.UnsupportedVersionException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The framing state machine of SPEC §1, as a reusable cursor: {@link #next()} moves to the next message and the
 * accessors describe it until the next call. It holds one message at a time and creates no objects per message
 * beyond the payload view.
 *
 * <p>Order of reads, exactly as VW: skip the previous message's {@code size % 8} padding, read the type, then the
 * version (FILEMAGIC), nothing (EOF), or the size and payload. A problem throws a {@link
 * io.github.vwbinlog.BinaryLogException} naming the offset of the message being read; after that, and after EOF or a
 * bad version, the cursor is finished.
 */
public final class FrameCursor {
  private final ByteSource source;
  private final ReadLimits limits;
  private final boolean includeUnknown;
  private final DiagnosticListener listener;

  private long padding;
  private boolean finished;
  private boolean badVersionPending;

  private long offset = -1;
  private int typeCode;
  private MessageType type = MessageType.UNKNOWN;
  private int size;
  private long value;
  private ByteBuffer payload = ByteBuffer.allocate(0);

  /**
   * Creates a cursor.
   *
   * @param source the bytes
   * @param limits the limits to apply
   * @param includeUnknown whether unknown messages are returned (else they are skipped and reported as notices)
   * @param listener where skipped unknown messages are reported
   */
  public FrameCursor(ByteSource source, ReadLimits limits, boolean includeUnknown, DiagnosticListener listener) {
    this.source = source;
    this.limits = limits;
    this.includeUnknown = includeUnknown;
    this.listener = listener;
  }

  /**
   * Moves to the next message.
   *
   * @return false at the end of the log: after EOF, at the end of the input, or after a problem was thrown
   * @throws io.github.vwbinlog.BinaryLogException where the framing is broken; the cursor is then finished
   */
  public boolean next() {
    if (finished) {
      return false;
    }
    if (badVersionPending) {
      finished = true;
      throw new UnsupportedVersionException(offset, value);
    }
    try {
      while (true) {
        if (!skipPadding()) {
          return finish();
        }
        if (readMessage()) {
          return true;
        }
        if (finished) {
          return false;
        }
      }
    } catch (IOException e) {
      finished = true;
      throw new BinaryLogIOException(source.position(), "the input", e);
    } catch (RuntimeException e) {
      finished = true;
      throw e;
    }
  }

  private boolean finish() {
    finished = true;
    return false;
  }

  /** Skips the previous message's padding; false when the input ended exactly where a type would start. */
  private boolean skipPadding() throws IOException {
    if (padding > 0) {
      long skipped = source.skip(padding);
      if (skipped < padding) {
        throw new TruncatedInputException(offset, MessageType.describe(typeCode), "the padding", padding, skipped);
      }
      padding = 0;
    }
    int available = source.fill(4);
    if (available == 0) {
      return false;
    }
    if (available < 4) {
      throw new TruncatedInputException(source.position(), null, "the type of the next message", 4, available);
    }
    return true;
  }

  /** Reads one message after its type; true if it is to be returned, false if it was skipped or ended the log. */
  private boolean readMessage() throws IOException {
    offset = source.position();
    typeCode = source.getInt();
    type = MessageType.of(typeCode);
    size = 0;
    value = 0;
    payload = EMPTY;
    switch (type) {
      case FILEMAGIC:
        value = readU32("the version");
        if (value != 1) {
          badVersionPending = true;
        }
        return true;
      case EOF:
        int available = source.fill(4);
        if (available == 4) {
          value = Integer.toUnsignedLong(source.getInt());
        }
        finished = true;
        return true;
      default:
        return readSized();
    }
  }

  private boolean readSized() throws IOException {
    String name = MessageType.describe(typeCode);
    long declared = readU32("the payload size");
    if (declared > limits.maxMessageSize()) {
      throw new LimitExceededException(offset, name, "payload size", declared, limits.maxMessageSize());
    }
    long size = source.size();
    if (size >= 0 && declared > size - source.position()) {
      throw new TruncatedInputException(offset, name, "the payload", declared, size - source.position());
    }
    this.size = (int) declared;
    padding = declared % 8;
    if (type == MessageType.UNKNOWN && !includeUnknown) {
      long skipped = source.skip(declared);
      if (skipped < declared) {
        throw new TruncatedInputException(offset, name, "the payload", declared, skipped);
      }
      listener.report(new Diagnostic(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, offset, null,
          "payload type not recognized " + name + ", " + declared + " bytes skipped"));
      return false;
    }
    payload = source.payload(this.size);
    if (payload.remaining() < declared) {
      throw new TruncatedInputException(offset, name, "the payload", declared, payload.remaining());
    }
    return true;
  }

  private long readU32(String what) throws IOException {
    int available = source.fill(4);
    if (available < 4) {
      throw new TruncatedInputException(offset, MessageType.describe(typeCode), what, 4, available);
    }
    return Integer.toUnsignedLong(source.getInt());
  }

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();

  /** The offset of the current message's type field. */
  public long offset() {
    return offset;
  }

  /** The current message's type value. */
  public int typeCode() {
    return typeCode;
  }

  /** The current message's type. */
  public MessageType type() {
    return type;
  }

  /** The current message's payload size (0 for FILEMAGIC and EOF). */
  public int size() {
    return size;
  }

  /** The version of a FILEMAGIC, or the 4 bytes after an EOF's type (0 if absent); 0 otherwise. */
  public long value() {
    return value;
  }

  /** The current message's payload: a read-only little-endian view, empty for FILEMAGIC and EOF. */
  public ByteBuffer payload() {
    return payload;
  }

  /** The offset of the next unread byte. */
  public long position() {
    return source.position();
  }
}
