package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.i16;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.join.FlatReads.ascii;
import static io.github.vwbinlog.core.join.FlatReads.byteField;
import static io.github.vwbinlog.core.join.FlatReads.element;
import static io.github.vwbinlog.core.join.FlatReads.field;
import static io.github.vwbinlog.core.join.FlatReads.floatField;
import static io.github.vwbinlog.core.join.FlatReads.intField;
import static io.github.vwbinlog.core.join.FlatReads.sameBytes;
import static io.github.vwbinlog.core.join.FlatReads.textKind;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.LittleEndian;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.schema.Slots;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Step 1 of the conversion fast path ({@link FastSingleJoiner}): the scan of one REGULAR message. It verifies every
 * nested buffer with one reused verifier, records each event's fields in reused primitive arrays indexed by the
 * event's position in the payload, and groups the events by id, hashing the id bytes in place. {@link GroupLineWriter}
 * reads the arrays to write the lines; the commit reads {@link #dedups}, {@link #interactions} and the ids.
 *
 * <p>The payload is first copied into a reused heap array, and zstd payloads are decompressed into a reused arena, so
 * that every read is a {@link LittleEndian} read from a byte array. An event that the record path would report
 * anything about fails the scan, and the message is left to the record path.
 *
 * <p>Not thread-safe: one per {@link FastSingleJoiner}.
 */
final class MessageScan {
  /** No event: the end of a group's chain in {@link #next}, an empty slot of the id table. */
  static final int NONE = -1;
  static final PayloadType[] TYPES = PayloadType.values();
  /** What an outcome's index is ({@link #indexKind}), as the flatbuffer union tags it. */
  static final byte KIND_NONE = 0;
  static final byte KIND_NUMERIC = 1;
  static final byte KIND_LITERAL = 2;

  /** What {@link #scanEvent} returns for an event that leaves the message to the record path. */
  private static final int SCAN_FAILED = -1;

  private final ReadLimits limits;
  private final ZstdContexts zstd;
  private final FlatVerifier verifier;
  private final EventDecoder decoder;

  // The configuration in force.
  private CheckpointInfo effective;
  private final boolean[] problemMatches = new boolean[TYPES.length];

  // Per event of the message, indexed by the event's position in the payload.
  private int capacity;
  byte[] type = new byte[0];
  /** Where the event's payload is: {@link #message}, or the arena for a zstd payload. */
  byte[][] bufs = new byte[0][];
  int[] idPos = new int[0];
  int[] idLen = new int[0];
  /** The id needs no JSON escape. */
  boolean[] idPlain = new boolean[0];
  /** The payload's root table in {@link #bufs}. */
  int[] table = new int[0];
  long[] second = new long[0];
  boolean[] hasClientTime = new boolean[0];
  float[] pass = new float[0];
  /** The next event of the same id, or {@link #NONE}. */
  int[] next = new int[0];
  private int[] hash = new int[0];
  // Outcomes.
  boolean[] taken = new boolean[0];
  float[] value = new float[0];
  byte[] indexKind = new byte[0];
  int[] numericIndex = new int[0];
  int[] literalPos = new int[0];
  int[] literalLen = new int[0];
  // Interactions.
  boolean[] deferred = new boolean[0];
  boolean[] apprentice = new boolean[0];

  // Groups, in first-seen order, and an open-addressing table of group numbers by id.
  int groupCount;
  /** The first event of each group. */
  int[] groupHead = new int[16];
  private int[] groupTail = new int[16];
  private int[] slots = new int[32];
  private int slotMask;

  /** The message's DedupInfo events, checked, to apply at the commit. */
  final List<DedupInfo> dedups = new ArrayList<>();
  /** How many interactions the message has. */
  int interactions;

  /** The payload of the message being converted: where the ids are (a zstd event's payload is in the arena). */
  byte[] message = new byte[0];
  // The same bytes as a buffer, for the verifier and the record decoder.
  private ByteBuffer messageBuffer = ByteBuffer.allocate(0);

  // zstd payloads of the message, decompressed one after the other into a reused array (8-aligned), and the same
  // bytes as a buffer for the verifier.
  private static final byte[] ARENA = new byte[0];
  private byte[] arena = new byte[0];
  private ByteBuffer arenaBuffer = ByteBuffer.wrap(arena).order(ByteOrder.LITTLE_ENDIAN);
  private int arenaUsed;
  private boolean anyZstd;
  private @Nullable ZstdDecompressCtx zstdContext;

  MessageScan(ReadLimits limits, ZstdContexts zstd) {
    this.limits = limits;
    this.zstd = zstd;
    this.verifier = new FlatVerifier(limits);
    this.decoder = new EventDecoder(limits);
  }

  /** Takes the settings in force. */
  void configure(CheckpointInfo now) {
    effective = now;
    for (PayloadType t : TYPES) {
      problemMatches[t.ordinal()] = now.problemType().matches(t);
    }
  }

  /** Gives back the zstd context, if one was borrowed. The scan can go on; it borrows again when it needs to. */
  void close() {
    ZstdDecompressCtx context = zstdContext;
    if (context != null) {
      zstdContext = null;
      zstd.release(context);
    }
  }

  /** Scans a REGULAR message's payload; false when the record path must convert it. */
  boolean scan(ByteBuffer payload) {
    int length = local(payload);
    dedups.clear();
    byte[] b = message;
    arenaUsed = 0;
    anyZstd = false;
    int start = 0;
    if (verifier.verify(messageBuffer, start, length, Schema.JOINED_PAYLOAD) != null) {
      return false;
    }
    int root = start + i32(b, start);
    int events = field(b, root, Slots.JoinedPayload.EVENTS);
    int n = 0;
    int vector = 0;
    if (events != 0) {
      vector = events + i32(b, events);
      n = i32(b, vector);
    }
    if (n > limits.maxEventsPerPayload()) {
      return false;
    }
    ensureEvents(n);
    resetGroups(n);
    int interactionCount = 0;
    for (int i = 0; i < n; i++) {
      int kind = scanEvent(b, vector, i);
      if (kind == SCAN_FAILED) {
        return false;
      }
      interactionCount += kind;
    }
    interactions = interactionCount;
    if (anyZstd) {
      for (int i = 0; i < n; i++) {
        if (bufs[i] == ARENA) {
          bufs[i] = arena;
        }
      }
    }
    return true;
  }

  /**
   * Copies the payload into the reused {@link #message} array (and its {@link #messageBuffer}) and returns its length:
   * reads from a heap array ({@link LittleEndian}) are cheaper than from a mapped (direct, read-only) buffer, and the
   * copy is one bulk copy per message.
   */
  private int local(ByteBuffer payload) {
    int n = payload.remaining();
    if (message.length < n) {
      message = new byte[Math.max(n, message.length * 2)];
      messageBuffer = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
    }
    payload.get(payload.position(), message, 0, n);
    messageBuffer.clear().limit(n);
    return n;
  }

  /**
   * Verifies and records joined event {@code i} of the vector. A method of its own, rather than the body of
   * {@link #scan}'s loop: called once per event it is compiled early and once, where the loop of a method called once
   * per message would be compiled on the stack (OSR) and then again.
   *
   * @return 1 for an interaction, 0 for an outcome or a DedupInfo, {@link #SCAN_FAILED} to leave the message
   */
  private int scanEvent(byte[] b, int vector, int i) {
    int element = vector + 4 + 4 * i;
    int joined = element + i32(b, element);
    int eventField = field(b, joined, Slots.JoinedEvent.EVENT);
    int timeField = field(b, joined, Slots.JoinedEvent.TIMESTAMP);
    if (eventField == 0 || timeField == 0) {
      return SCAN_FAILED;
    }
    int eventVector = eventField + i32(b, eventField);
    int eventStart = eventVector + 4;
    int eventLength = i32(b, eventVector);
    if (verifier.verify(messageBuffer, eventStart, eventLength, Schema.EVENT) != null) {
      return SCAN_FAILED;
    }
    int event = eventStart + i32(b, eventStart);
    int metaField = field(b, event, Slots.Event.META);
    if (metaField == 0) {
      return SCAN_FAILED;
    }
    int meta = metaField + i32(b, metaField);
    int idField = field(b, meta, Slots.Metadata.ID);
    if (idField == 0) {
      return SCAN_FAILED;
    }
    int id = idField + i32(b, idField);
    int idLength = i32(b, id);
    int kind = textKind(b, id + 4, idLength);
    if (kind == FlatReads.NOT_ASCII) {
      return SCAN_FAILED;
    }
    idPlain[i] = kind == FlatReads.PLAIN;
    int appField = field(b, meta, Slots.Metadata.APP_ID);
    if (appField != 0) {
      int app = appField + i32(b, appField);
      if (!ascii(b, app + 4, i32(b, app))) {
        return SCAN_FAILED;
      }
    }
    int clientField = field(b, meta, Slots.Metadata.CLIENT_TIME_UTC);
    PayloadType t = PayloadType.of(byteField(b, meta, Slots.Metadata.PAYLOAD_TYPE));
    float passProbability = floatField(b, meta, Slots.Metadata.PASS_PROBABILITY);
    boolean zstd = byteField(b, meta, Slots.Metadata.ENCODING) == 1;
    boolean useClient = effective.useClientTime();
    boolean client = clientField != 0 && !emptyTime(b, clientField);
    hasClientTime[i] = client;
    second[i] = useClient && client ? epochSecond(b, clientField) : epochSecond(b, timeField);
    idPos[i] = id + 4;
    idLen[i] = idLength;
    pass[i] = passProbability;
    type[i] = (byte) t.ordinal();
    bufs[i] = b;
    switch (t) {
      case DEDUP_INFO:
        if (!dedup(eventStart, eventLength)) {
          return SCAN_FAILED;
        }
        return 0;
      case OUTCOME:
      case CB:
      case CCB:
      case SLATES:
      case CA:
        break;
      default:
        return SCAN_FAILED; // episode, multistep, unrecognized: the record path reports them
    }
    if (t != PayloadType.OUTCOME) {
      if (!problemMatches[t.ordinal()]) {
        return SCAN_FAILED;
      }
    }
    int payloadField = field(b, event, Slots.Event.PAYLOAD);
    if (payloadField == 0) {
      return SCAN_FAILED;
    }
    int payloadVector = payloadField + i32(b, payloadField);
    byte[] p = b;
    int payloadStart = payloadVector + 4;
    int payloadLength = i32(b, payloadVector);
    if (zstd) {
      payloadStart = decompress(b, payloadStart, payloadLength);
      if (payloadStart < 0) {
        return SCAN_FAILED;
      }
      p = arena;
      payloadLength = arenaUsed - payloadStart;
      bufs[i] = ARENA;
      anyZstd = true;
    }
    if (!payload(i, t, p, payloadStart, payloadLength)) {
      return SCAN_FAILED;
    }
    if (!addToGroup(b, i)) {
      return SCAN_FAILED;
    }
    return t == PayloadType.OUTCOME ? 0 : 1;
  }

  /**
   * Decompresses a zstd payload into the arena, as {@code EventDecoder.decompress} would (one frame that declares its
   * size, within the limit and what its bytes can hold, decompressing to exactly that size); any failure leaves the
   * message to the record path.
   *
   * @return the payload's index in the arena, or -1
   */
  private int decompress(byte[] b, int start, int length) {
    // The record path's checks before it allocates (robust: an empty payload, a size above the limit or more than
    // the bytes can hold): a few bytes claiming 200 MiB must not grow the arena.
    long declared = ZstdContexts.declaredSize(b, start, length, limits.maxDecompressedSize());
    if (declared < 0) {
      return -1;
    }
    int at = (arenaUsed + 7) & ~7;
    long end = at + declared;
    if (end > Integer.MAX_VALUE - 8) {
      return -1;
    }
    if (end > arena.length) {
      // The message's zstd events point to ARENA until the scan ends.
      arena = Arrays.copyOf(arena, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(Math.max(end, 1 << 16),
          2L * arena.length)));
      arenaBuffer = ByteBuffer.wrap(arena).order(ByteOrder.LITTLE_ENDIAN);
    }
    ZstdDecompressCtx context = zstdContext;
    if (context == null) {
      context = zstd.borrow();
      zstdContext = context;
    }
    int n;
    try {
      n = context.decompressByteArray(arena, at, (int) declared, b, start, length);
    } catch (RuntimeException e) {
      return -1;
    }
    if (n != declared) {
      return -1;
    }
    arenaUsed = (int) end;
    return at;
  }

  /** The buffer over {@code bytes}, the message or the arena, for the verifier. */
  private ByteBuffer buffer(byte[] bytes) {
    return bytes == message ? messageBuffer : arenaBuffer;
  }

  /** Verifies and reads the payload of event {@code i}; false if the record path would fail to decode it. */
  private boolean payload(int i, PayloadType t, byte[] p, int start, int length) {
    TableType schema = switch (t) {
      case CB -> Schema.CB_EVENT;
      case CCB, SLATES -> Schema.MULTI_SLOT_EVENT;
      case CA -> Schema.CA_EVENT;
      default -> Schema.OUTCOME_EVENT;
    };
    if (verifier.verify(buffer(p), start, length, schema) != null) {
      return false;
    }
    int root = start + i32(p, start);
    table[i] = root;
    switch (t) {
      case CB: {
        if (field(p, root, Slots.CbEvent.CONTEXT) == 0 || field(p, root, Slots.CbEvent.ACTION_IDS) == 0
            || field(p, root, Slots.CbEvent.PROBABILITIES) == 0) {
          return false;
        }
        deferred[i] = byteField(p, root, Slots.CbEvent.DEFERRED_ACTION) != 0;
        return learningMode(p, root, Slots.CbEvent.LEARNING_MODE, i)
            && modelIdAscii(p, root, Slots.CbEvent.MODEL_ID);
      }
      case CCB:
      case SLATES: {
        int slotsField = field(p, root, Slots.MultiSlotEvent.SLOTS);
        if (field(p, root, Slots.MultiSlotEvent.CONTEXT) == 0 || slotsField == 0) {
          return false;
        }
        int vector = slotsField + i32(p, slotsField);
        int count = i32(p, vector);
        for (int s = 0; s < count; s++) {
          int slot = element(p, vector, s);
          int slotId = field(p, slot, Slots.SlotEvent.ID);
          if (slotId != 0) {
            int at = slotId + i32(p, slotId);
            if (!ascii(p, at + 4, i32(p, at))) {
              return false;
            }
          }
        }
        deferred[i] = byteField(p, root, Slots.MultiSlotEvent.DEFERRED_ACTION) != 0;
        return learningMode(p, root, Slots.MultiSlotEvent.LEARNING_MODE, i)
            && modelIdAscii(p, root, Slots.MultiSlotEvent.MODEL_ID);
      }
      case CA: {
        if (field(p, root, Slots.CaEvent.CONTEXT) == 0) {
          return false;
        }
        deferred[i] = byteField(p, root, Slots.CaEvent.DEFERRED_ACTION) != 0;
        return learningMode(p, root, Slots.CaEvent.LEARNING_MODE, i)
            && modelIdAscii(p, root, Slots.CaEvent.MODEL_ID);
      }
      default:
        return outcome(i, p, root);
    }
  }

  /** The learning mode must be the configured one (else the record path rejects the interaction). */
  private boolean learningMode(byte[] p, int root, int slot, int i) {
    int code = byteField(p, root, slot);
    LearningMode mode = LearningMode.of(code);
    apprentice[i] = mode == LearningMode.APPRENTICE;
    return mode == effective.learningMode();
  }

  private boolean modelIdAscii(byte[] p, int root, int slot) {
    int f = field(p, root, slot);
    if (f == 0) {
      return true;
    }
    int at = f + i32(p, f);
    return ascii(p, at + 4, i32(p, at));
  }

  private boolean outcome(int i, byte[] p, int root) {
    byte valueTag = byteField(p, root, Slots.OutcomeEvent.VALUE_TYPE);
    float v = 0f;
    if (valueTag == KIND_NUMERIC) {
      int f = field(p, root, Slots.OutcomeEvent.VALUE);
      if (f == 0) {
        return false;
      }
      v = floatField(p, f + i32(p, f), Slots.NumericOutcome.VALUE);
    } else if (valueTag == KIND_LITERAL) {
      int f = field(p, root, Slots.OutcomeEvent.VALUE);
      if (f == 0) {
        return false;
      }
      int at = f + i32(p, f);
      if (!ascii(p, at + 4, i32(p, at))) {
        return false;
      }
    }
    byte indexTag = byteField(p, root, Slots.OutcomeEvent.INDEX_TYPE);
    byte kind = indexTag == KIND_NUMERIC ? KIND_NUMERIC : indexTag == KIND_LITERAL ? KIND_LITERAL : KIND_NONE;
    int index = 0;
    literalPos[i] = 0;
    literalLen[i] = 0;
    if (kind == KIND_NUMERIC) {
      int f = field(p, root, Slots.OutcomeEvent.INDEX);
      if (f == 0) {
        return false;
      }
      index = intField(p, f + i32(p, f), Slots.NumericIndex.INDEX);
    } else if (kind == KIND_LITERAL) {
      int f = field(p, root, Slots.OutcomeEvent.INDEX);
      if (f == 0) {
        return false;
      }
      int at = f + i32(p, f);
      literalPos[i] = at + 4;
      literalLen[i] = i32(p, at);
      if (!ascii(p, at + 4, literalLen[i])) {
        return false;
      }
    }
    value[i] = v;
    indexKind[i] = kind;
    numericIndex[i] = index;
    taken[i] = byteField(p, root, Slots.OutcomeEvent.ACTION_TAKEN) != 0;
    return true;
  }

  /**
   * Decodes a DedupInfo event with the record decoder and checks that applying it cannot fail whatever the cache
   * holds: equal counts and every value a JSON object. It is applied at the commit.
   */
  private boolean dedup(int eventStart, int eventLength) {
    DedupInfo info;
    try {
      ByteBuffer eventBytes = messageBuffer.slice(eventStart, eventLength).order(ByteOrder.LITTLE_ENDIAN);
      info = (DedupInfo) decoder.payload(decoder.envelope(eventBytes), DiagnosticReason.MALFORMED_DEDUP);
    } catch (DecodeException | RuntimeException e) {
      return false;
    }
    if (info.ids().size() != info.values().size()) {
      return false;
    }
    for (String v : info.values()) {
      byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
      if (!JsonSyntax.isObject(bytes, 0, bytes.length)) {
        return false;
      }
    }
    dedups.add(info);
    return true;
  }

  private void resetGroups(int n) {
    int size = Integer.highestOneBit(Math.max(16, n) * 2) * 2;
    if (slots.length < size) {
      slots = new int[size];
    }
    Arrays.fill(slots, 0, size, NONE);
    slotMask = size - 1;
    groupCount = 0;
    if (groupHead.length < n) {
      groupHead = new int[n];
      groupTail = new int[n];
    }
  }

  /** Adds event {@code i} to the group of its id, creating the group if the id is new. */
  private boolean addToGroup(byte[] b, int i) {
    int pos = idPos[i];
    int len = idLen[i];
    int h = 1;
    for (int k = 0; k < len; k++) {
      h = 31 * h + b[pos + k];
    }
    h ^= h >>> 16;
    hash[i] = h;
    next[i] = NONE;
    int s = h & slotMask;
    while (true) {
      int g = slots[s];
      if (g == NONE) {
        slots[s] = groupCount;
        groupHead[groupCount] = i;
        groupTail[groupCount] = i;
        groupCount++;
        return true;
      }
      int first = groupHead[g];
      if (hash[first] == h && sameId(b, first, i)) {
        next[groupTail[g]] = i;
        groupTail[g] = i;
        return true;
      }
      s = (s + 1) & slotMask;
    }
  }

  private boolean sameId(byte[] b, int x, int y) {
    int len = idLen[x];
    if (len != idLen[y]) {
      return false;
    }
    int px = idPos[x];
    int py = idPos[y];
    return sameBytes(b, px, b, py, len);
  }

  /** Event {@code i}'s id as a string, for the metrics. */
  String idString(int i) {
    byte[] bytes = new byte[idLen[i]];
    System.arraycopy(message, idPos[i], bytes, 0, bytes.length);
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }


  private static boolean emptyTime(byte[] b, int at) {
    return i16(b, at) == 0 && b[at + 2] == 0 && b[at + 3] == 0 && b[at + 4] == 0
        && b[at + 5] == 0 && b[at + 6] == 0;
  }

  /** {@code TimeStamp.epochSecond()} of a flatbuffer time stamp struct: the year is signed, as VW reads it. */
  private static long epochSecond(byte[] b, int at) {
    return TimeStamp.epochSecond(i16(b, at), b[at + 2] & 0xFF, b[at + 3] & 0xFF, b[at + 4] & 0xFF,
        b[at + 5] & 0xFF, b[at + 6] & 0xFF);
  }

  private void ensureEvents(int n) {
    if (n <= capacity) {
      return;
    }
    int c = Math.max(n, capacity * 2);
    capacity = c;
    type = new byte[c];
    bufs = new byte[c][];
    idPos = new int[c];
    idLen = new int[c];
    idPlain = new boolean[c];
    table = new int[c];
    second = new long[c];
    hasClientTime = new boolean[c];
    pass = new float[c];
    next = new int[c];
    hash = new int[c];
    taken = new boolean[c];
    value = new float[c];
    indexKind = new byte[c];
    numericIndex = new int[c];
    literalPos = new int[c];
    literalLen = new int[c];
    deferred = new boolean[c];
    apprentice = new boolean[c];
  }
}
