package io.github.vwbinlog.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.join.JoinResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The accumulator: inputs taken from joined events, skips, windows, merging and the edge cases of each estimator. */
class PolicyEvaluationTest {

  private static final List<Policy> ALL = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());

  /** A CB decision choosing {@code chosen} among {@code actions} actions with probability p. */
  static JoinResult cb(String id, int hour, long chosen, int actions, float p, float reward, float pass,
      boolean learnable) {
    List<Long> ids = new java.util.ArrayList<>();
    List<Float> probabilities = new java.util.ArrayList<>();
    ids.add(chosen);
    probabilities.add(p);
    for (long a = 1; a <= actions; a++) {
      if (a != chosen) {
        ids.add(a);
        probabilities.add((1 - p) / (actions - 1));
      }
    }
    return result(id, hour, PayloadType.CB, CbEvent.of(ids, probabilities, "{}"), reward, pass, learnable);
  }

  private static JoinResult result(String id, int hour, PayloadType type, EventPayload payload, float reward,
      float pass, boolean learnable) {
    TimeStamp t = TimeStamp.of(2024, 1, 1, hour, 30, 0);
    Event event = new Event(Metadata.of(id, type).withPassProbability(pass), payload);
    return new JoinResult(JoinedEvent.of(t, event), t, List.of(), List.of(), List.of(reward), List.of(reward),
        learnable);
  }

  private static Estimate find(PolicyEvaluation e, String policy, Estimator estimator) {
    return e.estimates().stream().filter(x -> x.policy().equals(policy) && x.estimator() == estimator)
        .findFirst().orElseThrow();
  }

  @Test
  void noEventsGiveNoEstimates() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), ALL);
    assertThat(e.estimates()).isEmpty();
    assertThat(e.evaluated()).isZero();
    // An empty window (only skipped events) has undefined estimates, and infinite intervals with bounds from the data.
    e.add(cb("a", 0, 1, 2, 0.5f, 1, 1, false));
    assertThat(find(e, "logged", Estimator.IPS).value()).isNull();
    assertThat(find(e, "logged", Estimator.SNIPS).value()).isNull();
    assertThat(find(e, "logged", Estimator.CRESSIE_READ).value()).isNull();
    assertThat(find(e, "logged", Estimator.CRESSIE_READ).low()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(find(e, "logged", Estimator.GAUSSIAN).high()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(find(e, "logged", Estimator.CLOPPER_PEARSON).low()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(e.skipped()).containsExactly(Map.entry(PolicyEvaluation.NOT_LEARNABLE, 1L));
    // With a known range the intervals are the range.
    PolicyEvaluation known = PolicyEvaluation.of(EvaluationOptions.defaults().withRewardRange(0, 1), ALL);
    known.add(cb("a", 0, 1, 2, 0.5f, 1, 1, false));
    assertThat(find(known, "logged", Estimator.CLOPPER_PEARSON).low()).isEqualTo(0.0);
    assertThat(find(known, "logged", Estimator.CRESSIE_READ).high()).isEqualTo(1.0);
  }

  @Test
  void allWeightsZero() {
    // baseline1 never agrees with a log that always chose action 2.
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), ALL);
    e.add(cb("a", 0, 2, 3, 0.5f, 1, 1, true));
    e.add(cb("b", 0, 2, 3, 0.25f, 0, 1, true));
    assertThat(find(e, "baseline1", Estimator.IPS).value()).isEqualTo(0.0);
    assertThat(find(e, "baseline1", Estimator.SNIPS).value()).isNull();
    assertThat(find(e, "baseline1", Estimator.CLOPPER_PEARSON).low()).isEqualTo(Double.NEGATIVE_INFINITY);
    // Cressie-Read fills the missing mass with the mean reward: (1 + 0) / 2.
    assertThat(find(e, "baseline1", Estimator.CRESSIE_READ).value()).isCloseTo(0.5, within(1e-15));
    assertThat(e.effectiveSampleSizes()).containsEntry("baseline1", 0.0);
  }

  @Test
  void probabilityOneAndTheLoggedPolicy() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), ALL);
    e.add(cb("a", 0, 1, 1, 1f, 0.25f, 1, true));
    e.add(cb("b", 0, 1, 1, 1f, 0.75f, 1, true));
    // One action with probability 1: every policy is the logged one; the estimates are the mean reward.
    for (Policy p : ALL) {
      assertThat(find(e, p.name(), Estimator.IPS).value()).isEqualTo(0.5);
      assertThat(find(e, p.name(), Estimator.SNIPS).value()).isEqualTo(0.5);
      assertThat(find(e, p.name(), Estimator.CRESSIE_READ).value()).isCloseTo(0.5, within(1e-15));
    }
    assertThat(e.effectiveSampleSizes()).containsEntry("logged", 2.0);
  }

  @Test
  void uniformAndBaselineWeights() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), ALL);
    e.add(cb("a", 0, 1, 4, 0.5f, 1, 1, true)); // uniform w = 0.25 / 0.5, baseline1 w = 2
    e.add(cb("b", 0, 3, 4, 0.125f, 1, 1, true)); // uniform w = 2, baseline1 w = 0
    assertThat(find(e, "uniform", Estimator.IPS).value()).isEqualTo((0.5 + 2) / 2);
    assertThat(find(e, "baseline1", Estimator.IPS).value()).isEqualTo(2 / 2.0);
    assertThat(find(e, "logged", Estimator.IPS).value()).isEqualTo(1.0);
    assertThat(e.chosenActions()).containsExactly(Map.entry(1L, 1L), Map.entry(3L, 1L));
    assertThat(e.probabilityHistogram()[5]).isEqualTo(1);
    assertThat(e.probabilityHistogram()[1]).isEqualTo(1);
  }

  @Test
  void pdropCountsTheDroppedEventsInTheIntervalsOnly() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(Policy.logged()));
    e.add(cb("a", 0, 1, 2, 0.5f, 1, 0.5f, true));
    e.add(cb("b", 0, 1, 2, 0.5f, 0, 0.5f, true));
    Estimate gaussian = find(e, "logged", Estimator.GAUSSIAN);
    // n = 2 * (1 + 0.5 / 0.5) = 4; w = 1 / 0.5 = 2; weighted_reward = 2, weighted_reward_sq = 4.
    assertThat(gaussian.sums()).containsEntry("examples_count", 4.0).containsEntry("weighted_reward", 2.0)
        .containsEntry("weighted_reward_sq", 4.0);
    double z = 1.959963984540054;
    double delta = z * Math.sqrt((4 - 2.0 * 2 / 4) / 3 / 4);
    assertThat(gaussian.low()).isCloseTo(0.5 - delta, within(1e-12));
    assertThat(gaussian.high()).isCloseTo(0.5 + delta, within(1e-12));
    assertThat(find(e, "logged", Estimator.IPS).sums()).containsEntry("examples_count", 2.0);
    assertThat(find(e, "logged", Estimator.IPS).value()).isEqualTo(0.5);
  }

  @Test
  void oneEventPerWindow() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults().withWindow(Duration.ofHours(1)), ALL);
    e.add(cb("a", 0, 1, 2, 0.5f, 1, 1, true));
    e.add(cb("b", 2, 2, 2, 0.5f, 0, 1, true));
    assertThat(e.windows()).extracting(PolicyEvaluation.WindowCounts::start)
        .containsExactly(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-01T02:00:00Z"));
    assertThat(e.windows().get(0).end()).isEqualTo(Instant.parse("2024-01-01T01:00:00Z"));
    Estimate first = e.estimates().get(0);
    assertThat(first.windowStart()).isEqualTo(Instant.parse("2024-01-01T00:00:00Z"));
    assertThat(first.events()).isEqualTo(1);
    assertThat(e.estimates()).filteredOn(x -> x.estimator() == Estimator.GAUSSIAN)
        .allSatisfy(x -> assertThat(x.low()).isEqualTo(Double.NEGATIVE_INFINITY));
    assertThat(e.estimates()).filteredOn(x -> Estimator.BANDIT.contains(x.estimator()))
        .hasSize(2 * 3 * Estimator.BANDIT.size());
    assertThat(e.estimates()).filteredOn(x -> x.estimator() == Estimator.CS).hasSize(2 * 3);
    // Every policy but the logged one has its lift over the logged policy, in each window.
    assertThat(e.estimates()).filteredOn(x -> x.estimator() == Estimator.LIFT).hasSize(2 * 2)
        .allSatisfy(x -> assertThat(x.baseline()).isEqualTo("logged"));
    assertThat(e.overall()).filteredOn(x -> x.estimator() == Estimator.IPS).hasSize(3)
        .allSatisfy(x -> assertThat(x.windowStart()).isNull());
  }

  @Test
  void otherPayloadsAndMissingProbabilitiesAreSkippedWithTheirReason() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), ALL);
    e.add(result("c", 0, PayloadType.CA, new CaEvent(false, 1f, ByteBuffer(), 0.5f, "N/A",
        io.github.vwbinlog.LearningMode.ONLINE), 1, 1, true));
    e.add(cb("z", 0, 1, 2, 0f, 1, 1, true));
    e.add(cb("ok", 0, 1, 2, 0.5f, 1, 1, true));
    assertThat(e.skipped()).containsEntry(PolicyEvaluation.UNSUPPORTED + "CA", 1L)
        .containsEntry(PolicyEvaluation.NO_PROBABILITY, 1L);
    assertThat(e.evaluated()).isEqualTo(1);
    assertThat(e.learnable()).isEqualTo(3);
    assertThat(e.windows().get(0).skipped()).isEqualTo(2);
  }

  private static java.nio.ByteBuffer ByteBuffer() {
    return java.nio.ByteBuffer.wrap("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void partsMergeIntoTheWhole() {
    EvaluationOptions options = EvaluationOptions.defaults().withWindow(Duration.ofHours(1));
    PolicyEvaluation whole = PolicyEvaluation.of(options, ALL);
    PolicyEvaluation a = PolicyEvaluation.ofPart(options, ALL);
    PolicyEvaluation b = PolicyEvaluation.ofPart(options, ALL);
    for (int i = 0; i < 30; i++) {
      JoinResult r = cb("e" + i, i % 3, 1 + i % 3, 3, 0.2f + 0.1f * (i % 4), (i % 5) / 4f, 1, i % 7 != 0);
      whole.add(r);
      (i < 13 ? a : b).add(r);
    }
    a.merge(b);
    assertThat(a.skipped()).isEqualTo(whole.skipped());
    assertThat(a.windows()).isEqualTo(whole.windows());
    List<Estimate> merged = a.estimates();
    List<Estimate> expected = whole.estimates();
    assertThat(merged).hasSameSizeAs(expected);
    // The sums round to the same doubles however the log was cut, and the confidence sequences run in log order.
    assertThat(merged).isEqualTo(expected);
    assertThat(a.overall()).isEqualTo(whole.overall());
    assertThat(merged).filteredOn(x -> x.estimator() == Estimator.CS).isNotEmpty();
    // Two evaluations that both started a sequence cannot be joined: their confidence sequences are left out.
    PolicyEvaluation c = PolicyEvaluation.of(options, ALL);
    PolicyEvaluation d = PolicyEvaluation.of(options, ALL);
    c.add(cb("x", 0, 1, 2, 0.5f, 1, 1, true));
    d.add(cb("y", 0, 1, 2, 0.5f, 1, 1, true));
    c.merge(d);
    assertThat(c.estimates()).noneMatch(x -> x.estimator() == Estimator.CS).isNotEmpty();
    assertThatThrownBy(() -> a.merge(PolicyEvaluation.of(options, List.of(Policy.logged()))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void partsWithPredictionsLookThemUpWhenMerged() {
    List<Map<Integer, Double>> lines = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      double p = (i % 5 + 1) / 10.0;
      lines.add(Map.of(0, p, 1, (1 - p) / 2, 2, (1 - p) / 2));
    }
    List<Policy> policies = List.of(Policy.logged(), Policy.uniform(), Policy.predictions("m", lines));
    EvaluationOptions options = EvaluationOptions.defaults().withWindow(Duration.ofHours(1)).withBaseline("m");
    PolicyEvaluation whole = PolicyEvaluation.of(options, policies);
    PolicyEvaluation first = PolicyEvaluation.ofPart(options, policies);
    PolicyEvaluation second = PolicyEvaluation.ofPart(options, policies);
    PolicyEvaluation third = PolicyEvaluation.ofPart(options, policies);
    for (int i = 0; i < 40; i++) {
      JoinResult r = cb("e" + i, i % 3, 1 + i % 3, 3, 0.2f + 0.1f * (i % 4), (i % 5) / 4f, i % 6 == 0 ? 0.5f : 1, true);
      whole.add(r);
      (i < 11 ? first : i < 27 ? second : third).add(r);
    }
    first.merge(second);
    first.merge(third);
    // Each part's predictions are those of its events' positions in the whole log.
    assertThat(first.estimates()).isEqualTo(whole.estimates());
    assertThat(first.overall()).isEqualTo(whole.overall());
    assertThat(first.overall()).anyMatch(e -> e.estimator() == Estimator.LIFT && e.policy().equals("uniform")
        && "m".equals(e.baseline()));
  }

  private static void assertClose(Double actual, Double expected) {
    if (expected == null || expected.isInfinite()) {
      assertThat(actual).isEqualTo(expected);
    } else {
      assertThat(actual).isCloseTo(expected, within(1e-12 * Math.max(1, Math.abs(expected))));
    }
  }

  @Test
  void predictionsAreMatchedToLearnableEventsInOrder() {
    Policy predictions = Policy.predictions(List.of(Map.of(0, 0.9, 1, 0.1), Map.of(0, 0.2, 1, 0.8)));
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(predictions));
    e.add(cb("a", 0, 1, 2, 0.5f, 1, 1, true)); // chose action 1 = index 0: w = 0.9 / 0.5
    e.add(cb("skipped", 0, 1, 2, 0.5f, 1, 1, false)); // VW learns no line for it: no prediction
    e.add(cb("b", 0, 2, 2, 0.5f, 1, 1, true)); // chose action 2 = index 1: w = 0.8 / 0.5
    assertThat(find(e, "predictions", Estimator.IPS).value()).isCloseTo((1.8 + 1.6) / 2, within(1e-15));
    assertThatThrownBy(() -> e.add(cb("c", 0, 1, 2, 0.5f, 1, 1, true)))
        .hasMessageContaining("has 2 predictions but the logs have more learnable events")
        .hasMessageContaining("(event c)");
  }

  @Test
  void predictionsThatCannotBeOneAreErrorsNamingTheFileLineAndEvent() {
    String[][] bad = {{"-0.1", "1.1"}, {"NaN", "1"}, {"0.5", "0.6"}};
    for (String[] p : bad) {
      Policy.Predictions predictions = Policy.Predictions.builder("m1", "m1.txt")
          .add(3, new int[] {0, 1}, new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])}).build();
      PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(predictions));
      assertThatThrownBy(() -> e.add(cb("ev1", 0, 1, 2, 0.5f, 1, 1, true)))
          .hasMessageStartingWith("m1.txt line 3: ").hasMessageEndingWith("(event ev1)");
    }
    Policy.Predictions outside = Policy.Predictions.builder("m", "m.txt")
        .add(1, new int[] {0, 2}, new double[] {0.5, 0.5}).build();
    assertThatThrownBy(() -> PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(outside))
        .add(cb("ev2", 0, 1, 2, 0.5f, 1, 1, true))).hasMessageContaining("action index 2 is outside the event's 2");
    Policy.Predictions twice = Policy.Predictions.builder("m", "m.txt")
        .add(1, new int[] {1, 1}, new double[] {0.5, 0.5}).build();
    assertThatThrownBy(() -> PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(twice))
        .add(cb("ev3", 0, 1, 2, 0.5f, 1, 1, true))).hasMessageContaining("action index 1 is given twice");
  }

  @Test
  void clopperPearsonIsNullWhereThePackagesIsNaN() {
    // Uniform over two actions where the logged policy chose with 0.2: weights of 2.5, all rewards 1, so the scaled
    // IPS is 2.5: the package's beta quantile gets a negative parameter and returns NaN.
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(Policy.uniform()));
    for (int i = 0; i < 5; i++) {
      e.add(cb("d" + i, 0, 1, 2, 0.2f, 1, 1, true));
    }
    Estimate cp = find(e, "uniform", Estimator.CLOPPER_PEARSON);
    assertThat(cp.low()).isNull();
    assertThat(cp.high()).isEqualTo(1.0);
  }

  @Test
  void aRewardOutsideAGivenRangeIsAnError() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults().withRewardRange(0, 1), ALL);
    assertThatThrownBy(() -> e.add(cb("big", 0, 1, 2, 0.5f, 2, 1, true)))
        .hasMessageContaining("event big").hasMessageContaining("outside the reward range");
    assertThatThrownBy(() -> EvaluationOptions.defaults().withRewardRange(1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EvaluationOptions.defaults().withAlpha(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
