package io.github.vwbinlog.core.eventfile;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.framing.ByteSource;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.BatchMetadata;
import reinforcement_learning.messages.flatbuff.v2.EventBatch;
import reinforcement_learning.messages.flatbuff.v2.SerializedEvent;

/**
 * The one reader of rlclientlib event files: a cursor over the batches of one file ({@link #next()}), and over the
 * events of the current batch ({@link #event(int)}), whose verified metadata it keeps in reused fields. Nothing is
 * copied: a batch is a view of the mapped file, each event a slice of it.
 *
 * <p>Framing: an 8-byte preamble (byte 0 reserved, byte 1 the preamble version, which must be 0, bytes 2-3 the message
 * type as a big-endian u16, bytes 4-7 the body size as a big-endian u32), then the body. Type 13 is a protocol v2
 * {@code EventBatch}; types 2, 8, 9 and 12 are protocol v1 and refused with the fix; any other is not an event file.
 * A batch is verified whole ({@code EventBatch}, with {@link FlatVerifier}) before its events are read; each event is
 * verified as an {@code Event} when it is read.
 *
 * <p>A batch of up to {@link #MAX_COPY} bytes is verified and its metadata read in a reused heap copy: a mapped
 * buffer's every read is a chain of JDK calls, a heap array's a plain load, and the copy costs less than it saves (see
 * docs/PERFORMANCE.md, the joiner). The events' bytes ({@link #batchBuffer()}, {@link #eventBytes()}) stay views of
 * the mapped file.
 *
 * <pre>{@code
 * try (EventFile f = EventFile.open(path, limits, windowSize)) {
 *   while (f.next()) {
 *     for (int i = 0; i < f.eventCount(); i++) {
 *       if (f.event(i) == null) { String id = f.id(); long ticks = f.ticks(); ... }
 *     }
 *   }
 * }
 * }</pre>
 */
public final class EventFile implements Closeable {
  /** The preamble before each batch. */
  public static final int PREAMBLE_SIZE = 8;
  /** Client time ticks per second: rlclientlib's {@code sub_second} counts tenths of a microsecond. */
  public static final long TICKS_PER_SECOND = 10_000_000L;
  /** {@link #ticks()} of an event that has no client time. */
  public static final long NO_TIME = Long.MIN_VALUE;
  /** The largest batch read in a heap copy; a larger one is read in the mapped file. */
  static final int MAX_COPY = 1 << 20;

  private final Path file;
  private final ByteSource source;
  private final ReadLimits limits;
  private final FlatVerifier verifier;
  private final EventBatch batchTable = new EventBatch();
  private final SerializedEvent serialized = new SerializedEvent();
  private final EventHeader header;
  private final BatchMetadata batchMeta = new BatchMetadata();

  private boolean finished;
  private long batchOffset = -1;
  private int batchSize;
  private long batchIndex = -1;
  private ByteBuffer batch = ByteBuffer.allocate(0);
  /** The index of the current batch's body in {@link #batch}. */
  private int batchStart;
  private int eventCount;
  private @Nullable BinaryLogException truncation;

  /** The heap copy of batches up to {@link #MAX_COPY} bytes, reused. */
  private byte[] copy = new byte[0];
  /**
   * Where the current batch is read, little-endian: the heap copy (body at index 0) or a view of the mapped batch;
   * index {@code k} in it is index {@code k + viewDelta} in {@link #batch}.
   */
  private ByteBuffer view = ByteBuffer.allocate(0);
  private int viewDelta;
  /** A duplicate of {@link #view} that the events' payload vectors are located in, reused. */
  private ByteBuffer vectors = ByteBuffer.allocate(0);
  private int eventIndex;
  private int eventLength;
  private long eventOffset;
  /** The id's bytes of the event read last: their index in {@link #view} and their length. */
  private int idStart;
  private int idLength;
  private long idHash;

  private EventFile(Path file, ByteSource source, ReadLimits limits) {
    this.file = file;
    this.source = source;
    this.limits = limits;
    this.verifier = new FlatVerifier(limits);
    this.header = new EventHeader(verifier);
  }

  /**
   * Opens a file.
   *
   * @throws IOException if it cannot be opened
   */
  public static EventFile open(Path file, ReadLimits limits, long mapWindowSize) throws IOException {
    return new EventFile(file, ByteSource.open(file, mapWindowSize), limits);
  }

