package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.eventfile.EventFile;
import io.github.vwbinlog.core.eventfile.EventHeader;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.join.LogJoinInput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The joiner's input from memory ({@link io.github.vwbinlog.join.LogJoiner#writeTo(java.util.Iterator,
 * java.nio.file.Path)}): each {@link LogJoinInput} verified as {@link EventFile} verifies an event of a file and
 * turned into the {@link Held} the join takes, with the rules of {@link EventStream} (roles as with episode files, an
 * event without client time at the time of the event before it, the epoch before the first). The DedupInfo of a batch
 * is one {@link Held} for all the batch's interactions (by file and batch offset), so that the output writes it once
 * per message as it does for a file's batch.
 *
 * <p>Not thread-safe.
 */
final class MemoryInput {
  /** The batches whose DedupInfo is kept for identity; older ones are forgotten (a repeat is then written again). */
  private static final int DEDUP_BATCHES = 1 << 12;

  private final Tally tally;
  /** The held events of this input, recycled once written or left out. */
  private final Held.Pool pool;
  private final EventHeader header;
  private final Map<String, Held> dedups = new LinkedHashMap<>(16, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Held> eldest) {
      return size() > DEDUP_BATCHES;
    }
  };
  private long lastTicks;

  // what the last event verified holds
  private String id = "";
  private int payloadType;
  private long ticks;
  /** The client time struct as stored, as {@code EventFile.clientTimeFields()} has it; zeros when absent. */
  private long timeFields;
  private int timeSubsecond;
  /** The role of the event {@link #held} returned last. */
  EventStream.Role role = EventStream.Role.UNJOINABLE;

  MemoryInput(ReadLimits limits, Tally tally, Held.Registry registry) {
    this.header = new EventHeader(new FlatVerifier(limits));
    this.tally = tally;
    this.pool = new Held.Pool(registry);
  }

  /**
   * The event as the join holds it, with its arrival order; null when it is not joined (counted and reported).
   */
  @Nullable Held held(LogJoinInput in, long seq) {
    ByteBuffer bytes = in.event().order(ByteOrder.LITTLE_ENDIAN);
    String problem = read(bytes);
    if (problem != null) {
      tally.skip(Tally.Kind.OTHER, DiagnosticReason.MALFORMED_EVENT, in.file(), in.offset(), null,
          "the event of the batch at offset " + in.batchOffset() + ": " + problem);
      return null;
    }
    EventStream.Role r = EventStream.role(payloadType, true);
    if (r == EventStream.Role.DEDUP) {
      tally.dedupInfos++;
      tally.skip(Tally.Kind.OTHER, DiagnosticReason.UNJOINABLE_EVENT, in.file(), in.offset(), id,
          "a DedupInfo given alone (it is given with the interactions of its batch)");
      return null;
    }
    if (r == EventStream.Role.UNJOINABLE) {
      tally.skip(Tally.Kind.OTHER, DiagnosticReason.UNJOINABLE_EVENT, in.file(), in.offset(), id,
          "payload type " + EventStream.typeName(payloadType) + " is not joined");
      return null;
    }
    if (r == EventStream.Role.INTERACTION) {
      tally.interactions++;
    } else {
      tally.observations++;
    }
    role = r;
    TimeStamp time = null;
    long t = ticks;
    if (t == EventFile.NO_TIME) {
      tally.withoutClientTime++;
      t = lastTicks;
      time = lastTicks == 0 ? EventStream.EPOCH : EventStream.timeStamp(lastTicks);
    } else {
      lastTicks = t;
    }
    // what the event holds, before dedup() reads the batch's DedupInfo over it
    String eventId = id;
    int type = payloadType;
    long fields = timeFields;
    int subsecond = timeSubsecond;
    Held dedup = r == EventStream.Role.INTERACTION ? dedup(in) : null;
    return held(pool.take(), eventId, t, seq, type, fields, subsecond, bytes, time, in.file(), in.offset(), dedup);
  }

  /**
   * Sets {@code h} to an event: where it is, its id, times (its client time struct as stored: {@code fields} and
   * {@code subsecond}) and origin.
   */
  private static Held held(Held h, String id, long t, long seq, int type, long fields, int subsecond,
      ByteBuffer bytes, @Nullable TimeStamp time, String file, long offset, @Nullable Held dedup) {
    byte[] idBytes = id.getBytes(StandardCharsets.UTF_8);
    h.set(bytes, bytes.position(), bytes.remaining(), idBytes.length,
        EventFile.hash(ByteBuffer.wrap(idBytes), 0, idBytes.length), t, seq, type, time, file, offset, dedup);
    h.id(word(idBytes, 0), word(idBytes, 1), word(idBytes, 2), word(idBytes, 3), word(idBytes, 4),
        idBytes.length > 8 * Held.WORDS ? idBytes : null);
    h.ownTime = fields;
    h.ownSubsecond = subsecond;
    return h;
  }

  /** Bytes {@code 8k} to {@code 8k + 7} of {@code b}, little-endian, zeros past its end (as {@code EventFile.idWord}). */
  private static long word(byte[] b, int k) {
    long w = 0;
    for (int i = 0; i < 8 && 8 * k + i < b.length; i++) {
      w |= (b[8 * k + i] & 0xFFL) << (8 * i);
    }
    return w;
  }

  private @Nullable Held dedup(LogJoinInput in) {
    ByteBuffer given = in.dedupInfo();
    if (given == null) {
      return null;
    }
    String key = in.batchOffset() + "@" + in.file();
    Held known = dedups.get(key);
    if (known != null) {
      return known;
    }
    ByteBuffer bytes = given.order(ByteOrder.LITTLE_ENDIAN);
    String problem = read(bytes);
    if (problem == null && EventStream.role(payloadType, true) != EventStream.Role.DEDUP) {
      problem = "payload type " + EventStream.typeName(payloadType) + ", not a DedupInfo";
    }
    if (problem != null) {
      // the interaction is still joined; the joined view reports its unresolved "__aid" references
      tally.skip(Tally.Kind.OTHER, DiagnosticReason.MALFORMED_EVENT, in.file(), in.batchOffset(), null,
          "the DedupInfo of the batch at offset " + in.batchOffset() + ": " + problem);
      return null;
    }
    tally.dedupInfos++;
    // not recycled: the output compares a batch's DedupInfo by identity
    Held d = held(new Held(), id, ticks == EventFile.NO_TIME ? 0 : ticks, -1, payloadType, timeFields, timeSubsecond,
        bytes, null, in.file(), in.batchOffset(), null);
    dedups.put(key, d);
    return d;
  }

  /** Verifies a serialized Event and reads its id, payload type and client time; null when it can be used. */
  private @Nullable String read(ByteBuffer bytes) {
    String problem = header.read(bytes, bytes.position(), bytes.remaining());
    if (problem != null) {
      return problem;
    }
    id = header.id();
    payloadType = header.payloadType();
    ticks = header.ticks();
    timeFields = header.clientTimeFields();
    timeSubsecond = header.clientTimeSubsecond();
    return null;
  }
}
