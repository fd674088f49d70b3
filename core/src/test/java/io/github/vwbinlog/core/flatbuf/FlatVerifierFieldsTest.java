package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.schema.Slots;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link FlatVerifier#field}: where the walk found each field, as a reader resolving the vtable finds it. */
class FlatVerifierFieldsTest {

  /** Where a reader finds the field: its index in {@code bytes}, 0 when absent (as the scan's reads say it). */
  private static int expected(byte[] bytes, int table, int slot) {
    int f = Bytes.field(bytes, table, slot);
    return f < 0 ? 0 : f;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("io.github.vwbinlog.core.flatbuf.FlatVerifierValidTest#samples")
  void theRootTablesFieldsAreWhereTheVtableSays(TableType type, byte[] bytes) {
    FlatVerifier verifier = new FlatVerifier(ReadLimits.defaults());
    int root = Bytes.root(bytes);
    // At an offset into a larger array: positions index the array, as the scan reads it.
    for (int start : new int[] {0, 8}) {
      byte[] big = new byte[start + bytes.length + 8];
      System.arraycopy(bytes, 0, big, start, bytes.length);
      assertThat(verifier.verify(ByteBuffer.wrap(big).order(ByteOrder.LITTLE_ENDIAN), start, bytes.length, type))
          .isNull();
      for (int slot = 0; slot < type.slotCount(); slot++) {
        assertThat(verifier.field(0, slot)).as("%s slot %d at %d", type, slot, start)
            .isEqualTo(start + expected(bytes, root, slot)).isPositive();
      }
    }
    // A slice of an array: the index into its backing array, where array reads find it.
    byte[] padded = new byte[bytes.length + 16];
    System.arraycopy(bytes, 0, padded, 8, bytes.length);
    ByteBuffer slice = ByteBuffer.wrap(padded, 8, bytes.length).slice().order(ByteOrder.LITTLE_ENDIAN);
    assertThat(verifier.verify(slice, 0, bytes.length, type)).isNull();
    assertThat(verifier.field(0, 0)).isEqualTo(8 + expected(bytes, root, 0));
    // A direct buffer: the index into the buffer.
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 4).position(4).put(bytes).clear();
    assertThat(verifier.verify(direct, 4, bytes.length, type)).isNull();
    for (int slot = 0; slot < type.slotCount(); slot++) {
      assertThat(verifier.field(0, slot)).as("%s slot %d, direct", type, slot)
          .isEqualTo(4 + expected(bytes, root, slot));
    }
  }

  @Test
  void tablesCountInTheOrderOfTheWalk() {
    // An Event is table 0 and its Metadata table 1: the Event's fields after the Metadata (its payload) stay in row 0.
    byte[] event = Samples.event("an id", 0, Samples.cbEvent());
    FlatVerifier verifier = new FlatVerifier(ReadLimits.defaults());
    assertThat(verifier.verify(ByteBuffer.wrap(event), 0, event.length, Schema.EVENT)).isNull();
    int root = Bytes.root(event);
    assertThat(verifier.field(0, Slots.Event.META)).isEqualTo(expected(event, root, Slots.Event.META));
    assertThat(verifier.field(0, Slots.Event.PAYLOAD)).isEqualTo(expected(event, root, Slots.Event.PAYLOAD))
        .isPositive();
    int metaField = expected(event, root, Slots.Event.META);
    int meta = metaField + Bytes.getInt(event, metaField);
    for (int slot = 0; slot < Slots.Metadata.COUNT; slot++) {
      assertThat(verifier.field(1, slot)).as("Metadata slot %d", slot).isEqualTo(expected(event, meta, slot));
    }
    assertThat(verifier.field(1, Slots.Metadata.ID)).isPositive();

    // A JoinedPayload: the root, then each JoinedEvent in vector order, up to the tables kept.
    byte[][] events = new byte[FlatVerifier.RECORDED_TABLES + 2][];
    for (int i = 0; i < events.length; i++) {
      events[i] = Samples.event("id " + i, 0, Samples.cbEvent());
    }
    byte[] payload = Samples.joinedPayload(events);
    assertThat(verifier.verify(ByteBuffer.wrap(payload), 0, payload.length, Schema.JOINED_PAYLOAD)).isNull();
    int vectorField = expected(payload, Bytes.root(payload), Slots.JoinedPayload.EVENTS);
    int vector = vectorField + Bytes.getInt(payload, vectorField);
    for (int i = 0; i < FlatVerifier.RECORDED_TABLES - 1; i++) {
      int element = vector + 4 + 4 * i;
      int joined = element + Bytes.getInt(payload, element);
      assertThat(verifier.field(1 + i, Slots.JoinedEvent.EVENT)).as("event %d", i)
          .isEqualTo(expected(payload, joined, Slots.JoinedEvent.EVENT)).isPositive();
      assertThat(verifier.field(1 + i, Slots.JoinedEvent.TIMESTAMP)).as("event %d", i)
          .isEqualTo(expected(payload, joined, Slots.JoinedEvent.TIMESTAMP)).isPositive();
    }
  }

  @Test
  void absentFieldsAreZeroAfterABufferThatHadThem() {
    FlatVerifier verifier = new FlatVerifier(ReadLimits.defaults());
    byte[] full = Samples.cbEvent();
    assertThat(verifier.verify(ByteBuffer.wrap(full), 0, full.length, Schema.CB_EVENT)).isNull();
    assertThat(verifier.field(0, Slots.CbEvent.CONTEXT)).isPositive();
    FlatBufferBuilder b = new FlatBufferBuilder();
    b.startTable(Slots.CbEvent.COUNT);
    b.finish(b.endTable());
    byte[] empty = b.sizedByteArray();
    assertThat(verifier.verify(ByteBuffer.wrap(empty), 0, empty.length, Schema.CB_EVENT)).isNull();
    for (int slot = 0; slot < Slots.CbEvent.COUNT; slot++) {
      assertThat(verifier.field(0, slot)).as("slot %d", slot).isZero();
    }
  }
}
