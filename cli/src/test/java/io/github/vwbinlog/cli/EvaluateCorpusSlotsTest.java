package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Json;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code evaluate --format json} on the corpus's CCB and slates logs against the VowpalWabbit/estimators package's
 * first-slot, multi-slot (per slot and overall) and pseudo-inverse estimators, to 1e-9 relative. Clopper-Pearson is
 * left out where the first slots' rewards lie outside [0, 1], where the package's value depends on the order of the
 * events.
 *
 * <p>The reference values (test resource {@code evaluate/estimators-corpus-slots.txt}) were printed by
 * {@code python3 tools/estimators_corpus_reference.py PATH/TO/estimators/src *.dsjson}
 * (the package at its GitHub HEAD of 2026-11-25, numpy 2.4, scipy 1.17) on the DSJSON {@code vw-binlog convert} wrote
 * for each log; the script says how it takes the inputs, the slot keys included, from DSJSON (docs/TESTING.md).
 */
@DisplayName("vw-binlog evaluate on the corpus's CCB and slates logs")
class EvaluateCorpusSlotsTest {

  /** The package's values, one per line: file, policy, estimator, slot, value or interval, the number(s). */
  private static final List<String> REFERENCE = EvaluateCorpusTest.reference("/evaluate/estimators-corpus-slots.txt");

  private static Path log(String name) {
    return CliRun.FILES.resolve("valid_joined_logs").resolve(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ccb_simple.log", "ccb_w_slot_id.log", "ccb_sum_reward_100_interactions.fb",
      "ccb_apprentice_5.log", "ccb_deferred_actions_w_activations_and_apprentice_20.fb",
      "slates_average_reward_100_interactions.fb"})
  void agreesWithTheEstimatorsPackage(String name) {
    CliRun run = CliRun.of("evaluate", "--format", "json", "--threads", "1", log(name).toString());
    assertThat(run.exit()).as(run.err()).isZero();
    Map<String, Map<String, Object>> byKey = new HashMap<>();
    for (String line : run.out().split("\n")) {
      Map<String, Object> o = Json.object(Json.parseDecimal(line));
      Object slot = o.get("slot");
      byKey.put(o.get("policy") + " " + o.get("estimator") + " " + (slot == null ? "-" : slot), o);
    }
    int compared = 0;
    for (String line : REFERENCE) {
      String[] f = line.strip().split(" ");
      if (!f[0].equals(name)) {
        continue;
      }
      EvaluateCorpusTest.compare(byKey.get(f[1] + " " + f[2] + " " + f[3]), f, 4, line);
      compared++;
    }
    assertThat(compared).isGreaterThanOrEqualTo(6);
  }
}
