package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.testing.FrameBuilder;
import io.github.vwbinlog.core.testing.ReadResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Payloads are read-only little-endian views of the input: never copies for arrays, buffers and mapped files. */
@DisplayName("payload views")
class PayloadViewTest {
  private final byte[] log = new FrameBuilder().fileMagic(1).checkpoint(FrameBuilder.counting(12, 1))
      .regular(FrameBuilder.counting(16, 100)).eof().toByteArray();
  private static final int REGULAR_PAYLOAD = 8 + 8 + 12 + 4 + 8;

  private static Message.Regular regular(List<Message> messages) {
    return (Message.Regular) messages.get(2);
  }

  @Test
  @DisplayName("a byte[] is read in place: a change to the array shows through the payload")
  void byteArrayPayloadsAreViews() {
    Message.Regular m = regular(ReadResult.readAll(BinaryLogReader.of(log)).messages());
    ByteBuffer payload = m.payload();
    assertThat(payload.get(0)).isEqualTo((byte) 100);

    log[REGULAR_PAYLOAD] = 42;

    assertThat(payload.get(0)).isEqualTo((byte) 42);
    assertThat(m.payload().get(0)).isEqualTo((byte) 42);
  }

  @Test
  void payloadsAreReadOnlyLittleEndianAndIndependentViews() {
    Message.Regular m = regular(ReadResult.readAll(BinaryLogReader.of(log)).messages());
    ByteBuffer view = m.payload();

    assertThat(view.isReadOnly()).isTrue();
    assertThat(view.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
    assertThat(view.position()).isZero();
    assertThat(view.remaining()).isEqualTo(16);
    assertThat(view.getInt()).isEqualTo(0x67666564);
    assertThat(m.payload().position()).as("a fresh view each time").isZero();
    assertThatThrownBy(() -> view.put(0, (byte) 1)).isInstanceOf(ReadOnlyBufferException.class);
  }

  @Test
  void directBufferPayloadsAreViewsOfTheBuffer() {
    ByteBuffer direct = ByteBuffer.allocateDirect(log.length).put(log).flip();
    Message.Regular m = regular(ReadResult.readAll(BinaryLogReader.of(direct)).messages());

    direct.put(REGULAR_PAYLOAD, (byte) 7);

    assertThat(m.payload().isDirect()).isTrue();
    assertThat(m.payload().get(0)).isEqualTo((byte) 7);
  }

  @Test
  @DisplayName("a mapped file is read in place: a write to the file shows through the payload")
  void mappedPayloadsAreViewsOfTheMapping(@TempDir Path temp) throws IOException {
    Path file = Files.write(temp.resolve("view.log"), log);
    Message.Regular m;
    try (BinaryLogReader reader = BinaryLogReader.open(file)) {
      m = regular(ReadResult.readAll(reader).messages());
    }
    assertThat(m.payload().isDirect()).isTrue();
    assertThat(m.payload().isReadOnly()).isTrue();

    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {9}), REGULAR_PAYLOAD);
    }

    assertThat(m.payload().get(0)).as("same pages as the file, after the reader was closed").isEqualTo((byte) 9);
  }

  @Test
  @DisplayName("a stream's payloads are its own read-only buffers that stay valid after later reads")
  void streamedPayloadsStayValid() {
    List<Message> messages = ReadResult.readAll(BinaryLogReader.of(new ByteArrayInputStream(log))).messages();

    assertThat(messages.get(1)).isEqualTo(new Message.Checkpoint(8, ByteBuffer.wrap(FrameBuilder.counting(12, 1))));
    assertThat(regular(messages).payload().isReadOnly()).isTrue();
  }
}
