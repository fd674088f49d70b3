package io.github.vwbinlog.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.conformance.Json;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Writes each log to Parquet and reads the file back with an independent reader, DuckDB, then compares every column of
 * every row with the DSJSON line that {@link DsjsonConverter} writes for the same joined event: on every corpus log
 * (multistep logs with the multistep joiner) and on generated logs of every problem type. Where convert writes no line
 * (a number that is not finite, a context that is not JSON), the row is compared with the joined event itself.
 */
class ParquetReadBackTest {

  @TempDir
  Path temp;

  static Stream<Path> logs() {
    return Corpus.joinedLogs().stream();
  }

  private static JoinOptions optionsFor(Path log) {
    return log.getFileName().toString().startsWith("multistep") ? JoinOptions.defaults().with(JoinFeature.MULTISTEP)
        : JoinOptions.defaults();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void everyCorpusLogReadsBackAsItsDsjson(Path log) throws Exception {
    compare(log, optionsFor(log));
  }

  /** A problem type of the generated logs. */
  enum Kind { CB, CCB, SLATES, CA, MULTISTEP }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void generatedLogsOfEveryProblemTypeReadBackAsTheirDsjson(Kind kind) throws Exception {
    for (long seed = 1; seed <= 3; seed++) {
      Path log = generate(kind, seed);
      int rows = compare(log, kind == Kind.MULTISTEP ? JoinOptions.defaults().with(JoinFeature.MULTISTEP)
          : JoinOptions.defaults().withRewardFunction(RewardFunction.SUM));
      assertThat(rows).as("rows of %s", log).isPositive();
    }
  }

  @Test
  void severalLogsAreOneFileWithTheirNames() throws Exception {
    Path a = Corpus.resolve("files/valid_joined_logs/cb_simple.log");
    Path b = Corpus.resolve("files/valid_joined_logs/ccb_simple.log");
    Path file = temp.resolve("two.parquet");
    try (OutputStream out = Files.newOutputStream(file);
        ParquetConverter.Writer writer = ParquetConverter.of(JoinOptions.defaults()).open(out)) {
      writer.append(a);
      writer.append(b);
      assertThat(writer.rows()).isEqualTo(count(a) + count(b));
    }
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        PreparedStatement q = db.prepareStatement(
            "SELECT file, count(*), min(problem_type) FROM read_parquet(?) GROUP BY file ORDER BY file")) {
      q.setString(1, file.toString());
      try (ResultSet rs = q.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo(a.toString());
        assertThat(rs.getLong(2)).isEqualTo(count(a));
        assertThat(rs.getString(3)).isEqualTo("cb");
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo(b.toString());
        assertThat(rs.getString(3)).isEqualTo("ccb");
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void oneThreadAndTwoWriteTheSameBytes() throws Exception {
    Path log = generate(Kind.CCB, 11, 300, false);
    byte[][] files = new byte[2][];
    for (int threads = 1; threads <= 2; threads++) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      JoinSummary s = ParquetConverter.of(JoinOptions.defaults().withThreads(threads)).convert(log, out);
      assertThat(s.emittedTotal()).isGreaterThan(Batch_SIZE_TIMES_TWO);
      files[threads - 1] = out.toByteArray();
    }
    assertThat(files[1]).isEqualTo(files[0]);
  }

  @Test
  void rowGroupsArePlacedAtTheSameRowsWhateverTheThreadCount() throws Exception {
    // Several row groups of about 1 MiB, the join cut into parts differently by one thread and by two: the rows at
    // which the encoded size is checked (and a row group closed) depend on the rows alone, so the bytes are the same.
    Path log = generate(Kind.CB, 7, 200, true);
    byte[][] files = new byte[2][];
    for (int threads = 1; threads <= 2; threads++) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      ParquetConverter.of(JoinOptions.defaults().withThreads(threads)).withRowGroupBytes(1 << 20).convert(log, out);
      files[threads - 1] = out.toByteArray();
    }
    Path file = temp.resolve("groups-2.parquet");
    Files.write(file, files[1]);
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        PreparedStatement q = db.prepareStatement("SELECT count(DISTINCT row_group_id) FROM parquet_metadata(?)")) {
      q.setString(1, file.toString());
      try (ResultSet rs = q.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isGreaterThan(1);
      }
    }
    assertThat(files[1]).isEqualTo(files[0]);
  }

