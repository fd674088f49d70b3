package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/** Buffers a writer produces verify: every table, as a root, in any region of any buffer. */
class FlatVerifierValidTest {

  static Stream<Arguments> samples() {
    return Stream.of(
        sample(Schema.JOINED_PAYLOAD, Samples::joinedPayload),
        sample(Schema.JOINED_EVENT, Samples::joinedEvent),
        sample(Schema.FILE_HEADER, Samples::fileHeader),
        sample(Schema.KEY_VALUE, Samples::keyValue),
        sample(Schema.CHECKPOINT_INFO, Samples::checkpointInfo),
        sample(Schema.EVENT, () -> Samples.event("id", 0, Samples.cbEvent())),
        sample(Schema.METADATA, Samples::metadata),
        sample(Schema.CB_EVENT, Samples::cbEvent),
        sample(Schema.MULTI_SLOT_EVENT, Samples::multiSlotEvent),
        sample(Schema.SLOT_EVENT, Samples::slotEvent),
        sample(Schema.CA_EVENT, Samples::caEvent),
        sample(Schema.OUTCOME_EVENT, Samples::outcomeNumeric),
        sample(Schema.OUTCOME_EVENT, Samples::outcomeLiteral),
        sample(Schema.NUMERIC_OUTCOME, Samples::numericOutcome),
        sample(Schema.NUMERIC_INDEX, Samples::numericIndex),
        sample(Schema.DEDUP_INFO, Samples::dedupInfo),
        sample(Schema.MULTI_STEP_EVENT, Samples::multiStepEvent),
        sample(Schema.EPISODE_EVENT, Samples::episodeEvent),
        sample(Schema.EVENT_BATCH, Samples::eventBatch),
        sample(Schema.SERIALIZED_EVENT, Samples::serializedEvent),
        sample(Schema.BATCH_METADATA, Samples::batchMetadata));
  }

  private static Arguments sample(TableType type, Supplier<byte[]> bytes) {
    return Arguments.of(type, bytes.get());
  }

