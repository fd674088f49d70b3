package io.github.vwbinlog.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The CCB and slates estimators on decisions small enough to compute by hand (the working is in each test). */
class SlotEstimatorsTest {

  private static JoinResult decision(PayloadType type, List<SlotEvent> slots, List<Float> rewards) {
    TimeStamp t = TimeStamp.of(2024, 1, 1, 0, 0, 0);
    Event event = new Event(Metadata.of("d", type), MultiSlotEvent.of("{}", slots));
    return new JoinResult(JoinedEvent.of(t, event), t, List.of(), List.of(), rewards, rewards, true);
  }

  private static Estimate find(PolicyEvaluation e, String policy, Estimator estimator, @Nullable String slot) {
    return e.estimates().stream().filter(x -> x.policy().equals(policy) && x.estimator() == estimator
        && java.util.Objects.equals(x.slot(), slot)).findFirst().orElseThrow();
  }

  @Test
  void ccbFirstSlotAndMultiSlotByHand() {
    // Slot 0 chose action 0 with p 0.5 and earned 1; slot 1 chose action 1 with p 0.25 and earned 0.5. baseline1
    // takes action k in slot k, so both weights are 1 / p: 2 and 4, and the multi-slot weights are 2 and 2 * 4 = 8.
    JoinResult d = decision(PayloadType.CCB, List.of(SlotEvent.of(null, List.of(0L, 1L), List.of(0.5f, 0.5f)),
        SlotEvent.of(null, List.of(1L, 2L), List.of(0.25f, 0.75f))), List.of(1f, 0.5f));
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(Policy.baseline1()));
    e.add(d);
    // First slot: IPS = 2 * 1 / 1; SNIPS = 2 / 2.
    assertThat(find(e, "baseline1", Estimator.IPS, "first").value()).isEqualTo(2.0);
    assertThat(find(e, "baseline1", Estimator.SNIPS, "first").value()).isEqualTo(1.0);
    // Multi-slot, slot "0": impression 1/1; Cressie-Read of (w 2, r 1) with n = 1: sum(w) >= n, so wfake = 0,
    // a = 2/2 = 1, b = 4/2 = 2, gamma = (b - a)/(a^2 - b) = -1, beta = 0: vhat = 2/2 = 1, nothing missing.
    Estimate slot0 = find(e, "baseline1", Estimator.MULTISLOT, "0");
    assertThat(slot0.value()).isCloseTo(1.0, within(1e-12));
    assertThat(slot0.sums()).containsEntry("impression", 1.0);
    // Slot "1": (w 8, r 0.5): a = 4, b = 32, gamma = 28/-16 = -1.75, beta = -3/-16 = 0.1875:
    // vhat = (1.75 * 4 - 0.1875 * 32) / 2 = 0.5, missing = 1 - (1.75 * 8 - 0.1875 * 64) / 2 = 0.
    assertThat(find(e, "baseline1", Estimator.MULTISLOT, "1").value()).isCloseTo(0.5, within(1e-12));
    // Overall: both slots' sums together, n = 2, sum w = 10, sum w^2 = 68, sum wr = 6, sum w^2 r = 36:
    // a = 10/3, b = 68/3, gamma = -87/52, beta = 21/104, vhat = 12/13, missing = 1 - 3/3 = 0.
    Estimate overall = find(e, "baseline1", Estimator.MULTISLOT, null);
    assertThat(overall.value()).isCloseTo(12.0 / 13, within(1e-12));
    assertThat(overall.events()).isEqualTo(1);
  }

  @Test
  void ccbSlotIdsAreTheKeysAndASlotWithoutProbabilityIsSkipped() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(Policy.logged()));
    e.add(decision(PayloadType.CCB, List.of(SlotEvent.of("top", List.of(0L), List.of(1f)),
        SlotEvent.of("side", List.of(1L), List.of(1f))), List.of(1f, 0f)));
    e.add(decision(PayloadType.CCB, List.of(SlotEvent.of("top", List.of(0L), List.of()),
        SlotEvent.of("side", List.of(1L), List.of(1f))), List.of(1f, 0f)));
    assertThat(e.estimates()).filteredOn(x -> x.estimator() == Estimator.MULTISLOT)
        .extracting(Estimate::slot).containsExactly("top", "side", null);
    assertThat(e.skipped()).isEqualTo(Map.of(PolicyEvaluation.NO_PROBABILITY, 1L));
  }

  @Test
  void slatesPseudoInverseByHand() {
    // Two slots: candidates {0, 1} chosen 0 with p 0.8, and {0, 1} chosen 1 with p 0.5; reward 1.
    // uniform: w = 1 - 2 + 0.5/0.8 + 0.5/0.5 = 0.625; baseline1 (candidate 0 everywhere): 1 - 2 + 1/0.8 + 0 = 0.25;
    // logged: 1 - 2 + 1 + 1 = 1.
    JoinResult d = decision(PayloadType.SLATES, List.of(SlotEvent.of(null, List.of(0L, 1L), List.of(0.8f, 0.2f)),
        SlotEvent.of(null, List.of(1L, 0L), List.of(0.5f, 0.5f))), List.of(1f));
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(),
        List.of(Policy.logged(), Policy.uniform(), Policy.baseline1()));
    e.add(d);
    assertThat(find(e, "logged", Estimator.PSEUDO_INVERSE, null).value()).isCloseTo(1.0, within(1e-7));
    assertThat(find(e, "uniform", Estimator.PSEUDO_INVERSE, null).value()).isCloseTo(0.625, within(1e-7));
    assertThat(find(e, "baseline1", Estimator.PSEUDO_INVERSE, null).value()).isCloseTo(0.25, within(1e-7));
    // One decision: the Gaussian interval says nothing.
    assertThat(find(e, "logged", Estimator.PSEUDO_INVERSE, null).low()).isEqualTo(Double.NEGATIVE_INFINITY);
    // The effective sample size of slates decisions: of their pseudo-inverse weights (it was always 0).
    e.add(d);
    assertThat(e.effectiveSampleSizes()).containsEntry("logged", 2.0);
    assertThat(e.effectiveSampleSizes().get("uniform")).isCloseTo(2.0, within(1e-12)); // two equal weights
    assertThat(e.windows().get(0).effectiveSampleSizes()).containsEntry("logged", 2.0);
  }

  @Test
  void slatesGaussianIntervalByHand() {
    // logged policy, weights 1: rewards 1 and 0.5. sum wr = 1.5, sum (wr)^2 = 1.25, n = 2:
    // variance = (1.25 - 1.5^2 / 2) / 1 = 0.125, delta = z(0.975) * sqrt(0.125 / 2) = 1.959963985 * 0.25.
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(), List.of(Policy.logged()));
    for (float r : new float[] {1f, 0.5f}) {
      e.add(decision(PayloadType.SLATES, List.of(SlotEvent.of(null, List.of(0L, 1L), List.of(0.5f, 0.5f))),
          List.of(r)));
    }
    Estimate pi = find(e, "logged", Estimator.PSEUDO_INVERSE, null);
    double delta = 1.959963984540054 * 0.25;
    assertThat(pi.value()).isCloseTo(0.75, within(1e-12));
    assertThat(pi.low()).isCloseTo(0.75 - delta, within(1e-9));
    assertThat(pi.high()).isCloseTo(0.75 + delta, within(1e-9));
  }

  @Test
  void predictionsAreForCbOnly() {
    PolicyEvaluation e = PolicyEvaluation.of(EvaluationOptions.defaults(),
        List.of(Policy.predictions(List.of(Map.of(0, 1.0)))));
    JoinResult d = decision(PayloadType.SLATES, List.of(SlotEvent.of(null, List.of(0L), List.of(1f))), List.of(1f));
    assertThatThrownBy(() -> e.add(d)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CB");
  }
}
