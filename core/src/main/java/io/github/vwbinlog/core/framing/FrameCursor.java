package io.github.vwbinlog.core.framing;

import io.github.vwbinlog.BinaryLogException;
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
import org.jspecify.annotations.Nullable;

/**
 * The framing state machine of SPEC §1, as a reusable cursor: {@link #next()} moves to the next message and the
 * accessors describe it until the next call. It holds one message at a time and creates no objects per message
 * beyond the payload view.
 *
 * <p>Order of reads, exactly as VW: skip the previous message's {@code size % 8} padding, read the type, then the
 * version (FILEMAGIC), nothing (EOF), or the size and payload (every other type). Where vw-binlog differs from VW
 * (SPEC §0): the whole 4-byte version is compared with 1, and a problem is an exception, not a silent stop:
 *
 * <ul>
 *   <li>the input ends inside a field: {@link TruncatedInputException} naming the message's offset and type, the
 *       field, where it starts, and the bytes needed and left. A size beyond the end of an input of known size fails
 *       as soon as the size is read;
 *   <li>a declared size above {@link ReadLimits#maxMessageSize()}: {@link io.github.vwbinlog.LimitExceededException},
 *       before anything is allocated or read;
 *   <li>a FILEMAGIC whose version is not 1: the message is returned, and the next call throws
 *       {@link UnsupportedVersionException}.
 * </ul>
 *
 * <p>After a problem, after EOF, and at the end of the input, the cursor is finished and {@link #next()} returns false.
 *
 * <pre>{@code
 * FrameCursor cursor = new FrameCursor(source, ReadLimits.defaults(), false, DiagnosticListener.ignoring());
 * while (cursor.next()) {
 *   System.out.println(cursor.offset() + " " + cursor.type() + " " + cursor.size());
 * }
 * }</pre>
 */
public final class FrameCursor {

  /**
   * The bytes before the payload of a HEADER, CHECKPOINT, REGULAR or unknown message: its type and its size, so that
   * such a payload starts at the message's offset plus this.
   */
  public static final int FRAME_BYTES = 8;
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();

  private final ByteSource source;
  private final ReadLimits limits;
  private final boolean includeUnknown;
  private final DiagnosticListener listener;

  /** Bytes of padding owed by the previous sized message: its size % 8 (SPEC §1), 0 after FILEMAGIC. */
  private int padding;
  private boolean finished;
  private boolean badVersionPending;

  private long offset = -1;
  private int typeCode;
  private MessageType type = MessageType.UNKNOWN;
  private int size;
  private long value;
  /** The payload view, made on demand; null until then for a sized message. */
  private @Nullable ByteBuffer payload = EMPTY;

  /**
   * Creates a cursor.
   *
   * @param source the bytes
   * @param limits the limits to apply
   * @param includeUnknown whether unknown messages are returned (else they are skipped and reported as notices)
   * @param listener where skipped unknown messages are reported
   */
  public FrameCursor(ByteSource source, ReadLimits limits, boolean includeUnknown, DiagnosticListener listener) {
    this(source, limits, includeUnknown, listener, null);
  }

  /**
   * Creates a cursor that reads the payloads of the messages of type {@code payloadsOf} only and skips the others'
   * (their {@link #payload()} is empty, their size the declared one): the framing of a log without reading it, as the
   * planning of byte ranges does, on a source that seeks over skipped bytes.
   */
  public FrameCursor(ByteSource source, ReadLimits limits, boolean includeUnknown, DiagnosticListener listener,
      @Nullable MessageType payloadsOf) {
    this.source = source;
    this.limits = limits;
    this.includeUnknown = includeUnknown;
    this.listener = listener;
    this.payloadsOf = payloadsOf;
    this.framingOnly = payloadsOf != null;
  }

