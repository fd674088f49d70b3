package io.github.vwbinlog.core.framing;

import static io.github.vwbinlog.core.testing.FrameBuilder.counting;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.UnsupportedVersionException;
import io.github.vwbinlog.core.testing.FrameBuilder;
import io.github.vwbinlog.core.testing.ReadResult;
import io.github.vwbinlog.core.testing.TestChannels;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SPEC §1, message framing: every rule of the reading loop, over hand-built bytes read in place. */
@DisplayName("SPEC §1 message framing")
class MessageFramingTest {
  private static final int UNKNOWN_TYPE = 0x1AAAAAAA;

  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final ReadOptions options = ReadOptions.defaults().withListener(diagnostics::add);

  private ReadResult read(byte[] log) {
    return read(log, options);
  }

  private static ReadResult read(byte[] log, ReadOptions options) {
    return ReadResult.readAll(BinaryLogReader.of(log, options));
  }

  private static List<Message> messages(byte[] log) {
    ReadResult result = read(log, ReadOptions.defaults());
    assertThat(result.error()).as("reading error").isNull();
    return result.messages();
  }

  private static ByteBuffer wrap(byte[] bytes) {
    return ByteBuffer.wrap(bytes);
  }

  @Nested
  @DisplayName("padding: size % 8 bytes before the next type")
  class Padding {

    @ParameterizedTest(name = "size {0}")
    @ValueSource(ints = {0, 1, 3, 4, 7, 8, 9, 12, 13, 15, 16, 36, 492, 500})
    void nextMessageStartsAfterSizeMod8PaddingBytes(int size) {
      byte[] payload = counting(size, 1);
      byte[] log = new FrameBuilder().paddingByte(0xEE).header(payload).regular(counting(4, 9)).toByteArray();

      List<Message> messages = messages(log);

      long next = 8 + size + size % 8;
      assertThat(messages).containsExactly(
          new Message.Header(0, wrap(payload)),
          new Message.Regular(next, wrap(counting(4, 9))));
      assertThat(messages.get(0).encodedLength()).isEqualTo(next);
    }

    @Test
    @DisplayName("13 bytes are followed by 5 bytes of padding, not the 3 of 8-byte alignment")
    void thirteenBytesSkipFiveNotThree() {
      byte[] payload = counting(13, 1);
      byte[] fivePadded = new FrameBuilder().message(UNKNOWN_TYPE, payload).regular(new byte[4]).toByteArray();
      assertThat(fivePadded).hasSize(8 + 13 + 5 + 8 + 4 + 4);
      assertThat(messages(fivePadded)).containsExactly(new Message.Regular(26, wrap(new byte[4])));

      // Padded to alignment instead (3 bytes), the REGULAR's type would be read 2 bytes too late.
      byte[] threePadded = new FrameBuilder().u32(UNKNOWN_TYPE).u32(13).raw(payload).raw(new byte[3])
          .regular(new byte[4]).toByteArray();
      assertThat(read(threePadded).messages()).doesNotContain(new Message.Regular(24, wrap(new byte[4])));
    }

    @Test
    void thirtySixAndFourHundredNinetyTwoAreFollowedByFour() {
      byte[] log = new FrameBuilder().header(new byte[36]).regular(new byte[492]).eof().toByteArray();

      assertThat(messages(log)).extracting(Message::offset).containsExactly(0L, 48L, 48L + 8 + 492 + 4);
    }

    @Test
    @DisplayName("padding bytes are never validated")
    void paddingContentIsIgnored() {
      byte[] log = new FrameBuilder().paddingByte(0xFF).checkpoint(new byte[5]).regular(new byte[3]).eof()
          .toByteArray();

      assertThat(messages(log)).extracting(Message::typeName).containsExactly("CHECKPOINT", "REGULAR", "EOF");
    }

    @Test
    @DisplayName("FILEMAGIC has no size and resets the padding: the next type follows its version at once")
    void fileMagicResetsPadding() {
      FrameBuilder b = new FrameBuilder().header(new byte[13]);
      long magic = b.size();
      b.fileMagic(1);
      long regular = b.size();
      byte[] log = b.regular(new byte[4]).toByteArray();

      assertThat(magic).isEqualTo(8 + 13 + 5);
      assertThat(messages(log)).containsExactly(
          new Message.Header(0, wrap(new byte[13])),
          new Message.FileMagic(magic, 1),
          new Message.Regular(regular, wrap(new byte[4])));
      assertThat(regular).isEqualTo(magic + 8);
    }
  }

  @Nested
  @DisplayName("FILEMAGIC and HEADER are optional and may appear anywhere")
  class MessageOrder {

