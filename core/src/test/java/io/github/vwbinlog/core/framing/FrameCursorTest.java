package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.UnsupportedVersionException;
import io.github.vwbinlog.core.testing.FrameBuilder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cursor beneath the reader, one message at a time, and MessageReader's advance/current on top of it. */
class FrameCursorTest {
  private final List<Diagnostic> diagnostics = new ArrayList<>();

  private FrameCursor cursor(byte[] log, boolean includeUnknown) {
    return new FrameCursor(new BufferSource(ByteBuffer.wrap(log)), ReadLimits.defaults(), includeUnknown,
        diagnostics::add);
  }

  @Test
  void accessorsDescribeTheCurrentMessage() {
    byte[] log = new FrameBuilder().fileMagic(1).header(FrameBuilder.counting(13, 1)).eof().toByteArray();
    FrameCursor c = cursor(log, false);

    assertThat(c.next()).isTrue();
    assertThat(c.type()).isEqualTo(MessageType.FILEMAGIC);
    assertThat(c.value()).isEqualTo(1);
    assertThat(c.size()).isZero();
    assertThat(c.payload().remaining()).isZero();
    assertThat(c.position()).isEqualTo(8);

    assertThat(c.next()).isTrue();
    assertThat(c.offset()).isEqualTo(8);
    assertThat(c.type()).isEqualTo(MessageType.HEADER);
    assertThat(c.typeCode()).isEqualTo(0x55555555);
    assertThat(c.size()).isEqualTo(13);
    assertThat(c.payload()).isEqualTo(ByteBuffer.wrap(FrameBuilder.counting(13, 1)));
    assertThat(c.position()).as("padding not yet skipped").isEqualTo(8 + 8 + 13);

    assertThat(c.next()).isTrue();
    assertThat(c.offset()).as("after 5 bytes of padding").isEqualTo(8 + 8 + 13 + 5);
    assertThat(c.type()).isEqualTo(MessageType.EOF);
    assertThat(c.isFinished()).isTrue();
    assertThat(c.next()).isFalse();
  }

  @Test
  void unknownMessagesAreSkippedInsideOneNextCall() {
    byte[] log = new FrameBuilder().message(1, new byte[3]).message(2, new byte[9]).regular(new byte[4])
        .toByteArray();
    FrameCursor c = cursor(log, false);

    assertThat(c.next()).isTrue();
    assertThat(c.type()).isEqualTo(MessageType.REGULAR);
    assertThat(c.offset()).isEqualTo(8 + 3 + 3 + 8 + 9 + 1);
    assertThat(diagnostics).extracting(Diagnostic::reason).containsExactly(DiagnosticReason.UNKNOWN_MESSAGE_TYPE,
        DiagnosticReason.UNKNOWN_MESSAGE_TYPE);
    assertThat(c.next()).isFalse();
  }

  @Test
  void unknownMessagesAreReturnedWhenIncluded() {
    FrameCursor c = cursor(new FrameBuilder().message(0x0BADF00D, new byte[6]).toByteArray(), true);

    assertThat(c.next()).isTrue();
    assertThat(c.type()).isEqualTo(MessageType.UNKNOWN);
    assertThat(c.typeCode()).isEqualTo(0x0BADF00D);
    assertThat(c.size()).isEqualTo(6);
    assertThat(diagnostics).isEmpty();
  }

  @Test
  void aProblemFinishesTheCursor() {
    FrameCursor c = cursor(new byte[] {1, 2, 3}, false);

    assertThatThrownBy(c::next).isInstanceOf(TruncatedInputException.class);
    assertThat(c.isFinished()).isTrue();
    assertThat(c.next()).isFalse();
  }

  @Test
  void aBadVersionIsAMessageFirstAndAProblemOnTheNextCall() {
    FrameCursor c = cursor(new FrameBuilder().fileMagic(3).regular(new byte[8]).toByteArray(), false);

    assertThat(c.next()).isTrue();
    assertThat(c.value()).isEqualTo(3);
    assertThat(c.isFinished()).isFalse();
    assertThatThrownBy(c::next).isInstanceOf(UnsupportedVersionException.class);
    assertThat(c.next()).isFalse();
  }

  @Test
  void messageReaderAdvancesAndBuildsRecords() {
    byte[] log = new FrameBuilder().fileMagic(1).checkpoint(new byte[12]).u32(FrameBuilder.REGULAR).u32(100)
        .toByteArray();
    MessageReader reader = MessageReader.of(ByteBuffer.wrap(log),
        ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(diagnostics::add));

    assertThat(reader.advance()).isTrue();
    assertThat(reader.current()).isEqualTo(new Message.FileMagic(0, 1));
    assertThat(reader.advance()).isTrue();
    assertThat(reader.current()).isEqualTo(new Message.Checkpoint(8, ByteBuffer.wrap(new byte[12])));
    assertThat(reader.advance()).as("lenient: the truncated REGULAR is reported").isFalse();
    assertThat(diagnostics).singleElement().extracting(Diagnostic::offset).isEqualTo(32L);
    assertThat(reader.cursor().isFinished()).isTrue();
  }

  @Test
  void theCursorIgnoresTheListenerForProblems() {
    FrameCursor c = new FrameCursor(new BufferSource(ByteBuffer.wrap(new byte[2])), ReadLimits.defaults(), false,
        DiagnosticListener.ignoring());
    assertThatThrownBy(c::next).isInstanceOf(TruncatedInputException.class);
  }
}
