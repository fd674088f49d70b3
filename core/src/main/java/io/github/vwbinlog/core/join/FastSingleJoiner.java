package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i16;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;
import static io.github.vwbinlog.core.output.DsjsonFragments.A_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.BASELINE_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.C;
import static io.github.vwbinlog.core.output.DsjsonFragments.CA_ACTION;
import static io.github.vwbinlog.core.output.DsjsonFragments.CA_COST;
import static io.github.vwbinlog.core.output.DsjsonFragments.CA_PDF_VALUE;
import static io.github.vwbinlog.core.output.DsjsonFragments.CB_LABEL_ACTION;
import static io.github.vwbinlog.core.output.DsjsonFragments.CB_LABEL_COST;
import static io.github.vwbinlog.core.output.DsjsonFragments.CB_LABEL_INDEX;
import static io.github.vwbinlog.core.output.DsjsonFragments.CB_LABEL_PROBABILITY;
import static io.github.vwbinlog.core.output.DsjsonFragments.EVENT_ID;
import static io.github.vwbinlog.core.output.DsjsonFragments.FIRST_TIMESTAMP;
import static io.github.vwbinlog.core.output.DsjsonFragments.LABEL_COST;
import static io.github.vwbinlog.core.output.DsjsonFragments.LINE_END;
import static io.github.vwbinlog.core.output.DsjsonFragments.OUTCOME_ACTION_TAKEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.OUTCOME_EVENT_ID_FIRST;
import static io.github.vwbinlog.core.output.DsjsonFragments.OUTCOME_INDEX;
import static io.github.vwbinlog.core.output.DsjsonFragments.OUTCOME_V;
import static io.github.vwbinlog.core.output.DsjsonFragments.O_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.ORIGINAL_LABEL_COST;
import static io.github.vwbinlog.core.output.DsjsonFragments.PDROP;
import static io.github.vwbinlog.core.output.DsjsonFragments.P_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SKIP_LEARN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLATES_SLOT_A_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOTS_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOT_A_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOT_ID;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOT_LABEL_COST;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOT_O_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.SLOT_P_OPEN;
import static io.github.vwbinlog.core.output.DsjsonFragments.TIMESTAMP;
import static io.github.vwbinlog.core.output.DsjsonFragments.VERSION;
import static io.github.vwbinlog.core.output.DsjsonFragments.VW_STATE;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.LittleEndian;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.core.output.JsonBytes;
import io.github.vwbinlog.core.output.TimeText;
import io.github.vwbinlog.event.DedupInfo;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The conversion fast path of the single joiner: joins one REGULAR message and writes its DSJSON lines straight from
 * the input buffer into the output buffer, with no event records, no strings and no boxed numbers. Contexts and ids
 * are copied byte for byte from the (mapped) payload; numbers are formatted into the output by the same Grisu2 code.
 *
 * <p><b>Clean messages only.</b> It handles the messages for which the record path ({@link SingleJoiner},
 * {@link GroupJoin}, {@link io.github.vwbinlog.core.output.DsjsonWriter}) would report nothing at all: every buffer
 * verifies, every string the record path decodes is ASCII, each id's events are one accepted interaction followed by
 * its outcomes, and every line is valid. For anything else (a diagnostic of any kind, a non-ASCII id, a DedupInfo
 * value that is not a JSON object, an episode, multistep or unknown event) {@link #regular} changes nothing and
 * returns false, and the caller hands the message to the record path, which decides and reports. So the semantics of
 * every unusual case have one source, the record path, and the clean case shares its arithmetic: rewards through
 * {@link OutcomeRewards} and {@link RewardFunctions}, apprentice rewards through {@link CcbRewards}, metrics through
 * {@link MetricsCollector}, and the line fragments through {@code DsjsonFragments}. Tests compare both paths on
 * random logs of every payload type.
 *
 * <p>A message is converted in three steps: a scan that verifies every nested buffer and records each event's
 * fields in reused primitive arrays and groups events by id (hashing the id bytes in place); the joins and lines,
 * written into the output buffer; and, only when nothing failed, the commit: DedupInfo events are applied to the
 * cache and the counters and metrics updated. When a step fails the output is truncated back, so nothing is changed.
 *
 * <p>Not thread-safe: one per joiner.
 */
final class FastSingleJoiner {
  private static final long U32 = 0xFFFF_FFFFL;
  private static final int NONE = -1;

  private static final PayloadType[] TYPES = PayloadType.values();
  private static final LearningMode[] MODES = LearningMode.values();
  private static final byte KIND_NONE = 0;
  private static final byte KIND_NUMERIC = 1;
  private static final byte KIND_LITERAL = 2;

  private final StickyConfig config;
  private final JoinCounters counters;
  private final ReadLimits limits;
  private final SingleJoiner single;
  private final FlatVerifier verifier;
  private final EventDecoder decoder;

  // The configuration in force, refreshed when the sticky configuration object changes.
  private CheckpointInfo effective;
  private final boolean[] problemMatches = new boolean[PayloadType.values().length];
  private OutcomeRewards rewards;

  // Per event of the message, indexed by the event's position in the payload.
  private int capacity;
  private byte[] type = new byte[0];
  private byte[][] bufs = new byte[0][];
  private int[] idPos = new int[0];
  private int[] idLen = new int[0];
  private boolean[] idPlain = new boolean[0];
  private int[] table = new int[0];
  private long[] second = new long[0];
  private boolean[] hasClientTime = new boolean[0];
  private float[] pass = new float[0];
  private int[] next = new int[0];
  private int[] hash = new int[0];
  // Outcomes.
  private boolean[] taken = new boolean[0];
  private float[] value = new float[0];
  private byte[] indexKind = new byte[0];
  private int[] numericIndex = new int[0];
  private int[] literalPos = new int[0];
  private int[] literalLen = new int[0];
  // Interactions.
  private boolean[] deferred = new boolean[0];
  private boolean[] apprentice = new boolean[0];

  // Groups, in first-seen order, and an open-addressing table of group numbers by id.
  private int groupCount;
  private int[] groupHead = new int[16];
  private int[] groupTail = new int[16];
  private int[] slots = new int[32];

  // Emitted lines of the message, for the commit.
  private int emittedCount;
  private int[] emittedEvent = new int[16];
  private boolean[] emittedLearnable = new boolean[16];
  private float[] emittedSumOriginal = new float[16];
  private float[] emittedFirstOriginal = new float[16];
  private int[] emittedComparison = new int[16];
  private boolean[] emittedFirstActionIsOne = new boolean[16];
  private final List<DedupInfo> dedups = new ArrayList<>();

  // Per line: the rewards of each slot, and each outcome's slot.
  private float[] slotFinal = new float[8];
  private float[] slotOriginal = new float[8];
  private int[] outcomeSlot = new int[16];
  private int[] groupEvents = new int[16];

  // The payload of the message being converted: where the ids are (a zstd event's payload is in bufs[i]).
  private byte[] message = new byte[0];
  // The same bytes as a buffer, for the verifier and the record decoder.
  private ByteBuffer messageBuffer = ByteBuffer.allocate(0);

  // The formatted time of the previous line.
  private boolean timeCached;
  private long cachedSecond;
  private final byte[] cachedTime = new byte[29];
  private int cachedTimeLength;

  FastSingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, SingleJoiner single) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.single = single;
    this.verifier = new FlatVerifier(limits);
    this.decoder = new EventDecoder(limits);
  }

  /**
   * Joins one REGULAR message and appends its lines to {@code out}.
   *
   * @return true when the message was converted and counted; false when nothing was changed ({@code out} included)
   *     and the record path must convert it
   */
  boolean regular(long offset, ByteBuffer payload, JsonBytes out) {
    if (!config.ready()) {
      return false;
    }
    refreshConfig();
    int length = local(payload);
    int mark = out.length();
    dedups.clear();
    emittedCount = 0;
    if (!scan(length)) {
      return false;
    }
    for (int g = 0; g < groupCount; g++) {
      if (!group(groupHead[g], out)) {
        out.truncate(mark);
        return false;
      }
    }
    commit();
    converted++;
    return true;
  }

  private long converted;

  /** Gives back the zstd context, if one was borrowed. The joiner can go on; it borrows again when it needs to. */
  void close() {
    ZstdDecompressCtx context = zstdContext;
    if (context != null) {
      zstdContext = null;
      ZstdContexts.release(context);
    }
  }

  /** How many messages this fast path converted. */
  long converted() {
    return converted;
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

  private int configVersion = -1;

  /** Takes the settings in force when a checkpoint changed them. */
  private void refreshConfig() {
    if (config.version() == configVersion && effective != null) {
      return;
    }
    configVersion = config.version();
    CheckpointInfo now = config.effective();
    effective = now;
    for (PayloadType t : TYPES) {
      problemMatches[t.ordinal()] = now.problemType().matches(t);
    }
    rewards = new OutcomeRewards(now, 16);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Step 1: scan, verify, record, group.

  private boolean scan(int length) {
    byte[] b = message;
    arenaUsed = 0;
    anyZstd = false;
    int start = 0;
    if (verifier.verify(messageBuffer, start, length, Schema.JOINED_PAYLOAD) != null) {
      return false;
    }
    int root = start + i32(b, start);
    int events = field(b, root, 0);
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
    int interactions = 0;
    for (int i = 0; i < n; i++) {
      int kind = scanEvent(b, vector, i);
      if (kind == SCAN_FAILED) {
        return false;
      }
      interactions += kind;
    }
    pendingInteractions = interactions;
    if (anyZstd) {
      for (int i = 0; i < n; i++) {
        if (bufs[i] == ARENA) {
          bufs[i] = arena;
        }
      }
    }
    return true;
  }

  /** What {@link #scanEvent} returns for an event that leaves the message to the record path. */
  private static final int SCAN_FAILED = -1;

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
    int eventField = field(b, joined, 0);
    int timeField = field(b, joined, 1);
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
    int metaField = field(b, event, 0);
    if (metaField == 0) {
      return SCAN_FAILED;
    }
    int meta = metaField + i32(b, metaField);
    int idField = field(b, meta, 0);
    if (idField == 0) {
      return SCAN_FAILED;
    }
    int id = idField + i32(b, idField);
    int idLength = i32(b, id);
    int kind = textKind(b, id + 4, idLength);
    if (kind == NOT_ASCII) {
      return SCAN_FAILED;
    }
    idPlain[i] = kind == PLAIN;
    int appField = field(b, meta, 2);
    if (appField != 0) {
      int app = appField + i32(b, appField);
      if (!ascii(b, app + 4, i32(b, app))) {
        return SCAN_FAILED;
      }
    }
    int clientField = field(b, meta, 1);
    PayloadType t = payloadType(byteField(b, meta, 3));
    float passProbability = floatField(b, meta, 4);
    boolean zstd = byteField(b, meta, 5) == 1;
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
        if (!dedup(b, eventStart, eventLength)) {
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
    int payloadField = field(b, event, 1);
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

  private int pendingInteractions;

  // zstd payloads of the message, decompressed one after the other into a reused array (8-aligned), and the same
  // bytes as a buffer for the verifier.
  private static final byte[] ARENA = new byte[0];
  private byte[] arena = new byte[0];
  private ByteBuffer arenaBuffer = ByteBuffer.wrap(arena).order(ByteOrder.LITTLE_ENDIAN);
  private int arenaUsed;
  private boolean anyZstd;
  private @Nullable ZstdDecompressCtx zstdContext;

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
      context = ZstdContexts.borrow();
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
        if (field(p, root, 2) == 0 || field(p, root, 1) == 0 || field(p, root, 3) == 0) {
          return false;
        }
        deferred[i] = byteField(p, root, 0) != 0;
        return learningMode(p, root, 5, i) && modelIdAscii(p, root, 4);
      }
      case CCB:
      case SLATES: {
        int slotsField = field(p, root, 1);
        if (field(p, root, 0) == 0 || slotsField == 0) {
          return false;
        }
        int vector = slotsField + i32(p, slotsField);
        int count = i32(p, vector);
        for (int s = 0; s < count; s++) {
          int slot = element(p, vector, s);
          int slotId = field(p, slot, 2);
          if (slotId != 0) {
            int at = slotId + i32(p, slotId);
            if (!ascii(p, at + 4, i32(p, at))) {
              return false;
            }
          }
        }
        deferred[i] = byteField(p, root, 3) != 0;
        return learningMode(p, root, 5, i) && modelIdAscii(p, root, 2);
      }
      case CA: {
        if (field(p, root, 2) == 0) {
          return false;
        }
        deferred[i] = byteField(p, root, 0) != 0;
        return learningMode(p, root, 5, i) && modelIdAscii(p, root, 4);
      }
      default:
        return outcome(i, p, root);
    }
  }

  /** The learning mode must be the configured one (else the record path rejects the interaction). */
  private boolean learningMode(byte[] p, int root, int slot, int i) {
    int code = byteField(p, root, slot);
    LearningMode mode = code >= 0 && code < MODES.length - 1 ? MODES[code] : LearningMode.UNRECOGNIZED;
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
    byte valueTag = byteField(p, root, 0);
    float v = 0f;
    if (valueTag == KIND_NUMERIC) {
      int f = field(p, root, 1);
      if (f == 0) {
        return false;
      }
      v = floatField(p, f + i32(p, f), 0);
    } else if (valueTag == KIND_LITERAL) {
      int f = field(p, root, 1);
      if (f == 0) {
        return false;
      }
      int at = f + i32(p, f);
      if (!ascii(p, at + 4, i32(p, at))) {
        return false;
      }
    }
    byte indexTag = byteField(p, root, 2);
    byte kind = indexTag == KIND_NUMERIC ? KIND_NUMERIC : indexTag == KIND_LITERAL ? KIND_LITERAL : KIND_NONE;
    int index = 0;
    literalPos[i] = 0;
    literalLen[i] = 0;
    if (kind == KIND_NUMERIC) {
      int f = field(p, root, 3);
      if (f == 0) {
        return false;
      }
      index = intField(p, f + i32(p, f), 0);
    } else if (kind == KIND_LITERAL) {
      int f = field(p, root, 3);
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
    taken[i] = byteField(p, root, 4) != 0;
    return true;
  }

  /**
   * Decodes a DedupInfo event with the record decoder and checks that applying it cannot fail whatever the cache
   * holds: equal counts and every value a JSON object. It is applied at the commit.
   */
  private boolean dedup(byte[] b, int eventStart, int eventLength) {
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

  private int slotMask;

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

  // ---------------------------------------------------------------------------------------------------------------
  // Step 2: join each group and write its line.

  /** Joins the group starting at event {@code head} and writes its line; false if the record path must decide. */
  private boolean group(int head, JsonBytes out) {
    int interaction = head;
    PayloadType t = TYPES[type[interaction]];
    if (t == PayloadType.OUTCOME) {
      return false; // outcomes before the interaction, or no interaction
    }
    int n = 0;
    boolean useClient = effective.useClientTime();
    if (useClient && !hasClientTime[interaction]) {
      return false;
    }
    boolean activated = false;
    for (int e = next[head]; e != NONE; e = next[e]) {
      if (type[e] != PayloadType.OUTCOME.ordinal()) {
        return false; // a second interaction
      }
      if (useClient && !hasClientTime[e]) {
        return false;
      }
      if (n == groupEvents.length) {
        groupEvents = Arrays.copyOf(groupEvents, n * 2);
        outcomeSlot = Arrays.copyOf(outcomeSlot, n * 2);
      }
      groupEvents[n++] = e;
      activated |= taken[e];
    }
    boolean learnable = !deferred[interaction] || activated;
    int mark = out.length();
    boolean ok = switch (t) {
      case CB -> cb(interaction, n, learnable, out);
      case CCB -> ccb(interaction, n, learnable, out);
      case SLATES -> slates(interaction, n, learnable, out);
      default -> ca(interaction, n, learnable, out);
    };
    if (!ok) {
      out.truncate(mark);
    }
    return ok;
  }

  /** The reward function over the group's outcomes {@code groupEvents[0, n)} that are mapped to {@code slot}. */
  private float reward(int n, int slot) {
    OutcomeRewards r = rewards;
    r.begin();
    for (int k = 0; k < n; k++) {
      if (slot < 0 || outcomeSlot[k] == slot) {
        int e = groupEvents[k];
        r.add(taken[e], value[e], second[e]);
      }
    }
    return r.finish();
  }

  private void emitted(int interaction, boolean learnable, float sumOriginal, float firstOriginal, int comparison,
      boolean firstActionIsOne) {
    int k = emittedCount++;
    if (k == emittedEvent.length) {
      int m = k * 2;
      emittedEvent = Arrays.copyOf(emittedEvent, m);
      emittedLearnable = Arrays.copyOf(emittedLearnable, m);
      emittedSumOriginal = Arrays.copyOf(emittedSumOriginal, m);
      emittedFirstOriginal = Arrays.copyOf(emittedFirstOriginal, m);
      emittedComparison = Arrays.copyOf(emittedComparison, m);
      emittedFirstActionIsOne = Arrays.copyOf(emittedFirstActionIsOne, m);
    }
    emittedEvent[k] = interaction;
    emittedLearnable[k] = learnable;
    emittedSumOriginal[k] = sumOriginal;
    emittedFirstOriginal[k] = firstOriginal;
    emittedComparison[k] = comparison;
    emittedFirstActionIsOne[k] = firstActionIsOne;
  }

  private boolean cb(int i, int n, boolean learnable, JsonBytes out) {
    byte[] p = bufs[i];
    int root = table[i];
    int actionsField = field(p, root, 1);
    int actions = actionsField + i32(p, actionsField);
    int actionCount = i32(p, actions);
    if (actionCount == 0) {
      return false;
    }
    int probabilitiesField = field(p, root, 3);
    int probabilities = probabilitiesField + i32(p, probabilitiesField);
    int probabilityCount = i32(p, probabilities);
    long first = i64(p, actions + 4);
    float r = reward(n, -1);
    float fin = apprentice[i] ? ((int) first == 1 ? 1f : 0f) : r;
    byte[] b = message;
    out.raw(CB_LABEL_COST);
    if (!number(out, -fin)) {
      return false;
    }
    out.raw(CB_LABEL_PROBABILITY);
    if (!number(out, probabilityCount == 0 ? 0f : f32(p, probabilities + 4) * pass[i])) {
      return false;
    }
    long chosen = first & U32;
    out.raw(CB_LABEL_ACTION).uint(chosen);
    out.raw(CB_LABEL_INDEX).uint((chosen - 1) & U32);
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(O_OPEN);
    if (!outcomes(n, out)) {
      return false;
    }
    out.ascii(']');
    out.raw(TIMESTAMP);
    time(second[i], out);
    out.raw(VERSION);
    out.raw(EVENT_ID);
    id(i, out);
    out.raw(A_OPEN);
    for (int k = 0; k < actionCount; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      out.uint(i64(p, actions + 4 + 8 * k) & U32);
    }
    out.ascii(']');
    out.raw(C);
    if (!context(p, field(p, root, 2), out)) {
      return false;
    }
    out.raw(P_OPEN);
    for (int k = 0; k < probabilityCount; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      if (!number(out, f32(p, probabilities + 4 + 4 * k))) {
        return false;
      }
    }
    out.ascii(']');
    if (!modelAndPdrop(p, field(p, root, 4), i, out)) {
      return false;
    }
    out.raw(ORIGINAL_LABEL_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(LINE_END);
    // As MetricsCollector.accept: VW's CB action is the id's low 32 bits (SPEC §4.6), so 2^32 + 1 is action 1.
    emitted(i, learnable, 0f + r, r, -1, (int) first == 1);
    return true;
  }

  private boolean ccb(int i, int n, boolean learnable, JsonBytes out) {
    byte[] p = bufs[i];
    byte[] b = message;
    int root = table[i];
    int slotsField = field(p, root, 1);
    int slotVector = slotsField + i32(p, slotsField);
    int slotCount = i32(p, slotVector);
    int baselineField = field(p, root, 4);
    int baselines = baselineField == 0 ? 0 : baselineField + i32(p, baselineField);
    int baselineCount = baselineField == 0 ? 0 : i32(p, baselines);
    boolean appr = apprentice[i];
    if (appr && slotCount != baselineCount) {
      return false;
    }
    // Each outcome's slot (SPEC §6.3 step 2), as CcbRewards maps them.
    boolean anySlotId = false;
    for (int s = 0; s < slotCount && !anySlotId; s++) {
      anySlotId = field(p, element(p, slotVector, s), 2) != 0;
    }
    for (int k = 0; k < n; k++) {
      int e = groupEvents[k];
      int slot;
      if (indexKind[e] == KIND_NUMERIC) {
        slot = numericIndex[e];
      } else if (indexKind[e] == KIND_LITERAL) {
        if (!anySlotId || literalLen[e] == 0) {
          slot = -1;
        } else {
          slot = slotById(p, slotVector, slotCount, bufs[e], literalPos[e], literalLen[e]);
          if (slot < 0) {
            return false; // an unmatched slot id is reported by the record path
          }
        }
      } else {
        slot = -1;
      }
      outcomeSlot[k] = slot >= 0 && slot < slotCount ? slot : -1;
    }
    if (slotFinal.length < slotCount) {
      slotFinal = new float[slotCount];
      slotOriginal = new float[slotCount];
    }
    float d = effective.defaultReward();
    for (int s = 0; s < slotCount; s++) {
      boolean any = false;
      for (int k = 0; k < n && !any; k++) {
        any = outcomeSlot[k] == s;
      }
      float r = any ? reward(n, s) : d;
      slotOriginal[s] = r;
      if (appr) {
        int slot = element(p, slotVector, s);
        int af = field(p, slot, 0);
        int count = af == 0 ? 0 : i32(p, af + i32(p, af));
        long firstAction = count == 0 ? 0 : i32(p, af + i32(p, af) + 4) & U32;
        slotFinal[s] = CcbRewards.apprenticeReward(count != 0, firstAction, i32(p, baselines + 4 + 4 * s));
      } else {
        slotFinal[s] = r;
      }
    }
    out.raw(FIRST_TIMESTAMP);
    time(second[i], out);
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(VERSION);
    topLevelEventId(b, i, out);
    out.raw(C);
    if (!context(p, field(p, root, 0), out)) {
      return false;
    }
    out.raw(SLOTS_OPEN);
    for (int s = 0; s < slotCount; s++) {
      int slot = element(p, slotVector, s);
      if (s > 0) {
        out.ascii(',');
      }
      out.raw(SLOT_LABEL_COST);
      if (!number(out, -slotFinal[s])) {
        return false;
      }
      int idField = field(p, slot, 2);
      if (idField != 0) {
        int at = idField + i32(p, idField);
        out.raw(SLOT_ID).string(p, at + 4, i32(p, at));
      } else {
        out.raw(SLOT_ID);
        id(i, out);
      }
      out.raw(SLOT_A_OPEN);
      slotActions(p, slot, out);
      out.raw(SLOT_P_OPEN);
      if (!slotProbabilities(p, slot, out)) {
        return false;
      }
      boolean any = false;
      for (int k = 0; k < n && !any; k++) {
        any = outcomeSlot[k] == s;
      }
      if (any) {
        out.raw(SLOT_O_OPEN);
        boolean firstEntry = true;
        for (int k = 0; k < n; k++) {
          if (outcomeSlot[k] != s) {
            continue;
          }
          if (!firstEntry) {
            out.ascii(',');
          }
          firstEntry = false;
          int e = groupEvents[k];
          if (!outcomeValueAndId(e, out)) {
            return false;
          }
          out.raw(OUTCOME_INDEX);
          if (indexKind[e] == KIND_LITERAL) {
            out.string(bufs[e], literalPos[e], literalLen[e]);
          } else {
            int index = numericIndex[e];
            out.ascii('"');
            if (index < 0) {
              out.ascii('-');
            }
            out.uint(Math.abs((long) index));
            out.ascii('"');
          }
          out.raw(OUTCOME_ACTION_TAKEN).bool(taken[e]);
          out.ascii('}');
        }
        out.ascii(']');
      }
      out.raw(ORIGINAL_LABEL_COST);
      if (!number(out, -slotOriginal[s])) {
        return false;
      }
      out.ascii('}');
    }
    out.ascii(']');
    if (baselineCount > 0) {
      out.raw(BASELINE_OPEN);
      for (int k = 0; k < baselineCount; k++) {
        if (k > 0) {
          out.ascii(',');
        }
        out.uint(Integer.toUnsignedLong(i32(p, baselines + 4 + 4 * k)));
      }
      out.ascii(']');
    }
    if (!modelAndPdrop(p, field(p, root, 2), i, out)) {
      return false;
    }
    out.raw(LINE_END);
    float sum = 0f;
    for (int s = 0; s < slotCount; s++) {
      sum += slotOriginal[s];
    }
    emitted(i, learnable, sum, slotCount == 0 ? 0f : slotOriginal[0], comparison(p, slotVector, slotCount,
        baselines, baselineCount), false);
    return true;
  }

  /** Slot 0's first action against the first baseline action: 1 equal, 0 not, -1 when either is missing. */
  private static int comparison(byte[] p, int slotVector, int slotCount, int baselines, int baselineCount) {
    if (slotCount == 0 || baselineCount == 0) {
      return -1;
    }
    int slot = element(p, slotVector, 0);
    int af = field(p, slot, 0);
    if (af == 0 || i32(p, af + i32(p, af)) == 0) {
      return -1;
    }
    int chosen = i32(p, af + i32(p, af) + 4);
    return chosen == i32(p, baselines + 4) ? 1 : 0;
  }

  /** The first slot whose id equals the literal, or -1. */
  private static int slotById(byte[] p, int slotVector, int slotCount, byte[] lb, int literal, int length) {
    for (int s = 0; s < slotCount; s++) {
      int idField = field(p, element(p, slotVector, s), 2);
      if (idField == 0) {
        continue;
      }
      int at = idField + i32(p, idField);
      if (i32(p, at) == length && (length == 0 || sameBytes(p, at + 4, lb, literal, length))) {
        return s;
      }
    }
    return -1;
  }

  private static boolean sameBytes(byte[] a, int ai, byte[] b, int bi, int length) {
    int k = 0;
    for (; k + 8 <= length; k += 8) {
      if (i64(a, ai + k) != i64(b, bi + k)) {
        return false;
      }
    }
    for (; k < length; k++) {
      if (a[ai + k] != b[bi + k]) {
        return false;
      }
    }
    return true;
  }

  private boolean slates(int i, int n, boolean learnable, JsonBytes out) {
    if (apprentice[i]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED is reported by the record path
    }
    byte[] p = bufs[i];
    byte[] b = message;
    int root = table[i];
    float r = reward(n, -1);
    out.raw(FIRST_TIMESTAMP);
    time(second[i], out);
    out.raw(VERSION);
    topLevelEventId(b, i, out);
    out.raw(LABEL_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(O_OPEN);
    if (!outcomes(n, out)) {
      return false;
    }
    out.ascii(']');
    out.raw(SLOTS_OPEN);
    int slotsField = field(p, root, 1);
    int slotVector = slotsField + i32(p, slotsField);
    int slotCount = i32(p, slotVector);
    for (int s = 0; s < slotCount; s++) {
      int slot = element(p, slotVector, s);
      if (s > 0) {
        out.ascii(',');
      }
      out.raw(SLATES_SLOT_A_OPEN);
      slotActions(p, slot, out);
      out.raw(SLOT_P_OPEN);
      if (!slotProbabilities(p, slot, out)) {
        return false;
      }
      out.ascii('}');
    }
    out.ascii(']');
    out.raw(C);
    if (!context(p, field(p, root, 0), out)) {
      return false;
    }
    if (!modelAndPdrop(p, field(p, root, 2), i, out)) {
      return false;
    }
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(LINE_END);
    int baselineField = field(p, root, 4);
    int baselines = baselineField == 0 ? 0 : baselineField + i32(p, baselineField);
    int baselineCount = baselineField == 0 ? 0 : i32(p, baselines);
    emitted(i, learnable, 0f + r, r, comparison(p, slotVector, slotCount, baselines, baselineCount), false);
    return true;
  }

  private boolean ca(int i, int n, boolean learnable, JsonBytes out) {
    if (apprentice[i]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED is reported by the record path
    }
    byte[] p = bufs[i];
    byte[] b = message;
    int root = table[i];
    float r = reward(n, -1);
    out.raw(CA_COST);
    if (!number(out, -r)) {
      return false;
    }
    out.raw(CA_PDF_VALUE);
    if (!number(out, floatField(p, root, 3))) {
      return false;
    }
    out.raw(CA_ACTION);
    if (!number(out, floatField(p, root, 1))) {
      return false;
    }
    out.ascii('}');
    out.raw(TIMESTAMP);
    time(second[i], out);
    out.raw(VERSION);
    out.raw(EVENT_ID);
    id(i, out);
    out.raw(C);
    if (!context(p, field(p, root, 2), out)) {
      return false;
    }
    if (!modelAndPdrop(p, field(p, root, 4), i, out)) {
      return false;
    }
    if (!learnable) {
      out.raw(SKIP_LEARN);
    }
    out.raw(LINE_END);
    emitted(i, learnable, 0f + r, 0f, -1, false);
    return true;
  }

  /** The entries of a CB or slates "o" array: the group's outcomes in order. */
  private boolean outcomes(int n, JsonBytes out) {
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        out.ascii(',');
      }
      int e = groupEvents[k];
      if (!outcomeValueAndId(e, out)) {
        return false;
      }
      out.raw(OUTCOME_ACTION_TAKEN).bool(taken[e]);
      out.ascii('}');
    }
    return true;
  }

  private boolean outcomeValueAndId(int e, JsonBytes out) {
    if (!taken[e]) {
      out.raw(OUTCOME_V);
      if (!number(out, value[e])) {
        return false;
      }
      out.raw(EVENT_ID);
    } else {
      out.raw(OUTCOME_EVENT_ID_FIRST);
    }
    id(e, out);
    return true;
  }

  private void slotActions(byte[] p, int slot, JsonBytes out) {
    int f = field(p, slot, 0);
    if (f != 0) {
      int v = f + i32(p, f);
      int count = i32(p, v);
      for (int k = 0; k < count; k++) {
        if (k > 0) {
          out.ascii(',');
        }
        out.uint(i32(p, v + 4 + 4 * k) & U32);
      }
    }
    out.ascii(']');
  }

  private boolean slotProbabilities(byte[] p, int slot, JsonBytes out) {
    int f = field(p, slot, 1);
    if (f != 0) {
      int v = f + i32(p, f);
      int count = i32(p, v);
      for (int k = 0; k < count; k++) {
        if (k > 0) {
          out.ascii(',');
        }
        if (!number(out, f32(p, v + 4 + 4 * k))) {
          return false;
        }
      }
    }
    out.ascii(']');
    return true;
  }

  /** CCB and slates write the top-level id only when it is non-empty, cut at its first NUL. */
  private void topLevelEventId(byte[] b, int i, JsonBytes out) {
    if (idLen[i] > 0) {
      out.raw(EVENT_ID).string(b, idPos[i], untilNul(b, idPos[i], idLen[i]));
    }
  }

  /** {@code "VWState":{"m":model}} with the model id cut at its first NUL, then pdrop when it is not 0. */
  private boolean modelAndPdrop(byte[] p, int modelField, int i, JsonBytes out) {
    out.raw(VW_STATE);
    if (modelField == 0) {
      out.raw(NO_MODEL);
    } else {
      int at = modelField + i32(p, modelField);
      out.string(p, at + 4, untilNul(p, at + 4, i32(p, at)));
    }
    out.ascii('}');
    float pdrop = 1f - pass[i];
    if (pdrop != 0f) {
      out.raw(PDROP);
      return number(out, pdrop);
    }
    return true;
  }

  private static final byte[] NO_MODEL = "\"N/A\"".getBytes(StandardCharsets.US_ASCII);

  private static int untilNul(byte[] b, int pos, int len) {
    for (int k = 0; k < len; k++) {
      if (b[pos + k] == 0) {
        return k;
      }
    }
    return len;
  }

  /**
   * Copies the context and checks it in one pass, turning newlines into spaces; false when it is empty, larger than
   * {@link ReadLimits#maxContextSize()} or not one JSON object (the record path then reports why).
   */
  private boolean context(byte[] p, int contextField, JsonBytes out) {
    int v = contextField + i32(p, contextField);
    int length = i32(p, v);
    if (length == 0 || length > limits.maxContextSize()) {
      return false; // beyond the limit the record path skips the interaction: LIMIT_EXCEEDED (EventDecoder)
    }
    int start = out.length();
    out.raw(p, v + 4, length);
    return JsonSyntax.isObjectReplacingNewlines(out.array(), start, start + length);
  }

  private static boolean number(JsonBytes out, float v) {
    if (!Float.isFinite(v)) {
      return false;
    }
    out.number(v);
    return true;
  }

  private void time(long epochSecond, JsonBytes out) {
    if (!timeCached || epochSecond != cachedSecond) {
      cachedTime[0] = '"';
      int end = TimeText.write(epochSecond, cachedTime, 1);
      if (end < 0) {
        byte[] text = ('"' + TimeText.format(epochSecond) + '"').getBytes(StandardCharsets.US_ASCII);
        out.raw(text);
        timeCached = false;
        return;
      }
      cachedTime[end] = '"';
      cachedTimeLength = end + 1;
      cachedSecond = epochSecond;
      timeCached = true;
    }
    out.raw(cachedTime, 0, cachedTimeLength);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Step 3: commit.

  private void commit() {
    for (DedupInfo info : dedups) {
      single.applyValidDedup(info);
    }
    counters.interactionsSeen(pendingInteractions);
    MetricsCollector metrics = counters.metrics();
    int lastLearnable = NONE;
    for (int k = 0; k < emittedCount; k++) {
      int i = emittedEvent[k];
      PayloadType t = TYPES[type[i]];
      boolean learnable = emittedLearnable[k];
      counters.emitted(t, learnable);
      if (!learnable) {
        metrics.skippedEvent();
        continue;
      }
      metrics.learnable(emittedSumOriginal[k]);
      if (!metrics.seenFirst()) {
        metrics.first(idString(i), second[i]);
      } else {
        lastLearnable = i;
      }
      if (t == PayloadType.CB) {
        metrics.cb(false, emittedFirstActionIsOne[k], emittedFirstOriginal[k]);
      } else if (t == PayloadType.CCB || t == PayloadType.SLATES) {
        metrics.multiSlot(emittedFirstOriginal[k], emittedComparison[k]);
      }
    }
    if (lastLearnable != NONE) {
      metrics.last(idString(lastLearnable), second[lastLearnable]);
    }
  }

  private String idString(int i) {
    byte[] bytes = new byte[idLen[i]];
    System.arraycopy(message, idPos[i], bytes, 0, bytes.length);
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Flatbuffer reads on verified buffers. Positions are absolute indexes into the buffer.

  /** {@link PayloadType#of(int)} without its array copy. */
  private static PayloadType payloadType(int code) {
    return code >= 0 && code < TYPES.length - 1 ? TYPES[code] : PayloadType.UNRECOGNIZED;
  }

  /** The position of a table field's inline value, or 0 when the field is absent. */
  static int field(byte[] b, int table, int slot) {
    int vtable = table - i32(b, table);
    int entry = 4 + 2 * slot;
    if (entry >= (i16(b, vtable) & 0xFFFF)) {
      return 0;
    }
    int offset = i16(b, vtable + entry) & 0xFFFF;
    return offset == 0 ? 0 : table + offset;
  }

  /** The table that element {@code k} of a vector of tables points to. */
  static int element(byte[] b, int vector, int k) {
    int at = vector + 4 + 4 * k;
    return at + i32(b, at);
  }

  private static byte byteField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b[f];
  }

  private static float floatField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0f : f32(b, f);
  }

  private static int intField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : i32(b, f);
  }

  /** Writes event {@code i}'s id as a JSON string: copied whole when no byte needs an escape. */
  private void id(int i, JsonBytes out) {
    if (idPlain[i]) {
      out.ascii('"').raw(message, idPos[i], idLen[i]).ascii('"');
    } else {
      out.string(message, idPos[i], idLen[i]);
    }
  }

  private static final int NOT_ASCII = 0;
  private static final int ESCAPED = 1;
  private static final int PLAIN = 2;

  /** NOT_ASCII, ESCAPED (ASCII with a byte JSON escapes: a control character, '"' or '\\') or PLAIN. */
  private static int textKind(byte[] b, int pos, int len) {
    boolean plain = true;
    for (int k = 0; k < len; k++) {
      byte c = b[pos + k];
      if (c < 0) {
        return NOT_ASCII;
      }
      plain &= c >= 0x20 && c != '"' && c != '\\';
    }
    return plain ? PLAIN : ESCAPED;
  }

  private static boolean ascii(byte[] b, int pos, int len) {
    int k = 0;
    for (; k + 8 <= len; k += 8) {
      if ((i64(b, pos + k) & 0x8080_8080_8080_8080L) != 0) {
        return false;
      }
    }
    for (; k < len; k++) {
      if (b[pos + k] < 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean emptyTime(byte[] b, int at) {
    return i16(b, at) == 0 && b[at + 2] == 0 && b[at + 3] == 0 && b[at + 4] == 0
        && b[at + 5] == 0 && b[at + 6] == 0;
  }

  /** {@code TimeStamp.epochSecond()} of a flatbuffer time stamp struct: the year is signed, as VW reads it. */
  private static long epochSecond(byte[] b, int at) {
    return TimeText.epochSecond(i16(b, at), b[at + 2] & 0xFF, b[at + 3] & 0xFF, b[at + 4] & 0xFF,
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
