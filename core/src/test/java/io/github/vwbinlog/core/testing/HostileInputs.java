package io.github.vwbinlog.core.testing;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.ProblemType;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.CbEvent;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/**
 * Builds the raw flatbuffers and zstd frames of hostile inputs by hand (docs/ROBUSTNESS.md), for core's tests and,
 * through core's test-jar, the fuzz module's: CB events, Events with any stored payload, JoinedPayloads, one-message
 * logs, and zstd frames whose header declares any content size.
 */
public final class HostileInputs {
  private HostileInputs() {}

  /** A CbEvent flatbuffer with these action ids, equal probabilities and a small context. */
  public static byte[] cbEvent(long... actions) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int context = CbEvent.createContextVector(b, "{\"GUser\":{\"id\":\"a\"}}".getBytes(StandardCharsets.UTF_8));
    int ids = CbEvent.createActionIdsVector(b, actions);
    float[] p = new float[actions.length];
    Arrays.fill(p, 1f / Math.max(1, actions.length));
    int probabilities = CbEvent.createProbabilitiesVector(b, p);
    b.finish(CbEvent.createCbEvent(b, false, ids, context, probabilities, 0, (byte) 0));
    return b.sizedByteArray();
  }

  /** An Event flatbuffer: CB metadata with this id and encoding (1 = zstd), and these payload bytes as stored. */
  public static byte[] event(String id, int encoding, byte[] payload) {
    return event(id, 0, encoding, payload);
  }

  /**
   * An Event flatbuffer: metadata with this id, payload type (its code, any byte) and encoding (1 = zstd), and these
   * payload bytes as stored.
   */
  public static byte[] event(String id, int payloadType, int encoding, byte[] payload) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int idOffset = b.createString(id);
    int payloadOffset = Event.createPayloadVector(b, payload);
    Metadata.startMetadata(b);
    Metadata.addId(b, idOffset);
    Metadata.addPayloadType(b, payloadType);
    Metadata.addPassProbability(b, 1f);
    Metadata.addEncoding(b, encoding);
    int meta = Metadata.endMetadata(b);
    b.finish(Event.createEvent(b, meta, payloadOffset));
    return b.sizedByteArray();
  }

  /**
   * A JoinedPayload flatbuffer holding these Event buffers, each with the time stamp 2021-04-13 15:08:46; a null entry
   * is a joined event with a time stamp and no event.
   */
  public static byte[] joinedPayload(List<byte @Nullable []> events) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int[] offsets = new int[events.size()];
    for (int i = 0; i < offsets.length; i++) {
      byte[] event = events.get(i);
      int bytes = event == null ? 0 : JoinedEvent.createEventVector(b, event);
      JoinedEvent.startJoinedEvent(b);
      if (event != null) {
        JoinedEvent.addEvent(b, bytes);
      }
      JoinedEvent.addTimestamp(b, TimeStamp.createTimeStamp(b, 2021, 4, 13, 15, 8, 46, 0));
      offsets[i] = JoinedEvent.endJoinedEvent(b);
    }
    b.finish(JoinedPayload.createJoinedPayload(b, JoinedPayload.createEventsVector(b, offsets)));
    return b.sizedByteArray();
  }

  /** FILEMAGIC, a CB checkpoint, one REGULAR message with this payload, EOF. */
  public static byte[] log(byte[] joinedPayload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(ByteBuffer.wrap(joinedPayload)).eof();
    }
    return out.toByteArray();
  }

  /**
   * Rewrites a zstd frame's header to declare {@code size}: magic, a descriptor with an 8-byte content size and the
   * single-segment flag (no window descriptor), the size, then the original blocks and checksum unchanged.
   */
  public static byte[] withDeclaredSize(byte[] frame, long size) {
    int descriptor = frame[4] & 0xFF;
    boolean singleSegment = (descriptor & 0x20) != 0;
    int fcsBytes = switch (descriptor >>> 6) {
      case 0 -> singleSegment ? 1 : 0;
      case 1 -> 2;
      case 2 -> 4;
      default -> 8;
    };
    int dictIdBytes = new int[] {0, 1, 2, 4}[descriptor & 0x03];
    int headerLength = 4 + 1 + (singleSegment ? 0 : 1) + dictIdBytes + fcsBytes;
    ByteBuffer out = ByteBuffer.allocate(4 + 1 + 8 + frame.length - headerLength).order(ByteOrder.LITTLE_ENDIAN);
    out.put(frame, 0, 4);
    out.put((byte) (0xC0 | 0x20 | (descriptor & 0x04)));
    out.putLong(size);
    out.put(frame, headerLength, frame.length - headerLength);
    return out.array();
  }
}