  /**
   * Reads the batches of {@code source} from its position (a batch boundary: a byte range of a file starts where
   * {@link BatchBoundary#find} says).
   *
   * @param file the file's name, as messages and {@link #file()} give it
   */
  public static EventFile of(Path file, ByteSource source, ReadLimits limits) {
    return new EventFile(file, source, limits);
  }

  /** The file read. */
  public Path file() {
    return file;
  }

  /** The size of the file, or -1 if unknown. */
  public long size() {
    return source.size();
  }

  /** The offset of the next unread byte. */
  public long position() {
    return source.position();
  }

  /**
   * Moves to the next batch.
   *
   * @return false at the end of the file, or after a truncated last batch ({@link #truncation()} then says where)
   * @throws BinaryLogException for a protocol v1 batch or a preamble that is not rlclientlib's
   *     ({@link DiagnosticReason#UNSUPPORTED_VERSION}), a batch above {@link ReadLimits#maxMessageSize()}
   *     ({@link DiagnosticReason#LIMIT_EXCEEDED}), or a batch that fails verification ({@link MalformedDataException};
   *     the cursor is then past it, so reading may go on)
   * @throws BinaryLogIOException if reading fails
   */
  public boolean next() {
    if (finished) {
      return false;
    }
    long offset = source.position();
    try {
      int have = source.fill(PREAMBLE_SIZE);
      if (have == 0) {
        finished = true;
        return false;
      }
      if (have < PREAMBLE_SIZE) {
        return truncated(new TruncatedInputException(offset, BinaryLogException.NO_MESSAGE_TYPE,
            "the batch preamble in " + file.getFileName(), offset, PREAMBLE_SIZE, have));
      }
      int first = Integer.reverseBytes(source.getInt());
      long size = Integer.toUnsignedLong(Integer.reverseBytes(source.getInt()));
      checkPreamble(offset, first);
      if (size > limits.maxMessageSize()) {
        finished = true;
        throw new BinaryLogException(DiagnosticReason.LIMIT_EXCEEDED, offset, BinaryLogException.NO_MESSAGE_TYPE,
            "the batch size in " + file.getFileName(), "batch size " + size + " exceeds the maximum message size "
            + limits.maxMessageSize() + " (ReadLimits.maxMessageSize)", null);
      }
      // in place: the batch is a range of the mapped window (one buffer for many batches), not a new view of its own
      source.payloadInPlace((int) size);
      if (source.inPlaceLength() < size) {
        return truncated(new TruncatedInputException(offset, BinaryLogException.NO_MESSAGE_TYPE,
            "the EventBatch in " + file.getFileName(), offset + PREAMBLE_SIZE, size, source.inPlaceLength()));
      }
      batchIndex++;
      batchOffset = offset;
      batchSize = (int) size;
      batch = source.inPlaceBuffer();
      batchStart = source.inPlaceIndex();
      if (size <= MAX_COPY) {
        if (copy.length < size) {
          copy = new byte[Math.max((int) size, Math.min(2 * copy.length, MAX_COPY))];
        }
        batch.get(batchStart, copy, 0, (int) size);
        if (!view.hasArray() || view.array() != copy) {
          view = ByteBuffer.wrap(copy).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        }
        view.limit((int) size).position(0);
        viewDelta = batchStart;
      } else {
        view = batch.duplicate().limit(batchStart + (int) size).position(batchStart)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        viewDelta = 0;
      }
      String problem = verifier.verify(view, view.position(), (int) size, Schema.EVENT_BATCH);
      if (problem != null) {
        eventCount = 0;
        throw new MalformedDataException(DiagnosticReason.MALFORMED_PAYLOAD, offset,
            BinaryLogException.NO_MESSAGE_TYPE, "the EventBatch in " + file.getFileName(), problem);
      }
      EventBatch.getRootAsEventBatch(view.duplicate(), batchTable);
      vectors = view.duplicate();
      eventCount = batchTable.eventsLength();
      return true;
    } catch (IOException e) {
      finished = true;
      throw new BinaryLogIOException(offset, "the batch in " + file.getFileName(), e);
    }
  }

