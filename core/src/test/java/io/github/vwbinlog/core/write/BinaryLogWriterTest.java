package io.github.vwbinlog.core.write;

import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.ReadLimits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.testing.TestChannels;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per public method of {@link BinaryLogWriter}, with the exact bytes of tiny logs (SPEC §1, §2). */
class BinaryLogWriterTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  private static final String MAGIC = "56574642 01000000";
  private static final String EOF = "aaaaaaaa 00000000";
  /**
   * {@code CheckpointInfo{Earliest, -1.0, Online, CB, false}} with every field stored: root offset 20; vtable at 6
   * (14 bytes, table 12 bytes, fields at +4, +8, +5, +6, +7); table at 20: soffset 14, reward function 0, learning mode
   * 0, problem type 1, use client time 0, default reward -1.0f.
   */
  private static final String CHECKPOINT_CB = "14000000 0000 0e00 0c00 0400 0800 0500 0600 0700 0e000000 00 00 01 00"
      + " 000080bf";

  @Test
  void fileMagicWritesVersionOne() {
    assertThat(write(w -> w.fileMagic())).isEqualTo(hex(MAGIC));
  }

  @Test
  void fileMagicWritesAnyUnsigned32BitVersion() {
    assertThat(write(w -> w.fileMagic(2).fileMagic(0xFFFF_FFFFL)))
        .isEqualTo(hex("56574642 02000000 56574642 ffffffff"));
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    assertThatThrownBy(() -> writer.fileMagic(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> writer.fileMagic(1L << 32)).isInstanceOf(IllegalArgumentException.class);
    assertThat(writer.position()).isZero();
  }

  @Test
  void headerWritesJoinTimeAndProperties() {
    FileHeader header = new FileHeader(T, List.of(new FileHeader.Property("k", "v")));
    byte[] log = write(w -> w.header(header));
    // 76 bytes of FileHeader, then 76 % 8 = 4 zero bytes.
    assertThat(log).isEqualTo(hex("55555555 4c000000"
        + " 0c000000 0800 1400 0800 0400 08000000 10000000 e507 04 0d 0f 08 2e 00 00000000"
        + " 01000000 0c000000 0800 0c00 0400 0800 08000000 10000000 04000000 01000000 76000000 01000000 6b000000"
        + " 00000000"));
    assertThat(Decoders.fileHeader(ByteBuffer.wrap(log, 8, 76), 0, ReadLimits.defaults())).isEqualTo(header);
  }

  @Test
  void headerWithoutJoinTimeOrStrings() {
    FileHeader header = new FileHeader(null, List.of(new FileHeader.Property(null, "v"),
        new FileHeader.Property("k", null)));
    byte[] log = write(w -> w.header(header));
    assertThat(Decoders.fileHeader(ByteBuffer.wrap(log, 8, log.length - 8), 0, ReadLimits.defaults())).isEqualTo(header);
  }

  @Test
  void checkpointWritesAllFiveFieldsExplicitly() {
    byte[] log = write(w -> w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB).withDefaultReward(-1f)).eof());
    // 32 bytes of CheckpointInfo: 32 % 8 = 0, no padding.
    assertThat(log).isEqualTo(hex(MAGIC + " 11111111 20000000 " + CHECKPOINT_CB + " " + EOF));
  }

  @Test
  void checkpointStoresDefaultsToo() {
    byte[] log = write(w -> w.checkpoint(CheckpointInfo.DEFAULTS));
    assertThat(log).isEqualTo(hex("11111111 20000000 14000000 0000 0e00 0c00 0400 0800 0500 0600 0700 0e000000"
        + " 00 00 00 00 00000000"));
    CheckpointInfo all = new CheckpointInfo(RewardFunction.MAX, -0f, LearningMode.LOGGING_ONLY, ProblemType.MULTISTEP,
        true);
    byte[] other = write(w -> w.checkpoint(all));
    assertThat(Decoders.checkpointInfo(ByteBuffer.wrap(other, 8, 32), 0, ReadLimits.defaults())).isEqualTo(all);
  }

  @Test
  void checkpointRejectsUnrecognizedCodesAndWritesNothing() {
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    for (CheckpointInfo bad : List.of(CheckpointInfo.DEFAULTS.withRewardFunction(RewardFunction.UNRECOGNIZED),
        CheckpointInfo.DEFAULTS.withLearningMode(LearningMode.UNRECOGNIZED),
        CheckpointInfo.DEFAULTS.withProblemType(ProblemType.UNRECOGNIZED))) {
      assertThatThrownBy(() -> writer.checkpoint(bad)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("UNRECOGNIZED");
    }
    assertThat(writer.position()).isZero();
  }

  @Test
  void regularOfNoEventsIsAnEmptyJoinedPayload() {
    // JoinedPayload{events: []}: root offset 12, vtable at 4 (6 bytes, table 8 bytes, events at +4), table at 12,
    // events vector at 20 (length 0). 24 bytes, no padding.
    assertThat(write(w -> w.regular(List.of())))
        .isEqualTo(hex("ffffffff 18000000 0c000000 0000 0600 0800 0400 06000000 04000000 00000000"));
  }

  @Test
  void regularEncodesEveryEventWithNestedBuffersAligned() {
    List<JoinedEvent> events = List.of(
        JoinedEvent.of(T, new Event(Metadata.of("id-1", PayloadType.CB),
            CbEvent.of(List.of(2L, 1L), List.of(0.8f, 0.2f), "{\"U\":{\"age\":42}}"))),
        JoinedEvent.of(T, new Event(Metadata.of("id-1", PayloadType.OUTCOME).withClientTime(T)
            .withEncoding(EventEncoding.ZSTD).withPassProbability(-0f), OutcomeEvent.numeric(-0f).withSlotId("s"))),
        JoinedEvent.of(T, new Event(Metadata.of("id-2", PayloadType.SLATES).withEncoding(EventEncoding.ZSTD),
            MultiSlotEvent.of("{}", List.of(SlotEvent.of("s0", List.of(0L, 0xFFFF_FFFFL), List.of(1f, 0f)),
                SlotEvent.of(null, List.of(), List.of()))).withBaselineActions(List.of(-1)))));
    byte[] log = write(w -> w.regular(events));
    Message.Regular regular = (Message.Regular) read(log).get(0);
    WriterRoundTripPropertyTest.checkNestedBuffers("regular", regular.payload());
    assertThat(regular.joinedEvents()).isEqualTo(events);
    assertThat(log.length).isEqualTo(8 + regular.payloadSize());
  }

  @Test
  void regularCompressesAZstdPayloadAsOneFrameWithItsContentSize() {
    OutcomeEvent outcome = OutcomeEvent.numeric(1.5f);
    byte[] plain = new EventEncoder().outcome(outcome);
    byte[] event = new EventEncoder().event(new Event(Metadata.of("id", PayloadType.OUTCOME)
        .withEncoding(EventEncoding.ZSTD), outcome));
    ByteBuffer stored = reinforcement_learning.messages.flatbuff.v2.Event
        .getRootAsEvent(ByteBuffer.wrap(event)).payloadAsByteBuffer();
    byte[] frame = new byte[stored.remaining()];
    stored.get(frame);
    assertThat(Zstd.getFrameContentSize(frame)).isEqualTo(plain.length);
    assertThat(Zstd.findFrameCompressedSize(frame)).isEqualTo(frame.length);
    assertThat(Zstd.decompress(frame, plain.length)).isEqualTo(plain);
  }

  @Test
  void regularRejectsEventsThatHaveNoStoredFormAndWritesNothing() {
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    CbEvent cb = CbEvent.of(List.of(1L), List.of(1f), "{}");
    List<Event> bad = List.of(
        new Event(Metadata.of("a", PayloadType.OUTCOME), cb),
        new Event(Metadata.of("a", PayloadType.UNRECOGNIZED), cb),
        new Event(Metadata.of("a", PayloadType.CB), cb.withLearningMode(LearningMode.UNRECOGNIZED)),
        new Event(Metadata.of("a", PayloadType.CCB),
            MultiSlotEvent.of("{}", List.of(SlotEvent.of(null, List.of(1L << 32), List.of(1f))))));
    for (Event e : bad) {
      assertThatThrownBy(() -> writer.regular(List.of(JoinedEvent.of(T, e))))
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(writer.position()).isZero();
  }

  @Test
  void regularRawWritesThePayloadAsIsWithSizeMod8Padding() {
    ByteBuffer raw = ByteBuffer.wrap(new byte[] {9, 1, 2, 3, 4, 5}, 1, 5);
    assertThat(write(w -> w.regular(raw))).isEqualTo(hex("ffffffff 05000000 0102030405 0000000000"));
    assertThat(raw.position()).isEqualTo(1);
  }

  @Test
  void messageWritesAnySizedTypeWithSizeMod8ZeroBytes() {
    ByteBuffer thirteen = ByteBuffer.wrap(hex("0102030405060708090a0b0c0d"));
    // 13 % 8 = 5 bytes of padding, not the 3 that would align to 8 (SPEC §1).
    assertThat(write(w -> w.message(0x1AAAAAAA, thirteen)))
        .isEqualTo(hex("aaaaaa1a 0d000000 0102030405060708090a0b0c0d 0000000000"));
    assertThat(thirteen.position()).isZero();
    assertThat(write(w -> w.message(7, ByteBuffer.allocate(0)).message(8, ByteBuffer.wrap(hex("ffffffff")))
        .message(MessageType.HEADER.code(), ByteBuffer.wrap(hex("0101010101010101")))))
        .isEqualTo(hex("07000000 00000000 08000000 04000000 ffffffff 00000000 55555555 08000000 0101010101010101"));
  }

  @Test
  void messageRejectsTheTypesThatHaveNoSizeField() {
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    assertThatThrownBy(() -> writer.message(MessageType.FILEMAGIC.code(), ByteBuffer.allocate(4)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> writer.message(MessageType.EOF.code(), ByteBuffer.allocate(4)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(writer.position()).isZero();
  }

  @Test
  void eofWritesFourZeroBytesAfterItsType() {
    assertThat(write(w -> w.eof())).isEqualTo(hex(EOF));
  }

  @Test
  void eofWithASizeField() {
    assertThat(write(w -> w.eof(0xDEADBEEFL))).isEqualTo(hex("aaaaaaaa efbeadde"));
    Message.Eof eof = (Message.Eof) read(write(w -> w.eof(0xDEADBEEFL))).get(0);
    assertThat(eof.sizeField()).isEqualTo(0xDEADBEEFL);
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    assertThatThrownBy(() -> writer.eof(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void eofWithoutSizeField() {
    assertThat(write(w -> w.fileMagic().eofWithoutSizeField())).isEqualTo(hex(MAGIC + " aaaaaaaa"));
  }

  @Test
  void positionCountsEveryByteWrittenSoFar() {
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    assertThat(writer.position()).isZero();
    assertThat(writer.fileMagic().position()).isEqualTo(8);
    assertThat(writer.message(5, ByteBuffer.allocate(13)).position()).isEqualTo(8 + 8 + 13 + 5);
    assertThat(writer.checkpoint(CheckpointInfo.DEFAULTS).position()).isEqualTo(34 + 8 + 32);
    assertThat(writer.eofWithoutSizeField().position()).isEqualTo(74 + 4);
    writer.close();
    assertThat(writer.position()).isEqualTo(78);
  }

  @Test
  void toPathCreatesOrTruncatesTheFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("synthetic.log");
    Files.write(file, new byte[100]);
    try (BinaryLogWriter writer = BinaryLogWriter.to(file)) {
      writer.fileMagic().eof();
    }
    assertThat(Files.readAllBytes(file)).isEqualTo(hex(MAGIC + " " + EOF));
    try (BinaryLogReader reader = BinaryLogReader.open(file)) {
      assertThat(reader.stream().map(Message::type)).containsExactly(MessageType.FILEMAGIC, MessageType.EOF);
    }
  }

  @Test
  void toOutputStreamFlushesAndCloses() {
    boolean[] closed = {false};
    ByteArrayOutputStream out = new ByteArrayOutputStream() {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    BinaryLogWriter writer = BinaryLogWriter.to(out).fileMagic();
    assertThat(out.size()).as("buffered until flushed").isZero();
    writer.flush();
    assertThat(out.toByteArray()).isEqualTo(hex(MAGIC));
    writer.eof().close();
    assertThat(out.toByteArray()).isEqualTo(hex(MAGIC + " " + EOF));
    assertThat(closed[0]).isTrue();
  }

  @Test
  void toChannelWritesPayloadsLargerThanTheBuffer() {
    TestChannels.Collecting channel = new TestChannels.Collecting();
    byte[] big = new byte[200_003];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i * 31);
    }
    try (BinaryLogWriter writer = BinaryLogWriter.to(channel)) {
      writer.fileMagic().message(0x1AAAAAAA, ByteBuffer.wrap(big)).eof();
    }
    assertThat(channel.isOpen()).isFalse();
    List<Message> messages = read(channel.bytes());
    assertThat(messages).hasSize(3);
    assertThat(((Message.Unknown) messages.get(1)).payload()).isEqualTo(ByteBuffer.wrap(big));
    assertThat(channel.bytes()).hasSize(8 + 8 + big.length + big.length % 8 + 8);
  }

  @Test
  void closeIsIdempotentAndEndsWriting() {
    BinaryLogWriter writer = BinaryLogWriter.to(new ByteArrayOutputStream());
    writer.close();
    writer.close();
    assertThatThrownBy(writer::fileMagic).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> writer.regular(List.of())).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(writer::flush).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void anIoErrorNamesTheOffsetOfTheMessage() {
    WritableByteChannel failing = new TestChannels.Collecting() {
      @Override
      public int write(ByteBuffer src) throws IOException {
        throw new IOException("disk full");
      }
    };
    BinaryLogWriter writer = BinaryLogWriter.to(failing).fileMagic();
    assertThatThrownBy(() -> writer.message(9, ByteBuffer.allocate(100_000)))
        .isInstanceOf(BinaryLogIOException.class)
        .hasMessageContaining("offset 8").hasMessageContaining("disk full");
  }

  private static byte[] write(Consumer<BinaryLogWriter> steps) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      steps.accept(writer);
    }
    return out.toByteArray();
  }

  private static List<Message> read(byte[] log) {
    try (BinaryLogReader reader = BinaryLogReader.of(log, io.github.vwbinlog.ReadOptions.defaults()
        .with(io.github.vwbinlog.ReadFeature.INCLUDE_UNKNOWN_MESSAGES))) {
      return reader.stream().toList();
    }
  }

  private static byte[] hex(String spaced) {
    return HexFormat.of().parseHex(spaced.replace(" ", ""));
  }
}
