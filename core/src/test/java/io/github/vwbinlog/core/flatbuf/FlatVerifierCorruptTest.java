package io.github.vwbinlog.core.flatbuf;

import static io.github.vwbinlog.core.flatbuf.Bytes.element;
import static io.github.vwbinlog.core.flatbuf.Bytes.field;
import static io.github.vwbinlog.core.flatbuf.Bytes.getInt;
import static io.github.vwbinlog.core.flatbuf.Bytes.getUShort;
import static io.github.vwbinlog.core.flatbuf.Bytes.putInt;
import static io.github.vwbinlog.core.flatbuf.Bytes.putShort;
import static io.github.vwbinlog.core.flatbuf.Bytes.root;
import static io.github.vwbinlog.core.flatbuf.Bytes.target;
import static io.github.vwbinlog.core.flatbuf.Bytes.verify;
import static io.github.vwbinlog.core.flatbuf.Bytes.vtable;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.ReadLimits;
import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the verifier, broken once in an otherwise valid buffer: the buffer must fail with a report that names
 * the rule, the table or field, and the position. Every test first checks that the unbroken buffer verifies, so that
 * a failure can only come from the byte the test changed.
 */
class FlatVerifierCorruptTest {

  private static byte[] valid(byte[] bytes, TableType type) {
    assertThat(verify(bytes, type)).as("the unbroken %s", type).isNull();
    return bytes;
  }

  /** Points field {@code slot} of the table at {@code table} to the absolute position {@code at}. */
  private static void moveField(byte[] b, int table, int slot, int at) {
    putShort(b, vtable(b, table) + 4 + 2 * slot, at - table);
  }

  @Nested
  class Root {
    @Test
    void aBufferSmallerThanTheSmallestFlatbufferFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      assertThat(verify(Arrays.copyOf(b, 11), Schema.CHECKPOINT_INFO))
          .isEqualTo("the buffer is 11 bytes, less than the 12 of the smallest flatbuffer");
      assertThat(verify(new byte[0], Schema.CHECKPOINT_INFO)).contains("the buffer is 0 bytes");
    }

