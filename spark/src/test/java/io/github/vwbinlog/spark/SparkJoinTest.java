package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link VwBinlogJoin} on a local[2] session against the single-machine joiner: with an unlimited disorder tolerance,
 * the joined events of the cluster join, as a multiset of {@code joined} rows less {@code file} and {@code offset},
 * equal the {@code joined} view of {@link LogJoiner}'s output for the same files, for every kind of log: rlclientlib's
 * own files (CB, CCB, slates, CA, dedup, zstd, deferred actions, apprentice), the conformance corpus's event batch
 * files, and generated files with dedup batches, zstd, activations, early, late and orphan observations, duplicate
 * ids, equal client times and multistep episodes.
 */
class SparkJoinTest {
  private static final Path FILES = SparkReadTest.FILES;
  private static final Path RLCLIENTLIB = SparkEventsTest.JOINER_DATA;
  /** Long enough that the single-machine joiner finds nothing late. */
  private static final Duration NO_DISORDER = Duration.ofDays(365 * 100);
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog join tests", 3, s -> spark = s);

  @TempDir
  Path dir;

  /** The joined view of the single-machine joiner's output, and the cluster join's rows: the same multiset. */
  private void assertSameJoin(List<Path> interactions, List<Path> episodes, List<Path> observations,
      Map<String, String> options) throws IOException {
    LogJoiner.Builder b = LogJoiner.builder().listener(DiagnosticListener.ignoring()).disorderTolerance(NO_DISORDER)
        .interactions(sorted(interactions)).episodes(sorted(episodes)).observations(sorted(observations));
    configure(b, options);
    Path log = dir.resolve("single.log");
    LogJoinSummary summary = b.writeTo(log);
    Dataset<Row> single = spark.read().format("vw-binlog")
        .option("multistep", String.valueOf(!episodes.isEmpty())).load(log.toString());
    List<String> paths = Stream.of(interactions, episodes, observations).flatMap(List::stream)
        .map(Path::toString).toList();
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(paths.toArray(String[]::new));
    Dataset<Row> cluster = VwBinlogJoin.join(events, options);
    assertThat(cluster.schema()).isEqualTo(Schemas.JOINED);
    List<String> expected = rows(single);
    List<String> actual = rows(cluster);
    assertThat(actual).isEqualTo(expected);
    assertThat(expected).hasSizeGreaterThan(0);
    assertThat(summary.interactionsWritten()).isPositive();
  }

  private static List<Path> sorted(List<Path> files) {
    return files.stream().sorted(Comparator.comparing(Path::toString)).toList();
  }

  /** The CLI's options on the single-machine joiner's builder, as the cluster join reads them. */
  private static void configure(LogJoiner.Builder b, Map<String, String> options) {
    LogJoiner o = JoinSettings.of(options).joiner(DiagnosticListener.ignoring());
    o.eud().ifPresentOrElse(b::eud, b::unlimitedEud);
    b.backwardTolerance(o.backwardTolerance()).rewardFunction(o.rewardFunction()).defaultReward(o.defaultReward())
        .learningMode(o.learningMode()).useClientTime(o.useClientTime());
    o.problemType().ifPresent(b::problemType);
  }

  /** Rows less file and offset, sorted: a multiset. */
  private static List<String> rows(Dataset<Row> joined) {
    List<String> columns = new ArrayList<>(List.of(joined.columns()));
    columns.remove("file");
    columns.remove("offset");
    // The events' bytes as a message holds them: which messages hold a batch's DedupInfo depends on how each task's
    // log packs its messages (checked on their own in joinedEventsHoldTheEventsOfTheirId).
    columns.remove("joined_events");
    return joined.selectExpr(columns.toArray(String[]::new)).collectAsList().stream().map(Row::toString).sorted()
        .toList();
  }

