package io.github.vwbinlog.core.eventfile;

import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.Metadata;

/**
 * What a join needs of one serialized rlclientlib {@code Event}, read after verifying it: where its id's bytes are, its
 * payload type and encoding, and its client time (as stored, and in ticks). The one reading of an event's metadata:
 * the event file's cursor ({@link EventFile}) and the cluster join's input read events through it.
 *
 * <p>Not thread-safe: one per reader, reused for every event; its values are those of the event read last.
 */
public final class EventHeader {
  private final FlatVerifier verifier;
  private final Event eventTable = new Event();
  private final Metadata metaTable = new Metadata();
  private final reinforcement_learning.messages.flatbuff.v2.TimeStamp timeStruct =
      new reinforcement_learning.messages.flatbuff.v2.TimeStamp();
  /** The buffer read last, and a duplicate of it that ids are located in (made again only for another buffer). */
  private ByteBuffer buffer = ByteBuffer.allocate(0);
  private ByteBuffer ids = buffer;
  private int idStart;
  private int idLength;
  private int payloadType;
  private int encoding;
  private boolean hasTime;
  private long timeFields;
  private int timeSubsecond;
  private long ticks;

  /** A reader verifying events with {@code verifier}. */
  public EventHeader(FlatVerifier verifier) {
    this.verifier = verifier;
  }

  /**
   * Verifies the {@code Event} of {@code length} bytes at {@code start} of {@code buffer} (little-endian) and reads its
   * metadata.
   *
   * @return null if it was read, else what is wrong with it (the event cannot be used)
   */
  public @Nullable String read(ByteBuffer buffer, int start, int length) {
    hasTime = false;
    String problem = verifier.verify(buffer, start, length, Schema.EVENT);
    if (problem != null) {
      return "the Event is malformed: " + problem;
    }
    if (buffer != this.buffer) {
      this.buffer = buffer;
      ids = buffer.duplicate();
    }
    eventTable.__assign(buffer.getInt(start) + start, buffer);
    Metadata m = eventTable.meta(metaTable);
    if (m == null) {
      return "the Event has no metadata";
    }
    ByteBuffer idBytes = m.idInByteBuffer(ids);
    if (idBytes == null) {
      return "the Event has no id";
    }
    idStart = idBytes.position();
    idLength = idBytes.remaining();
    payloadType = m.payloadType();
    encoding = m.encoding();
    ticks = EventFile.NO_TIME;
    timeFields = 0;
    timeSubsecond = 0;
    reinforcement_learning.messages.flatbuff.v2.TimeStamp t = m.clientTimeUtc(timeStruct);
    if (t != null) {
      hasTime = true;
      // the struct's first 8 bytes as the schema lays them out, little-endian, its padding byte 0
      timeFields = t.year() | (long) t.month() << 16 | (long) t.day() << 24 | (long) t.hour() << 32
          | (long) t.minute() << 40 | (long) t.second() << 48;
      timeSubsecond = (int) t.subsecond();
      int year = (short) t.year();
      if (year != 0 || t.month() != 0 || t.day() != 0 || t.hour() != 0 || t.minute() != 0 || t.second() != 0) {
        ticks = Math.addExact(Math.multiplyExact(TimeStamp.epochSecond(year, t.month(), t.day(), t.hour(),
            t.minute(), t.second()), EventFile.TICKS_PER_SECOND), t.subsecond());
      }
    }
    return null;
  }

  /** The index of the id's first byte in the buffer read last. */
  public int idStart() {
    return idStart;
  }

  /** The length in bytes of the UTF-8 id. */
  public int idLength() {
    return idLength;
  }

  /** The id, decoded (a new string; invalid UTF-8 is replaced, as the DSJSON output shows it). */
  public String id() {
    byte[] bytes = new byte[idLength];
    buffer.get(idStart, bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** The payload type code. */
  public int payloadType() {
    return payloadType;
  }

  /** The encoding code. */
  public int encoding() {
    return encoding;
  }

  /**
   * The client time in ticks of 100 ns since the epoch, or {@link EventFile#NO_TIME} when it has none (absent, or all
   * of year to second 0, VW's "empty").
   */
  public long ticks() {
    return ticks;
  }

  /**
   * The client time as stored, its fields but the subsecond as the struct's first 8 bytes, little-endian: year (16
   * bits), month, day, hour, minute, second (8 bits each), the padding byte 0; 0 when absent.
   */
  public long clientTimeFields() {
    return timeFields;
  }

  /** The subsecond of the client time as stored (an unsigned 32-bit value); 0 when absent. */
  public int clientTimeSubsecond() {
    return timeSubsecond;
  }

  /** The client time as stored, or null when absent (a new record). */
  public @Nullable TimeStamp clientTime() {
    return hasTime ? EventDecoder.timeStamp(timeStruct) : null;
  }
}