  /** With {@link #framingOnly}, the one type whose payloads are read. */
  private final @Nullable MessageType payloadsOf;
  private final boolean framingOnly;

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
        if (!skipPaddingAndFindType()) {
          finished = true;
          return false;
        }
        if (readMessage()) {
          return true;
        }
        // an unknown message was skipped: go on with the next one
      }
    } catch (IOException e) {
      finished = true;
      throw new BinaryLogIOException(source.position(), "the input", e);
    } catch (RuntimeException e) {
      finished = true;
      throw e;
    }
  }

  /** Whether the cursor has ended: after EOF, the end of the input, or a problem. */
  public boolean isFinished() {
    return finished;
  }

  /**
   * Skips the previous message's padding and makes the next type field readable.
   *
   * @return false when the input ends exactly where a type would start (a missing EOF is fine)
   */
  private boolean skipPaddingAndFindType() throws IOException {
    if (padding > 0) {
      long paddingOffset = source.position();
      long skipped = source.skip(padding);
      if (skipped < padding) {
        throw new TruncatedInputException(offset, typeValue(), "the padding", paddingOffset,
            padding, skipped);
      }
      padding = 0;
    }
    int available = source.fill(4);
    if (available == 0) {
      return false;
    }
    if (available < 4) {
      long at = source.position();
      throw new TruncatedInputException(at, BinaryLogException.NO_MESSAGE_TYPE, "the type of the next message", at,
          4, available);
    }
    return true;
  }

  /** Reads one message from its type on; true if it is to be returned, false if it was an unknown one, skipped. */
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
        badVersionPending = value != 1;
        return true;
      case EOF:
        // Display only: VW reads nothing after the EOF type, so these bytes are looked at, not consumed.
        if (source.fill(4) == 4) {
          value = Integer.toUnsignedLong(source.peekInt());
        }
        finished = true;
        return true;
      default:
        return readSized();
    }
  }

  /** The current message's type as stored: an unsigned 32-bit value. */
  private long typeValue() {
    return Integer.toUnsignedLong(typeCode);
  }

  private boolean readSized() throws IOException {
    String name = MessageType.describe(typeCode);
    long declared = readU32("the payload size");
    if (declared > limits.maxMessageSize()) {
      throw new LimitExceededException(offset, typeValue(), "payload size", declared,
          limits.maxMessageSize());
    }
    long payloadOffset = source.position();
    long inputSize = source.size();
    if (inputSize >= 0 && declared > inputSize - payloadOffset) {
      throw new TruncatedInputException(offset, typeValue(), "the payload", payloadOffset, declared,
          inputSize - payloadOffset);
    }
    size = (int) declared;
    padding = size % 8;
    if (type == MessageType.UNKNOWN && !includeUnknown) {
      long skipped = source.skip(size);
      if (skipped < size) {
        throw new TruncatedInputException(offset, typeValue(), "the payload", payloadOffset, size, skipped);
      }
      listener.report(new Diagnostic(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, offset, null,
          "payload type not recognized " + name + ": " + size + " bytes skipped"));
      return false;
    }
    if (framingOnly && type != payloadsOf) {
      long skipped = source.skip(size);
      if (skipped < size) {
        throw new TruncatedInputException(offset, typeValue(), "the payload", payloadOffset, size, skipped);
      }
      payload = EMPTY;
      return true;
    }
    source.payloadInPlace(size);
    if (source.inPlaceLength() < size) {
      throw new TruncatedInputException(offset, typeValue(), "the payload", payloadOffset, size,
          source.inPlaceLength());
    }
    payload = null;
    return true;
  }

  private long readU32(String what) throws IOException {
    long at = source.position();
    int available = source.fill(4);
    if (available < 4) {
      throw new TruncatedInputException(offset, typeValue(), what, at, 4, available);
    }
    return Integer.toUnsignedLong(source.getInt());
  }

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

  /**
   * The current message's payload: a read-only little-endian view, empty for FILEMAGIC and EOF. Made on the first
   * call for a message (and then kept), so a scan that reads {@link #payloadBuffer()} and {@link #payloadIndex()}
   * instead creates no object per message.
   */
  public ByteBuffer payload() {
    ByteBuffer p = payload;
    if (p == null) {
      p = source.inPlaceView();
      payload = p;
    }
    return p;
  }

  /**
   * The buffer that holds the current message's payload at {@link #payloadIndex()}, {@link #size()} bytes: read-only
   * and little-endian, valid until {@link #next()}. For a buffer or a mapped file it is the input itself (no copy, no
   * object per message); for a stream, a buffer of the payload. Empty for FILEMAGIC and EOF.
   */
  public ByteBuffer payloadBuffer() {
    return payload == EMPTY ? EMPTY : source.inPlaceBuffer();
  }

  /** The index of the current message's payload in {@link #payloadBuffer()}. */
  public int payloadIndex() {
    return payload == EMPTY ? 0 : source.inPlaceIndex();
  }

  /** The offset of the next unread byte. */
  public long position() {
    return source.position();
  }
}