  @ParameterizedTest
  @CsvSource({
      "cb_v2.fb, f-reward_v2.fb, ",
      "cb_dedup_compress_v2.fb, f-reward_v2.fb, ",
      "ccb_v2.fb, fi-reward_v2.fb, ",
      "ccb_dedup_v2.fb, fi-reward_v2.fb, ",
      "slates_v2.fb, fs-reward_v2.fb, ",
      "slates_v2.fb, s-reward_v2.fb, ",
      "ca_v2.fb, f-reward_v2.fb, ",
      "deferred/cb_v2.fb, deferred/action-taken_v2.fb, ",
      "apprentice/cb_v2.fb, apprentice/f-reward_v2.fb, apprentice"})
  void rlclientlibFiles(String interactions, String observations, String learningMode) throws IOException {
    assertSameJoin(List.of(RLCLIENTLIB.resolve(interactions)), List.of(), List.of(RLCLIENTLIB.resolve(observations)),
        Map.of("eud", "unlimited", "learning-mode", learningMode == null ? "online" : learningMode));
  }

  /**
   * Each joined row of the cluster carries its events' bytes ({@code joined_events}), so that its rows written back as
   * a joined log (with their dedup batches and zstd payloads copied unchanged) read back to the same rows.
   */
  @ParameterizedTest
  @CsvSource({"cb_dedup_compress_v2.fb, f-reward_v2.fb", "ccb_dedup_v2.fb, fi-reward_v2.fb"})
  void joinedEventsHoldTheEventsOfTheirId(String interactions, String observations) {
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(RLCLIENTLIB.resolve(interactions).toString(), RLCLIENTLIB.resolve(observations).toString());
    Dataset<Row> cluster = VwBinlogJoin.join(events, Map.of("eud", "unlimited")).cache();
    assertThat(cluster.count()).isPositive();
    assertThat(cluster.where(org.apache.spark.sql.functions.col("joined_events").isNull()).count()).isZero();
    Path written = dir.resolve("written");
    cluster.coalesce(1).write().format("vw-binlog").mode("overwrite").save(written.toString());
    Dataset<Row> back = spark.read().format("vw-binlog").load(written + "/*");
    assertThat(rows(back)).isEqualTo(rows(cluster));
  }

  @Test
  void deferredActionsWithTheirActivationsAndOutcomes() throws IOException {
    assertSameJoin(List.of(RLCLIENTLIB.resolve("deferred/cb_v2.fb")), List.of(),
        List.of(RLCLIENTLIB.resolve("deferred/action-taken_v2.fb"), RLCLIENTLIB.resolve("deferred/f-reward_v2.fb")),
        Map.of("eud", "unlimited", "learning-mode", "online"));
  }

  /** The corpus's event batch files: the pairs of its derived cases, and the other pairs of fb_events. */
  @ParameterizedTest
  @CsvSource({
      "client_time/cb_v2_client_time.fb, client_time/f-reward_3obs_v2_client_time.fb, average, ",
      "fb_events/ca_v2.fb, fb_events/f-reward_v2.fb, earliest, ",
      "fb_events/cb_v2.fb, fb_events/f-reward_v2.fb, earliest, ",
      "fb_events/ccb_v2.fb, fb_events/fi-reward_v2.fb, earliest, ",
      "fb_events/cb_v2_dedup.fb, fb_events/f-reward_v2.fb, earliest, ",
      "fb_events/cb_v2_size_2.fb, fb_events/f-reward_v2_size_2.fb, sum, ",
      "fb_events/ca_v2_size_2.fb, fb_events/f-reward_v2_size_2.fb, earliest, ",
      "fb_events/cb_v2_size_5_apprentice.fb, fb_events/f-reward_v2_size_5_apprentice.fb, earliest, apprentice",
      "fb_events/ccb-baseline-loopinteractions_v2.fb, fb_events/ccb-baseline-loopobservations_v2.fb, earliest, apprentice",
      "reward_functions/ca/ca_v2.fb, reward_functions/ca/f-reward_3obs_v2.fb, median, ",
      "reward_functions/cb/cb_apprentice_match_baseline_v2.fb, reward_functions/cb/f-reward_3obs_v2.fb, max, apprentice",
      "reward_functions/cb/cb_v2.fb, reward_functions/cb/f-reward_3obs_v2.fb, min, ",
      "reward_functions/ccb/ccb-apprentice-baseline-match_v2.fb, reward_functions/ccb/fi-reward_v2.fb, average, apprentice",
      "reward_functions/ccb/ccb-apprentice-baseline-not-match_v2.fb, reward_functions/ccb/fi-reward_v2.fb, sum, apprentice",
      "reward_functions/ccb/ccb_v2.fb, reward_functions/ccb/fi-out-of-bound-reward_v2.fb, earliest, ",
      "reward_functions/ccb/ccb_v2.fb, reward_functions/ccb/fi-reward_v2.fb, average, ",
      "reward_functions/ccb/ccb_v2.fb, reward_functions/ccb/fs-reward_v2.fb, earliest, ",
      "reward_functions/slates/slates_v2.fb, reward_functions/slates/fi-reward_v2.fb, earliest, "})
  void corpusEventFiles(String interactions, String observations, String rewardFunction, String learningMode)
      throws IOException {
    assertSameJoin(List.of(FILES.resolve(interactions)), List.of(), List.of(FILES.resolve(observations)),
        Map.of("eud", "unlimited", "reward-function", rewardFunction, "learning-mode",
            learningMode == null ? "online" : learningMode));
  }