  static Stream<TableType> allTables() {
    return Stream.of(Schema.JOINED_PAYLOAD, Schema.JOINED_EVENT, Schema.FILE_HEADER, Schema.KEY_VALUE,
        Schema.CHECKPOINT_INFO, Schema.EVENT, Schema.METADATA, Schema.CB_EVENT, Schema.MULTI_SLOT_EVENT,
        Schema.SLOT_EVENT, Schema.CA_EVENT, Schema.OUTCOME_EVENT, Schema.NUMERIC_OUTCOME, Schema.NUMERIC_INDEX,
        Schema.DEDUP_INFO, Schema.MULTI_STEP_EVENT, Schema.EPISODE_EVENT, Schema.EVENT_BATCH,
        Schema.SERIALIZED_EVENT, Schema.BATCH_METADATA);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void builtBuffersVerify(TableType type, byte[] bytes) {
    assertThat(Bytes.verify(bytes, type)).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void everySlotOfTheSampleIsPresent(TableType type, byte[] bytes) {
    // The samples are meant to exercise every field's checks: make sure the builder did not leave one out.
    int root = Bytes.root(bytes);
    for (int slot = 0; slot < type.slotCount(); slot++) {
      assertThat(Bytes.field(bytes, root, slot)).as("%s slot %d", type, slot).isPositive();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void everySlotIsCheckedUnderItsOwnName(TableType type, byte[] bytes) throws Exception {
    // The walk is generated from the .fbs files: for each slot, point the field far beyond the end of the buffer (an
    // odd offset, so misaligned for anything wider than a byte) and the verifier must reject it, naming the field.
    Class<?> slots = Class.forName(io.github.vwbinlog.schema.Slots.class.getName() + "$" + type.name());
    int checked = 0;
    for (java.lang.reflect.Field constant : slots.getFields()) {
      if (constant.getName().equals("COUNT")) {
        continue;
      }
      int slot = constant.getInt(null);
      byte[] broken = bytes.clone();
      int root = Bytes.root(broken);
      Bytes.putShort(broken, Bytes.vtable(broken, root) + 4 + 2 * slot, 0x7FFF);
      String field = type.name() + "." + constant.getName().toLowerCase(java.util.Locale.ROOT);
      assertThat(Bytes.verify(broken, type)).as("%s slot %d", type, slot).isNotNull()
          .containsPattern("(field|offset of) " + java.util.regex.Pattern.quote(field) + " at ");
      checked++;
    }
    assertThat(checked).isEqualTo(type.slotCount());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allTables")
  void anEmptyTableVerifies(TableType type) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    b.startTable(type.slotCount());
    b.finish(b.endTable());
    assertThat(Bytes.verify(b.sizedByteArray(), type)).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void alignmentCountsFromTheRegionStartNotTheBuffer(TableType type, byte[] bytes) {
    // At index 2 every absolute position is misaligned by 2; only region-relative alignment matters, as in C++,
    // where the verifier is given the nested buffer's own start.
    for (int start : new int[] {1, 2, 3, 8}) {
      byte[] big = new byte[start + bytes.length + 5];
      java.util.Arrays.fill(big, (byte) 0xEE);
      System.arraycopy(bytes, 0, big, start, bytes.length);
      assertThat(FlatVerifier.verify(ByteBuffer.wrap(big), start, bytes.length, type, ReadLimits.defaults()))
          .as("start %d", start).isNull();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void byteOrderPositionAndKindOfBufferDoNotMatter(TableType type, byte[] bytes) {
    ByteBuffer bigEndian = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
    bigEndian.position(3);
    assertThat(FlatVerifier.verify(bigEndian, 0, bytes.length, type, ReadLimits.defaults())).isNull();
    assertThat(bigEndian.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
    assertThat(bigEndian.position()).isEqualTo(3);

    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    assertThat(FlatVerifier.verify(direct, 0, bytes.length, type, ReadLimits.defaults())).isNull();
  }

  @Test
  void aVerifierCanBeReused() {
    FlatVerifier verifier = new FlatVerifier(ReadLimits.defaults());
    byte[] good = Samples.cbEvent();
    byte[] bad = java.util.Arrays.copyOf(good, 8);
    for (int i = 0; i < 3; i++) {
      assertThat(verifier.verify(ByteBuffer.wrap(good), 0, good.length, Schema.CB_EVENT)).isNull();
      assertThat(verifier.verify(ByteBuffer.wrap(bad), 0, bad.length, Schema.CB_EVENT)).isNotNull();
    }
  }

  @Test
  void nestedBuffersAreSeparateRoots() {
    byte[] payload = Samples.joinedPayload();
    assertThat(Bytes.verify(payload, Schema.JOINED_PAYLOAD)).isNull();
    JoinedPayload p = JoinedPayload.getRootAsJoinedPayload(ByteBuffer.wrap(payload));
    assertThat(p.eventsLength()).isEqualTo(2);
    for (int i = 0; i < p.eventsLength(); i++) {
      ByteBuffer event = p.events(i).eventAsByteBuffer();
      assertThat(FlatVerifier.verify(event, event.position(), event.remaining(), Schema.EVENT, ReadLimits.defaults()))
          .isNull();
      Event e = Event.getRootAsEvent(event.slice());
      ByteBuffer inner = e.payloadAsByteBuffer();
      TableType root = Schema.forPayloadType(e.meta().payloadType());
      assertThat(root).isNotNull();
      assertThat(FlatVerifier.verify(inner, inner.position(), inner.remaining(), root, ReadLimits.defaults()))
          .isNull();
    }
  }

  @Test
  void payloadTypesMapToTheirRoots() {
    // In the order of the payload type codes, from 0.
    List<TableType> roots = List.of(Schema.CB_EVENT, Schema.MULTI_SLOT_EVENT, Schema.MULTI_SLOT_EVENT,
        Schema.OUTCOME_EVENT, Schema.CA_EVENT, Schema.DEDUP_INFO, Schema.MULTI_STEP_EVENT, Schema.EPISODE_EVENT);
    for (int code = 0; code < roots.size(); code++) {
      assertThat(Schema.forPayloadType(code)).as("payload type %d", code).isSameAs(roots.get(code));
    }
    assertThat(Schema.forPayloadType(8)).isNull();
    assertThat(Schema.forPayloadType(255)).isNull();
  }

  @Test
  void aRegionOutsideTheBufferIsTheCallersError() {
    ByteBuffer b = ByteBuffer.allocate(16);
    assertThatThrownBy(() -> FlatVerifier.verify(b, 8, 12, Schema.CB_EVENT, ReadLimits.defaults()))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> FlatVerifier.verify(b, -1, 4, Schema.CB_EVENT, ReadLimits.defaults()))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }
}
