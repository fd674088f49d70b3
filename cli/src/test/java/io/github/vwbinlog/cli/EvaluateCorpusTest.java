package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.core.conformance.Json;
import java.math.BigDecimal;
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
 * <p>REFERENCE was printed by {@code python3 tools/estimators_corpus_reference.py PATH/TO/estimators/src *.dsjson}
 * (the package at its GitHub HEAD of 2026-11-25, numpy 2.4, scipy 1.17) on the DSJSON {@code vw-binlog convert} wrote
 * for each log; the script says how it takes the inputs from DSJSON (docs/TESTING.md). Clopper-Pearson is left out
 * where rewards lie outside [0, 1], where the package's value depends on the order of the events.
 */
@DisplayName("vw-binlog evaluate on the corpus")
class EvaluateCorpusTest {

  private static final String REFERENCE = """
      average_reward_100_interactions.fb logged ips value 2.703000001907349
      average_reward_100_interactions.fb logged snips value 2.703000001907349
      average_reward_100_interactions.fb logged cressieread value 2.703000001907349
      average_reward_100_interactions.fb logged gaussian interval 2.496500085245933 2.9094999185687644
      average_reward_100_interactions.fb logged cressieread interval 2.497077670563786 2.9089223332509118
      average_reward_100_interactions.fb baseline1 ips value 2.384333336353302
      average_reward_100_interactions.fb baseline1 snips value 2.7094697004014794
      average_reward_100_interactions.fb baseline1 cressieread value 2.7086933365821837
      average_reward_100_interactions.fb baseline1 gaussian interval 1.791860244299675 2.976806428406929
      average_reward_100_interactions.fb baseline1 cressieread interval 1.7935174060299344 3.5033725256641373
      average_reward_100_interactions.fb uniform ips value 2.703000001907349
      average_reward_100_interactions.fb uniform snips value 2.703000001907349
      average_reward_100_interactions.fb uniform cressieread value 2.703000001907349
      average_reward_100_interactions.fb uniform gaussian interval 2.496500085245933 2.9094999185687644
      average_reward_100_interactions.fb uniform cressieread interval 2.497077670563786 2.9089223332509118
      cb_joined_with_pdrop_05.fb logged ips value 1.0
      cb_joined_with_pdrop_05.fb logged snips value 1.0
      cb_joined_with_pdrop_05.fb logged cressieread value 1.0
      cb_joined_with_pdrop_05.fb logged gaussian interval -0.959963984540054 2.959963984540054
      cb_joined_with_pdrop_05.fb logged cressieread interval 0.0 1.0
      cb_joined_with_pdrop_05.fb logged clopper_pearson interval 0.025 1.0
      cb_joined_with_pdrop_05.fb baseline1 ips value 0.0
      cb_joined_with_pdrop_05.fb baseline1 snips value None
      cb_joined_with_pdrop_05.fb baseline1 cressieread value 1.0
      cb_joined_with_pdrop_05.fb baseline1 gaussian interval 0.0 0.0
      cb_joined_with_pdrop_05.fb baseline1 cressieread interval 0.0 1.0
      cb_joined_with_pdrop_05.fb baseline1 clopper_pearson interval -inf inf
      cb_joined_with_pdrop_05.fb uniform ips value 1.0
      cb_joined_with_pdrop_05.fb uniform snips value 1.0
      cb_joined_with_pdrop_05.fb uniform cressieread value 1.0
      cb_joined_with_pdrop_05.fb uniform gaussian interval -0.959963984540054 2.959963984540054
      cb_joined_with_pdrop_05.fb uniform cressieread interval 0.0 1.0
      cb_joined_with_pdrop_05.fb uniform clopper_pearson interval 0.025 1.0
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged ips value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged snips value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged cressieread value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged gaussian interval 0.032598907328663496 0.8245439498141935
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged cressieread interval 0.041568942033848644 0.8155739151090085
      cb_deferred_actions_w_activations_and_apprentice_10.fb logged clopper_pearson interval 0.09898827844250786 0.8159484323599169
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 ips value 0.8571428571428571
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 snips value 1.0
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 cressieread value 0.9183673469387755
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 gaussian interval 0.06519781465732699 1.649087899628387
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 cressieread interval 0.08313788406769729 1.0
      cb_deferred_actions_w_activations_and_apprentice_10.fb baseline1 clopper_pearson interval 0.23259063401626753 0.9998693536230558
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform ips value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform snips value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform cressieread value 0.42857142857142855
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform gaussian interval 0.032598907328663496 0.8245439498141935
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform cressieread interval 0.041568942033848644 0.8155739151090085
      cb_deferred_actions_w_activations_and_apprentice_10.fb uniform clopper_pearson interval 0.09898827844250786 0.8159484323599169
      cb_apprentice_5.log logged ips value 0.8
      cb_apprentice_5.log logged snips value 0.8
      cb_apprentice_5.log logged cressieread value 0.8000000000000002
      cb_apprentice_5.log logged gaussian interval 0.4080072030919893 1.1919927969080109
      cb_apprentice_5.log logged cressieread interval 0.4168002849194004 1.0
      cb_apprentice_5.log logged clopper_pearson interval 0.2835820638819105 0.9949492366205319
      cb_apprentice_5.log baseline1 ips value 0.8888888535676193
      cb_apprentice_5.log baseline1 snips value 1.0
      cb_apprentice_5.log baseline1 cressieread value 0.9777777707135239
      cb_apprentice_5.log baseline1 gaussian interval 0.45334131875471134 1.3244363883805272
      cb_apprentice_5.log baseline1 cressieread interval 0.4631114092858289 1.0
      cb_apprentice_5.log baseline1 clopper_pearson interval 0.3299256351208853 0.9998967715091862
      cb_apprentice_5.log uniform ips value 0.44444442678380963
      cb_apprentice_5.log uniform snips value 0.3076923024019548
      cb_apprentice_5.log uniform cressieread value 0.3870967568833363
      cb_apprentice_5.log uniform gaussian interval 0.22667065937735567 0.6622181941902636
      cb_apprentice_5.log uniform cressieread interval 0.1550887483052814 1.0
      cb_apprentice_5.log uniform clopper_pearson interval 0.00014526527628125127 0.9991492227874161
      """;

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
    for (String line : REFERENCE.strip().split("\n")) {
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
