package io.github.vwbinlog.evaluate;

import static io.github.vwbinlog.evaluate.ReferenceCases.hand;
import static io.github.vwbinlog.evaluate.ReferenceCases.logged;
import static io.github.vwbinlog.evaluate.ReferenceCases.many;
import static io.github.vwbinlog.evaluate.ReferenceCases.wide;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The confidence sequence against the VowpalWabbit/estimators package's {@code cs.Interval} on the same inputs, to
 * 1e-9 relative. The reference values were printed by {@code python3 tools/estimators_cs_reference.py
 * PATH/TO/estimators/src} (the package at its GitHub HEAD {@code 8ce3871}, numpy 2.4, scipy 1.17); the cases here and
 * there must stay the same.
 */
class ConfidenceSequenceReferenceTest {

  /** {p_log, r, p_pred, p_drop} per event, in log order. */
  private static double[] interval(List<double[]> events, double rmin, double rmax, double alpha) {
    ConfidenceSequence cs = new ConfidenceSequence(rmin, rmax);
    for (double[] e : events) {
      cs.add(e[2] / e[0], e[1], e[3]);
    }
    return cs.interval(alpha);
  }

  private static void check(List<double[]> events, double rmin, double rmax, double alpha, double low, double high) {
    double[] actual = interval(events, rmin, rmax, alpha);
    assertThat(actual[0]).as("low").isCloseTo(low, within(1e-9 * Math.max(1e-300, Math.abs(low))));
    assertThat(actual[1]).as("high").isCloseTo(high, within(1e-9 * Math.max(1e-300, Math.abs(high))));
  }

  private static List<double[]> fixed() {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      out.add(new double[] {0.05 + (i % 19) / 20.0, (i % 7) / 3.0, (i % 4) / 3.0, 0});
    }
    return out;
  }

  /**
   * The cases of the script, each at alpha 0.05 and 0.2: a name, the events, rmin and rmax (NaN: the bounds are
   * learned from the rewards), alpha, and the package's low and high.
   */
  static Stream<Arguments> cases() {
    return Stream.of(
        // Few events give the whole range.
        Arguments.of("hand", hand(), Double.NaN, Double.NaN, 0.05, 0.0, 1.0),
        Arguments.of("hand", hand(), Double.NaN, Double.NaN, 0.2, 0.0, 1.0),
        Arguments.of("logged", logged(200), Double.NaN, Double.NaN, 0.05, 0.3852133967858041, 0.6097866032141943),
        Arguments.of("logged", logged(200), Double.NaN, Double.NaN, 0.2, 0.40397437327419683, 0.5910256267258006),
        // Rewards outside [0, 1] widen the bounds.
        Arguments.of("wide", wide(10), Double.NaN, Double.NaN, 0.05, -0.6273053699183317, 1.1105636482721488),
        Arguments.of("wide", wide(10), Double.NaN, Double.NaN, 0.2, -0.40445516702116446, 0.8559595451181381),
        // Dropped events and large weights.
        Arguments.of("many", many(), Double.NaN, Double.NaN, 0.05, 0.6746500259896845, 0.31770859101915183),
        Arguments.of("many", many(), Double.NaN, Double.NaN, 0.2, 0.6984878018838183, 0.29225677177830356),
        // Fixed bounds.
        Arguments.of("fixed", fixed(), 0.0, 2.0, 0.05, 1.194355039294993, 0.7978478228847898),
        Arguments.of("fixed", fixed(), 0.0, 2.0, 0.2, 1.2679066051483243, 0.7244713675596475));
  }

  @ParameterizedTest(name = "{0} at alpha {4}")
  @MethodSource("cases")
  void theIntervalOfThePackage(String name, List<double[]> events, double rmin, double rmax, double alpha,
      double low, double high) {
    check(events, rmin, rmax, alpha, low, high);
  }

  @Test
  void noEventGivesTheBoundsOrNothing() {
    assertThat(new ConfidenceSequence(Double.NaN, Double.NaN).interval(0.05))
        .containsExactly(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
    assertThat(new ConfidenceSequence(-1, 1).interval(0.05)).containsExactly(-1, 1);
  }

  @Test
  void trigammaAndTheLowerIncompleteGamma() {
    // trigamma(1) = pi^2 / 6; trigamma(1/2) = pi^2 / 2; log(gamma(1, x)) = log(1 - e^-x).
    assertThat(ConfidenceSequence.trigamma(1)).isCloseTo(Math.PI * Math.PI / 6, within(1e-15));
    assertThat(ConfidenceSequence.trigamma(0.5)).isCloseTo(Math.PI * Math.PI / 2, within(1e-14));
    assertThat(Distributions.logLowerGamma(1, 1)).isCloseTo(Math.log(1 - Math.exp(-1)), within(1e-15));
    assertThat(Distributions.logLowerGamma(1, 30)).isCloseTo(Math.log1p(-Math.exp(-30)), within(1e-15));
  }
}