    @Test
    @DisplayName("the rcrrmr order: REGULAR, CHECKPOINT, REGULAR, REGULAR, FILEMAGIC, REGULAR")
    void rcrrmr() {
      byte[] log = new FrameBuilder().regular(counting(8, 1)).checkpoint(counting(12, 2)).regular(counting(4, 3))
          .regular(counting(16, 4)).fileMagic(1).regular(counting(20, 5)).toByteArray();

      assertThat(messages(log)).extracting(Message::typeName)
          .containsExactly("REGULAR", "CHECKPOINT", "REGULAR", "REGULAR", "FILEMAGIC", "REGULAR");
    }

    @Test
    void headersAndMagicsRepeatedAnywhere() {
      byte[] log = new FrameBuilder().header(new byte[4]).fileMagic(1).checkpoint(new byte[4]).header(new byte[12])
          .fileMagic(1).regular(new byte[8]).header(new byte[0]).eof().toByteArray();

      assertThat(messages(log)).extracting(Message::typeName).containsExactly(
          "HEADER", "FILEMAGIC", "CHECKPOINT", "HEADER", "FILEMAGIC", "REGULAR", "HEADER", "EOF");
    }

    @Test
    void recommendedOrder() {
      byte[] log = new FrameBuilder().fileMagic(1).header(counting(112, 0)).checkpoint(counting(24, 0))
          .regular(counting(492, 0)).eof().toByteArray();

      assertThat(messages(log)).containsExactly(
          new Message.FileMagic(0, 1),
          new Message.Header(8, wrap(counting(112, 0))),
          new Message.Checkpoint(128, wrap(counting(24, 0))),
          new Message.Regular(160, wrap(counting(492, 0))),
          new Message.Eof(664, 0));
    }
  }

  @Nested
  @DisplayName("unknown types are sized messages, skipped")
  class UnknownTypes {
    private final byte[] log = new FrameBuilder().fileMagic(1).message(UNKNOWN_TYPE, counting(13, 7))
        .regular(new byte[4]).message(0, new byte[0]).eof().toByteArray();

    @Test
    void skippedByDefaultAndReportedAsNotices() {
      ReadResult result = read(log);

      assertThat(result.error()).isNull();
      assertThat(result.messages()).containsExactly(
          new Message.FileMagic(0, 1),
          new Message.Regular(34, wrap(new byte[4])),
          new Message.Eof(58, 0));
      assertThat(diagnostics).extracting(Diagnostic::reason, Diagnostic::offset).containsExactly(
          org.assertj.core.groups.Tuple.tuple(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, 8L),
          org.assertj.core.groups.Tuple.tuple(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, 50L));
      assertThat(diagnostics.get(0).message()).contains("UNKNOWN(0x1AAAAAAA)").contains("13 bytes");
    }

    @Test
    void returnedWithIncludeUnknownMessages() {
      ReadResult result = read(log, options.with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES));

