package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import reinforcement_learning.messages.flatbuff.v2.DedupInfo;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent;
import reinforcement_learning.messages.flatbuff.v2.SlotEvent;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/**
 * The verifier's rules beyond C++ (docs/ROBUSTNESS.md): buffers whose offsets lead to the same data many times, so that
 * decoding them would materialise far more than their size, are rejected; so are vtable sizes and field offsets that
 * flatbuffers-java would read as negative; and a {@link ReadLimits} bound is reported as "what (value) exceeds the
 * maximum (limit)" with {@link FlatVerifier#limitExceeded()} set.
 */
class FlatVerifierBeyondCppTest {

  /** A DedupInfo whose values are {@code n} offsets to one string of {@code length} bytes. */
  static byte[] dedupSharingOneValue(int n, int length) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int value = b.createString("{\"a\":\"" + "x".repeat(Math.max(0, length - 8)) + "\"}");
    int[] offsets = new int[n];
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      offsets[i] = value;
      ids[i] = i;
    }
    int values = DedupInfo.createValuesVector(b, offsets);
    int idVector = DedupInfo.createIdsVector(b, ids);
    b.finish(DedupInfo.createDedupInfo(b, idVector, values));
    return b.sizedByteArray();
  }

  @Test
  void aVectorOfOffsetsToOneLargeStringIsRejected() {
    // 10,000 references to one 1000-byte value: 40 KB of buffer that would decode to 10 MB of strings.
    byte[] b = dedupSharingOneValue(10_000, 1000);
    String problem = verify(b, Schema.DEDUP_INFO);
    assertThat(problem).contains("the buffer shares data between its offsets").contains("more than the buffer's "
        + b.length);
    assertThat(new FlatVerifier(ReadLimits.defaults()).limitExceeded()).isNull();
  }

  @Test
  void aLittleSharingWithinTheBufferSizeIsAccepted() {
    // Two references to one short value: what CreateSharedString makes of a repeated string.
    assertThat(verify(dedupSharingOneValue(2, 16), Schema.DEDUP_INFO)).isNull();
  }

  @Test
  void joinedEventsSharingOneEventBufferAreRejected() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    byte[] event = Samples.event("id", 0, Samples.cbEvent());
    int bytes = JoinedEvent.createEventVector(b, event);
    int[] events = new int[1000];
    for (int i = 0; i < events.length; i++) {
      JoinedEvent.startJoinedEvent(b);
      JoinedEvent.addEvent(b, bytes);
      JoinedEvent.addTimestamp(b, TimeStamp.createTimeStamp(b, 2021, 4, 13, 15, 8, 46, 0));
      events[i] = JoinedEvent.endJoinedEvent(b);
    }
    b.finish(JoinedPayload.createJoinedPayload(b, JoinedPayload.createEventsVector(b, events)));
    byte[] payload = b.sizedByteArray();
    assertThat(verify(payload, Schema.JOINED_PAYLOAD)).contains("the buffer shares data between its offsets");
  }

  @Test
  void slotsSharingOneSlotEventAreRejected() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    long[] actions = new long[2000];
    int actionIds = SlotEvent.createActionIdsVector(b, actions);
    int slot = SlotEvent.createSlotEvent(b, actionIds, 0, 0);
    int[] slots = new int[2000];
    java.util.Arrays.fill(slots, slot);
    int slotVector = MultiSlotEvent.createSlotsVector(b, slots);
    int context = MultiSlotEvent.createContextVector(b, Samples.utf8("{}"));
    b.finish(MultiSlotEvent.createMultiSlotEvent(b, context, slotVector, 0, false, 0, (byte) 0));
    assertThat(verify(b.sizedByteArray(), Schema.MULTI_SLOT_EVENT))
        .contains("the buffer shares data between its offsets");
  }

  @Test
  void aLimitIsReportedWithValueAndLimit() {
    FlatVerifier verifier = new FlatVerifier(ReadLimits.builder().maxVectorLength(3).build());
    byte[] b = Samples.cbEvent();
    String problem = verifier.verify(ByteBuffer.wrap(b), 0, b.length, Schema.CB_EVENT);
    assertThat(problem).contains("vector length (7) exceeds the maximum (3)");
    assertThat(verifier.limitExceeded()).isEqualTo(new FlatVerifier.LimitExceeded("vector length", 7, 3));
    // The next buffer starts clean.
    assertThat(verifier.verify(ByteBuffer.wrap(Samples.checkpointInfo()), 0, Samples.checkpointInfo().length,
        Schema.CHECKPOINT_INFO)).isNull();
    assertThat(verifier.limitExceeded()).isNull();

    FlatVerifier shallow = new FlatVerifier(ReadLimits.builder().maxDepth(1).build());
    byte[] e = Samples.event("a", 0, Samples.cbEvent());
    assertThat(shallow.verify(ByteBuffer.wrap(e), 0, e.length, Schema.EVENT))
        .contains("nesting depth (2) exceeds the maximum (1)");
    assertThat(shallow.limitExceeded()).isEqualTo(new FlatVerifier.LimitExceeded("nesting depth", 2, 1));

    FlatVerifier few = new FlatVerifier(ReadLimits.builder().maxTables(1).build());
    byte[] p = Samples.joinedPayload();
    assertThat(few.verify(ByteBuffer.wrap(p), 0, p.length, Schema.JOINED_PAYLOAD))
        .contains("table count (2) exceeds the maximum (1)");
    assertThat(few.limitExceeded()).isEqualTo(new FlatVerifier.LimitExceeded("table count", 2, 1));
  }

  private static String verify(byte[] b, TableType root) {
    return Bytes.verify(b, root);
  }

  @Test
  void aFieldOffsetAbove32767IsRejected() {
    // Found by fuzzing: a FileHeader whose join_time lay 32768 bytes past its table verified (C++ reads the offset
    // unsigned) but flatbuffers-java read it as -32768 and threw IndexOutOfBoundsException.
    byte[] header = Samples.fileHeader();
    int table = Bytes.root(header);
    int vtable = Bytes.vtable(header, table);
    byte[] big = java.util.Arrays.copyOf(header, 0x8000 + table + 16);
    Bytes.putShort(big, vtable + 4, 0x8000); // join_time, slot 0
    assertThat(verify(big, Schema.FILE_HEADER)).contains("FileHeader.join_time").contains("has the offset 32768, "
        + "above 32767");
    Bytes.putShort(big, vtable + 4, 0x7FF8);
    assertThat(verify(big, Schema.FILE_HEADER)).isNull();
  }

  @Test
  void aVtableSizeAbove32767IsRejected() {
    byte[] header = Samples.fileHeader();
    int vtable = Bytes.vtable(header, Bytes.root(header));
    byte[] big = java.util.Arrays.copyOf(header, vtable + 0x8002 + 8);
    Bytes.putShort(big, vtable, 0x8002);
    assertThat(verify(big, Schema.FILE_HEADER)).contains("has a size of 32770, above 32767");
  }
}