  /** More events than two of the join thread's batches, so that the queue is used. */
  private static final long Batch_SIZE_TIMES_TWO = 1024;

  @Test
  void strictModeStopsAtTheFirstErrorOnEitherThreadCount() {
    Path log = Corpus.resolve("files/invalid_joined_logs/corrupt_joined_payload.log");
    for (int threads = 1; threads <= 2; threads++) {
      JoinOptions strict = JoinOptions.defaults().with(JoinFeature.STRICT).withThreads(threads);
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> ParquetConverter.of(strict)
          .convert(log, new java.io.ByteArrayOutputStream()))
          .isInstanceOf(io.github.vwbinlog.BinaryLogException.class);
    }
  }

  @Test
  void theFileIsZstdCompressedInRowGroupsOfTheGivenSize() throws Exception {
    Path log = generate(Kind.CB, 7, 200, true);
    Path file = temp.resolve("groups.parquet");
    try (OutputStream out = Files.newOutputStream(file)) {
      ParquetConverter.of(JoinOptions.defaults()).withRowGroupBytes(1 << 20).convert(log, out);
    }
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        PreparedStatement q = db.prepareStatement("SELECT count(DISTINCT row_group_id), min(compression), "
            + "max(compression) FROM parquet_metadata(?)")) {
      q.setString(1, file.toString());
      try (ResultSet rs = q.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isGreaterThan(1);
        assertThat(rs.getString(2)).isEqualTo("ZSTD");
        assertThat(rs.getString(3)).isEqualTo("ZSTD");
      }
    }
  }

  private static long count(Path log) throws IOException {
    try (Joiner j = Joiner.open(log, JoinOptions.defaults())) {
      return j.stream().count();
    }
  }

  /** Writes {@code log} to Parquet, reads it back and compares each row; returns the row count. */
  private int compare(Path log, JoinOptions options) throws IOException, SQLException {
    Path file = temp.resolve(log.getFileName() + ".parquet");
    JoinSummary written;
    try (OutputStream out = Files.newOutputStream(file)) {
      written = ParquetConverter.of(options).convert(log, out);
    }
    List<JoinResult> events;
    JoinSummary joined;
    try (Joiner joiner = Joiner.open(log, options)) {
      events = joiner.stream().toList();
      joined = joiner.summary();
    }
    assertThat(written).isEqualTo(joined);
    DsjsonConverter dsjson = DsjsonConverter.of(options);
    List<Map<String, @Nullable Object>> rows = read(file);
    assertThat(rows).hasSize(events.size());
    for (int i = 0; i < rows.size(); i++) {
      Map<String, @Nullable Object> row = rows.get(i);
      JoinResult r = events.get(i);
      assertThat(row.get("file")).isEqualTo(log.toString());
      String line;
      try {
        line = new String(dsjson.line(r), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        line = null;
      }
      String where = log.getFileName() + " row " + i + (line == null ? " (no line)" : ": " + line);
      // Outcome times are not in a DSJSON line: they are the joined outcomes' own.
      assertThat(longs(Json.parse((String) row.get("outcome_times")))).as(where)
          .isEqualTo(r.outcomes().stream().map(o -> o.timestamp().epochSecond() * 1_000_000L).toList());
      assertThat(row.get("offset")).as(where).isNotNull();
      if (line == null) {
        compareWithRecord(row, r, where);
      } else {
        compareWithLine(row, r.payloadType(), line, where);
      }
    }
    return rows.size();
  }

  /** The rows of a Parquet file as DuckDB reads them, lists and structs as JSON text, times in microseconds. */
  private static List<Map<String, @Nullable Object>> read(Path file) throws SQLException {
    String sql = "SELECT file, \"offset\", event_id, epoch_us(\"timestamp\") AS ts, problem_type, reward_function, "
        + "learning_mode, model_id, to_json(actions)::VARCHAR AS actions, "
        + "to_json(probabilities)::VARCHAR AS probabilities, probability, label_probability, reward, "
        + "original_reward, to_json(slots)::VARCHAR AS slots, ca_action, ca_pdf_value, learnable, pdrop, weight, "
        + "context, to_json(outcomes)::VARCHAR AS outcomes, "
        + "to_json(list_transform(outcomes, o -> epoch_us(o.time)))::VARCHAR AS outcome_times "
        + "FROM read_parquet(?, file_row_number = true) ORDER BY file_row_number";
    List<Map<String, @Nullable Object>> rows = new ArrayList<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        PreparedStatement q = db.prepareStatement(sql)) {
      q.setString(1, file.toString());
      try (ResultSet rs = q.executeQuery()) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          Map<String, @Nullable Object> row = new java.util.HashMap<>();
          for (int c = 1; c <= columns; c++) {
            row.put(rs.getMetaData().getColumnLabel(c), rs.getObject(c));
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  private static float f(@Nullable Object o) {
    return ((Number) java.util.Objects.requireNonNull(o)).floatValue();
  }

  private static List<Float> floats(@Nullable Object json) {
    return Json.array(json).stream().map(ParquetReadBackTest::f).toList();
  }

  private static List<Long> longs(@Nullable Object json) {
    return Json.array(json).stream().map(v -> ((Number) java.util.Objects.requireNonNull(v)).longValue()).toList();
  }

  private static long micros(String dsjsonTime) {
    Instant t = Instant.parse(dsjsonTime);
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  private static void compareWithLine(Map<String, @Nullable Object> row, PayloadType type, String line,
      String where) {
    Map<String, @Nullable Object> l = Json.object(Json.parse(line));
    // the context: the line holds it verbatim
    String context = (String) row.get("context");
    assertThat(line).as(where).contains("\"c\":" + context);
    assertThat(row.get("ts")).as(where).isEqualTo(micros((String) l.get("Timestamp")));
    if (l.containsKey("EventId") && type != PayloadType.MULTI_STEP) {
      assertThat(row.get("event_id")).as(where).isEqualTo(l.get("EventId"));
    }
    if (type == PayloadType.MULTI_STEP) {
      // a step of the multistep joiner, whatever problem type the CHECKPOINT set
      assertThat(row.get("problem_type")).as(where).isEqualTo("multistep");
    }
    Object state = l.get("VWState");
    assertThat(row.get("model_id")).as(where).isEqualTo(state == null ? null : Json.object(state).get("m"));
    boolean skipLearn = Boolean.TRUE.equals(l.get("_skipLearn"));
    assertThat(row.get("learnable")).as(where).isEqualTo(!skipLearn);
    float pdrop = l.containsKey("pdrop") ? f(l.get("pdrop")) : 0f;
    if (type != PayloadType.CA) {
      assertThat(f(row.get("pdrop"))).as(where).isEqualTo(pdrop);
    }
    List<Object> outcomes = Json.array(Json.parse((String) row.get("outcomes")));
    switch (type) {
      case CB, MULTI_STEP -> {
        assertThat(longs(Json.parse((String) row.get("actions")))).as(where).isEqualTo(longs(l.get("a")));
        assertThat(floats(Json.parse((String) row.get("probabilities")))).as(where).isEqualTo(floats(l.get("p")));
        if (l.containsKey("_label_cost")) {
          assertThat(-f(row.get("reward"))).as(where).isEqualTo(f(l.get("_label_cost")));
          assertThat(f(row.get("label_probability"))).as(where).isEqualTo(f(l.get("_label_probability")));
          assertThat(longs(Json.parse((String) row.get("actions"))).get(0)).as(where)
              .isEqualTo(((Number) l.get("_label_Action")).longValue());
        }
        if (l.containsKey("_original_label_cost")) {
          assertThat(-f(row.get("original_reward"))).as(where).isEqualTo(f(l.get("_original_label_cost")));
        }
        compareOutcomes(outcomes, Json.array(l.get("o")), where);
      }
      case SLATES -> {
        assertThat(-f(row.get("reward"))).as(where).isEqualTo(f(l.get("_label_cost")));
        compareOutcomes(outcomes, Json.array(l.get("o")), where);
        List<Object> slots = Json.array(Json.parse((String) row.get("slots")));
        List<Object> lineSlots = Json.array(l.get("_outcomes"));
        assertThat(slots).as(where).hasSameSizeAs(lineSlots);
        for (int s = 0; s < slots.size(); s++) {
          Map<String, @Nullable Object> slot = Json.object(slots.get(s));
          Map<String, @Nullable Object> lineSlot = Json.object(lineSlots.get(s));
          assertThat(longs(slot.get("actions"))).as(where).isEqualTo(longs(lineSlot.get("_a")));
          assertThat(floats(slot.get("probabilities"))).as(where).isEqualTo(floats(lineSlot.get("_p")));
        }
      }
      case CCB -> {
        List<Object> slots = Json.array(Json.parse((String) row.get("slots")));
        List<Object> lineSlots = Json.array(l.get("_outcomes"));
        assertThat(slots).as(where).hasSameSizeAs(lineSlots);
        List<String> indexes = outcomes.stream().map(o -> (String) Json.object(o).get("index")).toList();
        for (int s = 0; s < slots.size(); s++) {
          Map<String, @Nullable Object> slot = Json.object(slots.get(s));
          Map<String, @Nullable Object> lineSlot = Json.object(lineSlots.get(s));
          assertThat(longs(slot.get("actions"))).as(where).isEqualTo(longs(lineSlot.get("_a")));
          assertThat(floats(slot.get("probabilities"))).as(where).isEqualTo(floats(lineSlot.get("_p")));
          assertThat(-f(slot.get("reward"))).as(where).isEqualTo(f(lineSlot.get("_label_cost")));
          assertThat(-f(slot.get("original_reward"))).as(where).isEqualTo(f(lineSlot.get("_original_label_cost")));
          Object id = slot.get("slot_id");
          assertThat(id == null ? row.get("event_id") : id).as(where).isEqualTo(lineSlot.get("_id"));
          for (Object o : lineSlot.containsKey("_o") ? Json.array(lineSlot.get("_o")) : List.of()) {
            assertThat(indexes).as(where).contains((String) Json.object(o).get("Index"));
          }
        }
      }
      case CA -> {
        Map<String, @Nullable Object> label = Json.object(l.get("_label_ca"));
        assertThat(-f(row.get("reward"))).as(where).isEqualTo(f(label.get("cost")));
        assertThat(f(row.get("ca_action"))).as(where).isEqualTo(f(label.get("action")));
        assertThat(f(row.get("ca_pdf_value"))).as(where).isEqualTo(f(label.get("pdf_value")));
        assertThat(Json.array(Json.parse((String) row.get("slots")))).as(where).isEmpty();
      }
      default -> throw new AssertionError("no line of type " + type);
    }
  }

  /** Activations carry no "v"; literal and valueless outcomes have the line's 0.0. */
  private static void compareOutcomes(List<Object> rows, List<Object> line, String where) {
    assertThat(rows).as(where).hasSameSizeAs(line);
    for (int k = 0; k < rows.size(); k++) {
      Map<String, @Nullable Object> o = Json.object(rows.get(k));
      Map<String, @Nullable Object> lo = Json.object(line.get(k));
      assertThat(o.get("action_taken")).as(where).isEqualTo(lo.get("ActionTaken"));
      if (!Boolean.TRUE.equals(lo.get("ActionTaken"))) {
        float value = o.get("value") == null ? 0f : f(o.get("value"));
        assertThat(value).as(where).isEqualTo(f(lo.get("v")));
      }
    }
  }

  /** Where convert writes no line, the row holds the joined event's own values. */
  private static void compareWithRecord(Map<String, @Nullable Object> row, JoinResult r, String where) {
    assertThat(row.get("event_id")).as(where).isEqualTo(r.id());
    assertThat(row.get("ts")).as(where).isEqualTo(r.timestamp().epochSecond() * 1_000_000L);
    assertThat(f(row.get("reward"))).as(where).isEqualTo(r.reward());
    assertThat(f(row.get("original_reward"))).as(where).isEqualTo(r.originalReward());
    assertThat(row.get("learnable")).as(where).isEqualTo(r.learnable());
    assertThat(Json.array(Json.parse((String) row.get("outcomes")))).as(where).hasSize(r.outcomes().size());
  }

  // ------------------------------------------------------------------ generated logs

  private static final String[] CONTEXTS = {"{\"U\":{\"x\":1}}",
      "{\"U\":{\"é\":\"ünï\\\"q\"},\"_multi\":[{\"a\":1}]}",
      "{}", "{\"k\":[1,2.5e3,-0.0,true,null]}"};

  /** A log of {@code kind}: a few REGULAR messages of decisions with numeric, literal and activation outcomes. */
  private Path generate(Kind kind, long seed) throws IOException {
    return generate(kind, seed, 4, false);
  }

  /** {@code messages} REGULAR messages; with {@code large}, each context also holds 4 KB of random hex digits. */
  private Path generate(Kind kind, long seed, int messages, boolean large) throws IOException {
    Random random = new Random(seed);
    Path file = temp.resolve(kind.name().toLowerCase() + "-" + seed + ".fb");
    ProblemType problem = switch (kind) {
      case CB, MULTISTEP -> ProblemType.CB;
      case CCB -> ProblemType.CCB;
      case SLATES -> ProblemType.SLATES;
      case CA -> ProblemType.CA;
    };
    try (BinaryLogWriter w = BinaryLogWriter.to(file)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(problem).withRewardFunction(RewardFunction.SUM)
          .withDefaultReward(-1f));
      for (int m = 0; m < messages; m++) {
        List<JoinedEvent> events = new ArrayList<>();
        TimeStamp t = TimeStamp.of(2026, 1 + m % 12, 1 + random.nextInt(27), random.nextInt(24), random.nextInt(60), 0);
        if (kind == Kind.MULTISTEP) {
          events.add(JoinedEvent.of(t, new Event(Metadata.of("ep" + m, PayloadType.EPISODE),
              new EpisodeEvent("ep" + m))));
        }
        for (int i = 0; i < 3 + random.nextInt(20); i++) {
          String id = kind == Kind.MULTISTEP ? "ep" + m : "id-" + m + "-" + i + (random.nextInt(5) == 0 ? "ü" : "");
          float pass = random.nextInt(4) == 0 ? 0.5f : 1f;
          String context = CONTEXTS[random.nextInt(CONTEXTS.length)];
          if (large) {
            StringBuilder hex = new StringBuilder("{\"r\":\"");
            for (int h = 0; h < 4096; h++) {
              hex.append(Character.forDigit(random.nextInt(16), 16));
            }
            context = hex.append("\"}").toString();
          }
          events.add(decision(kind, id, i, t, pass, context, random));
          int outcomes = random.nextInt(4);
          for (int k = 0; k < outcomes; k++) {
            OutcomeEvent o = switch (random.nextInt(4)) {
              case 0 -> OutcomeEvent.literal("lit" + k);
              case 1 -> OutcomeEvent.activation();
              default -> OutcomeEvent.numeric(random.nextInt(100) / 8f);
            };
            if (kind == Kind.CCB) {
              o = o.withIndex(random.nextInt(3));
            }
            if (kind == Kind.MULTISTEP) {
              o = o.withSlotId(Integer.toString(i + 1));
            }
            events.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.OUTCOME), o)));
          }
        }
        w.regular(events);
      }
      w.eof();
    }
    return file;
  }

  private static JoinedEvent decision(Kind kind, String id, int i, TimeStamp t, float pass, String context,
      Random random) {
    List<Long> actions = List.of(1L + random.nextInt(3), 4L, 5L);
    List<Float> probabilities = List.of(0.75f, 0.125f, 0.125f);
    return switch (kind) {
      case CB -> JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.CB).withPassProbability(pass),
          CbEvent.of(actions, probabilities, context)));
      case CCB, SLATES -> {
        List<SlotEvent> slots = new ArrayList<>();
        for (int s = 0; s < 1 + random.nextInt(3); s++) {
          slots.add(SlotEvent.of(kind == Kind.CCB && random.nextBoolean() ? "slot" + s : null, List.of((long) s,
              (long) s + 1), List.of(0.5f, 0.5f)));
        }
        PayloadType type = kind == Kind.CCB ? PayloadType.CCB : PayloadType.SLATES;
        yield JoinedEvent.of(t, new Event(Metadata.of(id, type).withPassProbability(pass),
            MultiSlotEvent.of(context, slots)));
      }
      case CA -> JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.CA).withPassProbability(pass),
          CaEvent.of(random.nextInt(1000) / 16f, random.nextInt(100) / 128f, context)));
      case MULTISTEP -> JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.MULTI_STEP),
          MultiStepEvent.of(Integer.toString(i + 1), i == 0 ? null : Integer.toString(i), actions, probabilities,
              context)));
    };
  }
}
