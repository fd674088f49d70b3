package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.conformance.Corpus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Spliterator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code stream()} of a file or buffer splits at message boundaries: parallel streams see every message, in order. */
class MessageSpliteratorTest {

  /** A message as comparable text: offset, type and payload bytes. */
  private static String describe(Message m) {
    ByteBuffer p = m.payload();
    byte[] bytes = new byte[p.remaining()];
    p.duplicate().get(bytes);
    return m.offset() + " " + m.typeName() + " " + Arrays.hashCode(bytes) + " " + bytes.length;
  }

  private static List<String> sequential(Path log, ReadOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log, options)) {
      for (Message m : reader) {
        out.add(describe(m));
      }
    } catch (BinaryLogException e) {
      out.add("problem: " + e.getMessage());
    }
    return out;
  }

  private static List<String> parallel(Path log, ReadOptions options) throws IOException {
    try (BinaryLogReader reader = BinaryLogReader.open(log, options)) {
      List<String> out = new ArrayList<>(reader.stream().parallel().map(MessageSpliteratorTest::describe)
          .collect(Collectors.toList()));
      return out;
    } catch (BinaryLogException e) {
      return List.of("problem: " + e.getMessage());
    }
  }

  @Test
  void parallelStreamsOfCorpusLogsSeeEveryMessageInOrder() throws IOException {
    ReadOptions lenient = ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(d -> { });
    int logs = 0;
    for (Path log : Corpus.joinedLogs()) {
      List<String> expected = sequential(log, lenient);
      assertThat(parallel(log, lenient)).as(log.toString()).isEqualTo(expected);
      List<String> strict = sequential(log, ReadOptions.defaults().withListener(d -> { }));
      List<String> got = parallel(log, ReadOptions.defaults().withListener(d -> { }));
      if (strict.get(strict.size() - 1).startsWith("problem: ")) {
        assertThat(got).as(log.toString()).containsExactly(strict.get(strict.size() - 1));
      } else {
        assertThat(got).as(log.toString()).isEqualTo(strict);
      }
      logs++;
    }
    assertThat(logs).isGreaterThan(10);
  }

  @Test
  void splitsAtMessageBoundariesDownToSingleMessages() {
    byte[] log = manyMessages(257);
    try (BinaryLogReader reader = BinaryLogReader.of(log)) {
      Spliterator<Message> whole = reader.stream().spliterator();
      List<Spliterator<Message>> pieces = new ArrayList<>(List.of(whole));
      for (int round = 0; round < 12; round++) {
        List<Spliterator<Message>> next = new ArrayList<>();
        for (Spliterator<Message> s : pieces) {
          Spliterator<Message> prefix = s.trySplit();
          if (prefix != null) {
            next.add(prefix);
          }
          next.add(s);
        }
        pieces = next;
      }
      List<Long> offsets = new ArrayList<>();
      for (Spliterator<Message> s : pieces) {
        assertThat(s.estimateSize()).isLessThanOrEqualTo(1);
        s.forEachRemaining(m -> offsets.add(m.offset()));
      }
      assertThat(offsets).hasSize(257).isSorted();
    }
  }

  @Test
  void aTruncatedLogThrowsAfterItsMessages() {
    byte[] whole = manyMessages(50);
    byte[] cut = Arrays.copyOf(whole, whole.length - 3);
    List<Diagnostic> notices = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.of(cut,
        ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(notices::add))) {
      assertThat(reader.stream().parallel().count()).isEqualTo(49); // the 50th is cut short
    }
    assertThat(notices).hasSize(1);
    try (BinaryLogReader reader = BinaryLogReader.of(cut)) {
      assertThatThrownBy(() -> reader.stream().parallel().count()).isInstanceOf(BinaryLogException.class);
    }
  }

  /** FILEMAGIC, then {@code n - 1} REGULAR messages of varied sizes (their payloads are not read). */
  private static byte[] manyMessages(int n) {
    ByteBuffer b = ByteBuffer.allocate(64 * n + 64).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(0x42465756).putInt(1); // FILEMAGIC 'VWFB', version 1
    for (int i = 1; i < n; i++) {
      int size = i % 13;
      b.putInt(0xFFFFFFFF).putInt(size); // REGULAR
      for (int k = 0; k < size; k++) {
        b.put((byte) i);
      }
      for (int k = 0; k < size % 8; k++) {
        b.put((byte) 0); // padding
      }
    }
    return Arrays.copyOf(b.array(), b.position()); // no EOF: a missing EOF is fine
  }
}
