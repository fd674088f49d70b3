package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost of a split of a joined log (issue 21): through a Hadoop file system that counts the bytes each stream
 * reads, every task of the {@code joined}, {@code messages} and {@code diagnostics} views reads its split's own bytes
 * plus at most the message that crosses the split's end, never the log before it, and the driver's plan (the log
 * framed once) reads message headers, not payloads; the rows are those of a read of the whole file. On a generated
 * multi-MB log with large messages, checkpoints and dedup events, and on the conformance corpus's joined logs, with
 * small {@code maxPartitionBytes}. (Before the plan, the split at offset {@code x} read the log's first {@code x}
 * bytes: the bound per task fails at the second split.)
 */
class SparkSplitCostTest {
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog split cost tests", 2,
      Map.of("fs.vwcount.impl", CountingFileSystem.class.getName(), "fs.vwcount.impl.disable.cache", "true"),
      s -> spark = s);

  @TempDir
  Path dir;

  /**
   * A log of {@code messages} REGULAR messages of 20 CB interactions with 1 KiB contexts and their outcomes (about
   * 24 KiB a message), a CHECKPOINT every 7 messages (the reward function changes, so a split's rewards depend on the
   * settings in force before it), DedupInfo events in every third message, some zstd payloads.
   */
  static Path largeMessages(Path file, int messages) throws IOException {
    TimeStamp t = TimeStamp.of(2026, 11, 26, 10, 0, 0);
    RewardFunction[] functions = {RewardFunction.EARLIEST, RewardFunction.SUM, RewardFunction.MAX};
    String padding = "x".repeat(1000);
    try (BinaryLogWriter w = BinaryLogWriter.to(file)) {
      w.fileMagic();
      for (int m = 0; m < messages; m++) {
        if (m % 7 == 0) {
          w.checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(functions[m / 7 % 3])
              .withDefaultReward(m % 2));
        }
        List<JoinedEvent> events = new ArrayList<>();
        if (m % 3 == 0) {
          events.add(JoinedEvent.of(t, new Event(new Metadata("d" + m, null, null, PayloadType.DEDUP_INFO, 1f,
              EventEncoding.IDENTITY), new DedupInfo(List.of((long) m, 7L), List.of("{\"a\":" + m + "}", "{}")))));
        }
        for (int i = 0; i < 20; i++) {
          String id = "e" + m + "-" + i;
          events.add(JoinedEvent.of(t, new Event(new Metadata(id, null, null, PayloadType.CB, 1f,
              (m + i) % 5 == 0 ? EventEncoding.ZSTD : EventEncoding.IDENTITY), CbEvent.of(List.of(1L, 2L),
              List.of(0.7f, 0.3f), "{\"u\":" + m + ",\"p\":\"" + padding + "\"}"))));
          for (int o = 0; o < (m + i) % 3; o++) {
            events.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.OUTCOME),
                OutcomeEvent.numeric(o + 0.5f * i))));
          }
        }
        w.regular(events);
      }
    }
    return file;
  }

  /** What the largest message of a log takes in it: header, payload, padding. */
  private static long largestMessage(Path log) throws IOException {
    long largest = 0;
    try (BinaryLogReader r = BinaryLogReader.open(log, ReadOptions.defaults().with(ReadFeature.LENIENT)
        .with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES))) {
      for (Message m : r) {
        largest = Math.max(largest, 8L + m.payloadSize() + m.payloadSize() % 8);
      }
    }
    return largest;
  }

  private static long messages(Path log) throws IOException {
    try (BinaryLogReader r = BinaryLogReader.open(log, ReadOptions.defaults().with(ReadFeature.LENIENT)
        .with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES))) {
      return r.stream().count();
    }
  }

  /** The rows of a view, less the file column (its scheme differs), in order. */
  private static List<Row> rows(String view, String path, long maxPartitionBytes, String mode) {
    Dataset<Row> d = spark.read().format("vw-binlog").option("view", view).option("mode", mode)
        .option("maxPartitionBytes", Long.toString(maxPartitionBytes)).option("openCostInBytes", "0").load(path);
    if (Arrays.asList(d.columns()).contains("file")) {
      d = d.drop("file");
    }
    return d.collectAsList();
  }

  private record Cost(long tasks, long taskBytes, long largestTask, long driverBytes, int splits) {}

  /**
   * Reads the view of {@code log} through the counting file system with splits of {@code split} bytes, checks its rows
   * against a read of the whole file, and checks what each task read.
   */
  private static Cost check(Path log, String view, long split, String mode) throws IOException {
    long size = Files.size(log);
    List<Row> whole = rows(view, log.toString(), Long.MAX_VALUE / 4, mode);
    CountingFileSystem.STREAMS.clear();
    List<Row> cut = rows(view, "vwcount://" + log.toAbsolutePath(), split, mode);
    assertThat(cut).as("%s of %s in splits of %d", view, log, split).isEqualTo(whole);
    long largest = largestMessage(log);
    long tasks = 0;
    long taskBytes = 0;
    long largestTask = 0;
    long driverBytes = 0;
    int driverStreams = 0;
    for (CountingFileSystem.Counted s : CountingFileSystem.STREAMS) {
      if (s.task) {
        tasks++;
        taskBytes += s.read.get();
        largestTask = Math.max(largestTask, s.read.get());
        // its own bytes, and the rest of the message that starts last in it
        assertThat(s.read.get()).as("a task's stream, %s of %s in splits of %d", view, log, split)
            .isLessThanOrEqualTo(split + largest);
      } else {
        driverBytes += s.read.get();
        driverStreams++;
      }
    }
    int splits = (int) Math.ceil((double) size / split);
    // the plan: the file framed once, on the driver
    assertThat(driverStreams).as("%s of %s: the driver's streams", view, log).isEqualTo(1);
    // every byte read by one task: the splits' ranges do not overlap (the diagnostics view looks at 4 bytes more)
    assertThat(taskBytes).as("%s of %s: the tasks' bytes", view, log).isLessThanOrEqualTo(size + 4 * tasks);
    // the plan: at most one 512-byte window of headers a message
    assertThat(driverBytes).as("%s of %s: the plan's bytes", view, log)
        .isLessThanOrEqualTo(512 * messages(log) + 4 * splits);
    return new Cost(tasks, taskBytes, largestTask, driverBytes, splits);
  }

  /**
   * A task carries a handle to the session's Hadoop configuration, broadcast once per query, not a copy of it: with a
   * 1 MiB entry in the configuration the reader factory (serialized into every task) stays a few kB, and the
   * executors still read through the configuration (the counting file system is found by its {@code fs.vwcount.impl}
   * entry). Before, every task deserialized the whole configuration and every split rebuilt it entry by entry.
   */
  @Test
  void aTaskCarriesTheHadoopConfigurationByHandle() throws IOException {
    Path log = largeMessages(dir.resolve("conf.log"), 10);
    String key = "vw-binlog.test.large-entry";
    spark.sparkContext().hadoopConfiguration().set(key, "x".repeat(1 << 20));
    try {
      VwBinlogScan scan = new VwBinlogScan(ReadSettings.of(java.util.Map.of()), List.of("vwcount:" + log),
          Schemas.JOINED);
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(scan.createReaderFactory());
      }
      assertThat(bytes.size()).isLessThan(64 << 10);
      assertThat(spark.read().format("vw-binlog").load("vwcount:" + log).count())
          .isEqualTo(spark.read().format("vw-binlog").load(log.toString()).count()).isPositive();
    } finally {
      spark.sparkContext().hadoopConfiguration().unset(key);
    }
  }

  @Test
  void eachSplitOfAGeneratedLogReadsItsOwnBytes() throws IOException {
    Path log = largeMessages(dir.resolve("large.log"), 120);
    long size = Files.size(log);
    assertThat(size).isGreaterThan(2_000_000);
    long split = 256 * 1024;
    for (String view : List.of("joined", "messages", "diagnostics")) {
      Cost c = check(log, view, split, "lenient");
      assertThat(c.splits()).isGreaterThan(8);
      // headers only: far less than the log
      assertThat(c.driverBytes()).as(view).isLessThan(size / 20);
      System.out.printf("%s view: %d bytes in %d splits of %d: tasks read %d bytes (at most %d each), the plan %d%n",
          view, size, c.splits(), split, c.taskBytes(), c.largestTask(), c.driverBytes());
    }
    check(log, "joined", split, "strict");
    // the joined_events column comes from the split's own messages too
    List<Row> whole = spark.read().format("vw-binlog").load(log.toString()).select("event_id", "joined_events")
        .collectAsList();
    CountingFileSystem.STREAMS.clear();
    List<Row> cut = spark.read().format("vw-binlog").option("maxPartitionBytes", Long.toString(split))
        .load("vwcount://" + log.toAbsolutePath()).select("event_id", "joined_events").collectAsList();
    assertThat(cut).isEqualTo(whole);
    for (CountingFileSystem.Counted s : CountingFileSystem.STREAMS) {
      if (s.task) {
        assertThat(s.read.get()).isLessThanOrEqualTo(split + largestMessage(log));
      }
    }
  }

  @Test
  void eachSplitOfACorpusLogReadsItsOwnBytes() throws IOException {
    int cut = 0;
    for (Path log : SparkReadTest.joinedLogs()) {
      long split = 700;
      if (Files.size(log) <= 2 * split) {
        continue;
      }
      cut++;
      for (String view : List.of("joined", "messages", "diagnostics")) {
        check(log, view, split, "lenient");
      }
    }
    assertThat(cut).isGreaterThan(5);
    // a log that ends in a framing problem, and a corrupt payload, cut into splits
    for (String bad : List.of("invalid_joined_logs/corrupt_joined_payload.log")) {
      Path log = SparkReadTest.FILES.resolve(bad);
      for (String view : List.of("joined", "messages", "diagnostics")) {
        check(log, view, 256, "lenient");
      }
    }
  }
}