  private void checkPreamble(long offset, int first) {
    int version = (first >>> 16) & 0xFF;
    int type = first & 0xFFFF;
    if (type == EventBatchReader.PROTOCOL_V2_MESSAGE_TYPE && version == 0) {
      return;
    }
    finished = true;
    String where = "the batch preamble in " + file;
    if (isProtocolV1(type)) {
      throw new BinaryLogException(DiagnosticReason.UNSUPPORTED_VERSION, offset, BinaryLogException.NO_MESSAGE_TYPE,
          where, "message type " + type + " is rlclientlib's protocol v1, which cannot be joined; set"
          + " \"protocol.version\": 2 in the client's configuration and log again", null);
    }
    throw new BinaryLogException(DiagnosticReason.UNSUPPORTED_VERSION, offset, BinaryLogException.NO_MESSAGE_TYPE,
        where, String.format("preamble %08x is not an rlclientlib protocol v2 batch (version 0, message type 13);"
            + " is this an event file?", first), null);
  }

  /** rlclientlib's protocol v1 message types (2, 8, 9, 12), whose files hold v1 events that cannot be joined. */
  static boolean isProtocolV1(int type) {
    return type == 2 || type == 8 || type == 9 || type == 12;
  }

  /**
   * Whether a stream starts with an rlclientlib batch preamble (reserved byte 0, version 0, the big-endian message type
   * of protocol v1 or v2): what {@link EventBatchReader#isEventFile} tells. Reads 4 bytes of it.
   */
  public static boolean startsWithPreamble(InputStream in) throws IOException {
    byte[] head = new byte[4];
    int n = in.readNBytes(head, 0, 4);
    if (n < 4 || head[0] != 0 || head[1] != 0 || head[2] != 0) {
      return false;
    }
    int type = head[3];
    return isProtocolV1(type) || type == EventBatchReader.PROTOCOL_V2_MESSAGE_TYPE;
  }

  private boolean truncated(BinaryLogException e) {
    finished = true;
    truncation = e;
    eventCount = 0;
    return false;
  }

  /** Why reading stopped before the end of the file: a truncated last batch; null if it did not. */
  public @Nullable BinaryLogException truncation() {
    return truncation;
  }

  /** The offset of the current batch's preamble. */
  public long batchOffset() {
    return batchOffset;
  }

  /** The size of the current batch's body. */
  public int batchSize() {
    return batchSize;
  }

  /** The ordinal of the current batch in the file, from 0. */
  public long batchIndex() {
    return batchIndex;
  }

  /** The events in the current batch. */
  public int eventCount() {
    return eventCount;
  }

  /** The current batch's {@code content_encoding}, empty when absent. */
  public String contentEncoding() {
    BatchMetadata m = batchTable.metadata(batchMeta);
    String s = m == null ? null : m.contentEncoding();
    return s == null ? "" : s;
  }

  /** The current batch's {@code original_event_count}, 0 when absent. */
  public long originalEventCount() {
    BatchMetadata m = batchTable.metadata(batchMeta);
    return m == null ? 0 : m.originalEventCount();
  }

  /**
   * Reads the {@code i}-th event of the current batch into this cursor's fields.
   *
   * @return null if it was read, else what is wrong with it (the event cannot be used)
   */
  public @Nullable String event(int i) {
    batchTable.events(serialized, i);
    ByteBuffer vector = serialized.payloadInByteBuffer(vectors);
    if (vector == null) {
      eventIndex = batchStart;
      eventLength = 0;
      eventOffset = batchOffset + PREAMBLE_SIZE;
      return "event " + i + " of the batch has no payload";
    }
    int start = vector.position();
    eventIndex = start + viewDelta;
    eventLength = vector.remaining();
    eventOffset = batchOffset + PREAMBLE_SIZE + (eventIndex - batchStart);
    String problem = header.read(view, start, eventLength);
    if (problem != null) {
      return problem;
    }
    idStart = header.idStart();
    idLength = header.idLength();
    idHash = hash(view, idStart, idLength);
    return null;
  }

  /** The serialized {@code Event} of the event read last: a new read-only view of the file. */
  public ByteBuffer eventBytes() {
    return batch.slice(eventIndex, eventLength).order(java.nio.ByteOrder.LITTLE_ENDIAN);
  }

  /** The buffer that holds the current batch's events: {@link #eventIndex()} and {@link #eventLength()} are in it. */
  public ByteBuffer batchBuffer() {
    return batch;
  }

