package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code option("view", "events")} on a local[2] session: rlclientlib event files of the conformance corpus and of the
 * joiner's test data give the events {@link EventBatchReader} reads, whatever the splits; a split reads its own bytes
 * plus a bounded amount; the diagnostics view reports what {@code validate} reports.
 */
class SparkEventsTest {
  private static final Path FILES = SparkReadTest.FILES;
  /**
   * The spark module's directory: surefire's {@code basedir}, which is {@code target} in the execution after the
   * shaded jar is made (the shade plugin's reduced POM lives there).
   */
  static final Path MODULE = module(Path.of(System.getProperty("basedir", ".")).toAbsolutePath());
  static final Path JOINER_DATA = MODULE.resolve("../core/src/test/resources/rlclientlib");
  private static SparkSession spark;

  @RegisterExtension
  static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog events tests", 2,
      Map.of("fs.vwtest.impl", StreamFileSystem.class.getName(), "fs.vwcount.impl", CountingFileSystem.class.getName()),
      s -> spark = s);

  @TempDir
  Path dir;

  private static Path module(Path basedir) {
    return basedir.getFileName() != null && basedir.getFileName().toString().equals("target")
        ? basedir.getParent() : basedir;
  }

  /** The event files of the corpus (fb_events, reward_functions, client_time) and of the joiner's tests. */
  static List<Path> eventFiles() throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path root : List.of(FILES.resolve("fb_events"), FILES.resolve("reward_functions"),
        FILES.resolve("client_time"), JOINER_DATA)) {
      try (Stream<Path> w = Files.walk(root)) {
        w.filter(p -> p.toString().endsWith(".fb")).sorted().forEach(out::add);
      }
    }
    return out;
  }

  /** An event as the test compares it: everything but the file, from the library's reader. */
  private static String expected(EventBatch b, int index, BatchedEvent e) {
    EventPayload p;
    try {
      p = e.event().payload();
    } catch (BinaryLogException x) {
      p = null;
    }
    Long ticks = EventRows.ticks(e.meta().clientTime());
    return b.offset() + " " + b.contentEncoding() + " " + index + " " + e.offset() + " "
        + EventRows.stream(e.meta().payloadType()) + " " + e.meta().id() + " "
        + e.meta().payloadType().name().toLowerCase(Locale.ROOT) + " " + ticks + " "
        + (ticks == null ? null : ticks / 10) + " " + e.meta().passProbability() + " "
        + e.meta().encoding().name().toLowerCase(Locale.ROOT) + " " + e.meta().appId() + " "
        + Arrays.hashCode(bytes(e.bytes())) + " " + (p instanceof CbEvent cb ? cb.modelId() + " " + cb.deferredAction()
        + " " + cb.actionIds() : "-") + " " + (p instanceof OutcomeEvent o ? o.numericValue() + " " + o.actionTaken()
        : "-");
  }

  private static final String[] COLUMNS = {"batch_offset", "batch_encoding", "event_index", "offset", "stream",
      "event_id", "payload_type", "client_time_ticks", "client_time", "pass_probability", "encoding", "app_id",
      "payload", "payload_type", "model_id", "deferred_action", "actions", "value", "action_taken"};

  private static String actual(Row r) {
    Long ticks = r.isNullAt(7) ? null : r.getLong(7);
    Long micros = r.isNullAt(8) ? null : r.getTimestamp(8).getTime() * 1000 + r.getTimestamp(8).getNanos() / 1000
        % 1000;
    String type = r.getString(13);
    return r.getLong(0) + " " + r.getString(1) + " " + r.getInt(2) + " " + r.getLong(3) + " " + r.getString(4) + " "
        + r.getString(5) + " " + r.getString(6) + " " + ticks + " " + micros + " " + r.getFloat(9) + " "
        + r.getString(10) + " " + r.getString(11) + " " + Arrays.hashCode((byte[]) r.get(12)) + " "
        + (type.equals("cb") ? r.getString(14) + " " + r.getBoolean(15) + " " + r.getList(16) : "-") + " "
        + (type.equals("outcome") ? (r.isNullAt(17) ? 0f : r.getFloat(17)) + " " + r.getBoolean(18) : "-");
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }

  private static List<String> library(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(file, ReadOptions.defaults().with(ReadFeature.LENIENT))) {
      for (EventBatch b : r) {
        for (int i = 0; i < b.events().size(); i++) {
          out.add(expected(b, i, b.events().get(i)));
        }
      }
    }
    return out;
  }

  private static Dataset<Row> events(String path, long maxPartitionBytes) {
    return spark.read().format("vw-binlog").option("view", "events")
        .option("maxPartitionBytes", Long.toString(maxPartitionBytes)).option("openCostInBytes", "0").load(path);
  }

  private static List<String> rows(Dataset<Row> events) {
    return events.select(Arrays.stream(COLUMNS).map(org.apache.spark.sql.functions::col)
        .toArray(org.apache.spark.sql.Column[]::new)).collectAsList().stream().map(SparkEventsTest::actual).toList();
  }

  /** Every event file given, one after the other: an event file of batches of every kind. */
  private Path concatenated(int times) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Path p : eventFiles()) {
      if (!p.getFileName().toString().startsWith("invalid")) {
        all.write(Files.readAllBytes(p));
      }
    }
    Path f = dir.resolve("all-" + times + ".fb");
    try (var out = Files.newOutputStream(f)) {
      for (int i = 0; i < times; i++) {
        out.write(all.toByteArray());
      }
    }
    return f;
  }

  @Test
  void everyEventFileGivesTheEventsOfTheLibrarysReader() throws IOException {
    List<Path> files = eventFiles();
    assertThat(files).hasSizeGreaterThan(30);
    for (Path f : files) {
      List<String> expected = library(f);
      assertThat(rows(events(f.toString(), 128 << 20))).as(f.toString()).isEqualTo(expected);
      assertThat(diagnostics(f.toString(), 128 << 20)).as(f.toString()).isEqualTo(validate(f));
    }
    // all of them in one read, each row naming its file
    List<Row> all = spark.read().format("vw-binlog").option("view", "events")
        .load(files.stream().map(Path::toString).toArray(String[]::new)).select("file", "stream").collectAsList();
    long expectedCount = 0;
    for (Path f : files) {
      expectedCount += library(f).size();
    }
    assertThat(all).hasSize((int) expectedCount);
    assertThat(all).extracting(r -> r.getString(1)).contains("interaction", "observation", "dedup");
  }

  @Test
  void theDecodedColumnsOfInteractionsAndObservations() throws IOException {
    Path deferred = JOINER_DATA.resolve("deferred");
    List<Row> rows = spark.read().format("vw-binlog").option("view", "events").load(deferred.toString())
        .where("stream = 'observation' and action_taken").select("event_id", "value", "index").collectAsList();
    assertThat(rows).isNotEmpty();
    assertThat(spark.read().format("vw-binlog").option("view", "events").load(deferred.toString())
        .where("stream = 'interaction' and deferred_action").count()).isPositive();
    Dataset<Row> ca = events(FILES.resolve("fb_events/ca_v2.fb").toString(), 1 << 20);
    assertThat(ca.where("payload_type = 'ca'").select("ca_action", "ca_pdf_value", "context").first().isNullAt(0))
        .isFalse();
    Dataset<Row> dedup = events(FILES.resolve("fb_events/cb_v2_dedup.fb").toString(), 1 << 20);
    assertThat(dedup.select("stream", "batch_encoding", "event_index").collectAsList())
        .extracting(r -> r.getString(0) + " " + r.getString(1) + " " + r.getInt(2))
        .containsExactly("dedup DEDUP 0", "interaction DEDUP 1");
  }

  @Test
  void splitsAtManySizesGiveTheSameRowsNoneTwiceNoneLost() throws IOException {
    Path f = concatenated(3);
    List<String> expected = library(f);
    long size = Files.size(f);
    List<Long> batchOffsets = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(f)) {
      r.forEach(b -> batchOffsets.add(b.offset()));
    }
    for (long max : new long[] {97, 1000, 4099, 33_333, size}) {
      Dataset<Row> events = events(f.toString(), max);
      int partitions = events.rdd().getNumPartitions();
      if (max < size / 4) {
        assertThat(partitions).as("max %d", max).isGreaterThan(2);
        // the splits start at multiples of the split size: most inside a batch
        long midBatch = 0;
        for (long start = max; start < size; start += max) {
          midBatch += batchOffsets.contains(start) ? 0 : 1;
        }
        assertThat(midBatch).isPositive();
      }
      assertThat(rows(events)).as("max %d", max).isEqualTo(expected);
    }
    // through a Hadoop file system that is read as a stream, as object stores are
    assertThat(rows(events("vwtest://" + f.toAbsolutePath(), 4099))).isEqualTo(expected);
  }

  @Test
  void aSplitReadsItsOwnBytesPlusABoundedAmount() throws IOException {
    Path f = concatenated(60);
    long size = Files.size(f);
    int largest = 0;
    try (EventBatchReader r = EventBatchReader.open(f)) {
      for (EventBatch b : r) {
        largest = Math.max(largest, b.size() + 8);
      }
    }
    long split = 256 * 1024;
    CountingFileSystem.STREAMS.clear();
    Dataset<Row> events = events("vwcount://" + f.toAbsolutePath(), split);
    int partitions = events.rdd().getNumPartitions();
    assertThat(partitions).isGreaterThan(8);
    assertThat(events.count()).isEqualTo(library(f).size());
    List<CountingFileSystem.Counted> streams = new ArrayList<>(CountingFileSystem.STREAMS);
    assertThat(streams).hasSize(partitions);
    // the split, the batch that starts in it and ends after it, the look for the next split's first batch (windows
    // of 64 KiB), the reader's 64 KiB buffer
    long bound = split + 2L * largest + 3 * 64 * 1024;
    long total = 0;
    for (CountingFileSystem.Counted s : streams) {
      assertThat(s.read.get()).isLessThanOrEqualTo(bound);
      total += s.read.get();
    }
    // Read from the file's start, the splits would read about (partitions + 1) / 2 times the file.
    assertThat(total).isLessThan(size + partitions * (bound - split));
    assertThat(total).isLessThan(size * 3 / 2);
    System.out.printf("events view: %d bytes, %d splits of %d bytes, %d bytes read%n", size, partitions, split, total);
    // no stream but the first read below its split's start (less a window it may look back at: none)
    assertThat(streams.stream().filter(s -> s.lowest.get() == 0)).hasSize(1);
  }

  /** What {@code vw-binlog validate} reports for an event file: the reader's lenient reports, and each payload that
   * does not decode, as offset and reason. */
  private static List<String> validate(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(file, ReadOptions.defaults().with(ReadFeature.LENIENT)
        .withListener(d -> out.add(d.offset() + " " + d.reason())))) {
      for (EventBatch b : r) {
        for (BatchedEvent e : b.events()) {
          try {
            e.event();
          } catch (BinaryLogException x) {
            out.add(e.offset() + " " + x.reason());
          }
        }
      }
    } catch (BinaryLogException x) {
      out.add(x.offset() + " " + x.reason());
    }
    return out;
  }

  private static List<String> diagnostics(String path, long maxPartitionBytes) {
    return spark.read().format("vw-binlog").option("view", "diagnostics")
        .option("maxPartitionBytes", Long.toString(maxPartitionBytes)).option("openCostInBytes", "0").load(path)
        .select("offset", "reason").collectAsList().stream().map(r -> r.getLong(0) + " " + r.getString(1)).toList();
  }

  @Test
  void diagnosticsAreValidatesAndLenientSkipsWhereStrictFails() throws IOException {
    Path f = concatenated(2);
    byte[] bytes = Files.readAllBytes(f);
    List<Long> batches = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(f)) {
      r.forEach(b -> batches.add(b.offset()));
    }
    long malformed = batches.get(7);
    int body = ByteBuffer.wrap(bytes, (int) malformed + 4, 4).getInt();
    Arrays.fill(bytes, (int) malformed + 8, (int) malformed + 8 + body, (byte) 0x7f);
    Path broken = dir.resolve("broken.fb");
    Files.write(broken, Arrays.copyOf(bytes, bytes.length - 3));
    List<String> validate = validate(broken);
    assertThat(validate).contains(malformed + " MALFORMED_PAYLOAD",
        batches.get(batches.size() - 1) + " TRUNCATED_INPUT");
    for (long max : new long[] {500, 3000, 1 << 20}) {
      assertThat(diagnostics(broken.toString(), max)).as("max %d", max).isEqualTo(validate);
      // lenient: every batch but the two broken ones
      assertThat(rows(events(broken.toString(), max))).as("max %d", max).isEqualTo(library(broken));
    }
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("view", "events").option("mode", "strict")
        .load(broken.toString()).count()).hasStackTraceContaining("broken.fb")
        .hasStackTraceContaining("offset " + malformed);
  }

  @Test
  void aFileThatIsNotAProtocolV2EventFile() throws IOException {
    Path v1 = dir.resolve("v1.fb");
    byte[] good = Files.readAllBytes(FILES.resolve("fb_events/cb_v2.fb"));
    byte[] bytes = good.clone();
    bytes[3] = 8; // protocol v1's message type
    Files.write(v1, bytes);
    Files.write(dir.resolve("good.fb"), good);
    Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events").load(dir.toString());
    assertThat(events.count()).isEqualTo(library(dir.resolve("good.fb")).size());
    List<Row> diagnostics = spark.read().format("vw-binlog").option("view", "diagnostics").load(dir.toString())
        .collectAsList();
    assertThat(diagnostics).singleElement().satisfies(r -> {
      assertThat(r.getString(0)).endsWith("v1.fb");
      assertThat(r.getLong(1)).isZero();
      assertThat(r.getString(4)).isEqualTo("UNSUPPORTED_VERSION");
      assertThat(r.getString(5)).contains("protocol.version");
    });
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("view", "events").option("mode", "strict")
        .load(dir.toString()).count()).hasStackTraceContaining("v1.fb").hasStackTraceContaining("protocol.version");
  }

  @Test
  void joinOptionsDoNotApplyToRawEvents() {
    assertThatThrownBy(() -> spark.read().format("vw-binlog").option("view", "events")
        .option("rewardFunction", "sum").load(FILES.resolve("fb_events/cb_v2.fb").toString()))
        .hasMessageContaining("option rewardFunction does not apply to view events");
  }
}
