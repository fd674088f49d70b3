package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Json;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code vw-binlog stats FILE... [--json]}, run in-process: the report and its JSON form (valid JSON whatever the
 * metrics, joined events in PayloadType order), agreement with convert, and counts for one input and summed over
 * several.
 */
@DisplayName("vw-binlog stats")
class StatsCommandTest {
  private static final Path CB =
      CliRun.FILES.resolve("valid_joined_logs/cb_deferred_actions_w_activations_and_apprentice_10.fb");
  private static final Path AVERAGE = CliRun.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
  private static final Path UNKNOWN = CliRun.FILES.resolve("invalid_joined_logs/one_invalid_msg_type.log");
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final Pattern CONVERT_SUMMARY = Pattern.compile("vw-binlog: (\\d+) joined events written \\((\\d+) "
      + "learnable\\), (\\d+) of (\\d+) interactions skipped, (\\d+) errors, (\\d+) notices\n");

  @TempDir
  Path temp;

  private static JoinSummary summary(Path log) throws IOException {
    return DsjsonConverter.of(JoinOptions.defaults().withReadOptions(
            ReadOptions.defaults().withListener(DiagnosticListener.ignoring())))
        .convert(log, OutputStream.nullOutputStream());
  }

  private static String json(JoinSummary s, int inputs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SummaryPrinter.json(s, inputs, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Path corpus(String relative) {
    return ConvertCommandTest.corpus(relative);
  }

  private static CliRun stats(Object... args) {
    List<String> all = new ArrayList<>(List.of("stats"));
    for (Object a : args) {
      all.add(a.toString());
    }
    return CliRun.of(all.toArray(String[]::new));
  }

  private static Map<String, Object> json(CliRun run) {
    assertThat(run.out()).endsWith("\n");
    return Json.object(Json.parseDecimal(run.out()));
  }

  private static long number(Map<String, Object> o, String key) {
    return ((BigDecimal) o.get(key)).longValueExact();
  }

  private Path log(String name, Consumer<BinaryLogWriter> body) {
    return SyntheticLogs.write(temp.resolve(name), body);
  }

  private static JoinedEvent event(String id, PayloadType type, EventPayload payload) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, type), payload));
  }

  @Test
  void oneFileAsTheLibraryCountsIt() throws IOException {
    CliRun run = CliRun.of("stats", "--json", UNKNOWN.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo(json(summary(UNKNOWN), 1)).startsWith("{\"inputs\":1,\"messages\":{")
        .contains("\"diagnostics\":{\"UNKNOWN_MESSAGE_TYPE\":1}");
  }

  @Test
  void messagesOfUnknownTypeAreCountedAsInspectListsThem() throws IOException {
    Path log = log("unknown.log", w -> {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB));
      for (int i = 0; i < 75; i++) {
        w.message(0x1AAAAAAA + i % 3, java.nio.ByteBuffer.wrap(new byte[i % 11]));
      }
      w.regular(List.of(event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")))).eof();
    });
    assertThat(CliRun.of("inspect", log.toString()).out().lines().filter(l -> l.contains("UNKNOWN(0x"))).hasSize(75);
    assertThat(CliRun.of("stats", log.toString()).out()).contains("  UNKNOWN      75\n")
        .contains("UNKNOWN_MESSAGE_TYPE         75");
    assertThat(number(Json.object(json(stats("--json", log)).get("messages")), "UNKNOWN")).isEqualTo(75);
    assertThat(summary(log).messages()).containsEntry(io.github.vwbinlog.MessageType.UNKNOWN, 75L);
    try (io.github.vwbinlog.join.Joiner joiner = io.github.vwbinlog.join.Joiner.open(log, JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring())))) {
      joiner.forEach(r -> { });
      assertThat(joiner.summary().messages()).containsEntry(io.github.vwbinlog.MessageType.UNKNOWN, 75L);
    }
  }

  @Test
  void severalFilesAreSummed() throws IOException {
    CliRun run = CliRun.of("stats", "--json", AVERAGE.toString(), CB.toString(), UNKNOWN.toString());

    JoinSummary expected = Summaries.sum(List.of(summary(AVERAGE), summary(CB), summary(UNKNOWN)));
    assertThat(run.out()).isEqualTo(json(expected, 3));
    assertThat(expected.emittedTotal()).isEqualTo(111);
    assertThat(run.out()).contains("\"joined_events_total\":111");
    // the first learnable event of the first file, the last of the last file
    assertThat(expected.metrics().firstEventId()).isEqualTo(summary(AVERAGE).metrics().firstEventId());
    assertThat(expected.metrics().lastEventId()).isEqualTo(summary(UNKNOWN).metrics().firstEventId());
  }

  @Test
  void textNamesTheNumberOfInputs() {
    CliRun one = CliRun.of("stats", CB.toString());
    assertThat(one.out()).startsWith("messages:\n");

    CliRun two = CliRun.of("stats", CB.toString(), CB.toString());
    assertThat(two.out()).startsWith("inputs: 2\nmessages:\n").contains("  CB           20\n");
  }

  @Test
  void standardInput() throws IOException {
    CliRun run = CliRun.withInput(CorpusLogs.bytes(CB), "stats", "--json", "-");

    assertThat(run.out()).isEqualTo(json(summary(CB), 1));
  }

  @Test
  void missingInput() {
    CliRun run = CliRun.of("stats", CB.toString(), "no-such.log");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("vw-binlog stats: cannot open no-such.log: no such file\n");
  }

  @Test
  void theFirstErrorIsSaidInWordsOnStandardError() {
    Path corrupt = corpus("invalid_joined_logs/corrupt_joined_payload.log");
    String first = "ERROR MALFORMED_PAYLOAD at offset 160: verification failed, skipping JoinedPayload: table "
        + "JoinedEvent at 496 (JoinedPayload.events[1]) extends beyond the buffer (size 496)\n";

    CliRun one = stats(corrupt);
    assertThat(one.exit()).isEqualTo(1);
    assertThat(one.out()).startsWith("messages:\n");
    assertThat(one.err()).isEqualTo("vw-binlog stats: first error: " + first);

    // After several inputs, the input it came from is named.
    CliRun several = stats(CB, corrupt, corrupt);
    assertThat(several.exit()).isEqualTo(1);
    assertThat(several.err()).isEqualTo("vw-binlog stats: first error: " + corrupt + ": " + first);

    CliRun valid = stats(CB);
    assertThat(valid.err()).isEmpty();
  }

  // ------------------------------------------------------------------ the report, and convert agreement

  @Test
  void textReportOfCbSimple() {
    CliRun run = stats(corpus("valid_joined_logs/cb_simple.log"));
    assertThat(run.exit()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).isEqualTo("""
        messages:
          FILEMAGIC    1
          HEADER       1
          CHECKPOINT   1
          REGULAR      1
          EOF          1
          UNKNOWN      0
        joined events:
          CB           1
          total        1
          learnable    1
        interactions: 1 seen, 0 skipped
        REGULAR messages skipped whole: 0
        diagnostics:
        metrics:
          number_skipped_events 0
          dsjson_sum_cost_original -1.5
          first_event_id 91f71c8
          first_event_time 2021-04-13T15:08:46.000000Z
          last_event_id\s
          last_event_time\s
          number_events_zero_actions 0
          dsjson_sum_cost_original_baseline -1.5
          dsjson_sum_cost_original_first_slot 0.0
          dsjson_number_label_equal_baseline_first_slot 0
          dsjson_sum_cost_original_label_equal_baseline_first_slot 0.0
          dsjson_number_label_not_equal_baseline_first_slot 0
        """);
  }

  @Test
  void jsonReportOfCbSimple() {
    CliRun run = stats("--json", corpus("valid_joined_logs/cb_simple.log"));
    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("{\"inputs\":1,\"messages\":{\"FILEMAGIC\":1,\"HEADER\":1,\"CHECKPOINT\":1,\"REGULAR\":1,"
        + "\"EOF\":1,\"UNKNOWN\":0},\"joined_events\":{\"CB\":1},\"joined_events_total\":1,\"learnable\":1,"
        + "\"interactions_seen\":1,\"interactions_skipped\":0,\"skipped_messages\":0,\"errors\":0,\"notices\":0,"
        + "\"diagnostics\":{},\"metrics\":{\"number_skipped_events\":0,\"dsjson_sum_cost_original\":-1.5,"
        + "\"first_event_id\":\"91f71c8\",\"first_event_time\":\"2021-04-13T15:08:46.000000Z\",\"last_event_id\":\"\","
        + "\"last_event_time\":\"\",\"number_events_zero_actions\":0,\"dsjson_sum_cost_original_baseline\":-1.5,"
        + "\"dsjson_sum_cost_original_first_slot\":0.0,\"dsjson_number_label_equal_baseline_first_slot\":0,"
        + "\"dsjson_sum_cost_original_label_equal_baseline_first_slot\":0.0,"
        + "\"dsjson_number_label_not_equal_baseline_first_slot\":0}}\n");
    Map<String, Object> report = json(run);
    assertThat(Json.object(report.get("metrics")).get("first_event_id")).isEqualTo("91f71c8");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"valid_joined_logs/cb_simple.log", "valid_joined_logs/rcrrmr.fb",
      "valid_joined_logs/ccb_sum_reward_100_interactions.fb", "valid_joined_logs/ca_mixed_deferred_action_events_20.log",
      "valid_joined_logs/slates_deferred_actions_w_activations_10.fb", "valid_joined_logs/ccb_w_various_outcomes.log",
      "invalid_joined_logs/corrupt_joined_payload.log", "invalid_joined_logs/bad_event_in_joined_event.log",
      "invalid_joined_logs/incomplete_checkpoint_info.log", "invalid_joined_logs/bad_version.log",
      "invalid_joined_logs/one_invalid_msg_type.log"})
  void countsMatchWhatConvertWritesAndSkips(String file) {
    CliRun stats = stats("--json", corpus(file));
    ConvertCommandTest.Run convert = ConvertCommandTest.convert(corpus(file));
    Map<String, Object> report = json(stats);
    Matcher m = CONVERT_SUMMARY.matcher(convert.err());
    assertThat(m.lookingAt()).as(convert.err()).isTrue();
    long lines = convert.out().isEmpty() ? 0 : convert.out().split("\n").length;
    assertThat(number(report, "joined_events_total")).isEqualTo(lines).isEqualTo(Long.parseLong(m.group(1)));
    assertThat(number(report, "learnable")).isEqualTo(Long.parseLong(m.group(2)));
    assertThat(number(report, "interactions_skipped")).isEqualTo(Long.parseLong(m.group(3)));
    assertThat(number(report, "interactions_seen")).isEqualTo(Long.parseLong(m.group(4)))
        .isEqualTo(number(report, "joined_events_total") + number(report, "interactions_skipped"));
    assertThat(number(report, "errors")).isEqualTo(Long.parseLong(m.group(5)));
    assertThat(number(report, "notices")).isEqualTo(Long.parseLong(m.group(6)));
    long byType = Json.object(report.get("joined_events")).values().stream()
        .mapToLong(v -> ((BigDecimal) v).longValueExact()).sum();
    assertThat(byType).isEqualTo(lines);
    long diagnostics = Json.object(report.get("diagnostics")).values().stream()
        .mapToLong(v -> ((BigDecimal) v).longValueExact()).sum();
    assertThat(diagnostics).isEqualTo(number(report, "errors") + number(report, "notices"));
    assertThat(stats.exit()).isEqualTo(convert.exit());
  }

  @Test
  void exit1ForAnErrorAndTheReportIsStillPrinted() {
    CliRun run = stats(corpus("invalid_joined_logs/corrupt_joined_payload.log"));
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).contains("  ERROR   MALFORMED_PAYLOAD            1\n")
        .contains("REGULAR messages skipped whole: 1\n");
    CliRun strict = stats("--strict", corpus("invalid_joined_logs/corrupt_joined_payload.log"));
    assertThat(strict.exit()).isEqualTo(1);
    assertThat(strict.out()).isEmpty();
    assertThat(strict.err()).contains("strict mode");
  }

  @Test
  void exit2And3() {
    assertThat(stats("--bogus", corpus("valid_joined_logs/cb_simple.log")).exit()).isEqualTo(2);
    assertThat(stats("--reward-function", "x", corpus("valid_joined_logs/cb_simple.log")).exit()).isEqualTo(2);
    assertThat(stats().exit()).isEqualTo(2);
    CliRun missing = stats(temp.resolve("missing.log"));
    assertThat(missing.exit()).isEqualTo(3);
    assertThat(missing.err()).contains("cannot open");
    assertThat(missing.out()).isEmpty();
  }

  @Test
  void overridesApplyAsInConvert() {
    Map<String, Object> report = json(stats("--json", "--problem-type", "cb", corpus("valid_joined_logs/rrcr.fb")));
    assertThat(number(report, "joined_events_total")).isEqualTo(3);
    assertThat(Json.object(report.get("diagnostics"))).isEmpty();
  }

  @Test
  void jsonListsJoinedEventsInPayloadTypeOrder() {
    Path log = log("two-types.log", w -> w
        .checkpoint(CheckpointInfo.of(ProblemType.CA))
        .regular(List.of(event("ca", PayloadType.CA, CaEvent.of(1f, 0.5f, "{}"))))
        .checkpoint(CheckpointInfo.of(ProblemType.CB))
        .regular(List.of(event("cb", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")))));
    CliRun run = stats("--json", log);
    assertThat(run.out()).contains("\"joined_events\":{\"CB\":1,\"CA\":1},");
    assertThat(stats(log).out()).contains("joined events:\n  CB           1\n  CA           1\n");
  }

  @Test
  void jsonListsEveryPayloadTypeInDeclarationOrderWhateverTheMapOrder() {
    // JoinSummary copies its maps with Map.copyOf, whose iteration order is unspecified (it changes between runs).
    Map<PayloadType, Long> emitted = new java.util.EnumMap<>(PayloadType.class);
    emitted.put(PayloadType.CB, 1L);
    emitted.put(PayloadType.CCB, 2L);
    emitted.put(PayloadType.SLATES, 3L);
    emitted.put(PayloadType.CA, 4L);
    emitted.put(PayloadType.MULTI_STEP, 5L);
    io.github.vwbinlog.join.JoinSummary summary = new io.github.vwbinlog.join.JoinSummary(Map.of(), emitted, 15, 15, 0,
        0, Map.of(), io.github.vwbinlog.join.JoinMetrics.EMPTY);
    String text = json(summary, 1);
    assertThat(text).contains("\"joined_events\":{\"CB\":1,\"CCB\":2,\"SLATES\":3,\"CA\":4,"
        + "\"MULTI_STEP\":5},");
    assertThat(Json.parseDecimal(text)).isNotNull();
  }

  @Test
  void jsonStaysValidWhenAMetricIsNotFinite() {
    // Two finite rewards whose binary32 sum overflows: the metric is -Infinity, which JSON cannot hold.
    Path log = log("overflow.log", w -> w.checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(List.of(
        event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")),
        event("a", PayloadType.OUTCOME, OutcomeEvent.numeric(3e38f)),
        event("b", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")),
        event("b", PayloadType.OUTCOME, OutcomeEvent.numeric(3e38f)))));
    CliRun run = stats("--json", log);
    assertThat(run.exit()).isZero();
    Map<String, Object> metrics = Json.object(json(run).get("metrics"));
    assertThat(metrics).containsEntry("dsjson_sum_cost_original", null);
    assertThat(metrics).containsEntry("dsjson_sum_cost_original_baseline", null);
    assertThat(stats(log).out()).contains("  dsjson_sum_cost_original -Infinity\n");

    // The same when only the sum over several inputs overflows (Summaries adds the metrics in binary32).
    Path one = log("one.log", w -> w.checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(List.of(
        event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")),
        event("a", PayloadType.OUTCOME, OutcomeEvent.numeric(3e38f)))));
    assertThat(Json.object(json(stats("--json", one)).get("metrics")).get("dsjson_sum_cost_original"))
        .isNotNull();
    CliRun twice = stats("--json", one, one);
    assertThat(twice.exit()).isZero();
    Map<String, Object> summed = Json.object(json(twice).get("metrics"));
    assertThat(summed).containsEntry("dsjson_sum_cost_original", null);
    assertThat(summed).containsEntry("dsjson_sum_cost_original_baseline", null);
  }
}
