package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vw-binlog evaluate}, run in-process: the formats, the options, predictions and their errors. */
@DisplayName("vw-binlog evaluate")
class EvaluateCommandTest {
  private static final Path AVERAGE = CliRun.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
  private static final Path DEFERRED =
      CliRun.FILES.resolve("valid_joined_logs/cb_deferred_actions_w_activations_and_apprentice_10.fb");

  @TempDir
  Path temp;

  private static List<Map<String, Object>> jsonLines(CliRun run) {
    return run.out().lines().map(l -> Json.object(Json.parseDecimal(l))).toList();
  }

  @Test
  void jsonHasOneObjectPerWindowPolicyAndEstimatorWithItsInputs() {
    CliRun run = CliRun.of("evaluate", "--format", "json", AVERAGE.toString());

    assertThat(run.exit()).isZero();
    List<Map<String, Object>> lines = jsonLines(run);
    // Per policy the five estimators and cs; the lift of every policy but the logged one.
    assertThat(lines).hasSize(3 * 6 + 2);
    assertThat(lines).extracting(o -> o.get("policy")).containsOnly("logged", "baseline1", "uniform");
    assertThat(lines).extracting(o -> o.get("estimator"))
        .containsOnly("ips", "snips", "cressieread", "gaussian", "clopper_pearson", "cs", "lift");
    assertThat(lines).filteredOn(o -> o.get("estimator").equals("lift"))
        .allSatisfy(o -> assertThat(o).containsEntry("baseline", "logged").containsKeys("value", "low", "high",
            "alpha", "events"));
    Map<String, Object> ips = lines.get(0);
    assertThat(ips).containsKeys("window_start", "window_end", "value", "low", "high", "alpha", "events", "inputs");
    assertThat(ips.get("window_start")).isNull();
    assertThat(((BigDecimal) ips.get("events")).longValue()).isEqualTo(100);
    // The inputs are enough to recompute the estimate.
    Map<String, Object> inputs = Json.object(ips.get("inputs"));
    double recomputed = ((BigDecimal) inputs.get("weighted_reward")).doubleValue()
        / ((BigDecimal) inputs.get("examples_count")).doubleValue();
    assertThat(((BigDecimal) ips.get("value")).doubleValue()).isEqualTo(recomputed);
  }

