package io.github.vwbinlog.core.write;

import static io.github.vwbinlog.core.write.FlatFields.NESTED_ALIGNMENT;
import static io.github.vwbinlog.core.write.FlatFields.timeStamp;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * Lays out a {@code JoinedPayload} from serialized {@code Event} buffers copied unchanged, each with its joined time:
 * how the joiner writes the events it read from rlclientlib's files (compressed payloads stay compressed). Nested
 * buffers are 8-byte aligned, as {@link EventEncoder}'s. Reuses its builder: one instance per thread.
 *
 * <pre>{@code
 * ByteBuffer payload = encoder.joinedPayload(events, times, n);   // a REGULAR message's payload
 * }</pre>
 */
public final class RawPayloadEncoder {
  private final FlatBufferBuilder builder = new FlatBufferBuilder(64 * 1024);
  private int[] offsets = new int[64];

  /** Creates one. */
  public RawPayloadEncoder() {}

  /**
   * The payload holding the first {@code n} events, in order: event {@code i} is {@code events[i]} (from its position
   * to its limit, left unchanged) with the timestamp {@code times[i]}. The result is valid until the next call.
   */
  public ByteBuffer joinedPayload(ByteBuffer[] events, TimeStamp[] times, int n) {
    FlatBufferBuilder b = builder;
    b.clear();
    if (offsets.length < n) {
      offsets = new int[Math.max(n, offsets.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      ByteBuffer e = events[i].duplicate();
      b.createUnintializedVector(1, e.remaining(), NESTED_ALIGNMENT).put(e);
      int bytes = b.endVector();
      JoinedEvent.startJoinedEvent(b);
      JoinedEvent.addEvent(b, bytes);
      JoinedEvent.addTimestamp(b, timeStamp(b, times[i]));
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
}
