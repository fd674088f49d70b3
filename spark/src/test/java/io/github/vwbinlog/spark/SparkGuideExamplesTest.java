package io.github.vwbinlog.spark;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.date_trunc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.window;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java example of docs/SPARK.md, run on the corpus, and a check that the guide shows it verbatim (between the
 * {@code tag::} and {@code end::} comments below, less their common indentation).
 */
class SparkGuideExamplesTest {
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog guide", 2, s -> spark = s);

  @TempDir
  Path dir;

  /** A folder of two joined logs of the corpus, the guide's {@code logs}. */
  private Path logs() throws IOException {
    Path logs = Files.createDirectory(dir.resolve("logs"));
    for (String name : List.of("average_reward_100_interactions.fb",
        "cb_deferred_actions_w_activations_and_apprentice_10.fb")) {
      Files.copy(SparkReadTest.FILES.resolve("valid_joined_logs").resolve(name), logs.resolve(name));
    }
    return logs;
  }

  @Test
  void readAggregateByHourAndWriteDsjson() throws IOException {
    Path logs = logs();
    Path out = dir.resolve("dsjson");
    // tag::java[]
    Dataset<Row> events = spark.read().format("vw-binlog")
        .option("rewardFunction", "average")
        .load(logs.toString());
    Dataset<Row> hourly = events.where(col("learnable"))
        .groupBy(window(col("timestamp"), "1 hour"), col("model_id"))
        .agg(avg("reward").as("reward"), count(lit(1)).as("events"));
    hourly.orderBy("window").show(false);
    events.select("dsjson").where(col("dsjson").isNotNull()).write().text(out.toString());
    // end::java[]
    assertThat(hourly.collectAsList()).hasSize(2);
    assertThat(hourly.agg(org.apache.spark.sql.functions.sum("events")).first().getLong(0)).isEqualTo(107);
    List<String> written = new ArrayList<>();
    try (Stream<Path> parts = Files.list(out)) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        written.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    assertThat(written).hasSize(110);
  }

  @Test
  void readRawEventFiles() throws IOException {
    Path eventFiles = SparkEventsTest.JOINER_DATA.resolve("deferred");
    // tag::events[]
    Dataset<Row> raw = spark.read().format("vw-binlog").option("view", "events").load(eventFiles.toString());
    raw.groupBy("stream", "payload_type").count().show();
    Dataset<Row> activations = raw.where(col("stream").equalTo("observation").and(col("action_taken")))
        .select("event_id", "client_time", "file", "offset");
    // end::events[]
    long expected = 0;
    try (Stream<Path> files = Files.list(eventFiles)) {
      for (Path f : files.toList()) {
        try (var reader = io.github.vwbinlog.EventBatchReader.open(f)) {
          expected += reader.events().filter(e -> e.event().payload()
              instanceof io.github.vwbinlog.event.OutcomeEvent o && o.actionTaken()).count();
        }
      }
    }
    assertThat(expected).isPositive();
    assertThat(activations.count()).isEqualTo(expected);
  }

  @Test
  void writeTheLearnableEventsAsOneJoinedLogPerHour() throws IOException {
    Path logs = logs();
    Path written = dir.resolve("learnable");
    // tag::write[]
    Dataset<Row> joined = spark.read().format("vw-binlog").load(logs.toString());
    joined.where(col("learnable"))
        .withColumn("hour", date_trunc("hour", col("timestamp")))
        .coalesce(1)
        .write().format("vw-binlog").partitionBy("hour").mode("overwrite").save(written.toString());
    // end::write[]
    try (Stream<Path> hours = Files.list(written)) {
      assertThat(hours.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("hour=20210518T130000Z", "hour=20210723T130000Z");
    }
    Dataset<Row> back = spark.read().format("vw-binlog").load(written + "/*");
    assertThat(back.drop("file", "offset").collectAsList())
        .isEqualTo(joined.where(col("learnable")).drop("file", "offset").collectAsList()).hasSize(107);
  }

  @Test
  void joinRawEventsOnTheCluster() throws IOException {
    Path raw = SparkEventsTest.JOINER_DATA.resolve("deferred");
    // tag::join[]
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events").load(raw.toString());
    Dataset<Row> joined = VwBinlogJoin.join(events, Map.of("eud", "10m", "reward-function", "average"));
    Dataset<Row> byModel = joined.where(col("learnable")).groupBy("model_id")
        .agg(avg("reward").as("reward"), count(lit(1)).as("events"));
    byModel.show(false);
    // end::join[]
    Path log = dir.resolve("joined.log");
    try (Stream<Path> files = Files.list(raw)) {
      List<Path> all = files.sorted().toList();
      LogJoiner.builder().listener(io.github.vwbinlog.DiagnosticListener.ignoring()).rewardFunction(
          io.github.vwbinlog.RewardFunction.AVERAGE)
          .interactions(all.stream().filter(f -> f.getFileName().toString().startsWith("cb")).toList())
          .observations(all.stream().filter(f -> !f.getFileName().toString().startsWith("cb")).toList())
          .writeTo(log);
    }
    Dataset<Row> single = spark.read().format("vw-binlog").load(log.toString()).where(col("learnable"))
        .groupBy("model_id").agg(avg("reward").as("reward"), count(lit(1)).as("events"));
    assertThat(byModel.collectAsList()).containsExactlyInAnyOrderElementsOf(single.collectAsList());
    assertThat(joined.count()).isEqualTo(4);
  }

  @Test
  void theGuideShowsTheJavaExamplesVerbatim() throws IOException {
    List<String> source = Files.readAllLines(
        SparkEventsTest.MODULE.resolve("src/test/java/io/github/vwbinlog/spark/SparkGuideExamplesTest.java"));
    for (String tag : List.of("java", "events", "write", "join")) {
      int from = source.indexOf("    // tag::" + tag + "[]");
      int to = source.indexOf("    // end::" + tag + "[]");
      assertThat(from).isPositive();
      StringBuilder snippet = new StringBuilder();
      for (String line : source.subList(from + 1, to)) {
        snippet.append(line.substring(Math.min(4, line.length()))).append('\n');
      }
      assertThat(Files.readString(SparkEventsTest.MODULE.resolve("../docs/SPARK.md"))).as(tag).contains(snippet);
    }
  }
}