  @Test
  void tableCountsTheSkippedEvents() {
    CliRun run = CliRun.of("evaluate", DEFERRED.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("ranked over the whole period").contains("logged       ips ")
        .contains("skipped: not learnable 3").contains("effective sample size logged      7.0");
  }

  @Test
  void aDecisionWithPassProbabilityZeroIsSkippedWithItsReasonNotAHang() {
    // cb_joined_with_pdrop_1.fb: one decision with pdrop 1, whose weight 1 / (1 - pdrop) is infinite.
    CliRun run = CliRun.of("evaluate", CliRun.FILES.resolve("valid_joined_logs/cb_joined_with_pdrop_1.fb").toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("skipped: pass probability 0 (pdrop 1) 1");
  }

  @Test
  void threadsChangeNothingButTheSpeed() throws java.io.IOException {
    // Hundreds of checkpoints: the log is joined in hundreds of parts, each evaluated apart and merged in order.
    Path many = java.nio.file.Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(400));
    String[] common = {"evaluate", "--format", "json", "--window", "1m", many.toString(), AVERAGE.toString()};
    CliRun one = CliRun.of(concat(common, "--threads", "1"));
    assertThat(one.exit()).as(one.err()).isZero();
    assertThat(one.out().lines().count()).isGreaterThan(20);
    List<Map<String, Object>> expected = jsonLines(one);
    for (String threads : List.of("2", "3")) {
      CliRun run = CliRun.of(concat(common, "--threads", threads));
      assertThat(run.err()).isEqualTo(one.err());
      assertThat(run.exit()).isEqualTo(one.exit());
      List<Map<String, Object>> lines = jsonLines(run);
      assertThat(lines).hasSameSizeAs(expected);
      for (int i = 0; i < lines.size(); i++) {
        sameUpToRounding(lines.get(i), expected.get(i), "--threads " + threads + ", line " + (i + 1));
      }
      // Not only close: the same output, byte for byte (sums that round alike, cs in log order).
      assertThat(run.out()).isEqualTo(one.out());
    }
  }

  @Test
  void predictionsAreMatchedByPositionWhateverTheThreads() throws java.io.IOException {
    // Hundreds of parts: each part's predictions are looked up when it is merged, after the parts before it.
    Path many = java.nio.file.Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(400));
    // Too many predictions: the error says how many learnable events there are.
    Path plenty = Files.writeString(temp.resolve("plenty.pred"), "0:1,1:0,2:0\n".repeat(50_000),
        StandardCharsets.UTF_8);
    String err = CliRun.of("evaluate", "--predictions", "m=" + plenty, "--threads", "1", many.toString()).err();
    java.util.regex.Matcher count = java.util.regex.Pattern.compile("the logs have (\\d+) learnable").matcher(err);
    assertThat(count.find()).as(err).isTrue();
    int learnable = Integer.parseInt(count.group(1));
    assertThat(learnable).isGreaterThan(1000);
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < learnable; i++) {
      // Each line differs from its neighbours: a prediction matched to the wrong event changes the estimates.
      double p = (i % 7 + 1) / 10.0;
      lines.append("0:").append(p).append(",1:").append((1 - p) / 2).append(",2:").append((1 - p) / 2).append('\n');
    }
    Path predictions = Files.writeString(temp.resolve("m.pred"), lines.toString(), StandardCharsets.UTF_8);
    String[] common = {"evaluate", "--format", "json", "--window", "1m", "--predictions", "m=" + predictions,
        "--baseline", "m", many.toString()};
    CliRun one = CliRun.of(concat(common, "--threads", "1"));
    assertThat(one.exit()).as(one.err()).isZero();
    assertThat(one.out()).contains("\"policy\":\"m\"");
    for (String threads : List.of("2", "3")) {
      CliRun run = CliRun.of(concat(common, "--threads", threads));
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.out()).as("--threads " + threads).isEqualTo(one.out());
    }
    // A bad line is found in whichever part holds its event, and named with its event.
    Files.writeString(predictions, lines.toString().replaceFirst("(?s)^((?:[^\\n]*\\n){1000})[^\\n]*",
        "$1" + "0:0.9,1:0.9,2:0"), StandardCharsets.UTF_8);
    CliRun bad = CliRun.of(concat(common, "--threads", "2"));
    assertThat(bad.exit()).isEqualTo(1);
    assertThat(bad.err()).contains("m.pred line 1001: the probabilities sum to 1.8").contains("(event ");
  }

  /**
   * The same object, numbers within 1e-12 relative: parts' sums are added part by part, so the last digits of a value
   * may differ from one thread's.
   */
  @SuppressWarnings("unchecked")
  private static void sameUpToRounding(Object actual, Object expected, String what) {
    if (expected instanceof java.math.BigDecimal e) {
      assertThat(actual).as(what).isInstanceOf(java.math.BigDecimal.class);
      double a = ((java.math.BigDecimal) actual).doubleValue();
      assertThat(a).as(what).isCloseTo(e.doubleValue(), org.assertj.core.api.Assertions.within(
          1e-12 * Math.max(1e-300, Math.abs(e.doubleValue()))));
    } else if (expected instanceof Map<?, ?> e) {
      Map<String, Object> a = (Map<String, Object>) actual;
      assertThat(a.keySet()).as(what).isEqualTo(e.keySet());
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        sameUpToRounding(a.get(entry.getKey()), entry.getValue(), what + " " + entry.getKey());
      }
    } else {
      assertThat(actual).as(what).isEqualTo(expected);
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void csvHasAHeaderAndARowPerEstimate() {
    CliRun run = CliRun.of("evaluate", "--format", "csv", "--policy", "logged", AVERAGE.toString());

    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo("window_start,window_end,policy,estimator,slot,value,low,high,alpha,events,baseline");
    assertThat(lines).hasSize(1 + 6);
    assertThat(lines.get(1)).startsWith(",,logged,ips,,2.703").endsWith(",0.05,100,");
  }

  @Test
  void windowsSplitTheEventsByTime() {
    CliRun run = CliRun.of("evaluate", "--format", "json", "--window", "1s", "--policy", "logged", AVERAGE.toString());

    List<Map<String, Object>> lines = jsonLines(run);
    // The log's events span two seconds.
    // The whole period first (window_start null), then the windows.
    assertThat(lines).extracting(o -> o.get("window_start"))
        .containsOnly(null, "2021-05-18T13:26:38Z", "2021-05-18T13:26:39Z");
    assertThat(lines.get(0).get("window_start")).isNull();
    assertThat(lines).filteredOn(o -> o.get("estimator").equals("ips") && o.get("window_start") != null)
        .extracting(o -> ((BigDecimal) o.get("events")).longValue()).satisfies(n ->
            assertThat(n.stream().mapToLong(Long::longValue).sum()).isEqualTo(100));
    assertThat(EvaluateCommand.parseWindow("all")).isNull();
    assertThat(EvaluateCommand.parseWindow("1d")).isEqualTo(Duration.ofDays(1));
    assertThat(EvaluateCommand.parseWindow("15m")).isEqualTo(Duration.ofMinutes(15));
  }

  @Test
  void predictionsAreEvaluatedAndMustMatchTheLearnableEvents() throws IOException {
    // The deferred log has 7 learnable events of two actions: predict action index 0 with probability 1.
    Path predictions = temp.resolve("p.txt");
    Files.writeString(predictions, "0:1,1:0\n".repeat(7), StandardCharsets.UTF_8);
    CliRun run = CliRun.of("evaluate", "--format", "json", "--predictions", predictions.toString(),
        DEFERRED.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    List<Map<String, Object>> lines = jsonLines(run);
    // Action index 0 is action 1: the same policy as baseline1.
    Object predicted = lines.stream().filter(o -> o.get("policy").equals("predictions")
        && o.get("estimator").equals("ips")).findFirst().orElseThrow().get("value");
    Object baseline = lines.stream().filter(o -> o.get("policy").equals("baseline1")
        && o.get("estimator").equals("ips")).findFirst().orElseThrow().get("value");
    assertThat(predicted).isEqualTo(baseline);

    Files.writeString(predictions, "0:1,1:0\n".repeat(6), StandardCharsets.UTF_8);
    CliRun tooFew = CliRun.of("evaluate", "--predictions", predictions.toString(), DEFERRED.toString());
    assertThat(tooFew.exit()).isEqualTo(1);
    assertThat(tooFew.err()).contains("has 6 predictions but the logs have more learnable events");

    Files.writeString(predictions, "0:1,1:0\n".repeat(8), StandardCharsets.UTF_8);
    CliRun tooMany = CliRun.of("evaluate", "--predictions", predictions.toString(), DEFERRED.toString());
    assertThat(tooMany.exit()).isEqualTo(1);
    assertThat(tooMany.err()).contains("has 8 predictions but the logs have 7 learnable events");

    Files.writeString(predictions, "0:1,1:0\nnonsense\n", StandardCharsets.UTF_8);
    CliRun bad = CliRun.of("evaluate", "--predictions", predictions.toString(), DEFERRED.toString());
    assertThat(bad.exit()).isEqualTo(3);
    assertThat(bad.err()).contains("line 2: not a list of action:probability pairs: nonsense");

    // A prediction that cannot be one: the file, its line and the event are named, exit 1.
    Files.writeString(predictions, "0:1,1:0\n\n0:0.7,1:0.7\n" + "0:1,1:0\n".repeat(5), StandardCharsets.UTF_8);
    CliRun sum = CliRun.of("evaluate", "--predictions", "m1=" + predictions, DEFERRED.toString());
    assertThat(sum.exit()).isEqualTo(1);
    assertThat(sum.err()).contains(predictions + " line 3: the probabilities sum to 1.4").contains("(event ");
  }

  @Test
  void severalPredictionsFilesAreRankedWithTheirLifts() throws IOException {
    Path one = Files.writeString(temp.resolve("a.txt"), "0:1,1:0\n".repeat(7), StandardCharsets.UTF_8);
    Path two = Files.writeString(temp.resolve("b.txt"), "0:0,1:1\n".repeat(7), StandardCharsets.UTF_8);
    Path three = Files.writeString(temp.resolve("c.txt"), "0:0.5,1:0.5\n".repeat(7), StandardCharsets.UTF_8);
    CliRun run = CliRun.of("evaluate", "--format", "json", "--predictions", "first=" + one, "--predictions",
        "second=" + two, "--predictions", "half=" + three, "--baseline", "half", DEFERRED.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    List<Map<String, Object>> lines = jsonLines(run);
    assertThat(lines).filteredOn(o -> o.get("estimator").equals("lift") && o.get("baseline").equals("logged"))
        .extracting(o -> o.get("policy")).containsExactly("baseline1", "uniform", "first", "second", "half");
    assertThat(lines).filteredOn(o -> o.get("estimator").equals("lift") && o.get("baseline").equals("half"))
        .hasSize(5);
    CliRun table = CliRun.of("evaluate", "--predictions", "first=" + one, "--predictions", "second=" + two,
        "--predictions", "half=" + three, DEFERRED.toString());
    assertThat(table.out()).contains(" first ").contains(" second ").contains(" half ");
  }

  @Test
  void badOptionsAreUsageErrors() {
    // One line and a pointer to --help, exit 2.
    for (String[] args : new String[][] {{"--window", "0"}, {"--window", "1x"}, {"--alpha", "1.5"},
        {"--reward-range=-inf:inf"}, {"--reward-range", "1:0"}, {"--policy", "best"}, {"--policy", "predictions"},
        {"--baseline", "nobody"}}) {
      CliRun run = CliRun.of(concat(concat(new String[] {"evaluate"}, args), AVERAGE.toString()));
      assertThat(run.exit()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.err().lines().toList()).as(String.join(" ", args)).hasSize(2);
      assertThat(run.err()).startsWith("Invalid value for option '").contains("Try 'vw-binlog evaluate --help'");
    }
    assertThat(CliRun.of("evaluate", "--window", "0", AVERAGE.toString()).err()).contains("'0' must be all or a");
  }

  @Test
  void nothingToEvaluateSaysWhyAndExits1() throws IOException {
    Path empty = Files.write(temp.resolve("empty.log"), new byte[0]);
    CliRun run = CliRun.of("evaluate", empty.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("nothing to evaluate: the logs hold no joined event");
    assertThat(run.out()).isEmpty();

    CliRun ca = CliRun.of("evaluate", CliRun.FILES.resolve("valid_joined_logs/ca_loop_simple.fb").toString());
    assertThat(ca.exit()).isEqualTo(1);
    assertThat(ca.err()).contains("nothing to evaluate: 3 joined events").contains("3 not evaluated: CA");

    Path multistep = CliRun.FILES.resolve("valid_joined_logs/multistep_2_episodes.fb");
    CliRun withoutFlag = CliRun.of("evaluate", multistep.toString());
    assertThat(withoutFlag.exit()).isEqualTo(1);
    // The join's notices as convert lists them, then why.
    assertThat(withoutFlag.err()).contains("NOTICE  PROBLEM_TYPE_MISMATCH")
        .contains("a multistep log needs --multistep");
    CliRun withFlag = CliRun.of("evaluate", "--multistep", multistep.toString());
    assertThat(withFlag.exit()).isEqualTo(1);
    assertThat(withFlag.err()).contains("not evaluated: MULTI_STEP");
  }

  @Test
  void htmlIntoAMissingDirectoryFailsBeforeEvaluating() {
    CliRun run = CliRun.of("evaluate", "--html", temp.resolve("no/such/dir/r.html").toString(),
        AVERAGE.toString());
    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).contains("does not exist");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aRewardOutsideTheGivenRangeIsAnError() {
    CliRun run = CliRun.of("evaluate", "--reward-range", "0:1", AVERAGE.toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("outside the reward range 0.0:1.0");
  }

  @Test
  void htmlReportIsSelfContained() throws IOException {
    Path html = temp.resolve("report.html");
    CliRun run = CliRun.of("evaluate", "--window", "1s", "--html", html.toString(), DEFERRED.toString(),
        AVERAGE.toString());
    assertThat(run.exit()).isZero();
    String page = Files.readString(html, StandardCharsets.UTF_8);
    assertThat(page).startsWith("<!DOCTYPE html>").contains("<table id=\"summary\">")
        .contains("<div class=\"chart\" id=\"reward-chart\">").contains("id=\"forest-chart\"")
        .contains("id=\"cumulative-chart\"").contains("id=\"ess-chart\"").contains("uPlot")
        .contains("<td class=\"l\">not learnable</td><td>3</td>")
        .doesNotContain("<link", "src=\"http", "href=\"http");
    // One window: no charts over time, which would be a single point, but a word on how to get them.
    Path one = temp.resolve("one.html");
    assertThat(CliRun.of("evaluate", "--html", one.toString(), AVERAGE.toString()).exit()).isZero();
    assertThat(Files.readString(one, StandardCharsets.UTF_8)).contains("id=\"one-window\"")
        .contains("id=\"forest-chart\"").doesNotContain("id=\"reward-chart\"");
  }
}
