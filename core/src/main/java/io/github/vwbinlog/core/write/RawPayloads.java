package io.github.vwbinlog.core.write;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;

/**
 * Joined events as a log holds them, cut by event id and put together again, every event copied unchanged (its
 * {@code Event} bytes, compressed payloads still compressed, and its enqueued time): {@link #byId} cuts a REGULAR
 * message's {@code JoinedPayload} into one {@code JoinedPayload} per event id (what a row of Spark's joined view
 * carries, so that a writer can copy its events instead of encoding them again), {@link #joinedPayload} makes one of
 * serialized events, and {@link #events} reads such payloads back as the events a {@link RawPayloadEncoder} lays out
 * in one REGULAR message.
 *
 * <p>Each buffer is verified before it is read (the JoinedPayload, and each nested {@code Event}), so a damaged one
 * raises {@link MalformedDataException}, never a JDK exception.
 *
 * <pre>{@code
 * Map<String, ByteBuffer> byId = RawPayloads.byId(regular.payload(), regular.offset(), ReadLimits.defaults());
 * }</pre>
 */
public final class RawPayloads {
  private RawPayloads() {}

  /**
   * The events of {@link #events}: event {@code i} is {@code lengths[i]} bytes at {@code indexes[i]} of
   * {@code buffers[i]}, with its time and whether it is a DedupInfo event.
   */
  public static final class Events {
    ByteBuffer[] buffers = new ByteBuffer[16];
    int[] indexes = new int[16];
    int[] lengths = new int[16];
    TimeStamp[] times = new TimeStamp[16];
    boolean[] dedup = new boolean[16];
    int count;

    /** Creates an empty list. */
    public Events() {}

    /** How many events it holds. */
    public int count() {
      return count;
    }

    /** Empties it, dropping its references to the buffers. */
    public void clear() {
      java.util.Arrays.fill(buffers, 0, count, null);
      java.util.Arrays.fill(times, 0, count, null);
      count = 0;
    }

    void add(ByteBuffer buffer, int index, int length, TimeStamp time, boolean isDedup) {
      if (count == buffers.length) {
        int n = count * 2;
        buffers = java.util.Arrays.copyOf(buffers, n);
        indexes = java.util.Arrays.copyOf(indexes, n);
        lengths = java.util.Arrays.copyOf(lengths, n);
        times = java.util.Arrays.copyOf(times, n);
        dedup = java.util.Arrays.copyOf(dedup, n);
      }
      buffers[count] = buffer;
      indexes[count] = index;
      lengths[count] = length;
      times[count] = time;
      dedup[count] = isDedup;
      count++;
    }

    /** Whether event {@code i} is a DedupInfo event. */
    public boolean isDedup(int i) {
      return dedup[i];
    }

    /** Whether event {@code i} holds the same bytes and time as event {@code j} of {@code other}. */
    public boolean sameEvent(int i, Events other, int j) {
      return lengths[i] == other.lengths[j] && times[i].equals(other.times[j])
          && buffers[i].slice(indexes[i], lengths[i])
              .equals(other.buffers[j].slice(other.indexes[j], other.lengths[j]));
    }

    /** Appends a copy of event {@code i} of {@code other}, which does not refer to its buffer. */
    public void addCopyOf(Events other, int i) {
      byte[] copy = new byte[other.lengths[i]];
      other.buffers[i].get(other.indexes[i], copy);
      add(ByteBuffer.wrap(copy), 0, copy.length, other.times[i], other.dedup[i]);
    }

    /** Appends event {@code i} of {@code other}. */
    public void addFrom(Events other, int i) {
      add(other.buffers[i], other.indexes[i], other.lengths[i], other.times[i], other.dedup[i]);
    }

    /** The bytes of event {@code i}'s {@code Event} and of the others: what a message of these events holds. */
    public long bytes() {
      long sum = 0;
      for (int i = 0; i < count; i++) {
        sum += lengths[i];
      }
      return sum;
    }

