package io.github.vwbinlog.core.scan;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i16;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.scan.FlatReads.ascii;
import static io.github.vwbinlog.core.scan.FlatReads.element;
import static io.github.vwbinlog.core.scan.FlatReads.field;
import static io.github.vwbinlog.core.scan.FlatReads.floatField;
import static io.github.vwbinlog.core.scan.FlatReads.intField;
import static io.github.vwbinlog.core.scan.FlatReads.sameBytes;
import static io.github.vwbinlog.core.scan.FlatReads.textKind;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.Utf8;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.LittleEndian;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.core.framing.PayloadFile;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.schema.Slots;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * The one reader of a REGULAR message's events (SPEC §4.1): it verifies every nested buffer with one reused verifier,
 * records each event's fields in reused primitive arrays indexed by the event's position in the payload, and groups
 * the events by id in first-seen order, hashing the id bytes in place. The join ({@code SingleJoiner} in
 * {@code core.join}) walks the groups through the accessors and its view ({@code ScanView}) shows a joined event from
 * them; nothing is decoded into records unless a sink asks for records.
 *
 * <p>The payload is first copied into a reused heap array, and zstd payloads are decompressed into a reused arena, so
 * that every read is a {@link LittleEndian} read from a byte array. The scan is total: it reads what the record
 * decoder ({@link EventDecoder}) reads and fails where it fails. An event whose payload does not decode gets
 * {@link #FAILED} with the decoder's own reason and message (the decoder is asked only then, on the original payload,
 * so the message is the one VW users know); an event that makes the whole payload unusable (no event or time stamp,
 * an unreadable envelope, a bad DedupInfo, an episode) stops the scan with {@link #failure}. Which events it reads is
 * its {@link Mode}'s: those the single joiner or the multistep joiner joins, or every event, for their records
 * ({@link JoinedPayloads}). The {@code RewardCalculator} fills the same arrays from records ({@link #load}).
 *
 * <p>Not thread-safe: one per joiner, or per call for every event's record.
 */
public final class MessageScan {
  /** No event: the end of a group's chain ({@link #next(int)}), an empty slot of the id table. */
  public static final int NONE = -1;
  private static final PayloadType[] TYPES = PayloadType.values();
  /** What an outcome's index is ({@link #indexKind(int)}), as the flatbuffer union tags it: none. */
  public static final byte KIND_NONE = 0;
  /** What an outcome's index is: a number ({@link #numericIndex(int)}). */
  public static final byte KIND_NUMERIC = 1;
  /** What an outcome's index is: a string ({@link #literalPos(int)}, {@link #literalLen(int)}). */
  public static final byte KIND_LITERAL = 2;

  /** The REGULAR type as exceptions name it: the value as stored, unsigned. */
  public static final long REGULAR = Integer.toUnsignedLong(MessageType.REGULAR.code());

  /** What {@link #scanEvent} returns for an event that stops the scan ({@link #failure} says why). */
  private static final int SCAN_FAILED = -1;

  /** An event's {@link #status}: read. */
  private static final byte READ = 0;
  /** An event's {@link #status}: its payload does not decode ({@link #failReason}, {@link #failMessage}). */
  private static final byte FAILED = 1;
  /** An event's {@link #status}: an interaction whose payload is not read (its type is not joined). */
  private static final byte UNREAD = 2;

  /**
   * Why a scan stopped: the payload is dropped whole, with this diagnostic (SPEC §4.1, §11 item 3).
   *
   * @param message the diagnostic's words, naming the joined event where VW's do
   * @param cause what is wrong with the event, without naming it
   */
  public record Failure(int event, DiagnosticReason reason, @Nullable String eventId, String message, String cause) {
    /** A failure whose message is its cause. */
    public Failure(int event, DiagnosticReason reason, @Nullable String eventId, String cause) {
      this(event, reason, eventId, cause, cause);
    }
  }

  /** Which events a scan reads; the others it leaves {@link #UNREAD}, in their groups. */
  public enum Mode {
    /**
     * For the single joiner: the decisions of the problem type in force, outcomes and DedupInfo events (decoded into
     * {@link #dedups}); an Episode event stops the scan (SPEC §7), MultiStep and unrecognized interactions are unread.
     */
    SINGLE,
    /**
     * For the multistep joiner: MultiStep events and outcomes (SPEC §7.1); the other interactions, DedupInfo and
     * Episode events are unread.
     */
    MULTISTEP,
    /**
     * For the records of every event ({@link JoinedPayloads}): every event, whatever its type and the problem type.
     * A payload that does not decode is reported with {@link DiagnosticReason#MALFORMED_EVENT} where the joiners give
     * the reason of its kind (an unrecognized type's never decodes), and a DedupInfo event whose id and value counts
     * differ is read as it is.
     */
    EVERY
  }

  private final ReadLimits limits;
  private final @Nullable ZstdContexts zstd;
  /** Which events are read. */
  private final Mode readMode;
  private final FlatVerifier verifier;
  private final EventDecoder decoder;

  // The configuration in force.
  private CheckpointInfo effective;
  private final boolean[] problemMatches = new boolean[TYPES.length];

  // Per event of the message, indexed by the event's position in the payload.
  private int capacity;
  private byte[] type = new byte[0];
  /** Where the event's payload is: {@link #message}, or the arena for a zstd payload. */
  private byte[][] bufs = new byte[0][];
  private int[] idPos = new int[0];
  private int[] idLen = new int[0];
  /** The id needs no JSON escape. */
  private boolean[] idPlain = new boolean[0];
  /** The payload's root table in {@link #bufs}. */
  private int[] table = new int[0];
  /** A zstd event's decompressed payload in the arena: where it starts and how long it is. */
  private int[] arenaStart = new int[0];
  private int[] arenaLength = new int[0];
  private long[] second = new long[0];
  private boolean[] hasClientTime = new boolean[0];
  private float[] pass = new float[0];
  /** The next event of the same id, or {@link #NONE}. */
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
  /** The learning mode's code. */
  private byte[] mode = new byte[0];
  // Every event: whether it was read, why not, and where its bytes are (for the decoder, when records are wanted).
  private byte[] status = new byte[0];
  private DiagnosticReason[] failReason = new DiagnosticReason[0];
  private String[] failMessage = new String[0];
  /** The nested Event buffer's position and length in the payload, and the JoinedEvent's time stamp struct's. */
  private int[] eventStart = new int[0];
  private int[] eventLength = new int[0];
  private int[] timePos = new int[0];

  // Groups, in first-seen order, and an open-addressing table of group numbers by id.
  private int groupCount;
  /** The first event of each group. */
  private int[] groupHead = new int[16];
  private int[] groupTail = new int[16];
  private int[] slots = new int[32];
  private int slotMask;

  /** The message's DedupInfo events, decoded, with equal id and value counts, in payload order. */
  private final List<DedupInfo> dedups = new ArrayList<>();
  private final List<DedupInfo> dedupsView = Collections.unmodifiableList(dedups);
  /** The position in the payload of each of {@link #dedups}. */
  private int[] dedupEvent = new int[4];
  /** How many events the message has; the scan read those before {@link #failure}'s event, or all. */
  private int eventCount;
  /** How many interactions the message has (those before {@link #failure}'s event, if it stopped). */
  private int interactions;
  /** Why the scan stopped, or null when it read every event. */
  private @Nullable Failure failure;

  /**
   * The payload as the caller gave it (a little-endian view of it when the caller's buffer is not), for the decoder;
   * positions in it are {@link #base} plus the scan's.
   */
  private ByteBuffer original = ByteBuffer.allocate(0);
  private int base;

  /** The payload of the message being converted: where the ids are (a zstd event's payload is in the arena). */
  private byte[] message = new byte[0];
  // The same bytes as a buffer, for the verifier and the record decoder.
  private ByteBuffer messageBuffer = ByteBuffer.allocate(0);
  /** Where payloads can be read again from their file, or null. */
  private @Nullable PayloadFile file;

  // zstd payloads of the message, decompressed one after the other into a reused array (8-aligned), and the same
  // bytes as a buffer for the verifier.
  private static final byte[] ARENA = new byte[0];
  private byte[] arena = new byte[0];
  private ByteBuffer arenaBuffer = ByteBuffer.wrap(arena).order(ByteOrder.LITTLE_ENDIAN);
  private int arenaUsed;
  private boolean anyZstd;
  private @Nullable ZstdDecompressCtx zstdContext;

  /**
   * A scan that reads the events {@code mode} names. Without a pool of zstd contexts it decompresses as the record
   * decoder does, allocating. Until {@link #configure} the settings in force are the defaults.
   */
  public MessageScan(ReadLimits limits, @Nullable ZstdContexts zstd, Mode mode) {
    this.readMode = mode;
    this.limits = limits;
    this.zstd = zstd;
    this.verifier = new FlatVerifier(limits);
    this.decoder = new EventDecoder(limits);
    configure(CheckpointInfo.DEFAULTS);
  }

  /**
   * Why the scan refused a {@code JoinedPayload} that verifies: it holds more joined events than
   * {@link ReadLimits#maxEventsPerPayload()}.
   *
   * @throws IllegalStateException if it holds no more: the scan refused a payload it should read (a bug)
   */
  public static LimitExceededException tooManyEvents(long offset, ByteBuffer payload, ReadLimits limits) {
    int n = JoinedPayload.getRootAsJoinedPayload(payload.duplicate()).eventsLength();
    if (n > limits.maxEventsPerPayload()) {
      return new LimitExceededException(offset, REGULAR, "number of joined events", n, limits.maxEventsPerPayload());
    }
    throw new IllegalStateException("the scan and the verifier disagree on the JoinedPayload at " + offset);
  }
  /** Takes the settings in force. */
  public void configure(CheckpointInfo now) {
    effective = now;
    for (PayloadType t : TYPES) {
      problemMatches[t.ordinal()] = now.problemType().matches(t);
    }
  }

  /** Whether an interaction of type {@code t} matches the problem type in force (SPEC §4.3), from a table. */
  public boolean problemMatches(PayloadType t) {
    return problemMatches[t.ordinal()];
  }

  /** Gives back the zstd context, if one was borrowed. The scan can go on; it borrows again when it needs to. */
  public void close() {
    ZstdDecompressCtx context = zstdContext;
    if (context != null) {
      zstdContext = null;
      zstd.release(context);
    }
  }

  /**
   * Scans a REGULAR message's payload.
   *
   * @return false when the {@code JoinedPayload} itself does not verify or holds more events than the limit (the
   *     caller reports it, {@link #tooManyEvents} saying why when it verifies); true when the events were scanned,
   *     every one of them or those before {@link #failure}
   */
  public boolean scan(ByteBuffer payload) {
    return scan(payload, -1);
  }

  /**
   * Scans a REGULAR message's payload that starts at {@code position} of its file, as {@link #scan(ByteBuffer)} does,
   * copying it into the scan's array by a read of the file when {@link #readFrom a file} was given and has that
   * payload there. The bytes are the same either way.
   */
  public boolean scan(ByteBuffer payload, long position) {
    original = payload.order() == ByteOrder.LITTLE_ENDIAN ? payload
        : payload.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    base = payload.position();
    int length = local(payload, position);
    dedups.clear();
    failure = null;
    eventCount = 0;
    interactions = 0;
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
    int i = 0;
    for (; i < n; i++) {
      int kind = scanEvent(b, vector, i);
      if (kind == SCAN_FAILED) {
        break;
      }
      interactionCount += kind;
    }
    eventCount = i;
    interactions = interactionCount;
    if (anyZstd) {
      for (int k = 0; k < i; k++) {
        if (bufs[k] == ARENA) {
          bufs[k] = arena;
        }
      }
    }
    return true;
  }

  /**
   * Fills the arrays from the records of one id instead of from a message, for the {@code RewardCalculator}: the same
   * join then runs over them. Ids and literal outcome indexes are laid out as UTF-8 in {@link #message}, and each
   * decision's payload as the flatbuffer a log would hold ({@code encoder}), so the join reads the decision's vectors
   * as it reads a log's; its learning mode is kept in {@link #mode}, so one that has no stored form is laid out as
   * ONLINE. Every event is read, the records being decoded already, except a null entry: an outcome that could not be
   * read ({@link #FAILED}, with the id of the others).
   *
   * @throws IllegalArgumentException if a record has no stored form (a slot action id beyond 32 bits)
   */
  public void load(List<@Nullable JoinedEvent> records, EventEncoder encoder) {
    int n = records.size();
    dedups.clear();
    failure = null;
    original = ByteBuffer.allocate(0);
    base = 0;
    ensureEvents(n);
    resetGroups(n);
    boolean useClient = effective.useClientTime();
    int used = 0;
    byte[][] ids = new byte[n][];
    byte[][] literals = new byte[n][];
    byte[] groupId = new byte[0];
    for (JoinedEvent record : records) {
      if (record != null) {
        groupId = record.id().getBytes(StandardCharsets.UTF_8);
        break;
      }
    }
    for (int i = 0; i < n; i++) {
      JoinedEvent record = records.get(i);
      if (record == null) {
        ids[i] = groupId;
        used += groupId.length;
        continue;
      }
      Event event = record.event();
      ids[i] = event.meta().id().getBytes(StandardCharsets.UTF_8);
      used += ids[i].length;
      if (event.payload() instanceof OutcomeEvent o && o.indexKind() == OutcomeEvent.Kind.LITERAL
          && o.literalIndex() != null) {
        literals[i] = o.literalIndex().getBytes(StandardCharsets.UTF_8);
        used += literals[i].length;
      }
    }
    if (message.length < used) {
      message = new byte[used];
      messageBuffer = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
    }
    int at = 0;
    int interactionCount = 0;
    for (int i = 0; i < n; i++) {
      JoinedEvent record = records.get(i);
      System.arraycopy(ids[i], 0, message, at, ids[i].length);
      idPos[i] = at;
      idLen[i] = ids[i].length;
      idPlain[i] = textKind(message, at, ids[i].length) == FlatReads.PLAIN;
      at += ids[i].length;
      bufs[i] = message;
      if (record == null) {
        type[i] = (byte) PayloadType.OUTCOME.ordinal();
        status[i] = FAILED;
        failReason[i] = DiagnosticReason.MALFORMED_OUTCOME;
        failMessage[i] = "the outcome could not be read";
        addToGroup(message, i);
        continue;
      }
      Metadata meta = record.event().meta();
      PayloadType t = meta.payloadType();
      type[i] = (byte) t.ordinal();
      status[i] = READ;
      TimeStamp client = meta.clientTime();
      hasClientTime[i] = client != null && !client.isEmpty();
      second[i] = record.effectiveTime(useClient).epochSecond();
      pass[i] = meta.passProbability();
      EventPayload payload = record.event().payload();
      if (payload instanceof OutcomeEvent o) {
        taken[i] = o.actionTaken();
        value[i] = o.value();
        byte kind = switch (o.indexKind()) {
          case NUMERIC -> KIND_NUMERIC;
          case LITERAL -> KIND_LITERAL;
          default -> KIND_NONE;
        };
        numericIndex[i] = o.numericIndex();
        literalPos[i] = 0;
        literalLen[i] = 0;
        if (literals[i] != null) {
          System.arraycopy(literals[i], 0, message, at, literals[i].length);
          literalPos[i] = at;
          literalLen[i] = literals[i].length;
          at += literals[i].length;
        } else if (kind == KIND_LITERAL) {
          kind = KIND_NONE;
        }
        indexKind[i] = kind;
      } else if (t != PayloadType.OUTCOME) {
        interactionCount++;
        decision(i, t, payload, encoder);
      }
      addToGroup(message, i);
    }
    eventCount = n;
    interactions = interactionCount;
  }

  /** Lays out a decision's payload for the join; types the join does not read are left unread. */
  private void decision(int i, PayloadType t, EventPayload payload, EventEncoder encoder) {
    LearningMode m;
    EventPayload stored;
    if (payload instanceof CbEvent cb && t == PayloadType.CB) {
      m = cb.learningMode();
      deferred[i] = cb.deferredAction();
      stored = m == LearningMode.UNRECOGNIZED ? cb.withLearningMode(LearningMode.ONLINE) : cb;
    } else if (payload instanceof MultiSlotEvent ms && (t == PayloadType.CCB || t == PayloadType.SLATES)) {
      m = ms.learningMode();
      deferred[i] = ms.deferredAction();
      stored = m == LearningMode.UNRECOGNIZED ? ms.withLearningMode(LearningMode.ONLINE) : ms;
    } else if (payload instanceof CaEvent ca && t == PayloadType.CA) {
      m = ca.learningMode();
      deferred[i] = ca.deferredAction();
      stored = m == LearningMode.UNRECOGNIZED ? ca.withLearningMode(LearningMode.ONLINE) : ca;
    } else {
      status[i] = UNREAD;
      return;
    }
    mode[i] = (byte) m.code();
    apprentice[i] = m == LearningMode.APPRENTICE;
    byte[] bytes = encoder.payload(t, stored);
    bufs[i] = bytes;
    table[i] = i32(bytes, 0);
  }

  /**
   * Reads the payloads of later scans from {@code file} where it has them (by their position, {@link PayloadFile}),
   * rather than from their views; null: always from the views.
   */
  public void readFrom(@Nullable PayloadFile file) {
    this.file = file;
  }

  /**
   * Copies the payload into the reused {@link #message} array (and its {@link #messageBuffer}) and returns its length:
   * reads from a heap array ({@link LittleEndian}) are cheaper than from a mapped (direct, read-only) buffer, and the
   * copy is one bulk copy per message. From the file when it has the payload at {@code position}: the first access to
   * each page of a new mapping costs more than a read on some hosts (docs/PERFORMANCE.md).
   */
  private int local(ByteBuffer payload, long position) {
    int n = payload.remaining();
    if (message.length < n) {
      message = new byte[Math.max(n, message.length * 2)];
      messageBuffer = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
    }
    PayloadFile f = file;
    if (f == null || position < 0 || !f.copy(position, n, message)) {
      payload.get(payload.position(), message, 0, n);
    }
    messageBuffer.clear().limit(n);
    return n;
  }

  /**
   * The nested Event buffer of event {@code i} in the original payload, from its position to its limit: what the
   * record decoder reads.
   */
  private ByteBuffer eventBytes(int i) {
    return original.duplicate().order(ByteOrder.LITTLE_ENDIAN).limit(base + eventStart[i] + eventLength[i])
        .position(base + eventStart[i]);
  }

  /**
   * Event {@code e} of the message as a record, built by {@code decoder} (one that trusts the scan's verification)
   * from the original payload: a context is a view of the caller's bytes, not of the scan's reused copy.
   *
   * @throws IllegalStateException if the decoder cannot read an event the scan read: a bug, never bad data
   */
  public JoinedEvent record(int e, EventDecoder decoder) {
    try {
      EventDecoder.Envelope envelope = decoder.envelope(eventBytes(e));
      var time = new reinforcement_learning.messages.flatbuff.v2.TimeStamp().__assign(base + timePos[e], original);
      DiagnosticReason reason = payloadReason(TYPES[type[e]]);
      // A zstd payload was decompressed by the scan: the record gets a copy of those bytes, not a second
      // decompression.
      EventPayload payload = bufs[e] == arena
          ? decoder.payload(envelope.meta().payloadType(),
              ByteBuffer.wrap(Arrays.copyOfRange(arena, arenaStart[e], arenaStart[e] + arenaLength[e])), reason)
          : decoder.payload(envelope, reason);
      return new JoinedEvent(EventDecoder.timeStamp(time), new Event(envelope.meta(), payload));
    } catch (DecodeException ex) {
      throw new IllegalStateException("the scan and the record decoder disagree on joined event " + e, ex);
    }
  }

  /**
   * Verifies and records joined event {@code i} of the vector. A method of its own, rather than the body of
   * {@link #scan}'s loop: called once per event it is compiled early and once, where the loop of a method called once
   * per message would be compiled on the stack (OSR) and then again.
   *
   * @return 1 for an interaction, 0 for an outcome or a DedupInfo, {@link #SCAN_FAILED} when the payload is dropped
   */
  private int scanEvent(byte[] b, int vector, int i) {
    int element = vector + 4 + 4 * i;
    int joined = element + i32(b, element);
    int eventField = field(b, joined, Slots.JoinedEvent.EVENT);
    int timeField = field(b, joined, Slots.JoinedEvent.TIMESTAMP);
    if (eventField == 0 || timeField == 0) {
      return fail(i, DiagnosticReason.MALFORMED_EVENT, null, "JoinedEvent " + i + " is malformed: ",
          "no event or no time stamp");
    }
    int eventVector = eventField + i32(b, eventField);
    int start = eventVector + 4;
    int length = i32(b, eventVector);
    eventStart[i] = start;
    eventLength[i] = length;
    timePos[i] = timeField;
    status[i] = READ;
    if (verifier.verify(messageBuffer, start, length, Schema.EVENT) != null) {
      return unreadableEnvelope(i);
    }
    // The verifier found the fields as it walked: table 0 is the Event, table 1 its Metadata (when it has one).
    int metaField = verifier.field(0, Slots.Event.META);
    int payloadField = verifier.field(0, Slots.Event.PAYLOAD);
    if (metaField == 0) {
      return unreadableEnvelope(i);
    }
    int idField = verifier.field(1, Slots.Metadata.ID);
    if (idField == 0) {
      return unreadableEnvelope(i);
    }
    int id = idField + i32(b, idField);
    int idLength = i32(b, id);
    int kind = textKind(b, id + 4, idLength);
    if (kind == FlatReads.NOT_ASCII && !utf8(b, id + 4, idLength)) {
      return unreadableEnvelope(i);
    }
    idPlain[i] = kind == FlatReads.PLAIN;
    int appField = verifier.field(1, Slots.Metadata.APP_ID);
    if (appField != 0) {
      int app = appField + i32(b, appField);
      if (!utf8(b, app + 4, i32(b, app))) {
        return unreadableEnvelope(i);
      }
    }
    int clientField = verifier.field(1, Slots.Metadata.CLIENT_TIME_UTC);
    int typeField = verifier.field(1, Slots.Metadata.PAYLOAD_TYPE);
    int passField = verifier.field(1, Slots.Metadata.PASS_PROBABILITY);
    int encodingField = verifier.field(1, Slots.Metadata.ENCODING);
    PayloadType t = PayloadType.of(typeField == 0 ? 0 : b[typeField]);
    float passProbability = passField == 0 ? 0f : f32(b, passField);
    boolean zstd = encodingField != 0 && b[encodingField] == 1;
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
        if (readMode == Mode.MULTISTEP) {
          status[i] = UNREAD; // dedup serves only the learner's features, which the multistep joiner does not make
          return group(b, i, 0);
        }
        return dedup(i);
      case EPISODE:
        if (readMode == Mode.MULTISTEP) {
          status[i] = UNREAD; // an episode start carries nothing a step needs
          return group(b, i, 0);
        }
        if (readMode == Mode.SINGLE) {
          return fail(i, DiagnosticReason.EPISODE_WITHOUT_MULTISTEP, idString(i),
              "Episode type events require multistep");
        }
        break;
      case OUTCOME:
        break;
      case CB:
      case CCB:
      case SLATES:
      case CA:
        if (readMode == Mode.MULTISTEP || readMode == Mode.SINGLE && !problemMatches[t.ordinal()]) {
          status[i] = UNREAD; // rejected by the join for its type, unread
          return group(b, i, 1);
        }
        break;
      case MULTI_STEP:
        if (readMode == Mode.SINGLE) {
          status[i] = UNREAD; // the single joiner reports it as unsupported
          return group(b, i, 1);
        }
        break;
      default:
        if (readMode == Mode.EVERY) {
          return unreadablePayload(i, t); // no payload table: the decoder says so
        }
        status[i] = UNREAD; // unrecognized interactions: the join reports them
        return group(b, i, 1);
    }
    if (payloadField == 0) {
      return unreadablePayload(i, t);
    }
    int payloadVector = payloadField + i32(b, payloadField);
    byte[] p = b;
    int payloadStart = payloadVector + 4;
    int payloadLength = i32(b, payloadVector);
    if (zstd) {
      payloadStart = decompress(b, payloadStart, payloadLength);
      if (payloadStart < 0) {
        return unreadablePayload(i, t);
      }
      p = arena;
      payloadLength = arenaUsed - payloadStart;
      bufs[i] = ARENA;
      arenaStart[i] = payloadStart;
      arenaLength[i] = payloadLength;
      anyZstd = true;
    }
    if (!payload(i, t, p, payloadStart, payloadLength)) {
      return unreadablePayload(i, t);
    }
    return group(b, i, isInteraction(t) ? 1 : 0);
  }

  /** Whether an event of type {@code t} is an interaction: not an outcome, a DedupInfo or an Episode event. */
  public static boolean isInteraction(PayloadType t) {
    return t != PayloadType.OUTCOME && t != PayloadType.DEDUP_INFO && t != PayloadType.EPISODE;
  }

  /**
   * The reason the decoder is to give a payload of type {@code t} that is malformed: for the joiners the reason of its
   * kind (interaction, outcome or DedupInfo), for the records of every event {@link DiagnosticReason#MALFORMED_EVENT}.
   * (A limit exceeded or a failed decompression has a reason of its own whatever the decoder is given.)
   */
  private DiagnosticReason payloadReason(PayloadType t) {
    if (readMode == Mode.EVERY) {
      return DiagnosticReason.MALFORMED_EVENT;
    }
    return switch (t) {
      case OUTCOME -> DiagnosticReason.MALFORMED_OUTCOME;
      case DEDUP_INFO -> DiagnosticReason.MALFORMED_DEDUP;
      default -> DiagnosticReason.MALFORMED_INTERACTION;
    };
  }

  /** Adds event {@code i} to its group and returns {@code kind}. */
  private int group(byte[] b, int i, int kind) {
    addToGroup(b, i);
    return kind;
  }

  /** Stops the scan at event {@code i}: the payload is dropped. */
  private int fail(int i, DiagnosticReason reason, @Nullable String eventId, String cause) {
    return fail(i, reason, eventId, "", cause);
  }

  /** Stops the scan at event {@code i}, whose diagnostic says {@code naming} before the {@code cause}. */
  private int fail(int i, DiagnosticReason reason, @Nullable String eventId, String naming, String cause) {
    failure = new Failure(i, reason, eventId, naming + cause, cause);
    return SCAN_FAILED;
  }

  /** Stops the scan at event {@code i}, whose envelope (Event, metadata, ids) the decoder cannot read. */
  private int unreadableEnvelope(int i) {
    try {
      decoder.envelope(eventBytes(i));
    } catch (DecodeException e) {
      return fail(i, e.reason(), null, "JoinedEvent " + i + ": ", e.getMessage());
    }
    throw disagreement(i);
  }

  /** Marks event {@code i}'s payload as unreadable, with the decoder's reason and message; it stays in its group. */
  private int unreadablePayload(int i, PayloadType t) {
    try {
      decoder.payload(decoder.envelope(eventBytes(i)), payloadReason(t));
    } catch (DecodeException e) {
      status[i] = FAILED;
      failReason[i] = e.reason();
      failMessage[i] = e.getMessage();
      bufs[i] = message;
      return group(message, i, isInteraction(t) ? 1 : 0);
    }
    throw disagreement(i);
  }

  /** The scan found an event unreadable that the decoder reads: a bug, never bad data. */
  private static IllegalStateException disagreement(int i) {
    return new IllegalStateException("the scan and the record decoder disagree on joined event " + i);
  }

  /**
   * Decompresses a zstd payload into the arena, as {@code EventDecoder.decompress} would (one frame that declares its
   * size, within the limit and what its bytes can hold, decompressing to exactly that size).
   *
   * @return the payload's index in the arena, or -1 when it does not decompress
   */
  private int decompress(byte[] b, int start, int length) {
    // The record decoder's checks before it allocates (robust: an empty payload, a size above the limit or more than
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
    int n;
    if (zstd == null) {
      // No pool: the record decoder's own decompression, which allocates.
      try {
        ByteBuffer out = decoder.decompress(ByteBuffer.wrap(b, start, length));
        n = out.remaining();
        if (n == declared) {
          out.get(out.position(), arena, at, n);
        }
      } catch (DecodeException e) {
        return -1;
      }
    } else {
      ZstdDecompressCtx context = zstdContext;
      if (context == null) {
        context = zstd.borrow();
        zstdContext = context;
      }
      try {
        n = context.decompressByteArray(arena, at, (int) declared, b, start, length);
      } catch (RuntimeException e) {
        return -1;
      }
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

  /** Verifies and reads the payload of event {@code i}; false where the record decoder fails to decode it. */
  private boolean payload(int i, PayloadType t, byte[] p, int start, int length) {
    TableType schema = switch (t) {
      case CB -> Schema.CB_EVENT;
      case CCB, SLATES -> Schema.MULTI_SLOT_EVENT;
      case CA -> Schema.CA_EVENT;
      case MULTI_STEP -> Schema.MULTI_STEP_EVENT;
      case EPISODE -> Schema.EPISODE_EVENT;
      default -> Schema.OUTCOME_EVENT;
    };
    if (verifier.verify(buffer(p), start, length, schema) != null) {
      return false;
    }
    int root = start + i32(p, start);
    table[i] = root;
    // The verifier found the root table's fields as it walked (table 0 of its walk).
    FlatVerifier v = verifier;
    switch (t) {
      case CB: {
        if (v.field(0, Slots.CbEvent.ACTION_IDS) == 0 || v.field(0, Slots.CbEvent.PROBABILITIES) == 0) {
          return false;
        }
        deferred[i] = byteAt(p, v.field(0, Slots.CbEvent.DEFERRED_ACTION)) != 0;
        mode(i, byteAt(p, v.field(0, Slots.CbEvent.LEARNING_MODE)));
        return context(p, v.field(0, Slots.CbEvent.CONTEXT)) && utf8At(p, v.field(0, Slots.CbEvent.MODEL_ID));
      }
      case CCB:
      case SLATES: {
        int slotsField = v.field(0, Slots.MultiSlotEvent.SLOTS);
        int contextField = v.field(0, Slots.MultiSlotEvent.CONTEXT);
        if (contextField == 0 || slotsField == 0) {
          return false;
        }
        int vector = slotsField + i32(p, slotsField);
        int count = i32(p, vector);
        for (int s = 0; s < count; s++) {
          if (!utf8At(p, field(p, element(p, vector, s), Slots.SlotEvent.ID))) {
            return false;
          }
        }
        deferred[i] = byteAt(p, v.field(0, Slots.MultiSlotEvent.DEFERRED_ACTION)) != 0;
        mode(i, byteAt(p, v.field(0, Slots.MultiSlotEvent.LEARNING_MODE)));
        return context(p, contextField) && utf8At(p, v.field(0, Slots.MultiSlotEvent.MODEL_ID));
      }
      case MULTI_STEP: {
        int eventIdField = v.field(0, Slots.MultiStepEvent.EVENT_ID);
        if (eventIdField == 0 || v.field(0, Slots.MultiStepEvent.ACTION_IDS) == 0
            || v.field(0, Slots.MultiStepEvent.PROBABILITIES) == 0) {
          return false;
        }
        deferred[i] = byteAt(p, v.field(0, Slots.MultiStepEvent.DEFERRED_ACTION)) != 0;
        return context(p, v.field(0, Slots.MultiStepEvent.CONTEXT)) && utf8At(p, eventIdField)
            && utf8At(p, v.field(0, Slots.MultiStepEvent.PREVIOUS_ID))
            && utf8At(p, v.field(0, Slots.MultiStepEvent.MODEL_ID));
      }
      case CA: {
        deferred[i] = byteAt(p, v.field(0, Slots.CaEvent.DEFERRED_ACTION)) != 0;
        mode(i, byteAt(p, v.field(0, Slots.CaEvent.LEARNING_MODE)));
        return context(p, v.field(0, Slots.CaEvent.CONTEXT)) && utf8At(p, v.field(0, Slots.CaEvent.MODEL_ID));
      }
      case EPISODE:
        return utf8At(p, v.field(0, Slots.EpisodeEvent.EPISODE_ID));
      default:
        return outcome(i, p);
    }
  }

  /** The byte at {@code f}, or 0 when the field is absent ({@code f == 0}). */
  private static byte byteAt(byte[] p, int f) {
    return f == 0 ? 0 : p[f];
  }

  private void mode(int i, byte code) {
    mode[i] = code;
    apprentice[i] = LearningMode.of(code) == LearningMode.APPRENTICE;
  }

  /** Whether an interaction has a context (its field at {@code f}) within {@link ReadLimits#maxContextSize()}. */
  private boolean context(byte[] p, int f) {
    return f != 0 && i32(p, f + i32(p, f)) <= limits.maxContextSize();
  }

  /** Whether a string field (at {@code f}) is absent or UTF-8. */
  private static boolean utf8At(byte[] p, int f) {
    if (f == 0) {
      return true;
    }
    int at = f + i32(p, f);
    return utf8(p, at + 4, i32(p, at));
  }

  /** Whether {@code b[pos, pos + len)} is UTF-8, as the record decoder decodes strings (ASCII first). */
  private static boolean utf8(byte[] b, int pos, int len) {
    return ascii(b, pos, len) || Utf8.firstInvalid(b, pos, pos + len) < 0;
  }

  /** Reads an outcome whose table the verifier walked last (its fields are the verifier's table 0). */
  private boolean outcome(int i, byte[] p) {
    FlatVerifier fields = verifier;
    byte valueTag = byteAt(p, fields.field(0, Slots.OutcomeEvent.VALUE_TYPE));
    float v = 0f;
    if (valueTag == KIND_NUMERIC) {
      int f = fields.field(0, Slots.OutcomeEvent.VALUE);
      if (f == 0) {
        return false;
      }
      v = floatField(p, f + i32(p, f), Slots.NumericOutcome.VALUE);
    } else if (valueTag == KIND_LITERAL) {
      int f = fields.field(0, Slots.OutcomeEvent.VALUE);
      if (f == 0) {
        return false;
      }
      int at = f + i32(p, f);
      if (!utf8(p, at + 4, i32(p, at))) {
        return false;
      }
    }
    byte indexTag = byteAt(p, fields.field(0, Slots.OutcomeEvent.INDEX_TYPE));
    byte kind = indexTag == KIND_NUMERIC ? KIND_NUMERIC : indexTag == KIND_LITERAL ? KIND_LITERAL : KIND_NONE;
    int index = 0;
    literalPos[i] = 0;
    literalLen[i] = 0;
    if (kind == KIND_NUMERIC) {
      int f = fields.field(0, Slots.OutcomeEvent.INDEX);
      if (f == 0) {
        return false;
      }
      index = intField(p, f + i32(p, f), Slots.NumericIndex.INDEX);
    } else if (kind == KIND_LITERAL) {
      int f = fields.field(0, Slots.OutcomeEvent.INDEX);
      if (f == 0) {
        return false;
      }
      int at = f + i32(p, f);
      literalPos[i] = at + 4;
      literalLen[i] = i32(p, at);
      if (!utf8(p, at + 4, literalLen[i])) {
        return false;
      }
    }
    value[i] = v;
    indexKind[i] = kind;
    numericIndex[i] = index;
    taken[i] = byteAt(p, fields.field(0, Slots.OutcomeEvent.ACTION_TAKEN)) != 0;
    return true;
  }

  /**
   * Decodes a DedupInfo event with the record decoder: the join applies it to the cache, in order. One that does not
   * decode stops the scan, and so does, for the single joiner, one whose id and value counts differ (SPEC §4.5).
   */
  private int dedup(int i) {
    DedupInfo info;
    try {
      info = (DedupInfo) decoder.payload(decoder.envelope(eventBytes(i)), payloadReason(PayloadType.DEDUP_INFO));
    } catch (DecodeException e) {
      return fail(i, e.reason(), idString(i), e.getMessage());
    }
    if (readMode == Mode.SINGLE && info.ids().size() != info.values().size()) {
      return fail(i, DiagnosticReason.MALFORMED_DEDUP, idString(i), "id and value sizes do not match ("
          + info.ids().size() + " ids, " + info.values().size() + " values)");
    }
    int k = dedups.size();
    if (k == dedupEvent.length) {
      dedupEvent = Arrays.copyOf(dedupEvent, k * 2);
    }
    dedupEvent[k] = i;
    dedups.add(info);
    return 0;
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
  private void addToGroup(byte[] b, int i) {
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
        return;
      }
      int first = groupHead[g];
      if (hash[first] == h && sameId(b, first, i)) {
        next[groupTail[g]] = i;
        groupTail[g] = i;
        return;
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

  /** Event {@code i}'s id as a string, for diagnostics and the metrics. */
  public String idString(int i) {
    return new String(message, idPos[i], idLen[i], StandardCharsets.UTF_8);
  }

  // What the scan read, for the join: events by their position in the payload ({@code e}, below
  // {@link #eventCount()}), groups by their first-seen order ({@code g}, below {@link #groupCount()}). Each reads one
  // array element, so that the JIT inlines it into the join's loops.

  /** How many events the message has; the scan read those before {@link #failure()}'s event, or all. */
  public int eventCount() {
    return eventCount;
  }

  /** How many interactions the message has (those before {@link #failure()}'s event, if the scan stopped). */
  public int interactions() {
    return interactions;
  }

  /** Why the scan stopped, the payload to be dropped whole; null when it read every event. */
  public @Nullable Failure failure() {
    return failure;
  }

  /** How many groups of events by id the message has. */
  public int groupCount() {
    return groupCount;
  }

  /** The first event of group {@code g}, in payload order. */
  public int groupHead(int g) {
    return groupHead[g];
  }

  /** The next event of event {@code e}'s group, in payload order, or {@link #NONE} after the last. */
  public int next(int e) {
    return next[e];
  }

  /** Event {@code e}'s payload type. */
  public PayloadType type(int e) {
    return TYPES[type[e]];
  }

  /**
   * Whether event {@code e}'s payload does not decode ({@link #failReason}, {@link #failMessage}); it stays in its
   * group. An event the scan leaves unread (its type is not joined) is not failed.
   */
  public boolean failed(int e) {
    return status[e] == FAILED;
  }

  /** Why failed event {@code e}'s payload does not decode, as the record decoder says. */
  public DiagnosticReason failReason(int e) {
    return failReason[e];
  }

  /** The record decoder's words for why failed event {@code e}'s payload does not decode. */
  public String failMessage(int e) {
    return failMessage[e];
  }

  /**
   * The bytes that hold the ids ({@link #idPos}) of the message being read. The array is reused, and replaced when a
   * larger message comes: read it again for each message.
   */
  public byte[] message() {
    return message;
  }

  /** Where event {@code e}'s id starts in {@link #message()}. */
  public int idPos(int e) {
    return idPos[e];
  }

  /** The length in bytes of event {@code e}'s id (UTF-8). */
  public int idLen(int e) {
    return idLen[e];
  }

  /** Whether event {@code e}'s id is ASCII that JSON writes as it is (no byte to escape). */
  public boolean idPlain(int e) {
    return idPlain[e];
  }

  /** Event {@code e}'s time in epoch seconds: its client time when that is in force and it has one, else enqueued. */
  public long second(int e) {
    return second[e];
  }

  /**
   * Scanned event {@code e}'s enqueued time in epoch seconds: the time stamp of its JoinedEvent, whatever the settings
   * say of client time (not for the events of {@link #load}).
   */
  public long enqueuedSecond(int e) {
    return epochSecond(message, timePos[e]);
  }

  /** Whether event {@code e} has a client time that is not empty. */
  public boolean hasClientTime(int e) {
    return hasClientTime[e];
  }

  /** Event {@code e}'s pass probability, from its metadata. */
  public float passProbability(int e) {
    return pass[e];
  }

  /**
   * The bytes that hold read event {@code e}'s payload: the message, the arena a zstd payload was decompressed into,
   * or the laid-out record of {@link #load}. Its root table is at {@link #table}; an outcome's literal index is in it.
   */
  public byte[] bytes(int e) {
    return bufs[e];
  }

  /** Where read event {@code e}'s payload's root table is in {@link #bytes}. */
  public int table(int e) {
    return table[e];
  }

  /** Whether read interaction {@code e}'s action is deferred (learnable only once an outcome activates it). */
  public boolean deferred(int e) {
    return deferred[e];
  }

  /** Whether read interaction {@code e}'s learning mode is APPRENTICE. */
  public boolean apprentice(int e) {
    return apprentice[e];
  }

  /** Read interaction {@code e}'s learning mode. */
  public LearningMode learningMode(int e) {
    return LearningMode.of(mode[e]);
  }

  /** Whether read outcome {@code e}'s action was taken. */
  public boolean taken(int e) {
    return taken[e];
  }

  /** Read outcome {@code e}'s numeric value (0 for a literal value or none). */
  public float value(int e) {
    return value[e];
  }

  /** What read outcome {@code e}'s index is: {@link #KIND_NONE}, {@link #KIND_NUMERIC} or {@link #KIND_LITERAL}. */
  public byte indexKind(int e) {
    return indexKind[e];
  }

  /** Read outcome {@code e}'s numeric index (0 unless {@link #KIND_NUMERIC}). */
  public int numericIndex(int e) {
    return numericIndex[e];
  }

  /** Where read outcome {@code e}'s literal index starts in {@link #bytes} (0 unless {@link #KIND_LITERAL}). */
  public int literalPos(int e) {
    return literalPos[e];
  }

  /** The length in bytes of read outcome {@code e}'s literal index (0 unless {@link #KIND_LITERAL}). */
  public int literalLen(int e) {
    return literalLen[e];
  }

  /**
   * The message's DedupInfo events, decoded, in payload order (read-only). None in {@link Mode#MULTISTEP}, which
   * leaves them unread; in {@link Mode#SINGLE} only those whose id and value counts are equal (another stops the scan).
   */
  public List<DedupInfo> dedups() {
    return dedupsView;
  }

  /** The position in the payload of DedupInfo event {@code k} of {@link #dedups()}. */
  public int dedupEvent(int k) {
    return dedupEvent[k];
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
    arenaStart = new int[c];
    arenaLength = new int[c];
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
    mode = new byte[c];
    status = new byte[c];
    failReason = new DiagnosticReason[c];
    failMessage = new String[c];
    eventStart = new int[c];
    eventLength = new int[c];
    timePos = new int[c];
  }
}
