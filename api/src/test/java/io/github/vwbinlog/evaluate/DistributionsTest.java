package io.github.vwbinlog.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The quantiles against values printed by scipy 1.17 (norm.ppf, beta.ppf, f.isf) and closed forms. */
class DistributionsTest {

  @Test
  void normalQuantile() {
    assertThat(Distributions.normalQuantile(0.975)).isCloseTo(1.959963984540054, within(1e-13));
    assertThat(Distributions.normalQuantile(0.025)).isCloseTo(-1.959963984540054, within(1e-13));
    assertThat(Distributions.normalQuantile(0.995)).isCloseTo(2.5758293035489004, within(1e-13));
    assertThat(Distributions.normalQuantile(0.5)).isZero();
  }

  @Test
  void betaQuantile() {
    // Beta(1, 1) is uniform; Beta(a, 1) has CDF x^a.
    assertThat(Distributions.betaQuantile(0.3, 1, 1)).isCloseTo(0.3, within(1e-15));
    assertThat(Distributions.betaQuantile(0.25, 2, 1)).isCloseTo(0.5, within(1e-15));
    assertThat(Distributions.betaQuantile(0.025, 3.5, 10.25)).isCloseTo(SCIPY_BETA, within(1e-13));
  }

  /** scipy.stats.beta.ppf(0.025, 3.5, 10.25). */
  private static final double SCIPY_BETA = 0.0711280806774613;

  @Test
  void fInverseSurvival() {
    // F(1, d) is the square of Student's t with d degrees of freedom: t(0.975, 10) = 2.228138851986274.
    assertThat(Distributions.fInverseSurvival(0.05, 10)).isCloseTo(Math.pow(2.228138851986274, 2), within(1e-12));
    assertThat(Distributions.fInverseSurvival(0.05, 2.5)).isCloseTo(SCIPY_F, within(1e-10));
  }

  @Test
  void withInfinitelyManyEventsTheLimitsOrNaNAndNeverAHang() {
    // F(1, infinity) is chi-squared(1): z(0.975)^2 = 1.959963984540054^2 = 3.841458820694124.
    assertThat(Distributions.fInverseSurvival(0.05, Double.POSITIVE_INFINITY))
        .isCloseTo(3.841458820694124, within(1e-12));
    assertThat(Distributions.fInverseSurvival(0.05, 1e6)).isCloseTo(3.841458820694124, within(1e-4));
    assertThat(Distributions.fInverseSurvival(0.05, Double.NaN)).isNaN();
    assertThat(Distributions.betaQuantile(0.025, Double.POSITIVE_INFINITY, 1)).isNaN();
    assertThat(Distributions.betaQuantile(0.025, 3, Double.NaN)).isNaN();
  }

  /** scipy.stats.f.isf(0.05, 1, 2.5). */
  private static final double SCIPY_F = 12.778157239460368;
}
