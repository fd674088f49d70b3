package io.github.vwbinlog.core.view;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import org.jspecify.annotations.Nullable;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.core.text.TimeText;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A reusable, allocation-free flyweight over the joined events of one REGULAR payload: {@link #reset} verifies the
 * {@code JoinedPayload}, {@link #select} verifies one event's nested {@code Event} buffer and its payload table (after
 * decompressing a zstd payload into a buffer the cursor reuses), and the accessors then read every field in place.
 * Strings and byte vectors are given as (index, length) in {@link #buffer()} (metadata) or {@link #payloadBuffer()}
 * (payload), never as objects; an absent field has index -1.
 *
 * <p>After the buffers it reuses have grown to the largest event, a cursor allocates nothing: 0 B per message and per
 * event, measured by {@code EventDecodeBenchmark} with {@code -prof gc}. Not thread-safe; the accessors are valid
 * until the next {@code select} or {@code reset}. Close it to give back the zstd context it borrows for compressed
 * payloads. Nothing here decodes UTF-8 or applies the joiner's rules: it is the
 * verified wire data.
 *
 * <pre>{@code
 * EventCursor events = new EventCursor(ReadLimits.defaults());
 * if (events.reset(payload, payload.position(), payload.remaining())) {
 *   for (int i = 0; i < events.size(); i++) {
 *     if (events.select(i) && events.payloadType() == PayloadType.CB) {
 *       long firstAction = events.actionCount() > 0 ? events.action(0) : -1;
 *     }
 *   }
 * }
 * }</pre>
 */
public final class EventCursor implements AutoCloseable {
  private final FlatVerifier verifier;
  private final int maxDecompressed;

  private ByteBuffer buf = ByteBuffer.allocate(0);
  private int vector;
  private int size;

  // The selected event.
  private int joined;
  private int meta;
  private int event;
  private PayloadType type = PayloadType.UNRECOGNIZED;
  private ByteBuffer payload = buf;
  private int root;
  private int slot;

  // zstd: compressed bytes are copied into a direct buffer and decompressed into another, both reused.
  private ByteBuffer zsrc = ByteBuffer.allocateDirect(0);
  private ByteBuffer zdst = ByteBuffer.allocateDirect(0);
  private @Nullable ZstdDecompressCtx zstd;

  /** A cursor that verifies with these limits and decompresses at most {@code maxDecompressedSize} bytes. */
  public EventCursor(ReadLimits limits) {
    this.verifier = new FlatVerifier(limits);
    this.maxDecompressed = limits.maxDecompressedSize();
  }

  /**
   * Moves to a REGULAR payload: {@code length} bytes of {@code buffer} from {@code index} (a little-endian buffer, as
   * the reader gives).
   *
   * @return false if the JoinedPayload fails verification ({@link #size()} is then 0)
   */
  public boolean reset(ByteBuffer buffer, int index, int length) {
    buf = buffer;
    size = 0;
    if (verifier.verify(buffer, index, length, Schema.JOINED_PAYLOAD) != null) {
      return false;
    }
    int r = index + buffer.getInt(index);
    int f = field(buffer, r, 0);
    if (f != 0) {
      vector = f + buffer.getInt(f);
      size = buffer.getInt(vector);
    }
    return true;
  }

  /** The number of joined events. */
  public int size() {
    return size;
  }

  /**
   * Selects joined event {@code i}: verifies its Event buffer and, if it has one, its payload (decompressed first when
   * zstd) as the table its payload type names.
   *
   * @return false if the event or its payload cannot be read (no event, no time stamp, no metadata, verification or
   *     decompression fails); the metadata accessors are valid when {@link #hasMetadata()}
   */
  public boolean select(int i) {
    ByteBuffer b = buf;
    int element = vector + 4 + 4 * i;
    joined = element + b.getInt(element);
    meta = 0;
    root = 0;
    type = PayloadType.UNRECOGNIZED;
    int ef = field(b, joined, 0);
    if (ef == 0 || field(b, joined, 1) == 0) {
      return false;
    }
    int ev = ef + b.getInt(ef);
    int start = ev + 4;
    if (verifier.verify(b, start, b.getInt(ev), Schema.EVENT) != null) {
      return false;
    }
    event = start + b.getInt(start);
    int mf = field(b, event, 0);
    if (mf == 0) {
      return false;
    }
    meta = mf + b.getInt(mf);
    type = PayloadType.of(byteField(b, meta, 3));
    int pf = field(b, event, 1);
    if (pf == 0) {
      return false;
    }
    int pv = pf + b.getInt(pf);
    int pstart = pv + 4;
    int plength = b.getInt(pv);
    ByteBuffer p = b;
    if (byteField(b, meta, 5) == 1) {
      if (!decompress(b, pstart, plength)) {
        return false;
      }
      p = zdst;
      pstart = 0;
      plength = zdst.limit();
    }
    TableType schema = switch (type) {
      case CB -> Schema.CB_EVENT;
      case CCB, SLATES -> Schema.MULTI_SLOT_EVENT;
      case CA -> Schema.CA_EVENT;
      case OUTCOME -> Schema.OUTCOME_EVENT;
      case DEDUP_INFO -> Schema.DEDUP_INFO;
      case MULTI_STEP -> Schema.MULTI_STEP_EVENT;
      case EPISODE -> Schema.EPISODE_EVENT;
      case UNRECOGNIZED -> null;
    };
    if (schema == null || verifier.verify(p, pstart, plength, schema) != null) {
      return false;
    }
    payload = p;
    root = pstart + p.getInt(pstart);
    return true;
  }

  private boolean decompress(ByteBuffer b, int start, int length) {
    if (zsrc.capacity() < length) {
      zsrc = ByteBuffer.allocateDirect(Math.max(length, zsrc.capacity() * 2));
    }
    zsrc.clear();
    zsrc.put(0, b, start, length);
    long declared = ZstdContexts.declaredSize(zsrc, length, maxDecompressed);
    if (declared < 0) {
      return false; // as ZstdPayloads: nothing allocated for a size the frame cannot hold
    }
    int n = (int) declared;
    if (zdst.capacity() < n) {
      zdst = ByteBuffer.allocateDirect(Math.max(n, zdst.capacity() * 2)).order(ByteOrder.LITTLE_ENDIAN);
    }
    zdst.clear();
    long got;
    try {
      ZstdDecompressCtx context = zstd;
      if (context == null) {
        context = ZstdContexts.borrow();
        zstd = context;
      }
      got = context.decompressDirectByteBuffer(zdst, 0, n, zsrc, 0, length);
    } catch (RuntimeException e) {
      return false;
    }
    if (Zstd.isError(got) || got != declared) {
      return false;
    }
    zdst.clear().limit(n);
    return true;
  }

  // --- JoinedEvent and metadata ---------------------------------------------------------------------------------

  /** Gives back the zstd context the cursor borrowed, if any; the cursor can still be used. */
  @Override
  public void close() {
    ZstdDecompressCtx context = zstd;
    if (context != null) {
      zstd = null;
      ZstdContexts.release(context);
    }
  }

  /** Whether the selected event has metadata (else only {@link #enqueuedSecond()} is valid). */
  public boolean hasMetadata() {
    return meta != 0;
  }

  /** The buffer of the payload, the joined event and its metadata. */
  public ByteBuffer buffer() {
    return buf;
  }

  /** The enqueued time stamp's epoch second (SPEC §5), or {@code Long.MIN_VALUE} when it is absent. */
  public long enqueuedSecond() {
    int t = field(buf, joined, 1);
    return t == 0 ? Long.MIN_VALUE : second(buf, t);
  }

  /** The enqueued time stamp's sub-second field. */
  public long enqueuedSubsecond() {
    int t = field(buf, joined, 1);
    return t == 0 ? 0 : buf.getInt(t + 8) & 0xFFFF_FFFFL;
  }

  /** The index of the event id's bytes in {@link #buffer()}, or -1. */
  public int idIndex() {
    return stringIndex(buf, meta, 0);
  }

  /** The length of the event id. */
  public int idLength() {
    return stringLength(buf, meta, 0);
  }

  /** Whether the metadata has a client time stamp (which may be all zero). */
  public boolean hasClientTime() {
    return field(buf, meta, 1) != 0;
  }

  /** The client time stamp's epoch second, or {@code Long.MIN_VALUE} when absent. */
  public long clientSecond() {
    int t = field(buf, meta, 1);
    return t == 0 ? Long.MIN_VALUE : second(buf, t);
  }

  /** The index of the app id's bytes, or -1. */
  public int appIdIndex() {
    return stringIndex(buf, meta, 2);
  }

  /** The length of the app id. */
  public int appIdLength() {
    return stringLength(buf, meta, 2);
  }

  /** The payload type. */
  public PayloadType payloadType() {
    return type;
  }

  /** The pass probability (schema default 0). */
  public float passProbability() {
    return floatField(buf, meta, 4);
  }

  /** Whether the payload was zstd-compressed. */
  public boolean zstd() {
    return byteField(buf, meta, 5) == 1;
  }

  // --- payload tables -------------------------------------------------------------------------------------------

  /** The buffer of the selected event's verified payload (a reused buffer when it was compressed). */
  public ByteBuffer payloadBuffer() {
    return payload;
  }

  /** CB, CCB, slates, CA: whether the decision is deferred. */
  public boolean deferred() {
    return byteField(payload, root, switch (type) {
      case CCB, SLATES -> 3;
      case MULTI_STEP -> 6;
      default -> 0;
    }) != 0;
  }

  /** CB, CCB, slates, CA: the learning mode. */
  public LearningMode learningMode() {
    int code = byteField(payload, root, 5);
    return LearningMode.of(code);
  }

  /** The context bytes' index in {@link #payloadBuffer()}, or -1. */
  public int contextIndex() {
    return vectorIndex(payload, root, contextSlot());
  }

  /** The context's length. */
  public int contextLength() {
    return vectorLength(payload, root, contextSlot());
  }

  private int contextSlot() {
    return switch (type) {
      case CB, CA -> 2;
      case MULTI_STEP -> 3;
      default -> 0;
    };
  }

  /** The model id's index, or -1. */
  public int modelIdIndex() {
    return stringIndex(payload, root, modelSlot());
  }

  /** The model id's length. */
  public int modelIdLength() {
    return stringLength(payload, root, modelSlot());
  }

  private int modelSlot() {
    return switch (type) {
      case CCB, SLATES -> 2;
      case MULTI_STEP -> 5;
      default -> 4;
    };
  }

  /** CB: the number of action ids. */
  public int actionCount() {
    return vectorLength(payload, root, 1);
  }

  /** CB: action id {@code k} (u64). */
  public long action(int k) {
    return payload.getLong(vectorIndex(payload, root, 1) + 8 * k);
  }

  /** CB: the number of probabilities. */
  public int probabilityCount() {
    return vectorLength(payload, root, 3);
  }

  /** CB: probability {@code k}. */
  public float probability(int k) {
    return payload.getFloat(vectorIndex(payload, root, 3) + 4 * k);
  }

  /** CA: the action. */
  public float caAction() {
    return floatField(payload, root, 1);
  }

  /** CA: the pdf value. */
  public float pdfValue() {
    return floatField(payload, root, 3);
  }

  /** CCB, slates: the number of slots. */
  public int slotCount() {
    return vectorLength(payload, root, 1);
  }

  /** CCB, slates: selects slot {@code s} for the slot accessors. */
  public void slot(int s) {
    int at = vectorIndex(payload, root, 1) + 4 * s;
    slot = at + payload.getInt(at);
  }

  /** The selected slot's number of action ids. */
  public int slotActionCount() {
    return vectorLength(payload, slot, 0);
  }

  /** The selected slot's action id {@code k} (u32). */
  public long slotAction(int k) {
    return payload.getInt(vectorIndex(payload, slot, 0) + 4 * k) & 0xFFFF_FFFFL;
  }

  /** The selected slot's number of probabilities. */
  public int slotProbabilityCount() {
    return vectorLength(payload, slot, 1);
  }

  /** The selected slot's probability {@code k}. */
  public float slotProbability(int k) {
    return payload.getFloat(vectorIndex(payload, slot, 1) + 4 * k);
  }

  /** The selected slot's id index, or -1. */
  public int slotIdIndex() {
    return stringIndex(payload, slot, 2);
  }

  /** The selected slot's id length. */
  public int slotIdLength() {
    return stringLength(payload, slot, 2);
  }

  /** CCB, slates: the number of baseline actions. */
  public int baselineCount() {
    return vectorLength(payload, root, 4);
  }

  /** CCB, slates: baseline action {@code k}. */
  public int baseline(int k) {
    return payload.getInt(vectorIndex(payload, root, 4) + 4 * k);
  }

  /** Outcome: the value's union tag (0 none, 1 numeric, 2 literal; others unknown). */
  public int valueTag() {
    return byteField(payload, root, 0) & 0xFF;
  }

  /** Outcome: the numeric value (0 when there is none). */
  public float numericValue() {
    int t = unionTable(1);
    return t == 0 ? 0f : floatField(payload, t, 0);
  }

  /** Outcome: the literal value's index, or -1. */
  public int literalValueIndex() {
    int t = unionTable(1);
    return t == 0 ? -1 : t + 4;
  }

  /** Outcome: the literal value's length. */
  public int literalValueLength() {
    int t = unionTable(1);
    return t == 0 ? 0 : payload.getInt(t);
  }

  /** Outcome: the index's union tag. */
  public int indexTag() {
    return byteField(payload, root, 2) & 0xFF;
  }

  /** Outcome: the numeric index (0 when there is none). */
  public int numericIndex() {
    int t = unionTable(3);
    return t == 0 ? 0 : intField(payload, t, 0);
  }

  /** Outcome: the literal index's index, or -1. */
  public int literalIndexIndex() {
    int t = unionTable(3);
    return t == 0 ? -1 : t + 4;
  }

  /** Outcome: the literal index's length. */
  public int literalIndexLength() {
    int t = unionTable(3);
    return t == 0 ? 0 : payload.getInt(t);
  }

  /** Outcome: whether it is an activation. */
  public boolean actionTaken() {
    return byteField(payload, root, 4) != 0;
  }

  private int unionTable(int slot) {
    int f = field(payload, root, slot);
    return f == 0 ? 0 : f + payload.getInt(f);
  }

  /** DedupInfo: the number of ids. */
  public int dedupIdCount() {
    return vectorLength(payload, root, 0);
  }

  /** DedupInfo: id {@code k}. */
  public long dedupId(int k) {
    return payload.getLong(vectorIndex(payload, root, 0) + 8 * k);
  }

  /** DedupInfo: the number of values. */
  public int dedupValueCount() {
    return vectorLength(payload, root, 1);
  }

  /** DedupInfo: value {@code k}'s index. */
  public int dedupValueIndex(int k) {
    int at = vectorIndex(payload, root, 1) + 4 * k;
    return at + payload.getInt(at) + 4;
  }

  /** DedupInfo: value {@code k}'s length. */
  public int dedupValueLength(int k) {
    int at = vectorIndex(payload, root, 1) + 4 * k;
    return payload.getInt(at + payload.getInt(at));
  }


  // --- flatbuffer reads on verified buffers ------------------------------------------------------------------------

  /** The position of a table field's inline value, or 0 when the field is absent. */
  static int field(ByteBuffer b, int table, int slot) {
    if (table == 0) {
      return 0;
    }
    int vtable = table - b.getInt(table);
    int entry = 4 + 2 * slot;
    if (entry >= (b.getShort(vtable) & 0xFFFF)) {
      return 0;
    }
    int offset = b.getShort(vtable + entry) & 0xFFFF;
    return offset == 0 ? 0 : table + offset;
  }

  private static byte byteField(ByteBuffer b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b.get(f);
  }

  private static float floatField(ByteBuffer b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0f : b.getFloat(f);
  }

  private static int intField(ByteBuffer b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b.getInt(f);
  }

  private static int vectorIndex(ByteBuffer b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? -1 : f + b.getInt(f) + 4;
  }

  private static int vectorLength(ByteBuffer b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b.getInt(f + b.getInt(f));
  }

  private static int stringIndex(ByteBuffer b, int table, int slot) {
    return vectorIndex(b, table, slot);
  }

  private static int stringLength(ByteBuffer b, int table, int slot) {
    return vectorLength(b, table, slot);
  }

  private static long second(ByteBuffer b, int at) {
    return TimeText.epochSecond(b.getShort(at), b.get(at + 2) & 0xFF, b.get(at + 3) & 0xFF, b.get(at + 4) & 0xFF,
        b.get(at + 5) & 0xFF, b.get(at + 6) & 0xFF);
  }
}
