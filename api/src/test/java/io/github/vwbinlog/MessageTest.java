package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;

/** The message records: sizes, names, views, and equality by content. */
class MessageTest {
  private static ByteBuffer bytes(int n) {
    ByteBuffer b = ByteBuffer.allocate(n);
    for (int i = 0; i < n; i++) {
      b.put(i, (byte) i);
    }
    return b;
  }

  @Test
  void encodedLengthCountsTypeSizePayloadAndSizeMod8Padding() {
    assertThat(new Message.Regular(0, bytes(492)).encodedLength()).isEqualTo(8 + 492 + 4);
    assertThat(new Message.Header(0, bytes(36)).encodedLength()).isEqualTo(8 + 36 + 4);
    assertThat(new Message.Unknown(0, 7, bytes(13)).encodedLength()).isEqualTo(8 + 13 + 5);
    assertThat(new Message.Checkpoint(0, bytes(24)).encodedLength()).isEqualTo(32);
    assertThat(new Message.FileMagic(0, 1).encodedLength()).isEqualTo(8);
    assertThat(new Message.Eof(0, 0).encodedLength()).isEqualTo(4);
  }

  @Test
  void typesNamesAndCodes() {
    assertThat(new Message.FileMagic(0, 1).typeName()).isEqualTo("FILEMAGIC");
    assertThat(new Message.Eof(0, 0).typeCode()).isEqualTo(0xAAAAAAAA);
    Message.Unknown unknown = new Message.Unknown(160, 0x1AAAAAAA, bytes(4));
    assertThat(unknown.type()).isEqualTo(MessageType.UNKNOWN);
    assertThat(unknown.typeCode()).isEqualTo(0x1AAAAAAA);
    assertThat(unknown.typeName()).isEqualTo("UNKNOWN(0x1AAAAAAA)");
    assertThat(new Message.FileMagic(0, 1).payloadSize()).isZero();
  }

  @Test
  void payloadsCompareByContentWhateverTheirBuffer() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8).put(bytes(8)).flip();
    ByteBuffer readOnly = bytes(8).asReadOnlyBuffer();

    assertThat(new Message.Regular(16, direct)).isEqualTo(new Message.Regular(16, readOnly))
        .hasSameHashCodeAs(new Message.Regular(16, bytes(8)));
    assertThat(new Message.Regular(16, bytes(8))).isNotEqualTo(new Message.Regular(24, bytes(8)))
        .isNotEqualTo(new Message.Regular(16, bytes(7)))
        .isNotEqualTo(new Message.Checkpoint(16, bytes(8)));
  }

  @Test
  void everyMessageHasAPayloadEmptyForFileMagicAndEof() {
    for (Message m : new Message[] {new Message.Header(0, bytes(5)), new Message.Checkpoint(0, bytes(6)),
        new Message.Regular(0, bytes(7)), new Message.Unknown(0, 7, bytes(8))}) {
      assertThat(m.payload()).as(m.typeName()).isEqualTo(bytes(m.payloadSize())).isNotEqualTo(bytes(0));
    }
    for (Message m : new Message[] {new Message.FileMagic(0, 1), new Message.Eof(0, 0)}) {
      ByteBuffer none = m.payload();
      assertThat(none.remaining()).as(m.typeName()).isZero();
      assertThat(none.isReadOnly()).isTrue();
      assertThat(none.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    }
  }

  @Test
  void thePayloadIsTheBuffersRemainingBytesAsAReadOnlyLittleEndianView() {
    ByteBuffer input = bytes(16).position(4).limit(12);
    Message.Header header = new Message.Header(0, input);
    input.position(0).limit(16);

    ByteBuffer view = header.payload();
    assertThat(header.payloadSize()).isEqualTo(8);
    assertThat(view.get(0)).isEqualTo((byte) 4);
    assertThat(view.isReadOnly()).isTrue();
    assertThat(view.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    assertThatThrownBy(() -> view.put((byte) 1)).isInstanceOf(ReadOnlyBufferException.class);

    view.position(5);
    assertThat(header.payload().position()).as("each call is a fresh view").isZero();
  }

  @Test
  void toStringShowsOffsetTypeAndSizeNotBytes() {
    assertThat(new Message.Regular(160, bytes(492))).hasToString("Regular[offset=160, payloadSize=492]");
    assertThat(new Message.Unknown(8, 0x1AAAAAAA, bytes(3)))
        .hasToString("Unknown[offset=8, type=UNKNOWN(0x1AAAAAAA), payloadSize=3]");
    assertThat(new Message.FileMagic(0, 1)).hasToString("FileMagic[offset=0, version=1]");
  }

  @Test
  void payloadIsRequired() {
    assertThatThrownBy(() -> new Message.Regular(0, null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void theDecodingOverloadsRequireLimitsBeforeTheyLookForCore() {
    // The API module's tests run without core: a null is refused first, then core is asked for.
    Message.Header header = new Message.Header(8, bytes(8));
    Message.Checkpoint checkpoint = new Message.Checkpoint(8, bytes(8));
    Message.Regular regular = new Message.Regular(8, bytes(8));
    assertThatThrownBy(() -> header.fileHeader(null)).isInstanceOf(NullPointerException.class).hasMessage("limits");
    assertThatThrownBy(() -> checkpoint.checkpointInfo(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("limits");
    assertThatThrownBy(() -> regular.joinedEvents(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("limits");
    ReadLimits limits = ReadLimits.builder().maxTables(1).build();
    assertThatThrownBy(() -> header.fileHeader(limits)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> checkpoint.checkpointInfo(limits)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> regular.joinedEvents(limits)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(header::fileHeader).isInstanceOf(IllegalStateException.class);
  }
}