    @Test
    void aZeroRootOffsetFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      putInt(b, 0, 0);
      assertThat(verify(b, Schema.CHECKPOINT_INFO)).isEqualTo("the root offset at 0 is 0");
    }

    @Test
    void aRootOffsetOutOfBoundsFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      putInt(b, 0, b.length);
      assertThat(verify(b, Schema.CHECKPOINT_INFO))
          .isEqualTo("the root offset at 0 points to " + b.length + ", outside the buffer (size " + b.length + ")");
    }

    @Test
    void aRootOffsetAtOrAbove2To31Fails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      putInt(b, 0, 0x8000_0000);
      assertThat(verify(b, Schema.CHECKPOINT_INFO))
          .isEqualTo("the root offset at 0 is 2147483648, negative as a signed 32-bit offset");
    }

    @Test
    void aMisalignedRootTableFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      int table = root(b);
      putInt(b, 0, table + 2);
      assertThat(verify(b, Schema.CHECKPOINT_INFO))
          .isEqualTo("table CheckpointInfo at " + (table + 2) + " (the root) is not 4-byte aligned");
    }

    @Test
    void aRootTableWithoutRoomForItsSoffsetFails() {
      // Two extra bytes: the root offset may point to the last 4-aligned position, which has only 2 bytes left.
      byte[] b = Bytes.grow(valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO), 2);
      int end = b.length - 2;
      putInt(b, 0, end);
      assertThat(verify(b, Schema.CHECKPOINT_INFO)).isEqualTo(
          "table CheckpointInfo at " + end + " (the root) extends beyond the buffer (size " + b.length + ")");
    }
  }

  @Nested
  class Vtable {
    @Test
    void aMisalignedVtableFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      putInt(b, table, getInt(b, table) + 1);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("vtable of table CbEvent at " + table + " (at "
          + (vtable(b, table)) + ") is not 2-byte aligned");
    }

    @Test
    void aVtableBeforeTheBufferFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      putInt(b, table, table + 2);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo(
          "vtable of table CbEvent at " + table + " (at -2) lies outside the buffer (size " + b.length + ")");
    }

    @Test
    void aVtableAfterTheBufferFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      // A negative soffset puts the vtable after the table: legal, but here past the end.
      putInt(b, table, table - b.length);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo(
          "vtable of table CbEvent at " + table + " (at " + b.length + ") lies outside the buffer (size " + b.length
              + ")");
    }

    @Test
    void anOddVtableSizeFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      int vtable = vtable(b, table);
      int size = getUShort(b, vtable);
      putShort(b, vtable, size + 1);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo(
          "vtable of table CbEvent at " + table + " (at " + vtable + ") has an odd size, " + (size + 1));
    }

    @Test
    void aVtableExtendingBeyondTheBufferFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      int vtable = vtable(b, table);
      putShort(b, vtable, 0xFFFE);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("vtable of table CbEvent at " + table + " (at " + vtable
          + ", 65534 bytes) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aVtableTooShortForASlotMeansTheFieldIsAbsentAsInCpp() {
      // C++ checks no minimum vtable size: a field beyond the vtable is absent. Size 0 leaves every field absent.
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      putShort(b, vtable(b, root(b)), 0);
      assertThat(verify(b, Schema.CB_EVENT)).isNull();
    }

    @Test
    void theTableInlineSizeIsNotCheckedAsInCpp() {
      // The second vtable entry (the table's inline size) is read by neither C++'s verifier nor the Java accessors.
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      putShort(b, vtable(b, root(b)) + 2, 0xFFFE);
      assertThat(verify(b, Schema.CB_EVENT)).isNull();
    }

    @Test
    void slotsBeyondTheSchemaAreIgnored() {
      // A newer writer may add fields; like C++, the verifier checks only the slots it knows.
      FlatBufferBuilder fb = new FlatBufferBuilder();
      fb.startTable(3);
      fb.addInt(0, 7, 0);
      fb.addInt(2, 9, 0);
      fb.finish(fb.endTable());
      assertThat(verify(fb.sizedByteArray(), Schema.NUMERIC_INDEX)).isNull();
    }
  }

  @Nested
  class InlineFields {
    @Test
    void aScalarBeyondTheBufferFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      int table = root(b);
      // default_reward (slot 1, a float) moved to the last 4-aligned position: its 4 bytes run past the end.
      int at = b.length;
      moveField(b, table, 1, at);
      assertThat(verify(b, Schema.CHECKPOINT_INFO)).isEqualTo("field CheckpointInfo.default_reward at " + at
          + " (4 bytes) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aMisalignedScalarFails() {
      byte[] b = valid(Samples.checkpointInfo(), Schema.CHECKPOINT_INFO);
      int table = root(b);
      int at = field(b, table, 1);
      moveField(b, table, 1, at + 1);
      assertThat(verify(b, Schema.CHECKPOINT_INFO))
          .isEqualTo("field CheckpointInfo.default_reward at " + (at + 1) + " is not 4-byte aligned");
    }

    @Test
    void aMisalignedEightByteScalarFails() {
      byte[] b = valid(Samples.batchMetadata(), Schema.BATCH_METADATA);
      int table = root(b);
      int at = field(b, table, 1);
      assertThat(at % 8).isZero();
      // 4-aligned but not 8-aligned: u64 fields must be 8-aligned.
      moveField(b, table, 1, at - 4);
      assertThat(verify(b, Schema.BATCH_METADATA))
          .isEqualTo("field BatchMetadata.original_event_count at " + (at - 4) + " is not 8-byte aligned");
    }

    @Test
    void aTimeStampMustBeFourByteAligned() {
      byte[] b = valid(Samples.joinedEvent(), Schema.JOINED_EVENT);
      int table = root(b);
      int at = field(b, table, 1);
      // 2-aligned (enough for its u16 year) is not enough: the struct's alignment is its largest member's, 4.
      moveField(b, table, 1, at + 2);
      assertThat(verify(b, Schema.JOINED_EVENT))
          .isEqualTo("field JoinedEvent.timestamp at " + (at + 2) + " is not 4-byte aligned");
    }

    @Test
    void aTimeStampBeyondTheBufferFails() {
      byte[] b = valid(Samples.joinedEvent(), Schema.JOINED_EVENT);
      int table = root(b);
      int at = b.length - 8;
      moveField(b, table, 1, at);
      assertThat(verify(b, Schema.JOINED_EVENT)).isEqualTo("field JoinedEvent.timestamp at " + at
          + " (12 bytes) extends beyond the buffer (size " + b.length + ")");
    }
  }

  @Nested
  class Offsets {
    @Test
    void aZeroOffsetFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int at = field(b, root(b), 4);
      putInt(b, at, 0);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("the offset of CbEvent.model_id at " + at + " is 0");
    }

    @Test
    void anOffsetOutOfBoundsFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int at = field(b, root(b), 4);
      putInt(b, at, b.length - at);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("the offset of CbEvent.model_id at " + at + " points to "
          + b.length + ", outside the buffer (size " + b.length + ")");
    }

    @Test
    void aMisalignedOffsetFieldFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int table = root(b);
      int at = field(b, table, 4);
      moveField(b, table, 4, at + 2);
      assertThat(verify(b, Schema.CB_EVENT))
          .isEqualTo("the offset of CbEvent.model_id at " + (at + 2) + " is not 4-byte aligned");
    }

    @Test
    void aMisalignedSubTableFails() {
      byte[] b = valid(Samples.event("id", 0, Samples.cbEvent()), Schema.EVENT);
      int at = field(b, root(b), 0);
      int meta = at + getInt(b, at);
      putInt(b, at, getInt(b, at) + 2);
      assertThat(verify(b, Schema.EVENT))
          .isEqualTo("table Metadata at " + (meta + 2) + " (Event.meta) is not 4-byte aligned");
    }

    @Test
    void aBadSubTableFails() {
      byte[] b = valid(Samples.event("id", 0, Samples.cbEvent()), Schema.EVENT);
      int meta = target(b, root(b), 0);
      int vtable = vtable(b, meta);
      putShort(b, vtable, getUShort(b, vtable) + 1);
      assertThat(verify(b, Schema.EVENT)).startsWith("vtable of table Metadata at " + meta + " (at " + vtable
          + ") has an odd size");
    }
  }

  @Nested
  class StringsAndVectors {
    @Test
    void aStringWithoutItsTerminatingZeroFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int s = target(b, root(b), 4);
      int n = getInt(b, s);
      b[s + 4 + n] = 'x';
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("string CbEvent.model_id at " + s + " (" + n
          + " bytes) is not terminated by a 0 byte (found 0x78 at " + (s + 4 + n) + ")");
    }

    @Test
    void aStringWhoseTerminatorWouldBePastTheEndFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int s = target(b, root(b), 4);
      int n = b.length - s - 4;
      putInt(b, s, n);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("string CbEvent.model_id at " + s + " (" + n
          + " bytes) has no room for its terminating 0 byte (size " + b.length + ")");
    }

    @Test
    void aStringLengthThatWouldOverflowFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int s = target(b, root(b), 4);
      putInt(b, s, 0xFFFF_FFFF);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("string CbEvent.model_id at " + s
          + " declares 4294967295 elements of 1 bytes, more than a flatbuffer can hold");
    }

    @Test
    void aStringRunningPastTheEndFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int s = target(b, root(b), 4);
      putInt(b, s, b.length);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("string CbEvent.model_id at " + s + " (" + b.length
          + " elements of 1 bytes) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aHugeVectorLengthFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int v = target(b, root(b), 1);
      putInt(b, v, 0xFFFF_FFFF);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("vector CbEvent.action_ids at " + v
          + " declares 4294967295 elements of 8 bytes, more than a flatbuffer can hold");
      // The bound depends on the element size, as in C++: (2^31 - 1) / 8 elements of 8 bytes is already too many.
      putInt(b, v, 0x7FFF_FFFF / 8);
      assertThat(verify(b, Schema.CB_EVENT)).contains("more than a flatbuffer can hold");
      putInt(b, v, 0x7FFF_FFFF / 8 - 1);
      assertThat(verify(b, Schema.CB_EVENT)).contains("extends beyond the buffer");
    }

    @Test
    void aVectorOneElementTooLongFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int v = target(b, root(b), 3);
      // probabilities: 3 floats. Claim as many as reach exactly the end, then one more.
      int fits = (b.length - v - 4) / 4;
      putInt(b, v, fits);
      assertThat(verify(b, Schema.CB_EVENT)).isNull();
      putInt(b, v, fits + 1);
      assertThat(verify(b, Schema.CB_EVENT)).isEqualTo("vector CbEvent.probabilities at " + v + " (" + (fits + 1)
          + " elements of 4 bytes) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aVectorLongerThanTheConfiguredLimitFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      // The longest vector is the 7-byte context; strings count as vectors too.
      ReadLimits limits = ReadLimits.builder().maxVectorLength(7).build();
      assertThat(verify(b, Schema.CB_EVENT, limits)).isNull();
      limits = ReadLimits.builder().maxVectorLength(6).build();
      assertThat(verify(b, Schema.CB_EVENT, limits)).isEqualTo("vector CbEvent.context at "
          + target(b, root(b), 2) + ": vector length (7) exceeds the maximum (6)");
      limits = ReadLimits.builder().maxVectorLength(4).build();
      byte[] e = valid(Samples.episodeEvent(), Schema.EPISODE_EVENT);
      assertThat(verify(e, Schema.EPISODE_EVENT, limits)).isEqualTo("string EpisodeEvent.episode_id at "
          + target(e, root(e), 0) + ": vector length (7) exceeds the maximum (4)");
    }

    @Test
    void aMisalignedVectorFails() {
      byte[] b = valid(Samples.cbEvent(), Schema.CB_EVENT);
      int at = field(b, root(b), 1);
      int v = at + getInt(b, at);
      putInt(b, at, getInt(b, at) + 2);
      assertThat(verify(b, Schema.CB_EVENT))
          .isEqualTo("vector CbEvent.action_ids at " + (v + 2) + " is not 4-byte aligned");
    }

    @Test
    void aVectorOfTablesWithABadElementFails() {
      byte[] b = valid(Samples.joinedPayload(), Schema.JOINED_PAYLOAD);
      int v = target(b, root(b), 0);
      int second = element(b, v, 1);
      // The builder shares one vtable between the two events; move only the second event's soffset.
      putInt(b, second, getInt(b, second) + 1);
      assertThat(verify(b, Schema.JOINED_PAYLOAD)).isEqualTo("vtable of table JoinedEvent at " + second + " (at "
          + vtable(b, second) + ") is not 2-byte aligned");

      b = valid(Samples.joinedPayload(), Schema.JOINED_PAYLOAD);
      // Element 1 pointing at the end of the buffer: the shape of the corpus's corrupt_joined_payload.log.
      putInt(b, v + 8, b.length - (v + 8));
      assertThat(verify(b, Schema.JOINED_PAYLOAD)).isEqualTo("table JoinedEvent at " + b.length
          + " (JoinedPayload.events[1]) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aVectorOfStringsWithABadElementFails() {
      byte[] b = valid(Samples.dedupInfo(), Schema.DEDUP_INFO);
      int v = target(b, root(b), 1);
      int s = element(b, v, 1);
      int n = getInt(b, s);
      b[s + 4 + n] = 1;
      assertThat(verify(b, Schema.DEDUP_INFO)).isEqualTo("string DedupInfo.values[1] at " + s + " (" + n
          + " bytes) is not terminated by a 0 byte (found 0x1 at " + (s + 4 + n) + ")");
    }

    @Test
    void aByteVectorHoldingANestedBufferIsCheckedOnlyAsBytes() {
      // The outer pass does not look inside JoinedEvent.event: garbage there is the nested root's problem.
      byte[] b = valid(Samples.joinedEvent(), Schema.JOINED_EVENT);
      int v = target(b, root(b), 0);
      Arrays.fill(b, v + 4, v + 4 + getInt(b, v), (byte) 0xFF);
      assertThat(verify(b, Schema.JOINED_EVENT)).isNull();
    }
  }

  @Nested
  class Unions {
    @Test
    void aUnionWithABadTableFails() {
      byte[] b = valid(Samples.outcomeNumeric(), Schema.OUTCOME_EVENT);
      int value = target(b, root(b), 1);
      int vtable = vtable(b, value);
      putShort(b, vtable, 0xFFFE);
      assertThat(verify(b, Schema.OUTCOME_EVENT)).isEqualTo("vtable of table NumericOutcome at " + value + " (at "
          + vtable + ", 65534 bytes) extends beyond the buffer (size " + b.length + ")");
    }

    @Test
    void aUnionIndexWithABadTableFails() {
      byte[] b = valid(Samples.outcomeNumeric(), Schema.OUTCOME_EVENT);
      int index = target(b, root(b), 3);
      int at = field(b, root(b), 3);
      putInt(b, at, getInt(b, at) + 1);
      assertThat(verify(b, Schema.OUTCOME_EVENT))
          .isEqualTo("table NumericIndex at " + (index + 1) + " (OutcomeEvent.index) is not 4-byte aligned");
    }

    @Test
    void aUnionWithABadStringFails() {
      byte[] b = valid(Samples.outcomeLiteral(), Schema.OUTCOME_EVENT);
      int s = target(b, root(b), 1);
      putInt(b, s, 0xFFFF_FFFF);
      assertThat(verify(b, Schema.OUTCOME_EVENT)).isEqualTo("string OutcomeEvent.value at " + s
          + " declares 4294967295 elements of 1 bytes, more than a flatbuffer can hold");
    }

    @Test
    void theTagDecidesWhatTheValueIsVerifiedAs() {
      byte[] b = valid(Samples.outcomeLiteral(), Schema.OUTCOME_EVENT);
      int s = target(b, root(b), 1);
      // Tag 1 (numeric): the string "literal value" is now read as a NumericOutcome table. Its length, 13, becomes
      // the soffset, which puts the vtable at an odd position.
      b[field(b, root(b), 0)] = 1;
      assertThat(verify(b, Schema.OUTCOME_EVENT))
          .isEqualTo("vtable of table NumericOutcome at " + s + " (at " + (s - 13) + ") is not 2-byte aligned");
    }

    @Test
    void anUnknownTagIsAcceptedWithoutLookingAtTheValue() {
      // flatc's C++ Verify<Union>() ends in "default: return true": unknown members verify, for forward
      // compatibility. The value behind the tag is not examined, so a broken NumericOutcome goes unnoticed.
      byte[] b = valid(Samples.outcomeNumeric(), Schema.OUTCOME_EVENT);
      int value = target(b, root(b), 1);
      putShort(b, vtable(b, value), 0xFFFF);
      b[field(b, root(b), 0)] = 9;
      assertThat(verify(b, Schema.OUTCOME_EVENT)).isNull();
      b[field(b, root(b), 0)] = (byte) 255;
      assertThat(verify(b, Schema.OUTCOME_EVENT)).isNull();
      // NONE does not look at the value either.
      b[field(b, root(b), 0)] = 0;
      assertThat(verify(b, Schema.OUTCOME_EVENT)).isNull();
    }

    @Test
    void theValueOffsetIsCheckedWhateverTheTag() {
      // C++ runs VerifyOffset on the value field before it looks at the tag.
      for (int tag : new int[] {0, 9}) {
        byte[] b = valid(Samples.outcomeNumeric(), Schema.OUTCOME_EVENT);
        b[field(b, root(b), 0)] = (byte) tag;
        int at = field(b, root(b), 1);
        putInt(b, at, 0);
        assertThat(verify(b, Schema.OUTCOME_EVENT)).as("tag %d", tag)
            .isEqualTo("the offset of OutcomeEvent.value at " + at + " is 0");
      }
    }
  }

  @Nested
  class Limits {
    private final byte[] threeEvents = Samples.joinedPayload(Samples.event("a", 0, Samples.cbEvent()),
        Samples.event("a", 3, Samples.outcomeNumeric()), Samples.event("b", 0, Samples.cbEvent()));

    @Test
    void tablesNestedDeeperThanMaxDepthFail() {
      // Schema v2 has no recursion (nested buffers are separate roots), so its deepest chain is 2 tables:
      // JoinedPayload -> JoinedEvent, Event -> Metadata, MultiSlotEvent -> SlotEvent, OutcomeEvent -> NumericOutcome.
      ReadLimits depth1 = ReadLimits.builder().maxDepth(1).build();
      ReadLimits depth2 = ReadLimits.builder().maxDepth(2).build();
      int first = element(threeEvents, target(threeEvents, root(threeEvents), 0), 0);
      assertThat(verify(threeEvents, Schema.JOINED_PAYLOAD, depth2)).isNull();
      assertThat(verify(threeEvents, Schema.JOINED_PAYLOAD, depth1)).isEqualTo("table JoinedEvent at " + first
          + " (JoinedPayload.events[0]): nesting depth (2) exceeds the maximum (1)");

      byte[] event = Samples.event("a", 0, Samples.cbEvent());
      assertThat(verify(event, Schema.EVENT, depth2)).isNull();
      assertThat(verify(event, Schema.EVENT, depth1)).contains("table Metadata at")
          .contains("nesting depth (2) exceeds the maximum (1)");
      assertThat(verify(Samples.multiSlotEvent(), Schema.MULTI_SLOT_EVENT, depth1))
          .contains("table SlotEvent at").contains("(MultiSlotEvent.slots[0])");
      assertThat(verify(Samples.outcomeNumeric(), Schema.OUTCOME_EVENT, depth1))
          .contains("table NumericOutcome at").contains("(OutcomeEvent.value)");
      assertThat(verify(Samples.fileHeader(), Schema.FILE_HEADER, depth1)).contains("table KeyValue at");
      // A table without sub-tables is fine at depth 1.
      assertThat(verify(Samples.cbEvent(), Schema.CB_EVENT, depth1)).isNull();
    }

    @Test
    void moreTablesThanMaxTablesFail() {
      // The root and three JoinedEvents: four tables.
      assertThat(verify(threeEvents, Schema.JOINED_PAYLOAD, ReadLimits.builder().maxTables(4).build())).isNull();
      int third = element(threeEvents, target(threeEvents, root(threeEvents), 0), 2);
      assertThat(verify(threeEvents, Schema.JOINED_PAYLOAD, ReadLimits.builder().maxTables(3).build()))
          .isEqualTo("table JoinedEvent at " + third + " (JoinedPayload.events[2]): table count (4) exceeds the "
              + "maximum (3)");
    }

    @Test
    void tablesAreCountedEachTimeTheyAreReached() {
      // Two vector elements pointing to the same table count twice, as in C++: the limit bounds the work done.
      byte[] b = valid(Samples.joinedPayload(), Schema.JOINED_PAYLOAD);
      int v = target(b, root(b), 0);
      int first = element(b, v, 0);
      putInt(b, v + 8, first - (v + 8));
      assertThat(verify(b, Schema.JOINED_PAYLOAD)).isNull();
      assertThat(verify(b, Schema.JOINED_PAYLOAD, ReadLimits.builder().maxTables(2).build()))
          .contains("table count (3) exceeds the maximum (2)");
    }
  }
}
