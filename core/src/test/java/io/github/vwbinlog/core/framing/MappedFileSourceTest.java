package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.testing.FrameBuilder;
import io.github.vwbinlog.core.testing.ReadResult;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The moving mapping window: a file read through windows much smaller than itself gives the same messages as one
 * mapping, no payload is ever split, no window exceeds its bound, and positions beyond 4 GiB work (a sparse file
 * makes that cheap). The 1 GiB read under {@code -Xmx128m} is a manual check: docs/PERFORMANCE.md.
 */
@DisplayName("memory-mapped files through a moving window")
class MappedFileSourceTest {
  @TempDir
  static Path temp;

  static Path log;
  static List<Message> whole;

  /** Writes a log of about 4 MB: random sizes, odd ones included, some unknown types, payloads up to 40 KB. */
  @BeforeAll
  static void writeLog() throws IOException {
    log = temp.resolve("few-mb.log");
    Random random = new Random(42);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(log))) {
      FrameBuilder b = new FrameBuilder(out).fileMagic(1).header(FrameBuilder.randomBytes(random, 112));
      while (b.size() < 4_000_000) {
        int size = random.nextInt(10) == 0 ? random.nextInt(40_000) : random.nextInt(3_000);
        int type = switch (random.nextInt(20)) {
          case 0 -> FrameBuilder.CHECKPOINT;
          case 1 -> 0x1AAAAAAA;
          case 2 -> FrameBuilder.HEADER;
          default -> FrameBuilder.REGULAR;
        };
        b.message(type, FrameBuilder.randomBytes(random, size));
      }
      b.eof();
    }
    whole = ReadResult.readAll(BinaryLogReader.open(log, unknownsIncluded())).messages();
    assertThat(whole).hasSizeGreaterThan(1000);
    assertThat(Files.size(log)).isGreaterThan(4_000_000);
  }

  private static ReadOptions unknownsIncluded() {
    return ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);
  }

  @ParameterizedTest(name = "window of {0} bytes")
  @ValueSource(longs = {4096, 4097, 5000, 12_345, 65_537, 1_000_003})
  void smallWindowsReadTheSameMessages(long window) throws IOException {
    ReadResult result = ReadResult.readAll(BinaryLogReader.open(log, unknownsIncluded().withMapWindowSize(window)));

    assertThat(result.error()).isNull();
    assertThat(result.messages()).containsExactlyElementsOf(whole);
  }

  @ParameterizedTest(name = "window of {0} bytes")
  @ValueSource(longs = {4096, 7919, 65_536})
  @DisplayName("every payload is one slice of one window, and windows stay within their bound")
  void payloadsAreNeverSplit(long window) throws IOException {
    int remaps = 0;
    long lastStart = 0;
    try (MappedFileSource source = new MappedFileSource(FileChannel.open(log, StandardOpenOption.READ), window)) {
      FrameCursor cursor = new FrameCursor(source, ReadLimits.defaults(), true, DiagnosticListener.ignoring());
      while (cursor.next()) {
        if (source.windowStart() != lastStart) {
          remaps++;
          lastStart = source.windowStart();
        }
        assertThat((long) source.windowLength()).isLessThanOrEqualTo(Math.max(window, cursor.size()));
        long payloadStart = cursor.position() - cursor.size();
        assertThat(payloadStart).isGreaterThanOrEqualTo(source.windowStart());
        assertThat(cursor.position()).isLessThanOrEqualTo(source.windowStart() + source.windowLength());
        assertThat(cursor.payload().remaining()).isEqualTo(cursor.size());
      }
    }
    assertThat(remaps).as("windows mapped").isGreaterThan((int) (4_000_000 / window / 2));
  }

  /**
   * The scan reads each payload again from the file ({@link PayloadFile}): the bytes it gets are the payload's, for
   * every message of the whole file and of a byte range (whose positions are the file's), through small windows; any
   * other position or length is refused, so the scan copies from the view instead.
   */
  @ParameterizedTest(name = "window of {0} bytes, from offset {1}")
  @org.junit.jupiter.params.provider.CsvSource({"65537, 0", "4096, 0", "1000003, 1500000"})
  void payloadsAreReadAgainFromTheFileAtTheirPosition(long window, long from) throws IOException {
    int copied = 0;
    try (MappedFileSource source = new MappedFileSource(FileChannel.open(log, StandardOpenOption.READ), window, from,
        Long.MAX_VALUE)) {
      if (from > 0) {
        source.skip(whole.stream().mapToLong(Message::offset).filter(o -> o >= from).min().orElseThrow() - from);
      }
      FrameCursor cursor = new FrameCursor(source, ReadLimits.defaults(), true, DiagnosticListener.ignoring());
      while (cursor.next()) {
        int n = cursor.size();
        if (n == 0) {
          continue;
        }
        long position = cursor.position() - n;
        byte[] dst = new byte[n + 3];
        assertThat(source.copyInPlacePayload(position, n, dst)).isTrue();
        byte[] expected = new byte[n];
        cursor.payload().get(0, expected);
        assertThat(java.util.Arrays.copyOf(dst, n)).isEqualTo(expected);
        assertThat(source.copyInPlacePayload(position + 1, n, dst)).isFalse();
        assertThat(source.copyInPlacePayload(position, n - 1, dst)).isFalse();
        assertThat(source.copyInPlacePayload(position, n, new byte[n - 1])).isFalse();
        copied++;
      }
    }
    assertThat(copied).isGreaterThan(400);
  }

  /**
   * The parts of a parallel join read payloads by position from their own threads ({@link FileBytes}): any bytes of the
   * range the source reads, the file's own, from four threads at once; nothing before the range's start or past its end.
   */
  @Test
  void bytesAreReadByPositionFromManyThreadsWithinTheRangeOnly() throws Exception {
    byte[] bytes = Files.readAllBytes(log);
    long from = 1_000_000;
    long to = 3_000_000;
    try (MappedFileSource source = new MappedFileSource(FileChannel.open(log, StandardOpenOption.READ), 65_536, from,
        to)) {
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
      try {
        List<java.util.concurrent.Future<Boolean>> reads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
          Random random = new Random(t);
          reads.add(pool.submit(() -> {
            for (int i = 0; i < 2_000; i++) {
              int length = random.nextInt(5_000);
              long position = from + random.nextInt((int) (to - from - length));
              byte[] dst = new byte[length];
              if (!source.readAt(position, length, dst) || !java.util.Arrays.equals(dst, 0, length, bytes,
                  (int) position, (int) position + length)) {
                return false;
              }
            }
            return true;
          }));
        }
        for (java.util.concurrent.Future<Boolean> read : reads) {
          assertThat(read.get()).isTrue();
        }
      } finally {
        pool.shutdown();
      }
      byte[] dst = new byte[100];
      assertThat(source.readAt(from - 1, 10, dst)).as("before the range").isFalse();
      assertThat(source.readAt(to - 10, 11, dst)).as("past its end").isFalse();
      assertThat(source.readAt(to - 10, 10, dst)).isTrue();
      assertThat(source.readAt(from, 101, dst)).as("more than the array holds").isFalse();
    }
  }

  /**
   * The frame fields are read from the file a few KiB at a time ({@link MappedFileSource#FRAME_READ}), so a field
   * often straddles the end of what was read: the messages are those of the same bytes read from memory, whole or
   * from a byte range of the file.
   */
  @ParameterizedTest(name = "window of {0} bytes")
  @ValueSource(longs = {4096, 65_537, 1L << 30})
  void theFramesReadFromTheFileAreTheBytesOfTheFile(long window) throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    assertThat(ReadResult.readAll(BinaryLogReader.of(bytes, unknownsIncluded())).messages())
        .containsExactlyElementsOf(whole);
    long from = whole.get(whole.size() / 2).offset();
    long to = whole.get(whole.size() * 3 / 4).offset();
    List<Message> range = ReadResult.readAll(BinaryLogReader.open(log, from, to,
        unknownsIncluded().withMapWindowSize(window))).messages();
    assertThat(range).isNotEmpty().containsExactlyElementsOf(whole.stream()
        .filter(m -> m.offset() >= from && m.offset() < to).toList());
  }

  /**
   * Framing a mapped log touches none of its pages: on some hosts the first access to each page of a new mapping cost
   * a conversion a tenth of its time, one page fault per message. This thread's own count of page faults (Linux) over
   * the frames of 48 payloads of 256 KiB, each in pages of its own, stays below one per message; read through the
   * mapping, each frame would cost one.
   */
  @Test
  void framingAMappedLogTouchesNoPageOfIt() throws IOException {
    Path faults = Path.of("/proc/thread-self/stat");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(faults), "a Linux /proc");
    Path big = temp.resolve("big-payloads.log");
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(big))) {
      FrameBuilder b = new FrameBuilder(out).fileMagic(1);
      for (int i = 0; i < 48; i++) {
        b.regular(new byte[256 * 1024]);
      }
      b.eof();
    }
    for (int round = 0; round < 3; round++) { // the first rounds load and compile what framing runs
      long before = minorFaults(faults);
      int messages = 0;
      try (MappedFileSource source = new MappedFileSource(FileChannel.open(big, StandardOpenOption.READ), 1L << 30)) {
        FrameCursor cursor = new FrameCursor(source, ReadLimits.defaults(), true, DiagnosticListener.ignoring());
        while (cursor.next()) {
          messages++;
        }
      }
      long touched = minorFaults(faults) - before;
      assertThat(messages).isEqualTo(50);
      if (round == 2) {
        assertThat(touched).as("page faults of this thread while framing 50 messages").isLessThan(24);
      }
    }
  }

  /** The minor page faults of the thread, the tenth field after the command's name in {@code /proc/thread-self/stat}. */
  private static long minorFaults(Path stat) throws IOException {
    String text = Files.readString(stat);
    String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[7]);
  }

  @Test
  void aPayloadLargerThanTheWindowGetsAWindowOfItsOwn() throws IOException {
    byte[] big = FrameBuilder.randomBytes(new Random(7), 10_000);
    Path file = Files.write(temp.resolve("big.log"),
        new FrameBuilder().fileMagic(1).regular(new byte[4000]).regular(big).eof().toByteArray());

    List<Message> messages = ReadResult.readAll(BinaryLogReader.open(file,
        ReadOptions.defaults().withMapWindowSize(4096))).messages();

    assertThat(messages.get(2)).isEqualTo(new Message.Regular(8 + 4008, ByteBuffer.wrap(big)));
    assertThat(messages.get(3)).isEqualTo(new Message.Eof(4016 + 10_008, 0));
  }

  @Test
  void anEmptyFileHasNoMessages() throws IOException {
    Path empty = Files.createFile(temp.resolve("empty.log"));
    ReadResult result = ReadResult.readAll(BinaryLogReader.open(empty));
    assertThat(result.messages()).isEmpty();
    assertThat(result.error()).isNull();
  }

  /**
   * A sparse file of about 6 GB: three unknown messages of 2 GB each (holes on disk), then a REGULAR and EOF beyond
   * 4 GiB. Skipped, the big payloads are never mapped; included, each is one slice of a window of its own, larger than
   * the default window and close to the 2 GiB bound of a Java buffer.
   */
  @Test
  @DisplayName("a file larger than 4 GiB: long offsets, and payloads near the 2 GiB bound in one slice")
  void beyondFourGibibytes() throws IOException {
    Path sparse = temp.resolve("sparse.log");
    int huge = 2_000_000_000;
    long regular = 3 * (8L + huge);
    byte[] payload = FrameBuilder.counting(20, 1);
    try (FileChannel ch = FileChannel.open(sparse, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      for (int i = 0; i < 3; i++) {
        ch.write(le(0x1AAAAAAA, huge), i * (8L + huge));
      }
      ch.write(ByteBuffer.wrap(new FrameBuilder().regular(payload).eof().toByteArray()), regular);
    }
    assertThat(regular).isGreaterThan(4L << 30);
    ReadOptions options = ReadOptions.defaults().withListener(DiagnosticListener.ignoring())
        .withLimits(ReadLimits.builder().maxMessageSize(Integer.MAX_VALUE - 8).build());

    List<Message> skipped = ReadResult.readAll(BinaryLogReader.open(sparse, options)).messages();
    assertThat(skipped).containsExactly(new Message.Regular(regular, ByteBuffer.wrap(payload), options.limits()),
        new Message.Eof(regular + 32, 0));

    ReadResult included = ReadResult.readAll(BinaryLogReader.open(sparse,
        options.with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES)));
    assertThat(included.error()).isNull();
    assertThat(included.messages()).extracting(Message::offset, Message::payloadSize).containsExactly(
        org.assertj.core.groups.Tuple.tuple(0L, huge),
        org.assertj.core.groups.Tuple.tuple(8L + huge, huge),
        org.assertj.core.groups.Tuple.tuple(2 * (8L + huge), huge),
        org.assertj.core.groups.Tuple.tuple(regular, 20),
        org.assertj.core.groups.Tuple.tuple(regular + 32, 0));
    Message.Unknown last = (Message.Unknown) included.messages().get(2);
    assertThat(last.payload().get(huge - 1)).as("last byte of a 2 GB slice").isZero();
    assertThat(included.messages().get(3)).isEqualTo(skipped.get(0));
  }

  private static ByteBuffer le(int type, int size) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(type).putInt(size).flip();
  }
}
