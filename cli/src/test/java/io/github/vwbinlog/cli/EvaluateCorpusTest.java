package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.core.conformance.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code evaluate --format json} on the corpus's CB logs against the VowpalWabbit/estimators package, to 1e-9
 * relative, and the logged policy against the average reward {@code stats} reports.
 *
 * <p>The reference values (test resource {@code evaluate/estimators-corpus.txt}) were printed by
 * {@code python3 tools/estimators_corpus_reference.py PATH/TO/estimators/src *.dsjson} (the package at its GitHub HEAD
 * of 2026-11-25, numpy 2.4, scipy 1.17) on the DSJSON {@code vw-binlog convert} wrote for each log; the script says how
 * it takes the inputs from DSJSON (docs/TESTING.md). Clopper-Pearson is left out where rewards lie outside [0, 1],
 * where the package's value depends on the order of the events.
 */
@DisplayName("vw-binlog evaluate on the corpus")
class EvaluateCorpusTest {

  /** The package's values, one per line: file, policy, estimator, value or interval, the number(s). */
  private static final List<String> REFERENCE = reference("/evaluate/estimators-corpus.txt");

  /** The lines of a test resource of reference values. */
  static List<String> reference(String resource) {
    try (InputStream in = EvaluateCorpusTest.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path log(String name) {
    return CliRun.FILES.resolve("valid_joined_logs").resolve(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"average_reward_100_interactions.fb", "cb_joined_with_pdrop_05.fb",
      "cb_deferred_actions_w_activations_and_apprentice_10.fb", "cb_apprentice_5.log"})
  void agreesWithTheEstimatorsPackage(String name) {
    CliRun run = CliRun.of("evaluate", "--format", "json", log(name).toString());
    assertThat(run.exit()).as(run.err()).isZero();
    Map<String, Map<String, Object>> byKey = new HashMap<>();
    for (String line : run.out().split("\n")) {
      Map<String, Object> o = Json.object(Json.parseDecimal(line));
      byKey.put(o.get("policy") + " " + o.get("estimator"), o);
    }
    int compared = 0;
    for (String line : REFERENCE) {
      String[] f = line.strip().split(" ");
      if (!f[0].equals(name)) {
        continue;
      }
      compare(byKey.get(f[1] + " " + f[2]), f, 3, line);
      compared++;
    }
    assertThat(compared).isGreaterThanOrEqualTo(15);
  }

  /**
   * Compares an estimate of {@code evaluate --format json} with one line of the package's values: {@code f[at]} is
   * {@code value} or {@code interval}, followed by the number or the two ends.
   */
  static void compare(Map<String, Object> estimate, String[] f, int at, String line) {
    assertThat(estimate).as(line).isNotNull();
    if (f[at].equals("value")) {
      check(estimate.get("value"), f[at + 1], line);
    } else {
      check(estimate.get("low"), f[at + 1], line);
      check(estimate.get("high"), f[at + 2], line);
    }
  }

  private static void check(Object actual, String expected, String line) {
    if (expected.equals("None") || expected.equals("nan") || expected.endsWith("inf")) {
      assertThat(actual).as(line).isNull(); // JSON has no infinity or NaN: null
      return;
    }
    assertThat(actual).as(line).isNotNull();
    double e = Double.parseDouble(expected);
    assertThat(((BigDecimal) actual).doubleValue()).as(line).isCloseTo(e, within(1e-9 * Math.max(Math.abs(e), 1e-300)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"average_reward_100_interactions.fb", "cb_joined_with_pdrop_05.fb", "cb_simple.log",
      "cb_dedup_compressed.log"})
  void theLoggedPolicyEarnsTheAverageRewardOfStats(String name) {
    Map<String, Object> stats = Json.object(Json.parseDecimal(CliRun.of("stats", "--json", log(name).toString()).out()));
    Map<String, Object> metrics = Json.object(stats.get("metrics"));
    double sumCost = ((BigDecimal) metrics.get("dsjson_sum_cost_original")).doubleValue();
    long learnable = ((BigDecimal) stats.get("learnable")).longValueExact();
    CliRun run = CliRun.of("evaluate", "--format", "json", "--policy", "logged", log(name).toString());
    for (String line : run.out().split("\n")) {
      Map<String, Object> o = Json.object(Json.parseDecimal(line));
      if (List.of("ips", "snips", "cressieread").contains(o.get("estimator"))) {
        // stats sums binary32 original costs as VW does: equal to its rounding (no apprentice mode in these logs).
        assertThat(((BigDecimal) o.get("value")).doubleValue()).as(line)
            .isCloseTo(-sumCost / learnable, within(1e-6 * Math.max(1, Math.abs(sumCost / learnable))));
      }
    }
  }
}