  /** The index in {@link #batchBuffer()} of the event read last. */
  public int eventIndex() {
    return eventIndex;
  }

  /** The length of the event read last. */
  public int eventLength() {
    return eventLength;
  }

  /** The file offset of the first byte of the event read last. */
  public long eventOffset() {
    return eventOffset;
  }

  /** The id of the event read last, decoded (a new string: the join compares ids as bytes, see {@link #idHash()}). */
  public String id() {
    byte[] bytes = new byte[idLength];
    view.get(idStart, bytes);
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Copies the UTF-8 id of the event read last into {@code into} (at least {@link #idLength()} long) from the heap copy
   * of the batch, where it is at hand.
   */
  public void copyId(byte[] into) {
    view.get(idStart, into, 0, idLength);
  }

  /**
   * Bytes {@code 8k} to {@code 8k + 7} of the UTF-8 id of the event read last, little-endian, zeros past its end: the
   * join keeps the ids it holds in fields this way (an id compared in the object that holds it is one cache miss
   * less than one in an array of its own).
   */
  public long idWord(int k) {
    int from = idStart + 8 * k;
    int n = Math.min(8, idLength - 8 * k);
    if (n == 8) {
      return view.getLong(from);
    }
    long w = 0;
    for (int b = 0; b < n; b++) {
      w |= (view.get(from + b) & 0xFFL) << (8 * b);
    }
    return w;
  }

  /** The length in bytes of the UTF-8 id of the event read last. */
  public int idLength() {
    return idLength;
  }

  /** A 64-bit hash of the id's bytes of the event read last ({@link #hash}). */
  public long idHash() {
    return idHash;
  }

  /**
   * A 64-bit hash of {@code length} bytes at {@code index} of {@code buffer}: what {@link #idHash()} gives, so that ids
   * can be looked up as bytes, without a string per event. Eight bytes at a time where the buffer is a heap array.
   */
  public static long hash(ByteBuffer buffer, int index, int length) {
    long h = 0x9E3779B97F4A7C15L ^ length;
    int k = 0;
    if (buffer.hasArray()) {
      byte[] a = buffer.array();
      int base = buffer.arrayOffset() + index;
      for (; k + 8 <= length; k += 8) {
        h = (h ^ (long) LONGS.get(a, base + k)) * 0x100000001B3L;
        h ^= h >>> 29;
      }
      for (; k < length; k++) {
        h = (h ^ (a[base + k] & 0xFF)) * 0x100000001B3L;
      }
    } else {
      boolean little = buffer.order() == java.nio.ByteOrder.LITTLE_ENDIAN;
      for (; k + 8 <= length; k += 8) {
        long v = buffer.getLong(index + k);
        h = (h ^ (little ? v : Long.reverseBytes(v))) * 0x100000001B3L;
        h ^= h >>> 29;
      }
      for (; k < length; k++) {
        h = (h ^ (buffer.get(index + k) & 0xFF)) * 0x100000001B3L;
      }
    }
    // murmur3's final mix, so that every bit of the result depends on every byte
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    h *= 0xC4CEB9FE1A85EC53L;
    return h ^ (h >>> 33);
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  /**
   * The client time of the event read last in ticks of 100 ns since the epoch, or {@link #NO_TIME} when it has none
   * (absent, or all of year to second 0, VW's "empty").
   */
  public long ticks() {
    return header.ticks();
  }

  /**
   * The client time of the event read last as stored, its fields but the subsecond as the struct's first 8 bytes,
   * little-endian: year (16 bits), month, day, hour, minute, second (8 bits each), the padding byte 0; 0 when
   * absent.
   */
  public long clientTimeFields() {
    return header.clientTimeFields();
  }

  /** The subsecond of the client time of the event read last as stored (an unsigned 32-bit value); 0 when absent. */
  public int clientTimeSubsecond() {
    return header.clientTimeSubsecond();
  }

  /** The client time of the event read last as stored, or null when absent (a new record). */
  public @Nullable TimeStamp clientTime() {
    return header.clientTime();
  }

  /** The payload type code of the event read last. */
  public int payloadType() {
    return header.payloadType();
  }

  /** The encoding code of the event read last. */
  public int encoding() {
    return header.encoding();
  }

  @Override
  public void close() throws IOException {
    finished = true;
    source.close();
  }
}
