package io.github.vwbinlog.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.LogJoiner;
import io.github.vwbinlog.join.MultistepReward;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writing the rows of multistep logs ({@code multistep=true}, and {@code VwBinlogJoin.join} of episodes): each row
 * carries its batch (the whole REGULAR message its step was joined from), each batch is written once, byte for byte,
 * and the written logs read back to the same rows and convert to the same DSJSON; rows of one batch in two tasks fail
 * the write rather than write a step twice.
 */
class SparkMultistepWriteTest {
  private static final Path FILES = SparkReadTest.FILES;
  private static final JoinOptions MULTISTEP = JoinOptions.defaults().with(JoinFeature.MULTISTEP);
  private static SparkSession spark;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    spark = SparkSession.builder().master("local[2,2]").appName("vw-binlog multistep write tests")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "3").getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Dataset<Row> read(String... paths) {
    return spark.read().format("vw-binlog").option("multistep", "true").load(paths);
  }

  /** Every column but where the row came from, in row order. */
  private static List<Row> content(Dataset<Row> rows) {
    return rows.drop("file", "offset").collectAsList();
  }

  /** The same, as a sorted multiset (for rows written by several tasks). */
  private static List<String> multiset(Dataset<Row> rows) {
    return rows.drop("file", "offset").collectAsList().stream().map(SparkMultistepWriteTest::text).sorted().toList();
  }

  /** A row as text, its binary column as hex (Row.toString prints an array's identity). */
  private static String text(Row r) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < r.size(); i++) {
      Object v = r.get(i);
      b.append(v instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(v)).append('|');
    }
    return b.toString();
  }

  private static void write(Dataset<Row> rows, Path out) {
    rows.write().format("vw-binlog").mode("overwrite").save(out.toString());
  }

  private static List<Path> logs(Path out) throws IOException {
    if (!Files.exists(out)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(out)) {
      return files.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(".log")).sorted()
          .toList();
    }
  }

  private static String convert(Path log, JoinOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DsjsonConverter.of(options).convert(log, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The REGULAR messages' payloads, in hex, of the messages at {@code offsets} (all when null). */
  private static List<String> regulars(Path log, Set<Long> offsets) throws IOException {
    List<String> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular r && (offsets == null || offsets.contains(r.offset()))) {
          ByteBuffer p = r.payload();
          byte[] bytes = new byte[p.remaining()];
          p.get(p.position(), bytes);
          out.add(HexFormat.of().formatHex(bytes));
        }
      }
    }
    return out;
  }

  private static Set<Long> offsets(Dataset<Row> rows) {
    return rows.select("offset").collectAsList().stream().map(r -> r.getLong(0)).collect(Collectors.toSet());
  }

  private static List<Path> corpus() throws IOException {
    try (Stream<Path> files = Files.list(FILES.resolve("valid_joined_logs"))) {
      return files.filter(p -> p.getFileName().toString().startsWith("multistep")).sorted().toList();
    }
  }

  @Test
  void corpusMultistepLogsReadAndWrittenReadBackToTheSameRowsAndDsjson() throws IOException {
    List<Path> logs = corpus();
    assertThat(logs).hasSizeGreaterThanOrEqualTo(3);
    int n = 0;
    for (Path log : logs) {
      Dataset<Row> rows = read(log.toString());
      List<Row> before = content(rows);
      assertThat(before).as(log.toString()).isNotEmpty();
      assertThat(rows.where(col("joined_events").isNull()).count()).as(log.toString()).isZero();
      assertThat(rows.select("problem_type").distinct().collectAsList()).extracting(r -> r.getString(0))
          .containsExactly("multistep");
      Path out = dir.resolve("corpus-" + n++);
      write(rows.coalesce(1), out);
      List<Path> written = logs(out);
      assertThat(written).as(log.toString()).hasSize(1);
      SparkWriteTest.complete(written.get(0), MULTISTEP);
      assertThat(content(read(out.toString()))).as(log.toString()).isEqualTo(before);
      assertThat(convert(written.get(0), MULTISTEP)).as(log.toString()).isEqualTo(convert(log, MULTISTEP));
      // Each batch that gave rows is written once, as read, whatever the number of its steps.
      assertThat(regulars(written.get(0), null)).as(log.toString()).isEqualTo(regulars(log, offsets(rows)));
      // Read in strict mode and without multistep=true, the written log behaves as the original.
      assertThat(content(spark.read().format("vw-binlog").option("multistep", "true").option("mode", "strict")
          .load(out.toString()))).as(log.toString()).isEqualTo(before);
      assertThat(spark.read().format("vw-binlog").load(out.toString()).count()).isZero();
      assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").load(out.toString())
          .count()).hasStackTraceContaining("multistep=true");
      // Grouped by batch into three tasks: the same rows, in three files.
      Path grouped = dir.resolve("grouped-" + n);
      write(rows.repartition(3, col("joined_events")), grouped);
      assertThat(multiset(read(grouped + "/*"))).as(log.toString()).isEqualTo(multiset(rows));
    }
  }

  @Test
  void diagnosticsOfAWrittenLogAreTheOriginalsAtTheirNewOffsets() throws IOException {
    for (Path log : corpus()) {
      Path out = dir.resolve("diag-" + log.getFileName());
      write(read(log.toString()).coalesce(1), out);
      assertThat(diagnostics(out.toString())).as(log.toString()).isEqualTo(diagnostics(log.toString()));
    }
  }

  /** The diagnostics view of a multistep read, less file and offset, sorted. */
  private static List<String> diagnostics(String path) {
    return spark.read().format("vw-binlog").option("multistep", "true").option("view", "diagnostics").load(path)
        .drop("file", "offset").collectAsList().stream().map(Row::toString).sorted().toList();
  }

  // ---- generated logs: several episodes per batch, checkpoints, zstd, deferred steps, orphans, duplicates ----

  private static JoinedEvent joined(Random random, String id, PayloadType type, long seconds, EventPayload payload) {
    Metadata meta = Metadata.of(id, type).withClientTime(SparkWriteTest.at(seconds))
        .withPassProbability(random.nextInt(4) == 0 ? 0.5f : 1f);
    if (random.nextInt(3) == 0) {
      meta = meta.withEncoding(EventEncoding.ZSTD);
    }
    return JoinedEvent.of(SparkWriteTest.at(seconds), new Event(meta, payload));
  }

  /**
   * A multistep log written by the library: {@code messages} REGULAR messages of 1 to 3 episodes each (their events
   * interleaved), each of 1 to 4 steps (a chain, a new root, now and then a step naming a missing one, or a step id
   * twice), deferred steps with and without activations, per-step and episodic outcomes; the reward function and
   * default reward change half-way.
   */
  private Path generated(Random random, int messages, String name) throws IOException {
    Path log = dir.resolve(name + ".log");
    try (BinaryLogWriter w = BinaryLogWriter.to(log)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE));
      for (int m = 0; m < messages; m++) {
        if (m == messages / 2) {
          w.checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM)
              .withDefaultReward(-1f));
        }
        List<JoinedEvent> events = new ArrayList<>();
        int episodes = 1 + random.nextInt(3);
        for (int e = 0; e < episodes; e++) {
          String episode = name + "-m" + m + "-e" + e;
          long t = m * 60L + e;
          if (random.nextBoolean()) {
            events.add(joined(random, episode, PayloadType.EPISODE, t, new EpisodeEvent(episode)));
          }
          String previous = null;
          int steps = 1 + random.nextInt(4);
          for (int s = 0; s < steps; s++) {
            String step = random.nextInt(12) == 0 ? "twice" : episode + "-s" + s;
            String before = random.nextInt(10) == 0 ? "missing" : random.nextInt(4) == 0 ? null : previous;
            boolean deferred = random.nextInt(4) == 0;
            long ts = t + random.nextInt(5);
            events.add(joined(random, episode, PayloadType.MULTI_STEP, ts, new MultiStepEvent(step, before,
                List.of(1L + s % 2, 2L - s % 2), ByteBuffer.wrap(("{\"S\":{\"k\":" + s + "},\"_multi\":[{\"a\":1},"
                    + "{\"a\":2}]}").getBytes(StandardCharsets.UTF_8)), List.of(0.75f, 0.25f), "model-" + e,
                deferred)));
            if (random.nextBoolean()) {
              events.add(joined(random, episode, PayloadType.OUTCOME, ts + 3,
                  OutcomeEvent.numeric(random.nextInt(5) + 0.5f).withSlotId(step)));
            }
            if (deferred && random.nextBoolean()) {
              events.add(joined(random, episode, PayloadType.OUTCOME, ts + 4, OutcomeEvent.activation()
                  .withSlotId(step)));
            }
            previous = step;
          }
          if (random.nextInt(3) == 0) {
            events.add(joined(random, episode, PayloadType.OUTCOME, t + 9, OutcomeEvent.numeric(2f)));
          }
        }
        Collections.shuffle(events, random);
        w.regular(events);
      }
      w.eof();
    }
    return log;
  }

  @Test
  void generatedBatchesOfSeveralEpisodesReadAndWrittenReadBackToTheSameRowsAndDsjson() throws IOException {
    for (int seed = 1; seed <= 3; seed++) {
      Path log = generated(new Random(seed), 60, "gen" + seed);
      for (MultistepReward how : MultistepReward.values()) {
        String option = how.name().toLowerCase(java.util.Locale.ROOT);
        Dataset<Row> rows = spark.read().format("vw-binlog").option("multistep", "true")
            .option("multistepReward", option).load(log.toString());
        List<Row> before = content(rows);
        assertThat(before).hasSizeGreaterThan(60);
        Path out = dir.resolve("gen-" + seed + "-" + option);
        write(rows.coalesce(1), out);
        Path written = logs(out).get(0);
        SparkWriteTest.complete(written, MULTISTEP);
        Dataset<Row> again = spark.read().format("vw-binlog").option("multistep", "true")
            .option("multistepReward", option).load(out.toString());
        assertThat(content(again)).as(log + " " + option).isEqualTo(before);
        JoinOptions options = MULTISTEP.withMultistepReward(how);
        assertThat(convert(written, options)).as(log + " " + option).isEqualTo(convert(log, options));
        assertThat(regulars(written, null)).isEqualTo(regulars(log, offsets(rows)));
      }
    }
  }

  @Test
  void aBatchIsWrittenWholeFromAnyOfItsRowsAndOncePerTask() throws IOException {
    Path log = generated(new Random(42), 40, "whole");
    Dataset<Row> rows = read(log.toString());
    // One row of each batch (its greatest step id): the batch comes back whole, every step of it.
    org.apache.spark.sql.Column keep = lit(false);
    for (Row k : rows.groupBy("offset").agg(org.apache.spark.sql.functions.max("event_id")).collectAsList()) {
      keep = keep.or(col("offset").equalTo(k.getLong(0)).and(col("event_id").equalTo(k.getString(1))));
    }
    Dataset<Row> some = rows.where(keep);
    assertThat(some.count()).isLessThan(rows.count() - 10);
    Path out = dir.resolve("whole");
    write(some.coalesce(1), out);
    assertThat(content(read(out.toString()))).isEqualTo(content(rows));
    // The rows twice: each batch once.
    Path twice = dir.resolve("twice");
    write(rows.union(rows).coalesce(1), twice);
    assertThat(content(read(twice.toString()))).isEqualTo(content(rows));
  }

  @Test
  void rowsOfOneBatchInTwoTasksFailTheWriteAndLeaveNoFile() throws IOException {
    Path log = generated(new Random(5), 40, "spread");
    Dataset<Row> rows = read(log.toString());
    Path out = dir.resolve("spread");
    assertThatThrownBy(() -> write(rows.repartition(4), out))
        .hasStackTraceContaining("multistep batch(es) had rows in more than one task")
        .hasStackTraceContaining("repartition(col(\"joined_events\"))");
    assertThat(logs(out)).isEmpty();
    assertThat(out.resolve("_temporary")).doesNotExist();
    // The fix the message gives.
    write(rows.repartition(4, col("joined_events")), out);
    assertThat(logs(out)).hasSizeGreaterThan(1);
    assertThat(multiset(read(out + "/*"))).isEqualTo(multiset(rows));
  }

  @Test
  void multistepRowsWithoutTheirBatchFailTheWriteNamingTheEvent() throws IOException {
    Path log = generated(new Random(9), 10, "bad");
    Dataset<Row> rows = read(log.toString());
    String id = rows.first().getAs("event_id");
    assertThatThrownBy(() -> write(rows.drop("joined_events").coalesce(1), dir.resolve("none")))
        .hasStackTraceContaining("a multistep row without joined_events cannot be written (event id " + id + ")");
    assertThatThrownBy(() -> write(rows.withColumn("joined_events", lit(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))
        .coalesce(1), dir.resolve("garbage")))
        .hasStackTraceContaining("the joined_events of multistep row (event id " + id + ") are not a REGULAR "
            + "message's payload");
    assertThat(logs(dir.resolve("none"))).isEmpty();
    assertThat(logs(dir.resolve("garbage"))).isEmpty();
  }

  // ---- the joiner of event files, on one machine and on the cluster ----

  @Test
  void episodesJoinedByTheJoinerAndOnTheClusterAreWrittenAndReadBack() throws IOException {
    SparkJoinTest.Generated g = new SparkJoinTest.Generated(new Random(11), dir);
    g.multistep(80);
    List<Path> interactions = g.files("interactions", 1);
    List<Path> episodes = g.files("episodes", 1);
    List<Path> observations = g.files("observations", 1);
    Path log = dir.resolve("joiner.log");
    LogJoiner.builder().listener(io.github.vwbinlog.DiagnosticListener.ignoring()).unlimitedEud()
        .disorderTolerance(java.time.Duration.ofDays(365)).interactions(interactions).episodes(episodes)
        .observations(observations).writeTo(log);
    Dataset<Row> rows = read(log.toString());
    assertThat(rows.count()).isGreaterThan(80);
    Path out = dir.resolve("joiner");
    write(rows.coalesce(1), out);
    Path written = logs(out).get(0);
    SparkWriteTest.complete(written, MULTISTEP);
    assertThat(regulars(written, null)).isEqualTo(regulars(log, null));
    assertThat(content(read(out.toString()))).isEqualTo(content(rows));
    assertThat(convert(written, MULTISTEP)).isEqualTo(convert(log, MULTISTEP));

    // The cluster join's rows carry their episode's message too; each episode's rows come from one task, so they
    // are written as they are.
    List<String> paths = Stream.of(interactions, episodes, observations).flatMap(List::stream).map(Path::toString)
        .toList();
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(paths.toArray(String[]::new));
    Dataset<Row> cluster = VwBinlogJoin.join(events, Map.of("eud", "unlimited"));
    assertThat(cluster.where(col("joined_events").isNull()).count()).isZero();
    Path fromCluster = dir.resolve("cluster");
    write(cluster, fromCluster);
    assertThat(multiset(read(fromCluster + "/*"))).isEqualTo(multiset(cluster));
    assertThat(multiset(read(fromCluster + "/*").drop("joined_events")))
        .isEqualTo(multiset(rows.drop("joined_events")));
  }
}
