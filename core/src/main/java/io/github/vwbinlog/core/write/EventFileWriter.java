package io.github.vwbinlog.core.write;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.event.Event;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import reinforcement_learning.messages.flatbuff.v2.BatchMetadata;
import reinforcement_learning.messages.flatbuff.v2.EventBatch;
import reinforcement_learning.messages.flatbuff.v2.SerializedEvent;

/**
 * Writes rlclientlib event files, as its file senders do: per batch an 8-byte preamble (reserved 0, version 0, message
 * type 13 as a big-endian u16, the body size as a big-endian u32) and an {@code EventBatch} flatbuffer whose events
 * are serialized {@code Event}s. For tests, examples and the benchmarks' generator; the joiner never writes them.
 *
 * <pre>{@code
 * try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(path))) {
 *   w.batch("IDENTITY", List.of(interaction, outcome));
 * }
 * }</pre>
 */
public final class EventFileWriter implements Closeable {
  /** The message type of a protocol v2 batch. */
  public static final int PROTOCOL_V2 = 13;

  private final OutputStream out;
  private final EventEncoder encoder = new EventEncoder();
  private final FlatBufferBuilder builder = new FlatBufferBuilder(64 * 1024);

  /** Writes to a stream; closing the writer closes it. */
  public EventFileWriter(OutputStream out) {
    this.out = out;
  }

  /** Writes one batch of these events, encoded as {@link EventEncoder#event} does, with this content encoding. */
  public EventFileWriter batch(String contentEncoding, List<Event> events) throws IOException {
    byte[][] serialized = new byte[events.size()][];
    for (int i = 0; i < serialized.length; i++) {
      serialized[i] = encoder.event(events.get(i));
    }
    return rawBatch(PROTOCOL_V2, contentEncoding, serialized);
  }

  /** Writes one batch of these serialized events as they are, with any preamble message type (for broken input). */
  public EventFileWriter rawBatch(int messageType, String contentEncoding, byte[]... serialized) throws IOException {
    byte[] body = body(contentEncoding, serialized);
    ByteBuffer preamble = ByteBuffer.allocate(8); // big-endian, as rlclientlib writes it
    preamble.put((byte) 0).put((byte) 0).putShort((short) messageType).putInt(body.length);
    out.write(preamble.array());
    out.write(body);
    return this;
  }

  /** The {@code EventBatch} flatbuffer of these serialized events. */
  public byte[] body(String contentEncoding, byte[]... serialized) {
    FlatBufferBuilder b = builder;
    b.clear();
    int[] offsets = new int[serialized.length];
    for (int i = 0; i < serialized.length; i++) {
      int bytes = FlatFields.nestedBuffer(b, serialized[i]);
      offsets[i] = SerializedEvent.createSerializedEvent(b, bytes);
    }
    int vector = EventBatch.createEventsVector(b, offsets);
    int encoding = b.createString(contentEncoding);
    int meta = BatchMetadata.createBatchMetadata(b, encoding, serialized.length);
    b.finish(EventBatch.createEventBatch(b, vector, meta));
    return b.sizedByteArray();
  }

  /** The serialized {@code Event} of a record, as {@link #batch} writes it. */
  public byte[] event(Event e) {
    return encoder.event(e);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
