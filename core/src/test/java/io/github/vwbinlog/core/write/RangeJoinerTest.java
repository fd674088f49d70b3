package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.run.RangeJoiner;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte ranges of a file joined on their own ({@code Joiner.open(file, options, from, to)}) against one pass over the
 * whole file: the ranges' events one after the other, their diagnostics in order and their counts added up are the
 * pass's, for every joined log of the corpus and random writer-made logs (checkpoints, dedup with failing values and
 * references, zstd, training mode, faults), cut at random bytes, at every message, and not at all.
 */
class RangeJoinerTest {
  @TempDir
  Path dir;

  static int rebuilt;

  record Pass(List<JoinResult> events, List<Long> offsets, List<Diagnostic> diagnostics, JoinSummary summary) {}

  private static Pass whole(Path log, JoinOptions options) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<JoinResult> events = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    JoinOptions listened = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    try (Joiner joiner = Joiner.open(log, listened)) {
      for (JoinResult r : joiner) {
        events.add(r);
        offsets.add(joiner.position().offset());
      }
      return new Pass(events, offsets, diagnostics, joiner.summary());
    }
  }

  /** The ranges {@code [cuts[i], cuts[i + 1])}, joined one after the other, as one pass. */
  private static Pass ranges(Path log, JoinOptions options, long[] cuts) throws IOException {
    return ranges(log, options, cuts, false);
  }

  /**
   * The ranges joined one after the other, reading the file mapped ({@code Joiner.open}) or, with {@code streams}, as
   * a stream as a remote file would be read ({@code Joiner.of} with a source).
   */
  private static Pass ranges(Path log, JoinOptions options, long[] cuts, boolean streams) throws IOException {
    return ranges(log, options, cuts, streams ? Read.STREAM : Read.MAPPED);
  }

  /**
   * How the ranges are read: mapped ({@code Joiner.open(file, options, from, to)}), as streams from the file's start
   * ({@code Joiner.of(source, options, from, to)}), or planned once ({@code LogRange.plan}) and each read as a stream
   * of its own bytes only ({@code Joiner.of(rangeSource, options, range)}), as a Spark executor reads an object store.
   */
  enum Read { MAPPED, STREAM, PLANNED }

  /** The bytes the planned ranges' readers read. */
  static long plannedRead;

  private static Joiner joiner(Path log, JoinOptions o, long[] cuts, int i, Read read, List<LogRange> plan)
      throws IOException {
    return switch (read) {
      case MAPPED -> RangeJoiner.open(log, o, cuts[i], cuts[i + 1]);
      case STREAM -> RangeJoiner.of(readOptions -> BinaryLogReader.of(Files.newInputStream(log), readOptions), o,
          cuts[i], cuts[i + 1]);
      case PLANNED -> Joiner.of((start, limit, readOptions) -> {
        byte[] all = Files.readAllBytes(log);
        byte[] bytes = java.util.Arrays.copyOfRange(all, (int) start, (int) Math.min(limit, all.length));
        plannedRead += bytes.length;
        return BinaryLogReader.of(java.nio.channels.Channels.newChannel(new java.io.ByteArrayInputStream(bytes)),
            start, readOptions);
      }, o, plan.get(i));
    };
  }

  private static Pass ranges(Path log, JoinOptions options, long[] cuts, Read read) throws IOException {
    List<LogRange> plan = read == Read.PLANNED ? LogRange.plan(log, options.readOptions(), cuts) : List.of();
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<JoinResult> events = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    Map<MessageType, Long> messages = new EnumMap<>(MessageType.class);
    Map<PayloadType, Long> emitted = new EnumMap<>(PayloadType.class);
    Map<DiagnosticReason, Long> reasons = new EnumMap<>(DiagnosticReason.class);
    long learnable = 0;
    long seen = 0;
    long skipped = 0;
    long skippedMessages = 0;
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    for (int i = 0; i + 1 < cuts.length; i++) {
      try (Joiner joiner = joiner(log, o, cuts, i, read, plan)) {
        for (JoinResult r : joiner) {
          events.add(r);
          offsets.add(joiner.position().offset());
          assertThat(joiner.position().offset()).isBetween(cuts[i], cuts[i + 1] - 1);
        }
        if (joiner instanceof RangeJoiner r) {
          rebuilt += r.rebuilt();
        }
        JoinSummary s = joiner.summary();
        s.messages().forEach((k, v) -> messages.merge(k, v, Long::sum));
        s.emitted().forEach((k, v) -> emitted.merge(k, v, Long::sum));
        s.diagnostics().forEach((k, v) -> reasons.merge(k, v, Long::sum));
        learnable += s.learnable();
        seen += s.interactionsSeen();
        skipped += s.interactionsSkipped();
        skippedMessages += s.skippedMessages();
      }
    }
    return new Pass(events, offsets, diagnostics, new JoinSummary(messages, emitted, learnable, seen, skipped,
        skippedMessages, reasons, whole(log, options).summary().metrics()));
  }

  private static void assertSame(Pass expected, Pass actual, Object what) {
    assertThat(actual.events()).as("events of %s", what).isEqualTo(expected.events());
    assertThat(actual.offsets()).as("offsets of %s", what).isEqualTo(expected.offsets());
    assertThat(actual.diagnostics()).as("diagnostics of %s", what).isEqualTo(expected.diagnostics());
    assertThat(actual.summary()).as("counts of %s", what).isEqualTo(expected.summary());
  }

  private static long[] randomCuts(Random random, long size, int count) {
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, size));
    for (int i = 0; i < count; i++) {
      cuts.add((long) random.nextInt((int) size + 1));
    }
    return cuts.stream().mapToLong(Long::longValue).toArray();
  }

  /** A cut before every message's second byte, so that every message is a range of its own. */
  private static long[] everyByte(long size, int step) {
    List<Long> cuts = new ArrayList<>();
    for (long c = 0; c < size; c += step) {
      cuts.add(c);
    }
    cuts.add(size);
    return cuts.stream().mapToLong(Long::longValue).toArray();
  }

  @Test
  void everyCorpusLogInRandomRanges() throws IOException {
    Random random = new Random(3);
    int logs = 0;
    for (Path log : Corpus.joinedLogs()) {
      if (log.getFileName().toString().startsWith("multistep")) {
        continue;
      }
      logs++;
      long size = Files.size(log);
      for (JoinOptions options : List.of(JoinOptions.defaults(), JoinOptions.defaults().with(JoinFeature.FOR_TRAINING),
          JoinOptions.defaults().withProblemType(ProblemType.CB))) {
        Pass one = whole(log, options);
        assertSame(one, ranges(log, options, new long[] {0, size}), log + " in one range");
        assertSame(one, ranges(log, options, randomCuts(random, size, 5)), log + " in random ranges");
        assertSame(one, ranges(log, options, everyByte(size, 8)), log + " cut every 8 bytes");
        assertSame(one, ranges(log, options, randomCuts(random, size, 5), Read.PLANNED), log + " planned");
        assertSame(one, ranges(log, options, everyByte(size, 8), Read.PLANNED), log + " planned, every 8 bytes");
      }
    }
    assertThat(logs).isGreaterThan(15);
  }

  @Test
  void randomLogsInRandomRanges() throws IOException {
    rebuilt = 0;
    for (int seed = 0; seed < 200; seed++) {
      Random random = new Random(seed);
      Path log = ViewRecordEquivalenceTest.CleanLogs.write(dir.resolve("random-" + seed + ".log"), random);
      JoinOptions options = ViewRecordEquivalenceTest.CleanLogs.options(random);
      Pass one = whole(log, options);
      long size = Files.size(log);
      assertSame(one, ranges(log, options, randomCuts(random, size, 1 + random.nextInt(8))), "seed " + seed);
      assertSame(one, ranges(log, options, everyByte(size, 64)), "seed " + seed + " cut every 64 bytes");
      assertSame(one, ranges(log, options, randomCuts(random, size, 1 + random.nextInt(8)), true),
          "seed " + seed + " read as streams");
      assertSame(one, ranges(log, options, randomCuts(random, size, 1 + random.nextInt(8)), Read.PLANNED),
          "seed " + seed + " planned, read as streams of their bytes");
      Files.delete(log);
    }
    assertThat(rebuilt).as("ranges that rebuilt the dedup cache").isGreaterThan(0);
  }

  @Test
  void randomEdgeLogsInRandomRanges() throws IOException {
    for (int seed = 0; seed < 150; seed++) {
      RandomEvents gen = new RandomEvents(new Random(seed));
      Path log = gen.edgeLog(dir.resolve("edge-" + seed + ".log"));
      long size = Files.size(log);
      for (JoinOptions options : List.of(JoinOptions.defaults(),
          JoinOptions.defaults().withProblemType(ProblemType.CB))) {
        Pass one = whole(log, options);
        assertSame(one, ranges(log, options, randomCuts(gen.random(), size, 4)), "edge seed " + seed);
        assertSame(one, ranges(log, options, randomCuts(gen.random(), size, 4), Read.PLANNED),
            "edge seed " + seed + " planned");
        assertSame(one, ranges(log, options, everyByte(size, 8), Read.PLANNED), "edge seed " + seed + " planned, 8");
      }
    }
  }

  @Test
  void aPlannedRangeReadsItsOwnBytesPlusTheMessageThatCrossesItsEnd() throws IOException {
    for (Path log : Corpus.joinedLogs()) {
      if (log.getFileName().toString().startsWith("multistep")) {
        continue;
      }
      long size = Files.size(log);
      long largest = 0;
      try (BinaryLogReader r = BinaryLogReader.open(log, io.github.vwbinlog.ReadOptions.defaults()
          .with(io.github.vwbinlog.ReadFeature.LENIENT))) {
        for (io.github.vwbinlog.Message m : r) {
          largest = Math.max(largest, 8 + m.payloadSize() + m.payloadSize() % 8);
        }
      }
      long[] cuts = everyByte(size, 64);
      List<LogRange> plan = LogRange.plan(log, io.github.vwbinlog.ReadOptions.defaults(), cuts);
      long total = 0;
      for (LogRange range : plan) {
        assertThat(range.start()).as("%s %s", log, range).isGreaterThanOrEqualTo(range.from());
        // its own bytes from its first message, and the rest of the message that starts last in it
        assertThat(range.limit()).as("%s %s", log, range).isLessThanOrEqualTo(Math.max(range.to() + largest,
            range.start()));
        total += range.bytes();
      }
      // the ranges' bytes do not overlap: together they are the log, once
      assertThat(total).as("%s", log).isLessThanOrEqualTo(size);
    }
  }

  /**
   * A log of {@code messages} REGULAR messages of 20 CB interactions with 1 KiB contexts and their outcomes, a
   * CHECKPOINT every 7 messages (the reward function changes), DedupInfo events in every third message.
   */
  static Path largeMessages(Path file, int messages) throws IOException {
    io.github.vwbinlog.TimeStamp t = io.github.vwbinlog.TimeStamp.of(2026, 11, 26, 10, 0, 0);
    io.github.vwbinlog.RewardFunction[] functions = {io.github.vwbinlog.RewardFunction.EARLIEST,
        io.github.vwbinlog.RewardFunction.SUM, io.github.vwbinlog.RewardFunction.MAX};
    String padding = "x".repeat(1000);
    try (io.github.vwbinlog.BinaryLogWriter w = io.github.vwbinlog.BinaryLogWriter.to(file)) {
      w.fileMagic();
      for (int m = 0; m < messages; m++) {
        if (m % 7 == 0) {
          w.checkpoint(io.github.vwbinlog.CheckpointInfo.of(ProblemType.CB).withRewardFunction(functions[m / 7 % 3]));
        }
        List<io.github.vwbinlog.event.JoinedEvent> events = new ArrayList<>();
        if (m % 3 == 0) {
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              new io.github.vwbinlog.event.Metadata("d" + m, null, null, PayloadType.DEDUP_INFO, 1f,
                  io.github.vwbinlog.EventEncoding.IDENTITY),
              new io.github.vwbinlog.event.DedupInfo(List.of((long) m, 7L), List.of("{\"a\":" + m + "}", "{}")))));
        }
        for (int i = 0; i < 20; i++) {
          String id = "e" + m + "-" + i;
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              io.github.vwbinlog.event.Metadata.of(id, PayloadType.CB),
              io.github.vwbinlog.event.CbEvent.of(List.of(1L, 2L), List.of(0.7f, 0.3f),
                  "{\"u\":" + m + ",\"p\":\"" + padding + "\"}"))));
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              io.github.vwbinlog.event.Metadata.of(id, PayloadType.OUTCOME),
              io.github.vwbinlog.event.OutcomeEvent.numeric(i % 3))));
        }
        w.regular(events);
      }
    }
    return file;
  }

  @Test
  void aLogOfLargeMessagesInPlannedRanges() throws IOException {
    Path log = largeMessages(dir.resolve("large.log"), 60);
    long size = Files.size(log);
    Pass one = whole(log, JoinOptions.defaults());
    assertThat(one.events()).hasSize(60 * 20);
    long[] cuts = everyByte(size, 64 * 1024);
    plannedRead = 0;
    assertSame(one, ranges(log, JoinOptions.defaults(), cuts, Read.PLANNED), "large messages, planned");
    // every message read once, by the range it starts in: the ranges' reads add up to the log
    assertThat(plannedRead).isLessThanOrEqualTo(size);
    assertSame(one, ranges(log, JoinOptions.defaults(), cuts), "large messages, mapped");
  }

  /**
   * A range of a local file is mapped over its bytes only: while it is read, the process's mappings of the file
   * ({@code /proc/self/maps}, Linux) lie in the range's pages.
   */
  @Test
  void aPlannedRangeOfALocalFileIsMappedOverItsBytesOnly() throws IOException {
    Path maps = Path.of("/proc/self/maps");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(maps), "Linux only");
    Path log = largeMessages(dir.resolve("mapped.log"), 60);
    long size = Files.size(log);
    long[] cuts = {0, size / 3, 2 * size / 3, size};
    List<LogRange> plan = LogRange.plan(log, io.github.vwbinlog.ReadOptions.defaults(), cuts);
    long page = 4096;
    int n = 0;
    for (LogRange range : plan) {
      // a copy per range, so that no mapping left by an earlier range (unmapped only when collected) is seen
      Path copy = Files.copy(log, dir.resolve("mapped-" + n++ + ".log"));
      String name = copy.toRealPath().toString();
      try (Joiner joiner = Joiner.open(copy, JoinOptions.defaults(), range)) {
        java.util.Iterator<JoinResult> it = joiner.iterator();
        assertThat(it.hasNext()).isTrue();
        List<long[]> mapped = new ArrayList<>();
        for (String line : Files.readAllLines(maps)) {
          if (line.endsWith(" " + name)) {
            String[] f = line.trim().split("\\s+");
            String[] bounds = f[0].split("-");
            long length = Long.parseUnsignedLong(bounds[1], 16) - Long.parseUnsignedLong(bounds[0], 16);
            long offset = Long.parseLong(f[2], 16);
            mapped.add(new long[] {offset, offset + length});
          }
        }
        assertThat(mapped).as("mappings of %s while %s is read", name, range).isNotEmpty();
        for (long[] m : mapped) {
          assertThat(m[0]).as("mapped from, %s", range).isGreaterThanOrEqualTo(range.start() / page * page);
          assertThat(m[1]).as("mapped to, %s", range).isLessThanOrEqualTo((range.limit() + page - 1) / page * page);
        }
        it.forEachRemaining(r -> { });
      }
    }
  }

  @Test
  void planningReadsTheHeadersNotThePayloads() throws IOException {
    Path log = largeMessages(dir.resolve("plan.log"), 60);
    long size = Files.size(log);
    long messages;
    try (BinaryLogReader r = BinaryLogReader.open(log)) {
      messages = r.stream().count();
    }
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(log)) {
      io.github.vwbinlog.core.framing.SeekingSource source = new io.github.vwbinlog.core.framing.SeekingSource(channel);
      io.github.vwbinlog.core.framing.FrameCursor cursor = new io.github.vwbinlog.core.framing.FrameCursor(source,
          io.github.vwbinlog.ReadLimits.defaults(), true, io.github.vwbinlog.DiagnosticListener.ignoring(),
          MessageType.CHECKPOINT);
      long framed = 0;
      while (cursor.next()) {
        framed++;
      }
      assertThat(framed).isEqualTo(messages);
      // at most a window (512 bytes) per message, whatever the size of the payloads between the headers
      assertThat(source.bytesRead()).isLessThanOrEqualTo(messages * 512).isLessThan(size / 4);
    }
  }

  @Test
  void rangesOutsideTheFileAreEmptyAndMultistepIsRefused() throws IOException {
    Path log = Corpus.resolve("files/valid_joined_logs/cb_simple.log");
    long size = Files.size(log);
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults(), size, size + 100)) {
      assertThat(joiner.iterator().hasNext()).isFalse();
      assertThat(joiner.summary().emittedTotal()).isZero();
    }
    assertThatThrownBy(() -> Joiner.open(log, JoinOptions.defaults().with(JoinFeature.MULTISTEP), 0, size))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multistep");
    assertThatThrownBy(() -> Joiner.open(log, JoinOptions.defaults(), 10, 5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
