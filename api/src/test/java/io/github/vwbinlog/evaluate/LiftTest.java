package io.github.vwbinlog.evaluate;

import static io.github.vwbinlog.evaluate.PolicyEvaluationTest.cb;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.join.JoinResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lift of each policy over the logged policy and over a baseline, against a paired computation written out here
 * event by event, to 1e-9 relative.
 */
class LiftTest {

  private static final List<Policy> POLICIES = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());

  private static List<JoinResult> events() {
    List<JoinResult> out = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      int actions = 2 + i % 3;
      float p = 0.2f + 0.15f * (i % 4);
      float pass = i % 5 == 0 ? 0.5f : 1f;
      out.add(cb("e" + i, 0, 1 + i % actions, actions, p, (i % 7) / 6f, pass, true));
    }
    return out;
  }

  /** The paired Gaussian interval written out: {value, low, high}. */
  private static double[] byHand(List<JoinResult> events, String target, String baseline, double alpha) {
    double n = 0;
    double sumX = 0;
    double sumXsq = 0;
    for (JoinResult e : events) {
      double pLog = e.probability();
      double pDrop = e.pdrop();
      long chosen = ((io.github.vwbinlog.event.CbEvent) e.interaction().event().payload()).actionIds().get(0);
      int actions = ((io.github.vwbinlog.event.CbEvent) e.interaction().event().payload()).actionIds().size();
      double wt = probability(target, chosen, actions, pLog) / (pLog * (1 - pDrop));
      double wb = probability(baseline, chosen, actions, pLog) / (pLog * (1 - pDrop));
      double x = (wt - wb) * e.reward();
      n += 1 / (1 - pDrop);
      sumX += x;
      sumXsq += x * x;
    }
    double value = sumX / n;
    double z = Distributions.normalQuantile(1 - alpha / 2);
    double half = z * Math.sqrt(((sumXsq - sumX * sumX / n) / (n - 1)) / n);
    return new double[] {value, value - half, value + half};
  }

  private static double probability(String policy, long chosen, int actions, double pLog) {
    return switch (policy) {
      case "logged" -> pLog;
      case "baseline1" -> chosen == 1 ? 1 : 0;
      case "uniform" -> 1.0 / actions;
      default -> throw new IllegalArgumentException(policy);
    };
  }

  private static Estimate lift(List<Estimate> estimates, String policy, String baseline) {
    return estimates.stream().filter(e -> e.estimator() == Estimator.LIFT && e.policy().equals(policy)
        && baseline.equals(e.baseline())).findFirst().orElseThrow();
  }

  private static void close(Double actual, double expected) {
    assertThat(actual).isCloseTo(expected, within(1e-9 * Math.abs(expected)));
  }

  @Test
  void liftOverTheLoggedPolicyAndABaselineIsThePairedGaussianInterval() {
    PolicyEvaluation evaluation = PolicyEvaluation.of(
        EvaluationOptions.defaults().withAlpha(0.1).withBaseline("baseline1"), POLICIES);
    List<JoinResult> events = events();
    events.forEach(evaluation::add);
    List<Estimate> estimates = evaluation.estimates();
    for (String[] pair : new String[][] {{"baseline1", "logged"}, {"uniform", "logged"}, {"logged", "baseline1"},
        {"uniform", "baseline1"}}) {
      double[] expected = byHand(events, pair[0], pair[1], 0.1);
      Estimate e = lift(estimates, pair[0], pair[1]);
      close(e.value(), expected[0]);
      close(e.low(), expected[1]);
      close(e.high(), expected[2]);
      assertThat(e.events()).isEqualTo(300);
      assertThat(e.alpha()).isEqualTo(0.1);
    }
    // No lift of a policy over itself.
    assertThat(estimates).noneMatch(e -> e.estimator() == Estimator.LIFT && e.policy().equals(e.baseline()));
  }

  @Test
  void theLiftOfTheLoggedValueIsTheDifferenceOfThePdropAwareIps() {
    PolicyEvaluation evaluation = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
    events().forEach(evaluation::add);
    List<Estimate> estimates = evaluation.estimates();
    Estimate lift = lift(estimates, "uniform", "logged");
    double ipsUniform = mid(estimates, "uniform");
    double ipsLogged = mid(estimates, "logged");
    close(lift.value(), ipsUniform - ipsLogged);
  }

  /** The pdrop-aware IPS: the middle of the Gaussian interval. */
  private static double mid(List<Estimate> estimates, String policy) {
    Estimate g = estimates.stream().filter(e -> e.estimator() == Estimator.GAUSSIAN && e.policy().equals(policy))
        .findFirst().orElseThrow();
    return (g.low() + g.high()) / 2;
  }

  @Test
  void oneEventHasAnInfiniteInterval() {
    PolicyEvaluation evaluation = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
    evaluation.add(cb("one", 0, 1, 2, 0.5f, 1, 1, true));
    Estimate e = lift(evaluation.estimates(), "uniform", "logged");
    assertThat(e.value()).isEqualTo(0.0); // (0.5 / 0.5 - 1) * 1
    assertThat(e.low()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(e.high()).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void anUnknownBaselineIsAnError() {
    assertThatThrownBy(() -> PolicyEvaluation.of(EvaluationOptions.defaults().withBaseline("nope"), POLICIES))
        .hasMessageContaining("the baseline nope is not among the policies");
  }
}
