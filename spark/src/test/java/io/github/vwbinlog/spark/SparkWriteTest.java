package io.github.vwbinlog.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.date_trunc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code df.write.format("vw-binlog")} on a {@code local[2,2]} session (two threads, a failed task tried once more):
 * what a read gives is written back as joined logs that read back to the same rows and DSJSON, with the messages of
 * the logs they were read from; {@code partitionBy} an hour gives a complete log per hour; a task that fails part-way
 * leaves no file and its retry writes every row once.
 */
class SparkWriteTest {
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2,2]", "vw-binlog write tests", 2, s -> spark = s);

  @TempDir
  Path dir;

  private static Dataset<Row> read(String... paths) {
    return spark.read().format("vw-binlog").load(paths);
  }

  /** Every column but where the row came from, in row order. */
  private static List<Row> content(Dataset<Row> rows) {
    return rows.drop("file", "offset").collectAsList();
  }

  /** The REGULAR messages of a log cut by id, as the rows see them: each message's ids and their events' bytes. */
  private static List<Map<String, ByteBuffer>> regulars(Path log) {
    List<Map<String, ByteBuffer>> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular r) {
          out.add(r.joinedPayloadsById());
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** The one file of a directory's visible files, or of {@code sub}. */
  private static List<Path> logs(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(".log")).sorted()
          .toList();
    }
  }

  /**
   * What {@code vw-binlog validate} checks of a log, through the library: it frames strictly from FILEMAGIC to EOF
   * (HEADER and CHECKPOINT first), and a strict join with {@code options} reports no error.
   */
  static void complete(Path log, JoinOptions options) throws IOException {
    List<MessageType> types = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        types.add(m.type());
      }
    }
    assertThat(types).as(log.toString()).startsWith(MessageType.FILEMAGIC, MessageType.HEADER,
        MessageType.CHECKPOINT).endsWith(MessageType.EOF);
    assertThat(types.subList(3, types.size() - 1)).as(log.toString())
        .allMatch(t -> t == MessageType.REGULAR || t == MessageType.CHECKPOINT);
    try (Joiner joiner = Joiner.open(log, options.with(JoinFeature.STRICT))) {
      joiner.forEach(r -> { });
      JoinSummary summary = joiner.summary();
      assertThat(summary.errors()).as(log.toString()).isZero();
    }
  }

  @Test
  void everyCorpusLogReadAndWrittenReadsBackToTheSameRowsAndMessages() throws IOException {
    int n = 0;
    for (Path log : SparkReadTest.joinedLogs()) {
      Path out = dir.resolve("corpus-" + n++);
      Dataset<Row> rows = read(log.toString());
      rows.coalesce(1).write().format("vw-binlog").mode("overwrite").save(out.toString());
      List<Path> written = logs(out);
      List<Row> before = content(rows);
      if (before.isEmpty()) {
        assertThat(written).as(log.toString()).isEmpty();
        continue;
      }
      assertThat(written).as(log.toString()).hasSize(1);
      complete(written.get(0), JoinOptions.defaults());
      Dataset<Row> again = read(out.toString());
      assertThat(content(again)).as(log.toString()).isEqualTo(before);
      // The messages: those that gave rows, each with the events of the ids that joined (grouped by id).
      java.util.Set<String> joined = new java.util.HashSet<>();
      rows.select("offset", "event_id").collectAsList().forEach(r -> joined.add(r.getLong(0) + " " + r.getString(1)));
      List<Map<String, ByteBuffer>> expected = new ArrayList<>();
      try (BinaryLogReader reader = BinaryLogReader.open(log)) {
        for (Message m : reader) {
          if (m instanceof Message.Regular r) {
            Map<String, ByteBuffer> kept = new java.util.LinkedHashMap<>(r.joinedPayloadsById());
            kept.keySet().removeIf(id -> !joined.contains(r.offset() + " " + id));
            if (!kept.isEmpty()) {
              expected.add(kept);
            }
          }
        }
      }
      assertThat(regulars(written.get(0))).as(log.toString()).isEqualTo(expected);
    }
    assertThat(n).isGreaterThan(15);
  }

  // ---- logs of the single-machine joiner ----

  private static final long BASE = TimeStamp.of(2026, 11, 26, 12, 0, 0).epochSecond();

  /** The time {@code seconds} after 2026-11-26 12:00:00 UTC, the start of the tests' generated logs. */
  static TimeStamp at(long seconds) {
    java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(BASE + seconds, 0, java.time.ZoneOffset.UTC);
    return TimeStamp.of(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
        t.getSecond());
  }

  private static Event event(String id, PayloadType type, long seconds, EventPayload payload, boolean zstd) {
    Metadata meta = Metadata.of(id, type).withClientTime(at(seconds)).withPassProbability(id.hashCode() % 3 == 0
        ? 0.5f : 1f);
    return new Event(zstd ? meta.withEncoding(io.github.vwbinlog.EventEncoding.ZSTD) : meta, payload);
  }

  /** A decision of the problem type. */
  private static EventPayload decision(ProblemType type, int i) {
    String context = "{\"U\":{\"i\":" + i + "},\"_multi\":[{\"__aid\":7},{\"a\":2}],\"_slots\":[{},{}]}";
    return switch (type) {
      case CB -> CbEvent.of(List.of(1L, 2L), List.of(0.75f, 0.25f), context);
      case CA -> CaEvent.of(1.5f + i, 0.25f, context);
      case CCB, SLATES -> MultiSlotEvent.of(context, List.of(SlotEvent.of("s0", List.of(1L, 0L), List.of(0.5f, 0.5f)),
          SlotEvent.of(null, List.of(0L, 1L), List.of(0.75f, 0.25f))));
      default -> throw new IllegalArgumentException(type.name());
    };
  }

  private static PayloadType payloadType(ProblemType type) {
    return switch (type) {
      case CB -> PayloadType.CB;
      case CA -> PayloadType.CA;
      case CCB -> PayloadType.CCB;
      default -> PayloadType.SLATES;
    };
  }

  /**
   * Interactions and observations of one problem type over {@code hours} hours (every 97 s, half of them zstd, a
   * DedupInfo at the head of every interaction batch of 40), joined by the single-machine joiner.
   */
  private Path joinerLog(ProblemType type, int interactions, int hours, String name) throws IOException {
    Path in = dir.resolve(name + "-interactions.fb");
    Path obs = dir.resolve(name + "-observations.fb");
    try (EventFileWriter wi = new EventFileWriter(Files.newOutputStream(in));
        EventFileWriter wo = new EventFileWriter(Files.newOutputStream(obs))) {
      long step = hours * 3600L / interactions;
      for (int b = 0; b < interactions; b += 40) {
        List<Event> batch = new ArrayList<>();
        List<Event> outcomes = new ArrayList<>();
        batch.add(event("dedup", PayloadType.DEDUP_INFO, b * step, new DedupInfo(List.of(7L + b),
            List.of("{\"a\":" + b + "}")), false));
        for (int i = b; i < Math.min(interactions, b + 40); i++) {
          String id = name + "-" + i;
          batch.add(event(id, payloadType(type), i * step, decision(type, i), i % 2 == 0));
          if (i % 3 != 2) {
            OutcomeEvent o = type == ProblemType.CCB ? new OutcomeEvent(OutcomeEvent.Kind.NUMERIC, 1f + i % 5, null,
                OutcomeEvent.Kind.NUMERIC, i % 2, null, false) : OutcomeEvent.numeric(1f + i % 5);
            outcomes.add(event(id, PayloadType.OUTCOME, i * step + 5, o, i % 4 == 0));
          }
        }
        wi.batch("DEDUP", batch);
        if (!outcomes.isEmpty()) {
          wo.batch("IDENTITY", outcomes);
        }
      }
    }
    Path log = dir.resolve(name + ".log");
    LogJoiner.builder().problemType(type).rewardFunction(RewardFunction.AVERAGE).defaultReward(-0.5f)
        .eud(Duration.ofMinutes(10)).interactions(List.of(in)).observations(List.of(obs)).writeTo(log);
    return log;
  }

  /** The messages of a log, each as its type code and payload bytes, with its HEADER left out. */
  private static List<String> messagesButHeader(Path log) throws IOException {
    List<String> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        if (m.type() == MessageType.HEADER) {
          continue;
        }
        ByteBuffer payload = m instanceof Message.Regular r ? r.payload()
            : m instanceof Message.Checkpoint c ? c.payload() : ByteBuffer.allocate(0);
        byte[] bytes = new byte[payload.remaining()];
        payload.get(payload.position(), bytes);
        out.add(m.type() + " " + java.util.HexFormat.of().formatHex(bytes));
      }
    }
    return out;
  }

  @Test
  void aLogOfTheJoinerReadAndWrittenAsOneFileIsTheSameMessagesByteForByte() throws IOException {
    for (ProblemType type : List.of(ProblemType.CB, ProblemType.CCB, ProblemType.SLATES, ProblemType.CA)) {
      Path log = joinerLog(type, 300, 2, type.name().toLowerCase(java.util.Locale.ROOT));
      Path out = dir.resolve("one-" + type);
      Dataset<Row> rows = read(log.toString());
      assertThat(rows.count()).as(type.name()).isEqualTo(300);
      rows.coalesce(1).write().format("vw-binlog").mode("overwrite").save(out.toString());
      List<Path> written = logs(out);
      assertThat(written).hasSize(1);
      assertThat(messagesButHeader(written.get(0))).as(type.name()).isEqualTo(messagesButHeader(log));
      assertThat(content(read(out.toString()))).as(type.name()).isEqualTo(content(rows));
      // Without file and offset the rows are packed as the joiner packs them (a message per dedup batch here).
      Path packed = dir.resolve("packed-" + type);
      rows.drop("file", "offset").coalesce(1).write().format("vw-binlog").mode("overwrite").save(packed.toString());
      assertThat(messagesButHeader(logs(packed).get(0))).as(type.name()).isEqualTo(messagesButHeader(log));
      // Read in splits of 16 KiB (byte ranges, each joined on its own), the rows carry the same events.
      Dataset<Row> splits = spark.read().format("vw-binlog").option("maxPartitionBytes", "16k").load(log.toString());
      assertThat(splits.rdd().getNumPartitions()).as(type.name()).isGreaterThan(2);
      Path again = dir.resolve("splits-" + type);
      splits.coalesce(1).write().format("vw-binlog").mode("overwrite").save(again.toString());
      assertThat(messagesButHeader(logs(again).get(0))).as(type.name()).isEqualTo(messagesButHeader(log));
    }
  }

  @Test
  void partitionByAnHourWritesOneCompleteLogPerHour() throws IOException {
    Path log = joinerLog(ProblemType.CB, 300, 3, "hours");
    Path out = dir.resolve("hours");
    Dataset<Row> rows = read(log.toString()).withColumn("hour", date_trunc("hour", col("timestamp")));
    rows.coalesce(1).write().format("vw-binlog").partitionBy("hour").mode("overwrite").save(out.toString());
    List<Path> written = logs(out);
    assertThat(written).extracting(p -> out.relativize(p).getParent().toString())
        .containsExactly("hour=20261126T120000Z", "hour=20261126T130000Z", "hour=20261126T140000Z");
    long total = 0;
    for (Path file : written) {
      complete(file, JoinOptions.defaults());
      List<Row> hours = read(file.toString()).withColumn("hour", date_trunc("hour", col("timestamp")))
          .select("hour").distinct().collectAsList();
      assertThat(hours).as(file.toString()).hasSize(1);
      total += read(file.toString()).count();
    }
    assertThat(total).isEqualTo(300);
    assertThat(content(read(out + "/*"))).isEqualTo(content(rows.drop("hour")));
  }

  @Test
  void aTaskThatFailsPartWayLeavesNoFileAndItsRetryWritesEveryRowOnce() throws Exception {
    Path log = joinerLog(ProblemType.CB, 400, 1, "fault");
    Path out = dir.resolve("fault");
    Dataset<Row> rows = read(log.toString()).repartition(2);
    java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
    org.apache.spark.scheduler.SparkListener listener = new org.apache.spark.scheduler.SparkListener() {
      @Override
      public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
        if (end.taskInfo().failed()) {
          failed.incrementAndGet();
        }
      }
    };
    spark.sparkContext().addSparkListener(listener);
    try {
      rows.write().format("vw-binlog").option("testFailFirstAttemptAfterRows", "50").mode("overwrite")
          .save(out.toString());
    } finally {
      spark.sparkContext().listenerBus().waitUntilEmpty();
      spark.sparkContext().removeSparkListener(listener);
    }
    assertThat(failed.get()).as("first attempts that failed part-way").isEqualTo(2);
    assertThat(logs(out)).hasSize(2);
    try (Stream<Path> all = Files.list(out)) {
      assertThat(all.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("_"));
    }
    List<String> ids = read(out.toString()).select("event_id").collectAsList().stream().map(r -> r.getString(0))
        .sorted().toList();
    List<String> expected = read(log.toString()).select("event_id").collectAsList().stream()
        .map(r -> r.getString(0)).sorted().toList();
    assertThat(ids).hasSize(400).isEqualTo(expected);
  }

  @Test
  void rowsWithoutTheirEventsAreEncodedFromTheirColumns() throws IOException {
    for (String name : List.of("cb_simple.log", "ccb_simple.log", "slates_simple.log", "ca_loop_simple.fb",
        "average_reward_100_interactions.fb")) {
      Path log = SparkReadTest.FILES.resolve("valid_joined_logs").resolve(name);
      Path out = dir.resolve("typed-" + name);
      Dataset<Row> rows = read(log.toString());
      rows.withColumn("joined_events", org.apache.spark.sql.functions.lit(null).cast("binary")).coalesce(1).write()
          .format("vw-binlog").mode("overwrite").save(out.toString());
      Column[] same = Arrays.stream(new String[] {"event_id", "timestamp", "problem_type", "reward_function",
          "learning_mode", "actions", "probabilities", "probability", "reward", "original_reward", "slots",
          "ca_action", "ca_pdf_value", "learnable", "context", "outcomes", "dsjson"}).map(c -> col(c))
          .toArray(Column[]::new);
      assertThat(read(out.toString()).select(same).collectAsList()).as(name)
          .isEqualTo(rows.select(same).collectAsList());
    }
  }

  @Test
  void checkpointOptionsOverrideTheRowsAndBadOptionsOrColumnsFailNamingThem() {
    String log = SparkReadTest.FILES.resolve("valid_joined_logs/cb_simple.log").toString();
    Path out = dir.resolve("options");
    read(log).write().format("vw-binlog").option("rewardFunction", "sum").option("defaultReward", "3")
        .mode("overwrite").save(out.toString());
    assertThat(read(out.toString()).select("reward_function", "default_reward").distinct().collectAsList())
        .extracting(r -> r.getString(0) + " " + r.getFloat(1)).containsExactly("sum 3.0");
    assertThatThrownBy(() -> read(log).write().format("vw-binlog").option("rewardFuction", "sum").mode("overwrite")
        .save(out.toString())).hasMessageContaining("unknown option rewardFuction")
        .hasMessageContaining("rewardFunction");
    assertThatThrownBy(() -> read(log).write().format("vw-binlog").option("learningMode", "foo").mode("overwrite")
        .save(out.toString())).hasMessageContaining("learningMode");
    assertThatThrownBy(() -> read(log).select("event_id", "dsjson").write().format("vw-binlog").mode("overwrite")
        .save(out.toString())).hasMessageContaining("joined_events").hasMessageContaining("outcomes");
    assertThatThrownBy(() -> read(log).withColumn("reward", col("event_id")).write().format("vw-binlog")
        .mode("overwrite").save(out.toString())).hasMessageContaining("column reward is string");
  }
}
