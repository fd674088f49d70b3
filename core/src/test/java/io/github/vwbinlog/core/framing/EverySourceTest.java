package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.testing.FrameBuilder;
import io.github.vwbinlog.core.testing.ReadResult;
import io.github.vwbinlog.core.testing.TestChannels;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same log read through every kind of input (an array, buffers with a non-zero position, a mapped file with a
 * whole or a tiny window, a stream, channels that deliver a few bytes at a time) gives equal messages and ends the
 * same way. Messages compare their payloads by content, so this also proves that no source shifts or cuts a payload.
 */
@DisplayName("every input source reads the same messages")
class EverySourceTest {

  @TempDir
  static Path temp;

  /** One way of handing a log's bytes to the reader. */
  enum Source {
    BYTE_ARRAY(BinaryLogReader::of),
    HEAP_BUFFER_AT_POSITION_7((log, options) ->
        BinaryLogReader.of(placed(ByteBuffer.allocate(log.length + 20), 7, log), options)),
    DIRECT_BUFFER_AT_POSITION_3((log, options) ->
        BinaryLogReader.of(placed(ByteBuffer.allocateDirect(log.length + 3), 3, log), options)),
    MAPPED_FILE((log, options) -> BinaryLogReader.open(write(log), options)),
    MAPPED_FILE_4096_BYTE_WINDOW((log, options) -> BinaryLogReader.open(write(log), options.withMapWindowSize(4096))),
    INPUT_STREAM((log, options) -> BinaryLogReader.of(new ByteArrayInputStream(log), options)),
    CHANNEL_1_BYTE_PER_READ((log, options) -> BinaryLogReader.of(new TestChannels.Trickle(log, 1), options)),
    CHANNEL_7_BYTES_PER_READ((log, options) -> BinaryLogReader.of(new TestChannels.Trickle(log, 7), options));

    /** Opens a reader on a log's bytes. */
    interface Opener {
      BinaryLogReader open(byte[] log, ReadOptions options) throws IOException;
    }

    private final Opener opener;

    Source(Opener opener) {
      this.opener = opener;
    }

    BinaryLogReader open(byte[] log, ReadOptions options) throws IOException {
      return opener.open(log, options);
    }

    /** {@code buffer} holding {@code log} from {@code position} on, positioned there and limited to its end. */
    static ByteBuffer placed(ByteBuffer buffer, int position, byte[] log) {
      buffer.position(position);
      buffer.put(log).limit(position + log.length).position(position);
      return buffer;
    }

    private static int files;

    static Path write(byte[] log) throws IOException {
      return Files.write(temp.resolve("log" + files++ + ".bin"), log);
    }
  }

  static Stream<Arguments> logs() {
    List<Arguments> logs = new ArrayList<>();
    for (Path p : Corpus.joinedLogs()) {
      logs.add(Arguments.of(Corpus.root().relativize(p).toString(), read(p)));
    }
    byte[] handBuilt = new FrameBuilder().fileMagic(1).header(new byte[13]).message(7, new byte[21])
        .checkpoint(new byte[24]).regular(FrameBuilder.randomBytes(new Random(1), 70_001)).eof().toByteArray();
    logs.add(Arguments.of("hand-built, odd sizes and a 70001-byte payload", handBuilt));
    logs.add(Arguments.of("hand-built, 3 stray bytes", concat(Arrays.copyOf(handBuilt, handBuilt.length - 12),
        new byte[3])));
    logs.add(Arguments.of("hand-built, cut in the big payload", Arrays.copyOf(handBuilt, 5000)));
    logs.add(Arguments.of("hand-built, cut in a padding", Arrays.copyOf(handBuilt, 8 + 8 + 13 + 2)));
    logs.add(Arguments.of("hand-built, bad version", new FrameBuilder().fileMagic(0x101).regular(new byte[8])
        .toByteArray()));
    logs.add(Arguments.of("empty", new byte[0]));
    return logs.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void allSourcesAgree(String name, byte[] log) throws IOException {
    for (ReadOptions options : List.of(ReadOptions.defaults().withListener(d -> {}),
        ReadOptions.defaults().withListener(d -> {}).with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES))) {
      ReadResult expected = ReadResult.readAll(Source.BYTE_ARRAY.open(log, options));
      for (Source source : Source.values()) {
        ReadResult actual = ReadResult.readAll(source.open(log, options));
        assertThat(actual.messages()).as("%s through %s", name, source)
            .containsExactlyElementsOf(expected.messages());
        assertThat(actual.ending()).as("%s through %s", name, source).isEqualTo(expected.ending());
      }
    }
  }

  private static byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