      assertThat(result.messages()).containsExactly(
          new Message.FileMagic(0, 1),
          new Message.Unknown(8, UNKNOWN_TYPE, wrap(counting(13, 7))),
          new Message.Regular(34, wrap(new byte[4])),
          new Message.Unknown(50, 0, wrap(new byte[0])),
          new Message.Eof(58, 0));
      assertThat(result.messages().get(1).typeName()).isEqualTo("UNKNOWN(0x1AAAAAAA)");
      assertThat(result.messages().get(3).typeName()).isEqualTo("UNKNOWN(0x00000000)");
      assertThat(diagnostics).isEmpty();
    }
  }

  @Nested
  @DisplayName("EOF stops; a missing EOF is fine")
  class EndOfLog {

    @Test
    void eofWithItsFourZeroBytes() {
      byte[] log = new FrameBuilder().regular(new byte[4]).eof().toByteArray();

      assertThat(messages(log)).containsExactly(new Message.Regular(0, wrap(new byte[4])), new Message.Eof(16, 0));
    }

    @Test
    @DisplayName("the 4 bytes after EOF are shown as its size field, and nothing after them is read")
    void bytesAfterEofAreOnlyLookedAt() {
      byte[] log = new FrameBuilder().eofTypeOnly().u32(0x01020304).u32(0xFFFFFFFF).raw((byte) 1).toByteArray();
      BinaryLogReader reader = BinaryLogReader.of(log);

      assertThat(ReadResult.readAll(reader).messages()).containsExactly(new Message.Eof(0, 0x01020304L));
      assertThat(reader.position()).as("bytes consumed").isEqualTo(4);
    }

    @ParameterizedTest(name = "{0} bytes after the EOF type")
    @ValueSource(ints = {0, 1, 2, 3})
    void eofWithoutAFullSizeField(int trailing) {
      byte[] log = new FrameBuilder().eofTypeOnly().raw(counting(trailing, 1)).toByteArray();

      assertThat(messages(log)).containsExactly(new Message.Eof(0, 0));
    }

    @Test
    void missingEofIsFine() {
      byte[] log = new FrameBuilder().fileMagic(1).checkpoint(new byte[12]).toByteArray();

      ReadResult result = read(log);
      assertThat(result.error()).isNull();
      assertThat(result.messages()).extracting(Message::typeName).containsExactly("FILEMAGIC", "CHECKPOINT");
    }

    @Test
    void emptyInputHasNoMessages() {
      ReadResult result = read(new byte[0]);

      assertThat(result.messages()).isEmpty();
      assertThat(result.error()).isNull();
    }
  }

  @Nested
  @DisplayName("truncation at any field names the message, the field and its offset")
  class Truncation {
    private final byte[] start = new FrameBuilder().fileMagic(1).toByteArray();

    private TruncatedInputException truncated(byte[] log, int messagesBefore) {
      ReadResult result = read(log);
      assertThat(result.messages()).hasSize(messagesBefore);
      assertThat(result.error()).isInstanceOf(TruncatedInputException.class);
      return (TruncatedInputException) result.error();
    }

    /** Asserts where {@code e} says the input was cut: the message, the field, and the bytes needed and left. */
    private void assertCut(TruncatedInputException e, long offset, MessageType type, String reading, long fieldOffset,
        long needed, long available) {
      assertThat(e).extracting(TruncatedInputException::offset, TruncatedInputException::messageType,
              TruncatedInputException::reading, TruncatedInputException::fieldOffset,
              TruncatedInputException::needed, TruncatedInputException::available)
          .containsExactly(offset, type, reading, fieldOffset, needed, available);
    }

    @ParameterizedTest(name = "{0} stray bytes")
    @ValueSource(ints = {1, 2, 3})
    void strayBytesWhereATypeShouldStart(int stray) {
      byte[] log = new FrameBuilder().raw(start).raw(counting(stray, 0x55)).toByteArray();

      TruncatedInputException e = truncated(log, 1);

      assertThat(e.offset()).isEqualTo(8);
      assertThat(e.fieldOffset()).isEqualTo(8);
      assertThat(e.messageType()).isNull();
      assertThat(e.reading()).isEqualTo("the type of the next message");
      assertThat(e.needed()).isEqualTo(4);
      assertThat(e.available()).isEqualTo(stray);
      assertThat(e.reason()).isEqualTo(DiagnosticReason.TRUNCATED_INPUT);
      assertThat(e).hasMessage("truncated input at offset 8: the type of the next message: needed 4 bytes at "
          + "offset 8, only " + stray + " left");
    }

    @ParameterizedTest(name = "{0} bytes of the version")
    @ValueSource(ints = {0, 1, 2, 3})
    void version(int present) {
      byte[] log = new FrameBuilder().header(new byte[8]).u32(FrameBuilder.FILEMAGIC).raw(new byte[present])
          .toByteArray();

      assertCut(truncated(log, 1), 16, MessageType.FILEMAGIC, "the version", 20, 4, present);
    }

    @ParameterizedTest(name = "{0} bytes of the size")
    @ValueSource(ints = {0, 1, 2, 3})
    void size(int present) {
      byte[] log = new FrameBuilder().raw(start).u32(FrameBuilder.HEADER).raw(new byte[present]).toByteArray();

      assertCut(truncated(log, 1), 8, MessageType.HEADER, "the payload size", 12, 4, present);
    }

    @Test
    void payload() {
      byte[] log = new FrameBuilder().raw(start).u32(FrameBuilder.REGULAR).u32(492).raw(new byte[100])
          .toByteArray();

      TruncatedInputException e = truncated(log, 1);

      assertThat(e).hasMessage("truncated input at offset 8: the payload of the REGULAR message: needed 492 bytes "
          + "at offset 16, only 100 left");
      assertThat(e.fieldOffset()).isEqualTo(16);
    }

    @Test
    void payloadOfASkippedUnknownMessage() {
      byte[] log = new FrameBuilder().raw(start).u32(UNKNOWN_TYPE).u32(20).raw(new byte[19]).toByteArray();

      TruncatedInputException e = truncated(log, 1);

      assertThat(e).extracting(TruncatedInputException::offset, TruncatedInputException::messageType,
              TruncatedInputException::messageTypeCode, TruncatedInputException::reading,
              TruncatedInputException::fieldOffset, TruncatedInputException::needed,
              TruncatedInputException::available)
          .containsExactly(8L, MessageType.UNKNOWN, 0x1AAAAAAAL, "the payload", 16L, 20L, 19L);
      assertThat(e).hasMessageContaining("the payload of the UNKNOWN(0x1AAAAAAA) message");
    }

    @ParameterizedTest(name = "{0} of 4 padding bytes")
    @ValueSource(ints = {0, 1, 2, 3})
    @DisplayName("padding: the message itself is returned first, then the padding fails")
    void padding(int present) {
      byte[] log = new FrameBuilder().raw(start).u32(FrameBuilder.HEADER).u32(36).raw(new byte[36])
          .raw(new byte[present]).toByteArray();

      assertCut(truncated(log, 2), 8, MessageType.HEADER, "the padding", 52, 4, present);
    }

    @Test
    @DisplayName("a size beyond the end of an input of known size fails as soon as it is read")
    void sizeBeyondKnownInput() {
      byte[] log = new FrameBuilder().u32(FrameBuilder.REGULAR).u32(1_000_000_000).raw(new byte[92])
          .toByteArray();

      TruncatedInputException e = truncated(log, 0);

      assertThat(e.needed()).isEqualTo(1_000_000_000);
      assertThat(e.available()).isEqualTo(92);
    }
  }

  @Nested
  @DisplayName("version 1 only, compared as a whole u32")
  class Version {

    @ParameterizedTest(name = "version 0x{0}")
    @ValueSource(strings = {"00000101", "00000002", "01000000", "00000000", "FFFFFFFF"})
    void otherVersionsAreReturnedThenRejected(String hex) {
      long version = Long.parseLong(hex, 16);
      byte[] log = new FrameBuilder().fileMagic(version).regular(new byte[4]).eof().toByteArray();
      BinaryLogReader reader = BinaryLogReader.of(log);
      Iterator<Message> it = reader.iterator();

      assertThat(it.hasNext()).isTrue();
      assertThat(it.next()).isEqualTo(new Message.FileMagic(0, version));
      assertThatThrownBy(it::hasNext).isInstanceOfSatisfying(UnsupportedVersionException.class, e -> {
        assertThat(e.version()).isEqualTo(version);
        assertThat(e.offset()).isZero();
        assertThat(e.messageType()).isEqualTo(MessageType.FILEMAGIC);
        assertThat(e).hasMessageContaining("file version " + version + " does not match parser version 1");
      });
      assertThat(it.hasNext()).as("after the error").isFalse();
    }

    @Test
    @DisplayName("0x00000101 is rejected although its first byte is 1 (VW accepts it, SPEC §0 item 13)")
    void onlyTheFirstByteBeingOneIsNotEnough() {
      byte[] log = new FrameBuilder().fileMagic(0x101).toByteArray();

      assertThat(read(log).error()).isInstanceOf(UnsupportedVersionException.class);
    }

    @Test
    void versionOneIsAccepted() {
      assertThat(messages(new FrameBuilder().fileMagic(1).fileMagic(1).toByteArray())).hasSize(2);
    }
  }

  @Nested
  @DisplayName("limits")
  class Limits {

    @Test
    @DisplayName("a size above maxMessageSize fails before anything is allocated or read")
    void sizeAboveTheLimit() {
      byte[] log = new FrameBuilder().fileMagic(1).u32(FrameBuilder.REGULAR).u32(0xFFFFFFFF).toByteArray();
      ReadOptions limited = options.withLimits(ReadLimits.builder().maxMessageSize(1024).build());

      ReadResult result = ReadResult.readAll(BinaryLogReader.of(new ByteArrayInputStream(log), limited));

      assertThat(result.messages()).hasSize(1);
      assertThat(result.error()).isInstanceOfSatisfying(LimitExceededException.class, e -> {
        assertThat(e.value()).isEqualTo(0xFFFFFFFFL);
        assertThat(e.limit()).isEqualTo(1024);
        assertThat(e.offset()).isEqualTo(8);
        assertThat(e.messageType()).isEqualTo(MessageType.REGULAR);
        assertThat(e).hasMessage("limit exceeded at offset 8: the payload size of the REGULAR message: payload "
            + "size (4294967295) exceeds the maximum (1024)");
      });
    }

    @Test
    void theDefaultLimitRejectsAFourGibibyteClaim() {
      byte[] log = new FrameBuilder().u32(FrameBuilder.CHECKPOINT).u32(-1).raw(new byte[100]).toByteArray();

      assertThat(read(log).error()).isInstanceOf(LimitExceededException.class);
    }

    @Test
    void aSizeEqualToTheLimitIsAccepted() {
      byte[] log = new FrameBuilder().regular(new byte[16]).toByteArray();
      ReadOptions limited = options.withLimits(ReadLimits.builder().maxMessageSize(16).build());

      assertThat(read(log, limited).error()).isNull();
    }
  }

  @Nested
  @DisplayName("LENIENT reports the problem and ends cleanly")
  class Lenient {
    private final ReadOptions lenient = options.with(ReadFeature.LENIENT);

    @Test
    void truncationIsReportedAndTheEarlierMessagesStand() {
      byte[] log = new FrameBuilder().fileMagic(1).checkpoint(new byte[12]).u32(FrameBuilder.REGULAR).u32(40)
          .raw(new byte[10]).toByteArray();

      ReadResult result = read(log, lenient);

      assertThat(result.error()).isNull();
      assertThat(result.messages()).extracting(Message::typeName).containsExactly("FILEMAGIC", "CHECKPOINT");
      assertThat(diagnostics).singleElement().satisfies(d -> {
        assertThat(d.reason()).isEqualTo(DiagnosticReason.TRUNCATED_INPUT);
        assertThat(d.offset()).isEqualTo(32);
        assertThat(d.message()).contains("the payload of the REGULAR message");
      });
    }

    @Test
    void badVersionIsReturnedThenReported() {
      byte[] log = new FrameBuilder().fileMagic(2).regular(new byte[4]).toByteArray();

      ReadResult result = read(log, lenient);

      assertThat(result.error()).isNull();
      assertThat(result.messages()).containsExactly(new Message.FileMagic(0, 2));
      assertThat(diagnostics).extracting(Diagnostic::reason).containsExactly(DiagnosticReason.UNSUPPORTED_VERSION);
    }

    @Test
    void strayBytesAreReported() {
      ReadResult result = read(new byte[] {1, 2}, lenient);

      assertThat(result.messages()).isEmpty();
      assertThat(diagnostics).extracting(Diagnostic::reason, Diagnostic::offset)
          .containsExactly(org.assertj.core.groups.Tuple.tuple(DiagnosticReason.TRUNCATED_INPUT, 0L));
    }
  }

  @Nested
  @DisplayName("the reader")
  class ReaderContract {
    private final byte[] log = new FrameBuilder().fileMagic(1).regular(counting(12, 0)).eof().toByteArray();

    @Test
    void canBeIteratedOnce() {
      BinaryLogReader reader = BinaryLogReader.of(log);
      reader.iterator();

      assertThatThrownBy(reader::iterator).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("only once");
    }

    @Test
    void hasNextIsIdempotentAndNextPastTheEndThrows() {
      Iterator<Message> it = BinaryLogReader.of(log).iterator();
      assertThat(it.hasNext()).isTrue();
      assertThat(it.hasNext()).isTrue();
      assertThat(it.next()).isEqualTo(new Message.FileMagic(0, 1));
      it.next();
      it.next();
      assertThat(it.hasNext()).isFalse();
      assertThatThrownBy(it::next).isInstanceOf(java.util.NoSuchElementException.class);
    }

    @Test
    void streamReadsEverythingAndClosingItClosesTheInput() {
      TestChannels.Trickle channel = new TestChannels.Trickle(log, Integer.MAX_VALUE);
      BinaryLogReader reader = BinaryLogReader.of(channel);

      List<String> types;
      try (Stream<Message> messages = reader.stream()) {
        types = messages.map(Message::typeName).toList();
      }

      assertThat(types).containsExactly("FILEMAGIC", "REGULAR", "EOF");
      assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void streamRethrowsReadingErrors() {
      byte[] cut = Arrays.copyOf(log, log.length - 10);
      try (Stream<Message> messages = BinaryLogReader.of(cut).stream()) {
        assertThatThrownBy(messages::count).isInstanceOf(TruncatedInputException.class);
      }
    }

    @Test
    void reportsSizeAndPosition() {
      BinaryLogReader reader = BinaryLogReader.of(log);
      assertThat(reader.size()).isEqualTo(log.length);
      assertThat(reader.position()).isZero();
      Iterator<Message> it = reader.iterator();
      it.next();
      assertThat(reader.position()).isEqualTo(8);
      assertThat(BinaryLogReader.of(new ByteArrayInputStream(log)).size()).isEqualTo(-1);
      assertThat(reader.options()).isSameAs(ReadOptions.defaults());
    }
  }
}
