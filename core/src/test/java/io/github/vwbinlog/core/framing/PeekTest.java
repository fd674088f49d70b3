package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.conformance.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code BinaryLogReader.peek}: every message handed to the action as it is read, the position just past it. */
@DisplayName("a peeking reader")
class PeekTest {
  @Test
  void handsEveryMessageToTheActionBeforeTheCallerWithThePositionPastIt() throws IOException {
    // lenient: the corpus's damaged logs end their iteration cleanly, both times at the same message
    io.github.vwbinlog.ReadOptions lenient = io.github.vwbinlog.ReadOptions.defaults()
        .with(io.github.vwbinlog.ReadFeature.LENIENT).withListener(d -> { });
    for (Path log : Corpus.joinedLogs()) {
      List<Message> expected = new ArrayList<>();
      try (BinaryLogReader reader = BinaryLogReader.open(log, lenient)) {
        reader.forEach(expected::add);
      }
      List<Message> peeked = new ArrayList<>();
      List<Long> positions = new ArrayList<>();
      List<Message> got = new ArrayList<>();
      try (BinaryLogReader reader = BinaryLogReader.open(log, lenient)) {
        BinaryLogReader peeking = reader.peek(m -> {
          assertThat(got).as("before the caller gets it").hasSize(peeked.size());
          peeked.add(m);
          positions.add(reader.position());
        });
        assertThat(peeking.options()).isEqualTo(reader.options());
        assertThat(peeking.size()).isEqualTo(reader.size());
        for (Message m : peeking) {
          got.add(m);
          assertThat(peeking.position()).isEqualTo(reader.position());
        }
      }
      assertThat(got).as(log.toString()).isEqualTo(expected);
      assertThat(peeked).isEqualTo(expected);
      for (int i = 0; i + 1 < expected.size(); i++) {
        assertThat(positions.get(i)).as("past message %d of %s", i, log)
            .isGreaterThan(expected.get(i).offset()).isLessThanOrEqualTo(expected.get(i + 1).offset());
      }
    }
  }

  /**
   * The scan reads each payload again from the file beneath a peeking reader ({@code convert}'s progress bar wraps the
   * reader so): what it reads is the payload just read, at the message's offset plus its frame bytes.
   */
  @Test
  void theFileBeneathPeekingReadersReadsThePayloadJustRead() throws IOException {
    int regular = 0;
    for (Path log : Corpus.joinedLogs()) {
      try (BinaryLogReader reader = BinaryLogReader.open(log, io.github.vwbinlog.ReadOptions.defaults()
          .with(io.github.vwbinlog.ReadFeature.LENIENT).withListener(d -> { }))) {
        BinaryLogReader peeking = reader.peek(m -> { }).peek(m -> { });
        PayloadFile file = MessageReader.payloadFileOf(peeking);
        assertThat(file).isNotNull();
        for (Message m : peeking) {
          if (m instanceof Message.Regular r && r.payload().remaining() > 0) {
            byte[] expected = new byte[r.payload().remaining()];
            r.payload().get(0, expected);
            byte[] dst = new byte[expected.length];
            assertThat(file.copy(r.offset() + FrameCursor.FRAME_BYTES, expected.length, dst)).isTrue();
            assertThat(dst).isEqualTo(expected);
            assertThat(file.copy(r.offset(), expected.length, dst)).isFalse();
            regular++;
          }
        }
      }
    }
    assertThat(regular).isGreaterThan(100);
    BinaryLogReader other = closeRecording(new boolean[1]);
    assertThat(MessageReader.payloadFileOf(other)).isNull();
    assertThat(MessageReader.payloadFileOf(other.peek(m -> { }))).isNull();
  }

  @Test
  void closingThePeekingReaderClosesTheReader() {
    boolean[] closed = {false};
    closeRecording(closed).peek(m -> { }).close();
    assertThat(closed[0]).isTrue();
  }

  /** A reader that is not core's, with no messages, that notes its close in {@code closed[0]}. */
  private static BinaryLogReader closeRecording(boolean[] closed) {
    return new BinaryLogReader() {
      @Override
      public java.util.Iterator<Message> iterator() {
        return java.util.Collections.emptyIterator();
      }

      @Override
      public io.github.vwbinlog.ReadOptions options() {
        return io.github.vwbinlog.ReadOptions.defaults();
      }

      @Override
      public long position() {
        return 0;
      }

      @Override
      public long size() {
        return -1;
      }

      @Override
      public void close() {
        closed[0] = true;
      }
    };
  }
}
