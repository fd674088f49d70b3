package io.github.vwbinlog.core.write;

import static io.github.vwbinlog.core.write.FlatFields.NESTED_ALIGNMENT;
import static io.github.vwbinlog.core.write.FlatFields.timeStamp;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * Lays out a {@code JoinedPayload} from serialized {@code Event}s copied unchanged, each with its joined time:
 * how the joiner writes the events it read from rlclientlib's files (compressed payloads stay compressed). Nested
 * buffers are 8-byte aligned, as {@link EventEncoder}'s. Reuses its builder: one instance per thread.
 *
 * <pre>{@code
 * ByteBuffer payload = encoder.joinedPayload(buffers, indexes, lengths, times, ownTimes, ownSubseconds, n);
 * }</pre>
 */
public final class RawPayloadEncoder {
  /**
   * Laid out in a direct buffer: the payloads go to a file channel, which copies a heap buffer into a direct one of its
   * own before each write (a megabyte-sized REGULAR message's every byte copied once more).
   */
  private final FlatBufferBuilder builder = new FlatBufferBuilder(64 * 1024, new FlatBufferBuilder.ByteBufferFactory() {
    @Override
    public ByteBuffer newByteBuffer(int capacity) {
      return ByteBuffer.allocateDirect(capacity).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    }
  });
  private int[] offsets = new int[64];
  private static final int VIEWS = 4;
  private final ByteBuffer[] viewed = new ByteBuffer[VIEWS];
  private final ByteBuffer[] views = new ByteBuffer[VIEWS];
  private int nextView;

  /** Creates one. */
  public RawPayloadEncoder() {}

  /**
   * The payload holding the first {@code n} events, in order: event {@code i} is the {@code lengths[i]} bytes at
   * {@code indexes[i]} of {@code buffers[i]} (a serialized {@code Event}, copied unchanged) with the timestamp
   * {@code times[i]}, or, when that is null, the event's own client time as stored, which the caller read with the
   * event: its fields but the subsecond {@code ownTimes[i]}, as the struct's first 8 bytes, little-endian (year, 16
   * bits; month, day, hour, minute, second, 8 bits each; the padding byte is ignored), and its subsecond
   * {@code ownSubseconds[i]} (an unsigned 32-bit value); zeros when it has none. The result is valid until the next
   * call.
   */
  public ByteBuffer joinedPayload(ByteBuffer[] buffers, int[] indexes, int[] lengths, TimeStamp[] times,
      long[] ownTimes, int[] ownSubseconds, int n) {
    FlatBufferBuilder b = builder;
    b.clear();
    if (offsets.length < n) {
      offsets = new int[Math.max(n, offsets.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      // the same layout as createUnintializedVector(1, length, NESTED_ALIGNMENT) and a copy, without its new slice
      // per event: aligned first, then copied from a reused view of the event's buffer
      b.prep(NESTED_ALIGNMENT, lengths[i]);
      int bytes = b.createByteVector(range(buffers[i], indexes[i], lengths[i]));
      JoinedEvent.startJoinedEvent(b);
      JoinedEvent.addEvent(b, bytes);
      if (times[i] != null) {
        JoinedEvent.addTimestamp(b, timeStamp(b, times[i]));
      } else {
        long f = ownTimes[i];
        JoinedEvent.addTimestamp(b, reinforcement_learning.messages.flatbuff.v2.TimeStamp.createTimeStamp(b,
            (int) (f & 0xFFFF), (int) (f >>> 16) & 0xFF, (int) (f >>> 24) & 0xFF, (int) (f >>> 32) & 0xFF,
            (int) (f >>> 40) & 0xFF, (int) (f >>> 48) & 0xFF, Integer.toUnsignedLong(ownSubseconds[i])));
      }
      offsets[i] = JoinedEvent.endJoinedEvent(b);
    }
    JoinedPayload.startEventsVector(b, n);
    for (int i = n - 1; i >= 0; i--) {
      b.addOffset(offsets[i]);
    }
    int vector = b.endVector();
    b.finish(JoinedPayload.createJoinedPayload(b, vector));
    return b.dataBuffer();
  }

  /**
   * A view of {@code length} bytes at {@code index} of {@code buffer}: one of a few reused views, since a message's
   * events lie in a few buffers (the mapped windows of the input files).
   */
  private ByteBuffer range(ByteBuffer buffer, int index, int length) {
    int k = 0;
    while (k < VIEWS && viewed[k] != buffer) {
      k++;
    }
    if (k == VIEWS) {
      k = nextView;
      nextView = (nextView + 1) % VIEWS;
      viewed[k] = buffer;
      views[k] = buffer.duplicate();
    }
    ByteBuffer v = views[k];
    v.limit(index + length).position(index);
    return v;
  }
}