  /** Generated files: two of each stream, with every rule the join applies per id at work. */
  @ParameterizedTest
  @ValueSource(strings = {"unlimited", "10m"})
  void generatedFilesOfEveryRule(String eud) throws IOException {
    Generated g = new Generated(new Random(20261126), dir);
    g.cb(400);
    assertSameJoin(g.files("interactions", 2), List.of(), g.files("observations", 2),
        Map.of("eud", eud, "backward", "2m", "reward-function", "average", "default-reward", "-1"));
  }

  @Test
  void generatedMultistepEpisodes() throws IOException {
    Generated g = new Generated(new Random(7), dir);
    g.multistep(60);
    assertSameJoin(g.files("interactions", 1), g.files("episodes", 1), g.files("observations", 1),
        Map.of("eud", "unlimited"));
  }

  @Test
  void theResultDoesNotDependOnThePartitioning() throws IOException {
    Generated g = new Generated(new Random(3), dir);
    g.cb(200);
    List<String> paths = Stream.of(g.files("interactions", 2), g.files("observations", 2)).flatMap(List::stream)
        .map(Path::toString).toList();
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(paths.toArray(String[]::new));
    Map<String, String> options = Map.of("eud", "10m");
    List<String> once = rows(VwBinlogJoin.join(events, options));
    // the events shuffled at random into 5 partitions first: DedupInfo rows apart from their interactions
    List<String> shuffled = rows(VwBinlogJoin.join(events.repartition(5), options));
    assertThat(shuffled).isEqualTo(once);
    assertThat(rows(VwBinlogJoin.join(events.coalesce(1), options))).isEqualTo(once);
  }

  /**
   * The events view's scan, under selections and filters, is joined with each interaction's DedupInfo taken in the
   * scan's own partitions (files cut into many splits, batches of DedupInfo filtered out, events filtered at random):
   * the same rows as the other path (the DedupInfo joined on file and batch offset) gives for the same events
   * repartitioned, which puts a batch's events in different partitions.
   */
  @Test
  void dedupInfoIsAttachedInTheScansPartitions() throws IOException {
    Generated g = new Generated(new Random(11), dir);
    g.cb(300);
    String[] paths = Stream.of(g.files("interactions", 2), g.files("observations", 2)).flatMap(List::stream)
        .map(Path::toString).toArray(String[]::new);
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .option("maxPartitionBytes", "2048").option("openCostInBytes", "0").load(paths);
    assertThat(events.rdd().getNumPartitions()).isGreaterThan(10);
    Dataset<Row> withoutSomeDedupInfo = events.where("not (stream = 'dedup' and batch_offset % 3 = 0)");
    Map<String, String> options = Map.of("eud", "10m");
    for (Dataset<Row> input : List.of(events, withoutSomeDedupInfo,
        events.where("stream <> 'observation' or event_index % 2 = 0"))) {
      assertThat(VwBinlogJoin.batchesTogether(columns(input))).isTrue();
      assertThat(VwBinlogJoin.batchesTogether(columns(input.repartition(4)))).isFalse();
      Dataset<Row> oneScan = VwBinlogJoin.join(input, options);
      Dataset<Row> joinedOn = VwBinlogJoin.join(input.repartition(4), options);
      assertThat(rows(oneScan)).isEqualTo(rows(joinedOn));
      assertThat(dedupCarried(oneScan)).isEqualTo(dedupCarried(joinedOn));
    }
    // every interaction of a dedup batch carries its DedupInfo, none when the DedupInfo events are filtered out (the
    // task's joiner writes a DedupInfo once for the interactions of a message after it, all alike here)
    List<String> carried = dedupCarried(VwBinlogJoin.join(events, options));
    assertThat(carried).hasSizeGreaterThan(50).allMatch(r -> r.endsWith("true"));
    assertThat(dedupCarried(VwBinlogJoin.join(events.where("stream <> 'dedup'"), options))).hasSameSizeAs(carried)
        .allMatch(r -> r.endsWith("false"));
  }

