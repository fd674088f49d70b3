package io.github.vwbinlog;

import io.github.vwbinlog.spi.Providers;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * One message of a joined log, in file order (SPEC §1). A sealed family of records, one per type; each knows its byte
 * offset (of its type field), its type and its payload size. Payloads are read-only, little-endian views of the input,
 * never copies (a streamed input is read into one buffer per message).
 *
 * <p>Records are equal when their offsets, types, payload contents and decoding limits are equal, whatever input they
 * were read from; {@code toString()} shows the offset, type and size, not the bytes.
 *
 * <p>Thread-safe: every message is an immutable record whose payload accessor returns a new read-only
 * view each time, so messages may be handed to other threads. A payload of a mapped file stays valid after the reader
 * is closed, until it is garbage-collected; a payload of a caller's buffer shows later changes to that buffer.
 *
 * <pre>{@code
 * for (Message m : reader) {
 *   if (m instanceof Message.Checkpoint c) {
 *     System.out.println(c.offset() + " " + c.checkpointInfo().problemType());
 *   }
 * }
 * }</pre>
 *
 * <p>The decoding methods ({@link Header#fileHeader()}, {@link Checkpoint#checkpointInfo()},
 * {@link Regular#joinedEvents()}) verify within the message's {@code limits()}: those of the reader that read it
 * ({@link ReadOptions#limits()}), or {@link ReadLimits#defaults()} for a message built with the two-argument
 * constructor. Each has an overload that takes other limits.
 */
public sealed interface Message {

  /** The byte offset of this message's type field in the log. */
  long offset();

  /** The message type. */
  MessageType type();

  /** The type value as stored: {@link MessageType#code()}, or the unknown value for {@link Unknown}. */
  default int typeCode() {
    return type().code();
  }

  /** The size of the payload in bytes (0 for FILEMAGIC and EOF, which have none). */
  default int payloadSize() {
    return 0;
  }

  /**
   * A read-only, little-endian view of the payload, positioned at its start: a new view at each call, empty for
   * FILEMAGIC and EOF, which have none. The same bytes as the {@code payload()} of the record of each type.
   *
   * <pre>{@code
   * ByteBuffer bytes = message.payload();   // whatever its type
   * }</pre>
   */
  default ByteBuffer payload() {
    return ByteBuffer.allocate(0).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * The number of bytes this message takes in the log: type, size, payload and padding ({@code size % 8} bytes,
   * SPEC §1). For FILEMAGIC 8 and for EOF 4 (nothing after its type is part of the log).
   */
  default long encodedLength() {
    int size = payloadSize();
    return 8L + size + size % 8;
  }

  /** The name used in listings: {@code REGULAR}, or {@code UNKNOWN(0x1AAAAAAA)} for unknown types. */
  default String typeName() {
    return MessageType.describe(typeCode());
  }

  /**
   * A FILEMAGIC message ({@code "VWFB"}) and its inline version. A reader returns it even when the version is not 1;
   * its next read then throws {@link UnsupportedVersionException} (or, with {@link ReadFeature#LENIENT}, reports it and
   * ends). The whole 4-byte version is compared with 1 (SPEC §0 item 13), not only its first byte as VW does.
   *
   * @param offset the offset of the type field
   * @param version the 4-byte version as an unsigned 32-bit value; 1 is the only supported version
   */
  record FileMagic(long offset, long version) implements Message {
    @Override
    public MessageType type() {
      return MessageType.FILEMAGIC;
    }

    @Override
    public long encodedLength() {
      return 8;
    }
  }

  /**
   * A HEADER message: a {@link FileHeader} flatbuffer, informational only.
   *
   * @param offset the offset of the type field
   * @param payload the payload bytes
   * @param limits the limits its decoding method verifies within: the reader's
   */
  record Header(long offset, ByteBuffer payload, ReadLimits limits) implements Message {
    /** Keeps a read-only view of the payload. */
    public Header {
      payload = readOnly(payload);
      Objects.requireNonNull(limits, "limits");
    }

    /** A message whose decoding verifies within {@link ReadLimits#defaults()}. */
    public Header(long offset, ByteBuffer payload) {
      this(offset, payload, ReadLimits.defaults());
    }

    @Override
    public MessageType type() {
      return MessageType.HEADER;
    }

    @Override
    public String toString() {
      return "Header[offset=" + offset + ", payloadSize=" + payload.remaining() + "]";
    }

    @Override
    public int payloadSize() {
      return payload.remaining();
    }

    /** A read-only, little-endian view of the payload, positioned at its start. */
    @Override
    public ByteBuffer payload() {
      return view(payload);
    }

    /**
     * Decodes the payload after verifying it within {@link #limits()} (the reader's), as
     * {@code fileHeader(limits())} does.
     *
     * @throws MalformedDataException if the payload is not a valid {@code FileHeader}
     * @throws LimitExceededException if the buffer exceeds a verifier bound of {@link #limits()}
     */
    public FileHeader fileHeader() {
      return fileHeader(limits);
    }

    /**
     * Decodes the payload after verifying it within {@code limits}: the properties vector and every key and value
     * string may hold at most {@link ReadLimits#maxVectorLength()} elements, the tables (the header and one per
     * property) may nest at most {@link ReadLimits#maxDepth()} deep (a header needs 2 when it has properties), and
     * at most {@link ReadLimits#maxTables()} of them are visited (1 plus the number of properties).
     *
     * <pre>{@code
     * FileHeader header = h.fileHeader(ReadLimits.builder().maxVectorLength(64).build());
     * }</pre>
     *
     * @param limits the limits to verify within instead of the message's own
     * @throws MalformedDataException if the payload is not a valid {@code FileHeader}
     * @throws LimitExceededException if the buffer exceeds a verifier bound of {@code limits}, naming the bound
     *     ("vector length", "nesting depth" or "table count"), the value and the maximum
     * @throws NullPointerException if {@code limits} is null
     */
    public FileHeader fileHeader(ReadLimits limits) {
      Objects.requireNonNull(limits, "limits");
      return Providers.get().decodeFileHeader(view(payload), offset, limits);
    }
  }

  /**
   * A CHECKPOINT message: the joiner configuration for the REGULAR messages after it.
   *
   * @param offset the offset of the type field
   * @param payload the payload bytes
   * @param limits the limits its decoding method verifies within: the reader's
   */
  record Checkpoint(long offset, ByteBuffer payload, ReadLimits limits) implements Message {
    /** Keeps a read-only view of the payload. */
    public Checkpoint {
      payload = readOnly(payload);
      Objects.requireNonNull(limits, "limits");
    }

    /** A message whose decoding verifies within {@link ReadLimits#defaults()}. */
    public Checkpoint(long offset, ByteBuffer payload) {
      this(offset, payload, ReadLimits.defaults());
    }

    @Override
    public MessageType type() {
      return MessageType.CHECKPOINT;
    }

    @Override
    public String toString() {
      return "Checkpoint[offset=" + offset + ", payloadSize=" + payload.remaining() + "]";
    }

    @Override
    public int payloadSize() {
      return payload.remaining();
    }

    /** A read-only, little-endian view of the payload, positioned at its start. */
    @Override
    public ByteBuffer payload() {
      return view(payload);
    }

    /**
     * Decodes the payload after verifying it within {@link #limits()} (the reader's), as
     * {@code checkpointInfo(limits())} does. Absent fields take their schema defaults (SPEC §3.2); codes outside the
     * schema's range become the enums' {@code UNRECOGNIZED}.
     *
     * @throws MalformedDataException if the payload is not a valid {@code CheckpointInfo}
     * @throws LimitExceededException if the buffer exceeds a verifier bound of {@link #limits()}
     */
    public CheckpointInfo checkpointInfo() {
      return checkpointInfo(limits);
    }

    /**
     * Decodes the payload after verifying it within {@code limits}, as {@link #checkpointInfo()} does within the
     * message's own. A valid {@code CheckpointInfo} is one table of scalars: no vector, no nested table, so it is within
     * every {@link ReadLimits#maxVectorLength()}, {@link ReadLimits#maxDepth()} and {@link ReadLimits#maxTables()}
     * (each at least 1) and this method accepts the same payloads as {@link #checkpointInfo()}. It takes the limits
     * so that every decoding method of a message can be given the reader's.
     *
     * <pre>{@code
     * CheckpointInfo config = c.checkpointInfo(ReadLimits.builder().maxDepth(1).build());
     * }</pre>
     *
     * @param limits the limits to verify within instead of the message's own
     * @throws MalformedDataException if the payload is not a valid {@code CheckpointInfo}
     * @throws LimitExceededException if the buffer exceeds a verifier bound of {@code limits} (which, as said above,
     *     no {@code CheckpointInfo} of the current schema can)
     * @throws NullPointerException if {@code limits} is null
     */
    public CheckpointInfo checkpointInfo(ReadLimits limits) {
      Objects.requireNonNull(limits, "limits");
      return Providers.get().decodeCheckpointInfo(view(payload), offset, limits);
    }
  }

  /**
   * A REGULAR message: a {@code JoinedPayload} flatbuffer holding joined events.
   *
   * @param offset the offset of the type field
   * @param payload the payload bytes
   * @param limits the limits its decoding method verifies within: the reader's
   */
  record Regular(long offset, ByteBuffer payload, ReadLimits limits) implements Message {
    /** Keeps a read-only view of the payload. */
    public Regular {
      payload = readOnly(payload);
      Objects.requireNonNull(limits, "limits");
    }

    /** A message whose decoding verifies within {@link ReadLimits#defaults()}. */
    public Regular(long offset, ByteBuffer payload) {
      this(offset, payload, ReadLimits.defaults());
    }

    @Override
    public MessageType type() {
      return MessageType.REGULAR;
    }

    @Override
    public String toString() {
      return "Regular[offset=" + offset + ", payloadSize=" + payload.remaining() + "]";
    }

    @Override
    public int payloadSize() {
      return payload.remaining();
    }

    /** A read-only, little-endian view of the payload, positioned at its start. */
    @Override
    public ByteBuffer payload() {
      return view(payload);
    }

    /**
     * Decodes the joined events after verifying every buffer within {@link #limits()} (the reader's), as
     * {@code joinedEvents(limits())} does.
     *
     * @throws MalformedDataException naming the first joined event that cannot be read, and why
     * @throws LimitExceededException if the JoinedPayload exceeds a verifier bound of {@link #limits()} or holds
     *     more than its {@link ReadLimits#maxEventsPerPayload()} joined events
     */
    public java.util.List<io.github.vwbinlog.event.JoinedEvent> joinedEvents() {
      return joinedEvents(limits);
    }

    /**
     * The joined events of this message by event id, each id's as a {@code JoinedPayload} flatbuffer of its own: the
     * DedupInfo events of the message that come before the id's first event, then the id's joined events in payload
     * order, every event copied unchanged (its {@code Event} bytes, a zstd payload still compressed, and its enqueued
     * time). Ids come in the order they first appear, as the joiner emits them. What the Spark data source's
     * {@code joined_events} column holds, and what {@link BinaryLogWriter#regularCopying(java.util.List)} writes
     * back. Each buffer is verified (the JoinedPayload within {@link #limits()}, each {@code Event}); payloads are not
     * decoded.
     *
     * <pre>{@code
     * Map<String, ByteBuffer> byId = regular.joinedPayloadsById();
     * writer.regularCopying(List.copyOf(byId.values()));   // the same message, grouped by id
     * }</pre>
     *
     * @throws MalformedDataException if the JoinedPayload, a joined event or an event's metadata cannot be read, or
     *     an event id is not valid UTF-8 (VW's joiner drops such a message whole)
     */
    public java.util.Map<String, ByteBuffer> joinedPayloadsById() {
      return Providers.get().joinedPayloadsById(view(payload), offset, limits);
    }

    /**
     * Decodes the joined events after verifying every buffer within {@code limits}: the JoinedPayload, each nested
     * Event, and each payload (decompressed when zstd-encoded). All or nothing; the joiner, which skips the smallest
     * broken unit instead, is {@code io.github.vwbinlog.join.Joiner}.
     *
     * <p>The JoinedPayload may hold at most {@link ReadLimits#maxEventsPerPayload()} joined events, and is verified
     * within {@link ReadLimits#maxVectorLength()}, {@link ReadLimits#maxDepth()} and {@link ReadLimits#maxTables()}
     * (one table for the payload and one per joined event). Each event's buffers are verified within the same bounds,
     * a zstd payload may not declare or decompress to more than {@link ReadLimits#maxDecompressedSize()} bytes, and an
     * interaction's context may not exceed {@link ReadLimits#maxContextSize()} bytes.
     *
     * <pre>{@code
     * List<JoinedEvent> events = regular.joinedEvents(ReadLimits.builder().maxEventsPerPayload(1000).build());
     * }</pre>
     *
     * @param limits the limits to verify and decompress within instead of the message's own
     * @throws MalformedDataException naming the first joined event that cannot be read, and why (with
     *     {@link DiagnosticReason#LIMIT_EXCEEDED} when that event exceeds one of {@code limits})
     * @throws LimitExceededException if the JoinedPayload exceeds a verifier bound of {@code limits} ("vector length",
     *     "nesting depth" or "table count") or holds more joined events than {@link ReadLimits#maxEventsPerPayload()}
     *     ("number of joined events"), naming the value and the maximum
     * @throws NullPointerException if {@code limits} is null
     */
    public java.util.List<io.github.vwbinlog.event.JoinedEvent> joinedEvents(ReadLimits limits) {
      Objects.requireNonNull(limits, "limits");
      return Providers.get().decodeJoinedEvents(view(payload), offset, limits);
    }
  }

  /**
   * An EOF message. Reading stops after its type field: the 4 bytes after it are looked at for display only, and are
   * not counted as read. (On a stream the reader therefore waits for those 4 bytes or the end of the stream;
   * joiners always write them.)
   *
   * @param offset the offset of the type field
   * @param sizeField the 4 bytes after the type as an unsigned 32-bit value if the input has them, else 0; not part
   *     of the log (joiners write zeros there)
   */
  record Eof(long offset, long sizeField) implements Message {
    @Override
    public MessageType type() {
      return MessageType.EOF;
    }

    @Override
    public long encodedLength() {
      return 4;
    }
  }

  /**
   * A message of an unknown type, returned only with {@link ReadFeature#INCLUDE_UNKNOWN_MESSAGES}.
   *
   * @param offset the offset of the type field
   * @param typeCode the type value
   * @param payload the payload bytes
   */
  record Unknown(long offset, int typeCode, ByteBuffer payload) implements Message {
    /** Keeps a read-only view of the payload. */
    public Unknown {
      payload = readOnly(payload);
    }

    @Override
    public MessageType type() {
      return MessageType.UNKNOWN;
    }

    @Override
    public String toString() {
      return "Unknown[offset=" + offset + ", type=" + typeName() + ", payloadSize=" + payload.remaining() + "]";
    }

    @Override
    public int payloadSize() {
      return payload.remaining();
    }

    /** A read-only, little-endian view of the payload, positioned at its start. */
    @Override
    public ByteBuffer payload() {
      return view(payload);
    }
  }

  private static ByteBuffer readOnly(ByteBuffer payload) {
    Objects.requireNonNull(payload, "payload");
    return payload.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  private static ByteBuffer view(ByteBuffer payload) {
    return payload.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }
}
