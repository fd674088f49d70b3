package io.github.vwbinlog.core.eventfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte ranges of event files ({@link EventBatchReader#open(SeekableByteChannel, Path, long, long, ReadOptions)}):
 * ranges that cover a file, cut at any byte, read every event once, each range reading its own bytes plus about a
 * batch; broken batches are reported once, by the range before.
 */
class BatchBoundaryTest {
  @TempDir
  Path dir;

  /** Every event file of the corpus and the joiner's test data, one after the other: batches of every kind. */
  private Path concatenated() throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> w = Stream.concat(Files.walk(Corpus.resolve("files/fb_events")),
        Files.walk(Path.of("src/test/resources/rlclientlib")))) {
      w.filter(p -> p.toString().endsWith(".fb") && !p.getFileName().toString().startsWith("invalid")).sorted()
          .forEach(files::add);
    }
    for (Path p : files) {
      all.write(Files.readAllBytes(p));
    }
    Path f = dir.resolve("all.fb");
    Files.write(f, all.toByteArray());
    return f;
  }

  private static List<String> events(EventBatchReader r) {
    return r.events().map(e -> e.offset() + " " + e.meta().id() + " " + e.meta().payloadType()).toList();
  }

  private static List<String> whole(Path f, List<Diagnostic> reported) throws IOException {
    try (EventBatchReader r = EventBatchReader.open(f, lenient(reported))) {
      return events(r);
    }
  }

  private static ReadOptions lenient(List<Diagnostic> reported) {
    return ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(reported::add);
  }

  private static List<String> byRanges(Path f, long split, List<Diagnostic> reported, long[] readPerRange)
      throws IOException {
    long size = Files.size(f);
    List<String> out = new ArrayList<>();
    int k = 0;
    for (long from = 0; from < size; from += split, k++) {
      Counting channel = new Counting(FileChannel.open(f));
      try (EventBatchReader r = EventBatchReader.open(channel, f, from, Math.min(size, from + split),
          lenient(reported))) {
        out.addAll(events(r));
      }
      if (readPerRange != null) {
        readPerRange[k] = channel.read;
      }
    }
    return out;
  }

  @Test
  void rangesCutAtAnyByteReadEveryEventOnce() throws IOException {
    Path f = concatenated();
    List<String> expected = whole(f, new ArrayList<>());
    assertThat(expected).hasSizeGreaterThan(100);
    for (long split : new long[] {1, 7, 100, 333, 1000, 4096, Files.size(f)}) {
      assertThat(byRanges(f, split, new ArrayList<>(), null)).as("split %d", split).isEqualTo(expected);
    }
  }

  @Test
  void aRangeReadsItsOwnBytesPlusAboutABatchNotTheFileFromItsStart() throws IOException {
    Path f = concatenated();
    long size = Files.size(f);
    int largest = 0;
    try (EventBatchReader r = EventBatchReader.open(f)) {
      for (var b : r) {
        largest = Math.max(largest, b.size() + EventFile.PREAMBLE_SIZE);
      }
    }
    long split = 512;
    long[] read = new long[(int) ((size + split - 1) / split)];
    byRanges(f, split, new ArrayList<>(), read);
    for (int k = 0; k < read.length; k++) {
      // the range, the batch that starts in it and ends after it, the look for the next batch: scans read windows
      // of 64 KiB, but from the range's start on, never before it
      assertThat(read[k]).as("range %d", k).isLessThanOrEqualTo(split + 4L * largest + 2 * 64 * 1024);
    }
    // In a file much larger than a window, a range far from the start reads about its own bytes.
    Path big = dir.resolve("big.fb");
    byte[] one = Files.readAllBytes(f);
    try (var out = Files.newOutputStream(big)) {
      for (int i = 0; i < 40; i++) {
        out.write(one);
      }
    }
    long bigSize = Files.size(big);
    Counting channel = new Counting(FileChannel.open(big));
    long from = bigSize - 64 * split;
    try (EventBatchReader r = EventBatchReader.open(channel, big, from, from + 16 * split, ReadOptions.defaults())) {
      assertThat(events(r)).isNotEmpty();
    }
    assertThat(channel.minPosition).isGreaterThanOrEqualTo(from);
    assertThat(bigSize).isGreaterThan(1 << 20);
    assertThat(channel.read).isLessThan(bigSize / 5);
  }

  @Test
  void aBrokenBatchAtARangeStartIsReportedOnceByTheRangeBefore() throws IOException {
    Path f = concatenated();
    byte[] bytes = Files.readAllBytes(f);
    long victim;
    try (EventBatchReader r = EventBatchReader.open(f)) {
      victim = r.batches().skip(5).findFirst().orElseThrow().offset();
    }
    // the body of the sixth batch no flatbuffer, its size kept
    int bodySize = ByteBuffer.wrap(bytes, (int) victim + 4, 4).getInt();
    Arrays.fill(bytes, (int) victim + 8, (int) victim + 8 + bodySize, (byte) 0x7f);
    Files.write(f, bytes);
    List<Diagnostic> expectedReports = new ArrayList<>();
    List<String> expected = whole(f, expectedReports);
    assertThat(expectedReports).singleElement().satisfies(d -> {
      assertThat(d.reason()).isEqualTo(DiagnosticReason.MALFORMED_PAYLOAD);
      assertThat(d.offset()).isEqualTo(victim);
    });
    for (long split : new long[] {victim, victim + 1, victim + bodySize / 2, 97, 1000}) {
      List<Diagnostic> reported = new ArrayList<>();
      assertThat(byRanges(f, split, reported, null)).as("split %d", split).isEqualTo(expected);
      assertThat(reported).as("split %d", split).containsExactlyElementsOf(expectedReports);
    }
  }

  @Test
  void aTruncatedLastBatchIsReportedOnce() throws IOException {
    Path f = concatenated();
    byte[] bytes = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(bytes, bytes.length - 5));
    List<Diagnostic> expectedReports = new ArrayList<>();
    List<String> expected = whole(f, expectedReports);
    assertThat(expectedReports).singleElement()
        .satisfies(d -> assertThat(d.reason()).isEqualTo(DiagnosticReason.TRUNCATED_INPUT));
    for (long split : new long[] {50, 300, 1000, bytes.length - 20}) {
      List<Diagnostic> reported = new ArrayList<>();
      assertThat(byRanges(f, split, reported, null)).as("split %d", split).isEqualTo(expected);
      assertThat(reported).as("split %d", split).containsExactlyElementsOf(expectedReports);
    }
  }

  @Test
  void bytesInsideABatchThatLookLikeABatchFailTheRangeRatherThanReadAnEventTwice() throws IOException {
    // A context holding a whole valid batch with its preamble, then another preamble: a range starting just before
    // it takes it for its first batch.
    byte[] fake = Files.readAllBytes(Corpus.resolve("files/fb_events/f-reward_v2.fb"));
    byte[] context = new byte[fake.length + 8 + 64];
    System.arraycopy(fake, 0, context, 0, fake.length);
    context[fake.length + 3] = 13;
    context[fake.length + 7] = 8;
    Event cb = new Event(Metadata.of("decision", PayloadType.CB), new CbEvent(false, List.of(1L),
        ByteBuffer.wrap(context), List.of(1f), "N/A", LearningMode.ONLINE));
    Event o = new Event(Metadata.of("decision", PayloadType.OUTCOME), OutcomeEvent.numeric(1f));
    Path f = dir.resolve("fake.fb");
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(f))) {
      w.batch("IDENTITY", List.of(cb)).batch("IDENTITY", List.of(o));
    }
    byte[] bytes = Files.readAllBytes(f);
    int at = indexOf(bytes, fake);
    assertThat(at).isPositive();
    List<String> expected = whole(f, new ArrayList<>());
    assertThat(expected).hasSize(2);
    // the range that holds the decision's batch fails, naming the batch and the place
    assertThatThrownBy(() -> byRanges(f, at - 1, new ArrayList<>(), null)).isInstanceOf(BinaryLogException.class)
        .hasMessageContaining("offset 0").hasMessageContaining("runs past offset " + at)
        .hasMessageContaining("larger splits");
    // a range that starts after the fake one finds the real next batch
    assertThat(byRanges(f, at + 1, new ArrayList<>(), null)).isEqualTo(expected);
  }

  private static int indexOf(byte[] in, byte[] part) {
    for (int i = 0; i + part.length <= in.length; i++) {
      if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    return -1;
  }

  /** A channel that counts the bytes read and the lowest position read from. */
  private static final class Counting implements SeekableByteChannel {
    private final SeekableByteChannel in;
    long read;
    long minPosition = Long.MAX_VALUE;

    Counting(SeekableByteChannel in) {
      this.in = in;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      minPosition = Math.min(minPosition, in.position());
      int n = in.read(dst);
      read += Math.max(0, n);
      return n;
    }

    @Override
    public int write(ByteBuffer src) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long position() throws IOException {
      return in.position();
    }

    @Override
    public SeekableByteChannel position(long p) throws IOException {
      in.position(p);
      return this;
    }

    @Override
    public long size() throws IOException {
      return in.size();
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isOpen() {
      return in.isOpen();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