    /** The REGULAR payload of these events, in order, laid out by {@code encoder}; valid until its next call. */
    public ByteBuffer joinedPayload(RawPayloadEncoder encoder) {
      // every event has its time stamp here: no client time as stored is read
      return encoder.joinedPayload(buffers, indexes, lengths, times, new long[count], new int[count], count);
    }
  }

  /**
   * A REGULAR message's joined events by event id, in the order each id first appears: for each id a
   * {@code JoinedPayload} holding the DedupInfo events of the message that come before the id's first event, then
   * the id's joined events, in payload order. Ids are compared as VW compares them, byte for byte (they are valid
   * UTF-8 in any message that joins).
   *
   * @param payload the JoinedPayload, from its position to its limit
   * @param offset the message's offset, for errors
   * @throws MalformedDataException if the JoinedPayload, a joined event or an event's metadata cannot be read (VW
   *     drops such a message whole, so no joined event comes from it)
   */
  public static Map<String, ByteBuffer> byId(ByteBuffer payload, long offset, ReadLimits limits) {
    Events all = new Events();
    read(payload, offset, limits, all, true);
    Map<String, Events> groups = new LinkedHashMap<>();
    Events dedups = new Events();
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < all.count; i++) {
      if (all.dedup[i]) {
        dedups.addFrom(all, i);
        continue;
      }
      String id = idOf(all, i, offset);
      Events group = groups.get(id);
      if (group == null) {
        group = new Events();
        for (int k = 0; k < dedups.count; k++) {
          group.addFrom(dedups, k);
        }
        groups.put(id, group);
        ids.add(id);
      }
      group.addFrom(all, i);
    }
    RawPayloadEncoder encoder = new RawPayloadEncoder();
    Map<String, ByteBuffer> out = new LinkedHashMap<>();
    for (String id : ids) {
      ByteBuffer laid = groups.get(id).joinedPayload(encoder);
      byte[] copy = new byte[laid.remaining()];
      laid.get(laid.position(), copy);
      out.put(id, ByteBuffer.wrap(copy).asReadOnlyBuffer());
    }
    return out;
  }

  /**
   * A {@code JoinedPayload} holding these serialized {@code Event}s, each with its enqueued time, copied unchanged, in
   * order: how the joiner lays out a REGULAR message from events read from rlclientlib's files.
   *
   * @throws MalformedDataException if an event fails verification or has no metadata or id
   * @throws IllegalArgumentException if the two lists differ in size
   */
  public static ByteBuffer joinedPayload(List<ByteBuffer> events, List<TimeStamp> times, ReadLimits limits) {
    if (events.size() != times.size()) {
      throw new IllegalArgumentException(events.size() + " events but " + times.size() + " times");
    }
    FlatVerifier verifier = new FlatVerifier(limits);
    Events out = new Events();
    Event event = new Event();
    for (int i = 0; i < events.size(); i++) {
      ByteBuffer bytes = events.get(i).slice().order(ByteOrder.LITTLE_ENDIAN);
      String bad = verifier.verify(bytes, 0, bytes.limit(), Schema.EVENT);
      if (bad != null) {
        throw malformed(DiagnosticReason.MALFORMED_EVENT, 0, "event " + i + " fails verification: " + bad);
      }
      Metadata m = Event.getRootAsEvent(bytes, event).meta();
      if (m == null || m.idAsByteBuffer() == null) {
        throw malformed(DiagnosticReason.MALFORMED_EVENT, 0, "event " + i + " has no " + (m == null ? "metadata"
            : "event id"));
      }
      out.add(bytes, 0, bytes.limit(), java.util.Objects.requireNonNull(times.get(i), "time"),
          m.payloadType() == PayloadType.DEDUP_INFO.code());
    }
    ByteBuffer laid = out.joinedPayload(new RawPayloadEncoder());
    byte[] copy = new byte[laid.remaining()];
    laid.get(laid.position(), copy);
    return ByteBuffer.wrap(copy).asReadOnlyBuffer();
  }

  /**
   * Appends to {@code out} the joined events of a {@code JoinedPayload}, in order, as views of {@code payload} (which
   * must stay unchanged while {@code out} is used).
   *
   * @param offset where the payload comes from, for errors
   * @throws MalformedDataException if the JoinedPayload, a joined event or an event's metadata cannot be read
   */
  public static void events(ByteBuffer payload, long offset, ReadLimits limits, Events out) {
    read(payload, offset, limits, out, false);
  }

  private static void read(ByteBuffer payload, long offset, ReadLimits limits, Events out, boolean needIds) {
    ByteBuffer le = payload.slice().order(ByteOrder.LITTLE_ENDIAN);
    FlatVerifier verifier = new FlatVerifier(limits);
    String problem = verifier.verify(le, 0, le.limit(), Schema.JOINED_PAYLOAD);
    if (problem != null) {
      throw malformed(DiagnosticReason.MALFORMED_PAYLOAD, offset, "the JoinedPayload fails verification: " + problem);
    }
    JoinedPayload root = JoinedPayload.getRootAsJoinedPayload(le);
    JoinedEvent joined = new JoinedEvent();
    Event event = new Event();
    Metadata meta = new Metadata();
    reinforcement_learning.messages.flatbuff.v2.TimeStamp time =
        new reinforcement_learning.messages.flatbuff.v2.TimeStamp();
    int n = root.eventsLength();
    for (int i = 0; i < n; i++) {
      root.events(joined, i);
      ByteBuffer bytes = joined.eventAsByteBuffer();
      reinforcement_learning.messages.flatbuff.v2.TimeStamp t = joined.timestamp(time);
      if (bytes == null || t == null) {
        throw malformed(DiagnosticReason.MALFORMED_EVENT, offset, "JoinedEvent " + i + " is malformed: no "
            + (bytes == null ? "event" : "timestamp"));
      }
      int index = bytes.position();
      int length = bytes.remaining();
      ByteBuffer eventBytes = le.slice(index, length).order(ByteOrder.LITTLE_ENDIAN);
      String bad = verifier.verify(eventBytes, 0, length, Schema.EVENT);
      if (bad != null) {
        throw malformed(DiagnosticReason.MALFORMED_EVENT, offset, "the Event of JoinedEvent " + i
            + " fails verification: " + bad);
      }
      Event.getRootAsEvent(eventBytes, event);
      Metadata m = event.meta(meta);
      if (m == null || m.idAsByteBuffer() == null) {
        throw malformed(DiagnosticReason.MALFORMED_EVENT, offset, "the Event of JoinedEvent " + i
            + " is malformed: no " + (m == null ? "metadata" : "event id"));
      }
      TimeStamp stamp = new TimeStamp(t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second(),
          t.subsecond());
      out.add(le, index, length, stamp, m.payloadType() == PayloadType.DEDUP_INFO.code());
    }
  }

  /** The event id of event {@code i}, which {@link #read} verified. */
  private static String idOf(Events events, int i, long offset) {
    ByteBuffer bytes = events.buffers[i].slice(events.indexes[i], events.lengths[i]).order(ByteOrder.LITTLE_ENDIAN);
    Metadata m = Event.getRootAsEvent(bytes).meta();
    ByteBuffer id = java.util.Objects.requireNonNull(java.util.Objects.requireNonNull(m).idAsByteBuffer());
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(id).toString();
    } catch (CharacterCodingException e) {
      throw malformed(DiagnosticReason.MALFORMED_EVENT, offset, "the event id of JoinedEvent " + i
          + " is not valid UTF-8");
    }
  }

  private static MalformedDataException malformed(DiagnosticReason reason, long offset, String problem) {
    return new MalformedDataException(reason, offset, MessageType.REGULAR.code(), "a REGULAR message's joined events",
        problem);
  }
}