  /**
   * Of each joined row of a dedup batch's interaction (its context refers to actions by {@code "__aid"}): whether its
   * {@code joined_events} hold its batch's DedupInfo (the event id the generated DedupInfo events have).
   */
  private static List<String> dedupCarried(Dataset<Row> joined) {
    org.apache.spark.sql.Column events = org.apache.spark.sql.functions.col("joined_events").cast("string");
    return joined.where(org.apache.spark.sql.functions.col("context").contains("__aid"))
        .select(org.apache.spark.sql.functions.concat_ws(":", org.apache.spark.sql.functions.col("event_id"),
            events.contains(Generated.DEDUP_ID).cast("string")))
        .collectAsList().stream().map(r -> r.getString(0)).sorted().toList();
  }

  /** Which inputs keep a batch's events together in one partition in file order, and which do not. */
  @Test
  void theOneScanPathIsTakenForTheViewUnderSelectionsAndFiltersOnly() {
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(RLCLIENTLIB.resolve("cb_dedup_compress_v2.fb").toString(), RLCLIENTLIB.resolve("f-reward_v2.fb").toString());
    org.apache.spark.sql.Column file = org.apache.spark.sql.functions.col("file");
    assertThat(VwBinlogJoin.batchesTogether(columns(events))).isTrue();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.select("*", "model_id").where("stream <> 'unknown'")
        .where(org.apache.spark.sql.functions.rand().lt(0.5))))).isTrue();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.repartition(3)))).isFalse();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.coalesce(1)))).isFalse();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.sortWithinPartitions("event_id")))).isFalse();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.union(events)))).isFalse();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.sample(0.5)))).isFalse();
    assertThat(VwBinlogJoin.batchesTogether(columns(events.withColumn("file",
        org.apache.spark.sql.functions.upper(file))))).isFalse();
  }

  /** The input is read once: each file's bytes about once, where three scans read them three times. */
  @Test
  void theInputIsScannedOnce() throws IOException {
    spark.sparkContext().hadoopConfiguration().set("fs.vwcount.impl", CountingFileSystem.class.getName());
    Generated g = new Generated(new Random(5), dir);
    g.cb(300);
    List<Path> files = Stream.of(g.files("interactions", 2), g.files("observations", 2)).flatMap(List::stream)
        .toList();
    long size = 0;
    for (Path f : files) {
      size += Files.size(f);
    }
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(files.stream().map(f -> "vwcount://" + f.toAbsolutePath()).toArray(String[]::new));
    CountingFileSystem.STREAMS.clear();
    List<String> joined = rows(VwBinlogJoin.join(events, Map.of("eud", "10m")));
    long read = CountingFileSystem.STREAMS.stream().filter(c -> c.task).mapToLong(c -> c.read.get()).sum();
    assertThat(read).isBetween(size, size + size / 2);
    assertThat(joined).hasSizeGreaterThan(100);
  }

  private static Dataset<Row> columns(Dataset<Row> events) {
    return events.select(VwBinlogJoin.COLUMNS.stream().map(org.apache.spark.sql.functions::col)
        .toArray(org.apache.spark.sql.Column[]::new));
  }

  @Test
  void fileAndOffsetAreTheInteractions() throws IOException {
    Path interactions = RLCLIENTLIB.resolve("cb_v2.fb");
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(interactions.toString(), RLCLIENTLIB.resolve("f-reward_v2.fb").toString());
    List<Row> joined = VwBinlogJoin.join(events, Map.of()).select("file", "offset", "event_id").collectAsList();
    List<Row> read = events.where("stream = 'interaction'").select("file", "offset", "event_id").collectAsList();
    assertThat(joined).hasSize(4).containsExactlyInAnyOrderElementsOf(read);
  }

  @Test
  void optionsAreCheckedAndNamed() {
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
        .load(RLCLIENTLIB.resolve("cb_v2.fb").toString());
    assertThatThrownBy(() -> VwBinlogJoin.join(events, Map.of("rewardFuction", "average")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown option rewardFuction")
        .hasMessageContaining("eud, backward, reward-function");
    assertThatThrownBy(() -> VwBinlogJoin.join(events, Map.of("eud", "10x")))
        .hasMessageContaining("option eud must be unlimited or a number and s, m, h or d");
    assertThatThrownBy(() -> VwBinlogJoin.join(events, Map.of("backward", "unlimited")))
        .hasMessageContaining("option backward must be 0 or a number");
    assertThatThrownBy(() -> VwBinlogJoin.join(events, Map.of("reward-function", "foo")))
        .hasMessageContaining("option reward-function");
    assertThatThrownBy(() -> VwBinlogJoin.join(events, Map.of("use-client-time", "yes")))
        .hasMessageContaining("option use-client-time must be true or false");
    assertThatThrownBy(() -> VwBinlogJoin.join(events.drop("payload"), Map.of()))
        .hasMessageContaining("no column payload");
    assertThat(JoinSettings.duration("eud", "2h", true, false)).isEqualTo(Duration.ofHours(2));
    assertThat(JoinSettings.duration("eud", "unlimited", true, false)).isNull();
    assertThat(JoinSettings.duration("backward", "0", false, true)).isEqualTo(Duration.ZERO);
    assertThat(JoinSettings.of(Map.of("--Problem-Type", "ccb")).joiner(DiagnosticListener.ignoring()).problemType())
        .contains(ProblemType.CCB);
  }

  /** Event files made for a test: events by stream, each file in time order, in batches of random sizes. */
  static final class Generated {
    private static final long BASE = TimeStamp.of(2026, 11, 26, 12, 0, 0).epochSecond() * 10_000_000L;
    private static final long SECOND = 10_000_000L;
    /** The event id of the DedupInfo events. */
    static final String DEDUP_ID = "3defd95a-0122-4aac-9068-0b9ac30b66d8";
    private final Random random;
    private final Path dir;
    private final Map<String, List<List<Timed>>> streams = new java.util.HashMap<>();

    /** An event at a time in ticks, in a file of its stream. */
    private record Timed(long ticks, Event event, boolean dedupBatch) {}

    Generated(Random random, Path dir) {
      this.random = random;
      this.dir = dir;
    }

    private void add(String stream, int files, long ticks, Event e, boolean dedup) {
      List<List<Timed>> s = streams.computeIfAbsent(stream, k -> new ArrayList<>());
      while (s.size() < files) {
        s.add(new ArrayList<>());
      }
      s.get(random.nextInt(files)).add(new Timed(ticks, e, dedup));
    }

    private static TimeStamp time(long ticks) {
      java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(Math.floorDiv(ticks, SECOND), 0,
          java.time.ZoneOffset.UTC);
      return new TimeStamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
          t.getSecond(), Math.floorMod(ticks, SECOND));
    }

    private Event event(String id, PayloadType type, long ticks, EventPayload payload) {
      Metadata m = Metadata.of(id, type).withClientTime(time(ticks));
      if (random.nextInt(4) == 0) {
        m = m.withEncoding(EventEncoding.ZSTD);
      }
      return new Event(m, payload);
    }

    /**
     * CB decisions, a quarter of them with deferred actions, some ids twice; 0 to 3 observations each from 4 minutes
     * before to 15 minutes after (outcomes, literal outcomes, activations), and orphans. Times on a 1 s grid, so
     * that equal times occur.
     */
    void cb(int count) {
      for (int k = 0; k < count; k++) {
        String id = "id-" + k;
        long t = BASE + (k / 2) * SECOND;
        boolean dedup = random.nextInt(3) == 0;
        String context = dedup ? "{\"U\":{\"k\":" + k + "},\"_multi\":[{\"__aid\":" + (k % 5) + "},{\"__aid\":"
            + (k % 5 + 1) + "}]}" : "{\"U\":{\"k\":" + k + "},\"_multi\":[{\"a\":1},{\"a\":2}]}";
        CbEvent cb = CbEvent.of(List.of(1L, 2L), List.of(0.75f, 0.25f), context);
        boolean deferred = random.nextInt(4) == 0;
        if (deferred) {
          cb = cb.withDeferredAction(true);
        }
        add("interactions", 2, t, event(id, PayloadType.CB, t, cb), dedup);
        if (random.nextInt(20) == 0) {
          long again = t + random.nextInt(30) * SECOND;
          add("interactions", 2, again, event(id, PayloadType.CB, again, cb), false);
        }
        int observations = random.nextInt(4);
        for (int o = 0; o < observations; o++) {
          long to = t + (random.nextInt(19 * 60) - 4 * 60) * SECOND;
          OutcomeEvent outcome = switch (random.nextInt(5)) {
            case 0 -> OutcomeEvent.literal("v" + o);
            case 1 -> OutcomeEvent.activation();
            default -> OutcomeEvent.numeric(random.nextInt(10) / 4f);
          };
          add("observations", 2, to, event(id, PayloadType.OUTCOME, to, outcome), false);
        }
        if (random.nextInt(10) == 0) {
          long to = t + random.nextInt(60) * SECOND;
          add("observations", 2, to, event("orphan-" + k, PayloadType.OUTCOME, to, OutcomeEvent.numeric(1f)), false);
        }
      }
    }

    /** Episodes of 1 to 3 steps, each step with 0 or 1 outcome. */
    void multistep(int count) {
      for (int k = 0; k < count; k++) {
        String episode = "ep-" + k;
        long t = BASE + k * 2 * SECOND;
        add("episodes", 1, t, event(episode, PayloadType.EPISODE, t, new EpisodeEvent(episode)), false);
        String previous = null;
        int steps = 1 + random.nextInt(3);
        for (int s = 0; s < steps; s++) {
          String step = episode + "-s" + s;
          long ts = t + (s + 1) * SECOND;
          add("interactions", 1, ts, event(episode, PayloadType.MULTI_STEP, ts, MultiStepEvent.of(step, previous,
              List.of(1L, 2L), List.of(0.5f, 0.5f), "{\"_multi\":[{\"a\":1},{\"a\":2}]}")), false);
          if (random.nextBoolean()) {
            long to = ts + random.nextInt(100) * SECOND;
            add("observations", 1, to, event(episode, PayloadType.OUTCOME, to,
                OutcomeEvent.numeric(s + 1f).withSlotId(step)), false);
          }
          previous = step;
        }
      }
    }

    /**
     * The stream's files, each in time order in batches of 1 to 8 events; interactions of dedup batches go to
     * batches of their own that start with a DedupInfo of the actions they refer to.
     */
    List<Path> files(String stream, int count) throws IOException {
      List<Path> out = new ArrayList<>();
      List<List<Timed>> files = streams.getOrDefault(stream, List.of());
      for (int f = 0; f < count; f++) {
        List<Timed> events = new ArrayList<>(f < files.size() ? files.get(f) : List.of());
        events.sort(Comparator.comparingLong(Timed::ticks));
        Path file = dir.resolve(stream + "-" + f + ".fb");
        try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(file))) {
          int i = 0;
          while (i < events.size()) {
            boolean dedup = events.get(i).dedupBatch();
            List<Event> batch = new ArrayList<>();
            if (dedup) {
              long ticks = events.get(i).ticks();
              batch.add(event(DEDUP_ID, PayloadType.DEDUP_INFO, ticks,
                  new DedupInfo(List.of(0L, 1L, 2L, 3L, 4L, 5L), List.of("{\"a\":0}", "{\"a\":1}", "{\"a\":2}",
                      "{\"a\":3}", "{\"a\":4}", "{\"a\":5}"))));
            }
            int size = 1 + random.nextInt(8);
            while (i < events.size() && batch.size() < size + (dedup ? 1 : 0)
                && events.get(i).dedupBatch() == dedup) {
              batch.add(events.get(i++).event());
            }
            w.batch(dedup ? "DEDUP" : "IDENTITY", batch);
          }
        }
        out.add(file);
      }
      return out;
    }
  }
}
