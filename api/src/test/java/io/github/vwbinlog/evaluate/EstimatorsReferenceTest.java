package io.github.vwbinlog.evaluate;

import static io.github.vwbinlog.evaluate.ReferenceCases.hand;
import static io.github.vwbinlog.evaluate.ReferenceCases.logged;
import static io.github.vwbinlog.evaluate.ReferenceCases.many;
import static io.github.vwbinlog.evaluate.ReferenceCases.wide;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each estimator against the VowpalWabbit/estimators package on the same inputs, to 1e-9 relative. The reference
 * values were printed by {@code python3 tools/estimators_reference.py PATH/TO/estimators/src} (the package at its
 * GitHub HEAD of 2026-11-25, numpy 2.4, scipy 1.17); the cases here and there must stay the same. The IPS and SNIPS
 * values of the "hand" case are also computed by hand below.
 */
class EstimatorsReferenceTest {

  private static final EvaluationOptions OPTIONS = EvaluationOptions.defaults();

  /** {p_log, r, p_pred, p_drop} per event. */
  private static Sums sums(List<double[]> events) {
    Sums s = new Sums();
    for (double[] e : events) {
      s.add(e[0], e[1], e[2], e[3]);
    }
    return s;
  }

  private static void check(Sums s, Estimator estimator, int part, double expected) {
    Double actual = s.estimate(estimator, OPTIONS)[part];
    assertThat(actual).as(estimator + " part " + part).isNotNull();
    if (Double.isInfinite(expected)) {
      assertThat(actual).isEqualTo(expected);
    } else {
      assertThat(actual).isCloseTo(expected, within(1e-9 * Math.max(1e-300, Math.abs(expected))));
    }
  }

  private static void checkAll(Sums s, double ips, double snips, double cr, double[] gaussian, double @Nullable [] cp,
      double[] crInterval) {
    check(s, Estimator.IPS, 0, ips);
    check(s, Estimator.SNIPS, 0, snips);
    check(s, Estimator.CRESSIE_READ, 0, cr);
    check(s, Estimator.GAUSSIAN, 1, gaussian[0]);
    check(s, Estimator.GAUSSIAN, 2, gaussian[1]);
    if (cp != null) {
      check(s, Estimator.CLOPPER_PEARSON, 1, cp[0]);
      check(s, Estimator.CLOPPER_PEARSON, 2, cp[1]);
    }
    check(s, Estimator.CRESSIE_READ, 1, crInterval[0]);
    check(s, Estimator.CRESSIE_READ, 2, crInterval[1]);
  }

  @Test
  void handCase() {
    // By hand: w = 2, 0, 0.625, 3; r * w = 2, 0, 0.625, 1.5.
    Sums s = sums(hand());
    assertThat(s.estimate(Estimator.IPS, OPTIONS)[0]).isEqualTo(4.125 / 4);
    assertThat(s.estimate(Estimator.SNIPS, OPTIONS)[0]).isCloseTo(4.125 / 5.625, within(1e-15));
    checkAll(s, 1.03125, 0.7333333333333333, 0.7497787610619469,
        new double[] {0.1656101178241668, 1.8490957645287742}, new double[] {0.0760685575298146, 1.0},
        new double[] {0.2524692441963906, 1});
  }

  /**
   * The cases of the script: a name, the events, then the package's IPS, SNIPS and Cressie-Read estimates and its
   * Gaussian, Clopper-Pearson and Cressie-Read intervals.
   */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("one event", List.<double[]>of(new double[] {0.4, 1, 1, 0}), 2.5, 1.0, 1.0,
            new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}, new double[] {0.06133302318693719, 1.0},
            new double[] {0.9999999985857865, 1}),
        // The logged policy's estimate is the mean reward.
        Arguments.of("logged", logged(20), 0.475, 0.475, 0.4750000000000004,
            new double[] {0.29409058000729205, 0.6559094199927079},
            new double[] {0.2510234431738929, 0.7066235152668059},
            new double[] {0.2962721266757402, 0.6537278733242597}),
        // Rewards outside [0, 1] widen the bounds. The package's Clopper-Pearson depends on the order of such
        // rewards: not compared (see Sums).
        Arguments.of("wide", wide(1), 0.125, 0.1, 0.1, new double[] {-1.071974789178038, 1.671974789178038}, null,
            new double[] {-1.0, 1.999546265028488}),
        // A thousand events with pdrop.
        Arguments.of("many", many(), 0.9214629446299986, 0.49364164057784393, 0.5090807464830089,
            new double[] {0.8015280987502078, 1.045153764619356},
            new double[] {0.791044091638511, 0.9840822854841901},
            new double[] {0.3910007029065987, 0.6227421650214688}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theEstimatesOfThePackage(String name, List<double[]> events, double ips, double snips, double cr,
      double[] gaussian, double @Nullable [] cp, double[] crInterval) {
    checkAll(sums(events), ips, snips, cr, gaussian, cp, crInterval);
  }

  @Test
  void partsAddUpToTheWhole() {
    List<double[]> all = many();
    Sums first = sums(all.subList(0, 400));
    first.add(sums(all.subList(400, 1000)));
    Sums whole = sums(all);
    for (Estimator estimator : Estimator.BANDIT) {
      Double[] a = first.estimate(estimator, OPTIONS);
      Double[] b = whole.estimate(estimator, OPTIONS);
      for (int i = 0; i < 3; i++) {
        if (b[i] == null) {
          assertThat(a[i]).isNull();
        } else {
          assertThat(a[i]).isCloseTo(b[i], within(1e-12 * Math.abs(b[i])));
        }
      }
    }
  }
}
