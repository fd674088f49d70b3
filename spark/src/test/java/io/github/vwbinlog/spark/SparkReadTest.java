package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark.read.format("vw-binlog")} on a local[2] session: every joined log of the conformance corpus gives the
 * rows of the library's Joiner and the lines of its converter, and the views, options and error cases behave as
 * docs/SPARK.md says.
 */
class SparkReadTest {
  static final Path FILES = Path.of(System.getProperty("vwbinlog.shared", "../../shared"), "conformance", "files");
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog tests", 2, s -> spark = s);

  @TempDir
  Path dir;

  static List<Path> joinedLogs() throws IOException {
    try (Stream<Path> files = Files.list(FILES.resolve("valid_joined_logs"))) {
      return files.filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".fb"))
          .filter(p -> !p.getFileName().toString().startsWith("multistep")).sorted().toList();
    }
  }

  private static Dataset<Row> read(String... paths) {
    return spark.read().format("vw-binlog").load(paths);
  }

  private static String convert(Path log, JoinOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DsjsonConverter.of(options).convert(log, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  /** The DSJSON column's lines, in row order, as convert writes them. */
  private static String lines(Dataset<Row> rows) {
    StringBuilder b = new StringBuilder();
    for (Row r : rows.select("dsjson").collectAsList()) {
      if (!r.isNullAt(0)) {
        b.append(r.getString(0)).append('\n');
      }
    }
    return b.toString();
  }

  @Test
  void everyCorpusLogGivesTheJoinersEventsAndTheConvertersLines() throws IOException {
    int logs = 0;
    for (Path log : joinedLogs()) {
      logs++;
      Dataset<Row> rows = read(log.toString());
      List<Row> all = rows.collectAsList();
      List<JoinResult> expected = new ArrayList<>();
      List<Long> offsets = new ArrayList<>();
      try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
        for (JoinResult r : joiner) {
          expected.add(r);
          offsets.add(joiner.position().offset());
        }
      }
      assertThat(all).as(log.toString()).hasSize(expected.size());
      for (int i = 0; i < all.size(); i++) {
        Row row = all.get(i);
        JoinResult r = expected.get(i);
        String what = log.getFileName() + " event " + i;
        assertThat(row.<String>getAs("event_id")).as(what).isEqualTo(r.id());
        assertThat(row.<Long>getAs("offset")).as(what).isEqualTo(offsets.get(i));
        assertThat(row.<Float>getAs("reward")).as(what).isEqualTo(r.reward());
        assertThat(row.<Float>getAs("original_reward")).as(what).isEqualTo(r.originalReward());
        assertThat(row.<Float>getAs("probability")).as(what).isEqualTo(r.probability());
        assertThat(row.<Float>getAs("label_probability")).as(what).isEqualTo(r.labelProbability());
        assertThat(row.<Boolean>getAs("learnable")).as(what).isEqualTo(r.learnable());
        assertThat(row.<Float>getAs("pdrop")).as(what).isEqualTo(r.pdrop());
        assertThat(row.<java.sql.Timestamp>getAs("timestamp").getTime() / 1000).as(what)
            .isEqualTo(r.timestamp().epochSecond());
        assertThat(row.<scala.collection.Seq<Row>>getAs("outcomes").size()).as(what).isEqualTo(r.outcomes().size());
        assertThat(row.<Float>getAs("weight")).as(what).isEqualTo(r.weight());
        sameDecision(row, r, what);
      }
      assertThat(lines(rows)).as(log.toString()).isEqualTo(convert(log, JoinOptions.defaults()));
    }
    assertThat(logs).isGreaterThan(15);
  }

  /** The decision's own fields: actions and probabilities, slots, CA action, model id and context. */
  private static void sameDecision(Row row, JoinResult r, String what) {
    Object p = r.interaction().event().payload();
    List<Long> actions =
        scala.jdk.javaapi.CollectionConverters.asJava(row.<scala.collection.Seq<Long>>getAs("actions"));
    List<Float> probabilities =
        scala.jdk.javaapi.CollectionConverters.asJava(row.<scala.collection.Seq<Float>>getAs("probabilities"));
    List<Row> slots = scala.jdk.javaapi.CollectionConverters.asJava(row.<scala.collection.Seq<Row>>getAs("slots"));
    java.nio.ByteBuffer context = null;
    String modelId = null;
    if (p instanceof io.github.vwbinlog.event.CbEvent cb) {
      assertThat(actions).as(what).isEqualTo(cb.actionIds());
      assertThat(probabilities).as(what).isEqualTo(cb.probabilities());
      context = cb.context();
      modelId = cb.modelId();
    } else if (p instanceof io.github.vwbinlog.event.MultiSlotEvent ms) {
      assertThat(slots).as(what).hasSize(ms.slots().size());
      for (int k = 0; k < slots.size(); k++) {
        assertThat(scala.jdk.javaapi.CollectionConverters.asJava(slots.get(k).<scala.collection.Seq<Long>>getAs(
            "actions"))).as(what + " slot " + k).isEqualTo(ms.slots().get(k).actionIds());
        assertThat(slots.get(k).<String>getAs("slot_id")).as(what + " slot " + k).isEqualTo(ms.slots().get(k).id());
        if (r.payloadType() == io.github.vwbinlog.PayloadType.CCB) {
          assertThat(slots.get(k).<Float>getAs("reward")).as(what + " slot " + k).isEqualTo(r.rewards().get(k));
        }
      }
      context = ms.context();
      modelId = ms.modelId();
    } else if (p instanceof io.github.vwbinlog.event.CaEvent ca) {
      assertThat(row.<Float>getAs("ca_action")).as(what).isEqualTo(ca.action());
      assertThat(row.<Float>getAs("ca_pdf_value")).as(what).isEqualTo(ca.pdfValue());
      context = ca.context();
      modelId = ca.modelId();
    }
    if (context != null) {
      byte[] bytes = new byte[context.remaining()];
      context.get(context.position(), bytes);
      assertThat(row.<String>getAs("context")).as(what).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
      assertThat(row.<String>getAs("model_id")).as(what).isEqualTo(modelId);
    }
  }

  @Test
  void multistepLogsWithTheMultistepOption() throws IOException {
    try (Stream<Path> files = Files.list(FILES.resolve("valid_joined_logs"))) {
      for (Path log : files.filter(p -> p.getFileName().toString().startsWith("multistep")).toList()) {
        Dataset<Row> rows = spark.read().format("vw-binlog").option("multistep", "true").load(log.toString());
        assertThat(lines(rows)).as(log.toString())
            .isEqualTo(convert(log, JoinOptions.defaults().with(JoinFeature.MULTISTEP)))
            .isNotEmpty();
      }
    }
  }

  @Test
  void joinOptionsAreTheCliOnes() throws IOException {
    Path log = FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
    Dataset<Row> rows = spark.read().format("vw-binlog").option("rewardFunction", "sum").option("defaultReward", "2")
        .load(log.toString());
    assertThat(lines(rows)).isEqualTo(convert(log, JoinOptions.defaults()
        .withRewardFunction(io.github.vwbinlog.RewardFunction.SUM).withDefaultReward(2f)));
    assertThat(rows.select("reward_function").distinct().collectAsList()).extracting(r -> r.getString(0))
        .containsExactly("sum");
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("rewardFunction", "bogus").load(log.toString()))
        .hasMessageContaining("bogus");
  }

  @Test
  void optionsThatDoNotParseOrDoNotExistFailNamingTheOption() {
    String log = FILES.resolve("valid_joined_logs/cb_simple.log").toString();
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("rewardFuction", "average").load(log))
        .hasMessageContaining("unknown option rewardFuction").hasMessageContaining("rewardFunction")
        .hasMessageContaining("multistep");
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("rewardFunction", "foo").load(log))
        .hasMessageContaining("option rewardFunction").hasMessageContaining("foo");
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("learningMode", "foo").load(log))
        .hasMessageContaining("option learningMode");
    for (String bad : List.of("0", "-1", "lots")) {
      assertThatThrownBy(() -> spark.read().format("vw-binlog").option("maxPartitionBytes", bad).load(log))
          .hasMessageContaining("option maxPartitionBytes");
    }
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("openCostInBytes", "-1").load(log))
        .hasMessageContaining("option openCostInBytes");
    String previous = spark.conf().get("spark.sql.files.maxPartitionBytes");
    try {
      for (String bad : List.of("0", "-1")) {
        spark.conf().set("spark.sql.files.maxPartitionBytes", bad);
        assertThatThrownBy(() -> read(log).count()).hasMessageContaining("spark.sql.files.maxPartitionBytes");
      }
    } finally {
      spark.conf().set("spark.sql.files.maxPartitionBytes", previous);
    }
  }

  @Test
  void aMultistepLogWithoutTheMultistepOptionIsSaidOnTheDriversLog() throws IOException {
    Path log;
    try (Stream<Path> files = Files.list(FILES.resolve("valid_joined_logs"))) {
      log = files.filter(p -> p.getFileName().toString().startsWith("multistep")).sorted().findFirst().orElseThrow();
    }
    try (DriverLog driver = DriverLog.capture()) {
      assertThat(read(log.toString()).count()).isZero();
      assertThat(driver.warnings()).anySatisfy(w -> assertThat(w).contains(log.getFileName().toString())
          .contains("multistep log").contains("multistep=true"));
    }
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").load(log.toString()).count())
        .hasStackTraceContaining("multistep=true");
  }

  @Test
  void aDirectorysFilesInTheClisOrderSmallOnesPackedIntoFewTasks() throws IOException {
    List<Path> logs = joinedLogs().subList(0, 12);
    StringBuilder expected = new StringBuilder();
    // Names whose listing order is not their order: the CLI reads a directory's files sorted by name.
    List<String> names = new ArrayList<>();
    for (int i = 0; i < logs.size(); i++) {
      names.add(String.format("2026-11-24-%02d.log", (i * 7) % logs.size()));
    }
    for (int i = 0; i < logs.size(); i++) {
      Files.copy(logs.get(i), dir.resolve(names.get(i)));
    }
    for (String name : names.stream().sorted().toList()) {
      expected.append(convert(dir.resolve(name), JoinOptions.defaults()));
    }
    Dataset<Row> rows = read(dir.toString());
    assertThat(lines(rows)).isEqualTo(expected.toString());
    // Spark's packing: the files' bytes plus 4 MiB of open cost each, over the 2 cores: two tasks, not twelve.
    assertThat(rows.rdd().getNumPartitions()).isEqualTo(2);
    Dataset<Row> apart = spark.read().format("vw-binlog").option("openCostInBytes", "1g").load(dir.toString());
    assertThat(apart.rdd().getNumPartitions()).isEqualTo(12);
    assertThat(lines(apart)).isEqualTo(expected.toString());
    assertThat(spark.read().format("vw-binlog").option("view", "messages").load(dir.toString()).count())
        .isEqualTo(spark.read().format("vw-binlog").option("view", "messages").option("openCostInBytes", "1g")
            .load(dir.toString()).count());
  }

  @Test
  void severalFilesGlobsAndDirectoriesInTheirOrder() throws IOException {
    Path a = Files.copy(FILES.resolve("valid_joined_logs/cb_simple.log"), dir.resolve("a.log"));
    Path b = Files.copy(FILES.resolve("valid_joined_logs/ccb_simple.log"), dir.resolve("b.log"));
    Files.writeString(dir.resolve("_SUCCESS"), "");
    String expected = convert(a, JoinOptions.defaults()) + convert(b, JoinOptions.defaults());
    assertThat(lines(read(a.toString(), b.toString()))).isEqualTo(expected);
    assertThat(lines(read(dir.resolve("*.log").toString()).orderBy("file", "offset"))).isEqualTo(expected);
    assertThat(read(dir.toString()).count()).isEqualTo(2);
    assertThat(read(dir.toString()).select("file").distinct().count()).isEqualTo(2);
  }

  @Test
  void anEmptyFileHasNoRows() throws IOException {
    Path empty = Files.createFile(dir.resolve("empty.log"));
    assertThat(read(empty.toString()).count()).isZero();
  }

  @Test
  void aStrayFileInADirectoryIsReportedAndTheOthersRead() throws IOException {
    Path a = Files.copy(FILES.resolve("valid_joined_logs/cb_simple.log"), dir.resolve("a.log"));
    Path readme = Files.writeString(dir.resolve("README.json"), "{\"about\": \"the logs of November\"}\n");
    try (DriverLog log = DriverLog.capture()) {
      assertThat(lines(read(dir.toString()))).isEqualTo(convert(a, JoinOptions.defaults()));
      assertThat(log.warnings()).anySatisfy(w -> assertThat(w).contains("README.json is not a joined binary log")
          .contains("skipped"));
    }
    // convert reports the same file, and its diagnostics are the view's
    List<io.github.vwbinlog.Diagnostic> expected = new ArrayList<>();
    DsjsonConverter.of(JoinOptions.defaults().withReadOptions(ReadOptions.defaults().withListener(expected::add)))
        .convert(readme, new ByteArrayOutputStream());
    assertThat(expected).isNotEmpty();
    assertThat(spark.read().format("vw-binlog").option("view", "diagnostics").load(dir.toString())
        .where("file like '%README.json'").select("offset", "reason").collectAsList())
        .extracting(r -> r.getLong(0) + " " + r.getString(1))
        .isEqualTo(expected.stream().map(d -> d.offset() + " " + d.reason()).toList());
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").load(dir.toString()).count())
        .hasStackTraceContaining("README.json");
    assertThatThrownBy(() -> read(dir.resolve("missing.log").toString()).count())
        .hasMessageContaining("path does not exist");
  }

  @Test
  void aFileThatIsNotALogInTheMessagesViewIsReported() throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "not a joined log at all\n");
    try (DriverLog log = DriverLog.capture()) {
      assertThat(spark.read().format("vw-binlog").option("view", "messages").load(notes.toString()).count())
          .isZero();
      assertThat(log.warnings()).anySatisfy(w -> assertThat(w).contains("notes.txt is not a joined binary log"));
    }
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("view", "messages").option("mode", "strict")
        .load(notes.toString()).count()).hasStackTraceContaining("notes.txt");
  }

  /**
   * A log of 40 CB events of which convert refuses 28 (the same as core's LineTest): NaN and infinite
   * probabilities, contexts that are not JSON objects, not valid UTF-8 or empty.
   */
  static Path refusedLines(Path file) throws IOException {
    io.github.vwbinlog.TimeStamp t = io.github.vwbinlog.TimeStamp.of(2026, 11, 24, 10, 0, 0);
    try (BinaryLogWriter w = BinaryLogWriter.to(file)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB));
      for (int m = 0; m < 4; m++) {
        List<io.github.vwbinlog.event.JoinedEvent> events = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          float p = i % 4 == 1 ? Float.NaN : i == 6 ? Float.POSITIVE_INFINITY : 0.7f;
          java.nio.ByteBuffer context = java.nio.ByteBuffer.wrap(switch (i) {
            case 3 -> "[1, 2]".getBytes(StandardCharsets.UTF_8);
            case 7 -> new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, '"', '}'};
            case 8 -> new byte[0];
            default -> ("{\"u\":" + i + "}").getBytes(StandardCharsets.UTF_8);
          });
          io.github.vwbinlog.event.CbEvent cb = new io.github.vwbinlog.event.CbEvent(false, List.of(1L, 2L), context,
              List.of(p, 0.3f), "N/A", io.github.vwbinlog.LearningMode.ONLINE);
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              io.github.vwbinlog.event.Metadata.of("e" + m + "-" + i, io.github.vwbinlog.PayloadType.CB), cb)));
          for (int o = 0; o < i % 3; o++) {
            events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
                io.github.vwbinlog.event.Metadata.of("e" + m + "-" + i, io.github.vwbinlog.PayloadType.OUTCOME),
                io.github.vwbinlog.event.OutcomeEvent.numeric(1f + o))));
          }
        }
        w.regular(events);
      }
    }
    return file;
  }

  @Test
  void eventsConvertRefusesAreDiagnosticsNotRows() throws IOException {
    Path log = refusedLines(dir.resolve("refused.log"));
    List<io.github.vwbinlog.Diagnostic> reported = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    io.github.vwbinlog.join.JoinSummary summary = DsjsonConverter.of(JoinOptions.defaults().withReadOptions(
        ReadOptions.defaults().withListener(reported::add))).convert(log, out);
    assertThat(reported).hasSize(28).extracting(io.github.vwbinlog.Diagnostic::reason).contains(
        io.github.vwbinlog.DiagnosticReason.NON_FINITE_NUMBER, io.github.vwbinlog.DiagnosticReason.INVALID_CONTEXT,
        io.github.vwbinlog.DiagnosticReason.INVALID_UTF8);
    for (String split : List.of("128m", "700")) {
      String what = "maxPartitionBytes " + split;
      Dataset<Row> rows = spark.read().format("vw-binlog").option("maxPartitionBytes", split).load(log.toString());
      // The rows are the events convert writes, so a count or an aggregation of rewards is convert's.
      assertThat(rows.count()).as(what).isEqualTo(summary.emittedTotal()).isEqualTo(12);
      assertThat(lines(rows)).as(what).isEqualTo(out.toString(StandardCharsets.UTF_8));
      assertThat(rows.where("dsjson is null or isnan(probability)").count()).as(what).isZero();
      assertThat(spark.read().format("vw-binlog").option("view", "diagnostics").option("maxPartitionBytes", split)
          .load(log.toString()).select("offset", "event_id", "reason", "message").collectAsList()).as(what)
          .extracting(r -> r.getLong(0) + " " + r.getString(1) + " " + r.getString(2) + " " + r.getString(3))
          .isEqualTo(reported.stream().map(d -> d.offset() + " " + d.eventId() + " " + d.reason() + " "
              + d.message()).toList());
    }
    String first = reported.get(0).reason().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").load(log.toString()).count())
        .hasStackTraceContaining("refused.log: " + first + " at offset " + reported.get(0).offset())
        .hasStackTraceContaining("event id " + reported.get(0).eventId());
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").option("view", "diagnostics")
        .load(log.toString()).count()).hasStackTraceContaining("refused.log: " + first);
  }

  @Test
  void aCorruptFileLenientlyAndStrictly() throws IOException {
    Path corrupt = FILES.resolve("invalid_joined_logs/corrupt_joined_payload.log");
    List<Row> diagnostics = spark.read().format("vw-binlog").option("view", "diagnostics").load(corrupt.toString())
        .collectAsList();
    List<io.github.vwbinlog.Diagnostic> expected = new ArrayList<>();
    try (Joiner joiner = Joiner.open(corrupt,
        JoinOptions.defaults().withReadOptions(ReadOptions.defaults().withListener(expected::add)))) {
      joiner.forEach(r -> { });
    }
    assertThat(diagnostics).hasSize(expected.size()).isNotEmpty();
    for (int i = 0; i < expected.size(); i++) {
      assertThat(diagnostics.get(i).<Long>getAs("offset")).isEqualTo(expected.get(i).offset());
      assertThat(diagnostics.get(i).<String>getAs("reason")).isEqualTo(expected.get(i).reason().name());
    }
    assertThat(lines(read(corrupt.toString()))).isEqualTo(convert(corrupt, JoinOptions.defaults()));
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("mode", "strict").load(corrupt.toString())
        .count()).hasStackTraceContaining("corrupt_joined_payload.log: ").hasStackTraceContaining("offset");
  }

  /**
   * A log of many small messages: a checkpoint every 9 messages (the reward function and default reward change),
   * DedupInfo events (some values not JSON, so that a split's result can depend on the cache before it), references
   * to cached actions, zstd payloads, outcomes.
   */
  static Path manyMessages(Path file) throws IOException {
    io.github.vwbinlog.TimeStamp t = io.github.vwbinlog.TimeStamp.of(2026, 11, 24, 10, 0, 0);
    io.github.vwbinlog.RewardFunction[] functions = {io.github.vwbinlog.RewardFunction.EARLIEST,
        io.github.vwbinlog.RewardFunction.SUM, io.github.vwbinlog.RewardFunction.MAX};
    try (BinaryLogWriter w = BinaryLogWriter.to(file)) {
      w.fileMagic();
      for (int m = 0; m < 160; m++) {
        if (m % 9 == 0) {
          w.checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(functions[m / 9 % 3])
              .withDefaultReward(m % 2));
        }
        List<io.github.vwbinlog.event.JoinedEvent> events = new ArrayList<>();
        if (m % 4 == 0) {
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              new io.github.vwbinlog.event.Metadata("d" + m, null, null, io.github.vwbinlog.PayloadType.DEDUP_INFO,
                  1f, m % 8 == 0 ? io.github.vwbinlog.EventEncoding.ZSTD : io.github.vwbinlog.EventEncoding.IDENTITY),
              new io.github.vwbinlog.event.DedupInfo(List.of((long) (m % 5), (long) (m % 3 + 10)),
                  List.of(m % 12 == 0 ? "broken" : "{\"f\":" + m + "}", "{\"g\":1}")))));
        }
        for (int i = 0; i < 3; i++) {
          String id = "e" + m + "-" + i;
          String context = i == 2 ? "{\"u\":" + m + ",\"_multi\":[{\"__aid\":" + (m % 5) + "}]}" : "{\"u\":" + m + "}";
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              new io.github.vwbinlog.event.Metadata(id, null, null, io.github.vwbinlog.PayloadType.CB, 1f,
                  (m + i) % 5 == 0 ? io.github.vwbinlog.EventEncoding.ZSTD : io.github.vwbinlog.EventEncoding.IDENTITY),
              io.github.vwbinlog.event.CbEvent.of(List.of(1L + i, 9L), List.of(0.6f, 0.4f), context))));
          for (int o = 0; o < (m + i) % 3; o++) {
            events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
                io.github.vwbinlog.event.Metadata.of(id, io.github.vwbinlog.PayloadType.OUTCOME),
                io.github.vwbinlog.event.OutcomeEvent.numeric(o + 0.5f * i))));
          }
        }
        w.regular(events);
      }
    }
    return file;
  }

  @Test
  void aLargeFileCutIntoManySplitsGivesTheRowsOfOnePass() throws IOException {
    Path log = manyMessages(dir.resolve("many.log"));
    String previous = spark.conf().get("spark.sql.files.maxPartitionBytes");
    spark.conf().set("spark.sql.files.maxPartitionBytes", "1500");
    try {
      for (JoinOptions options : List.of(JoinOptions.defaults(),
          JoinOptions.defaults().with(JoinFeature.FOR_TRAINING))) {
        Dataset<Row> rows = spark.read().format("vw-binlog")
            .option("forTraining", Boolean.toString(options.isEnabled(JoinFeature.FOR_TRAINING))).load(log.toString());
        assertThat(rows.rdd().getNumPartitions()).isGreaterThan(24);
        List<String> expected = new ArrayList<>();
        try (Joiner joiner = Joiner.open(log, options)) {
          for (JoinResult r : joiner) {
            expected.add(r.id() + " " + joiner.position().offset() + " " + joiner.position().settings().rewardFunction()
                .name().toLowerCase(java.util.Locale.ROOT));
          }
        }
        assertThat(rows.select("event_id", "offset", "reward_function").collectAsList())
            .extracting(r -> r.getString(0) + " " + r.getLong(1) + " " + r.getString(2)).isEqualTo(expected);
        assertThat(lines(rows)).isEqualTo(convert(log, options));
        List<String> diagnostics = new ArrayList<>();
        try (Joiner joiner = Joiner.open(log, options.withReadOptions(ReadOptions.defaults().withListener(
            d -> diagnostics.add(d.offset() + " " + d.reason()))))) {
          joiner.forEach(r -> { });
        }
        assertThat(diagnostics).isNotEmpty();
        assertThat(spark.read().format("vw-binlog").option("view", "diagnostics")
            .option("forTraining", Boolean.toString(options.isEnabled(JoinFeature.FOR_TRAINING))).load(log.toString())
            .select("offset", "reason").collectAsList()).extracting(r -> r.getLong(0) + " " + r.getString(1))
            .isEqualTo(diagnostics);
      }
      assertThat(spark.read().format("vw-binlog").option("view", "messages").load(log.toString()).count())
          .isEqualTo(1 + 160 + 18);
      // The same splits read as a remote file is read: streams from the file's start, not a mapping.
      spark.sparkContext().hadoopConfiguration().set("fs.vwtest.impl", StreamFileSystem.class.getName());
      Dataset<Row> remote = spark.read().format("vw-binlog").load("vwtest://" + log.toAbsolutePath());
      assertThat(remote.rdd().getNumPartitions()).isGreaterThan(24);
      assertThat(lines(remote)).isEqualTo(convert(log, JoinOptions.defaults()));
      assertThat(remote.select("file").first().getString(0)).startsWith("vwtest:");
    } finally {
      spark.conf().set("spark.sql.files.maxPartitionBytes", previous);
    }
  }

  @Test
  void theMessagesView() throws IOException {
    Path log = dir.resolve("m.log");
    try (BinaryLogWriter w = BinaryLogWriter.to(log)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB)).eof();
    }
    List<Row> rows = spark.read().format("vw-binlog").option("view", "messages").load(log.toString())
        .select("offset", "type", "size").collectAsList();
    assertThat(rows).extracting(r -> r.getString(1)).containsExactly("FILEMAGIC", "CHECKPOINT", "EOF");
    assertThat(rows.get(0).getLong(0)).isZero();
    assertThat(rows.get(1).getInt(2)).isPositive();
  }
}
