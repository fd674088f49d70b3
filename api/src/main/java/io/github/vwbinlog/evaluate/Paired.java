package io.github.vwbinlog.evaluate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sums of the lift of a target policy over a baseline policy in one window: per event the paired difference of
 * their importance-weighted rewards, {@code x = (w_target - w_baseline) * r} with {@code w = p_pred / (p_log * (1 -
 * p_drop))}, counted {@code 1 / (1 - p_drop)} times (the package's pdrop-aware count). The package's Gaussian interval
 * applied to the differences: value {@code sum(x) / n}, interval {@code value -/+ z(1 - alpha/2) * sqrt(((sum(x^2) -
 * sum(x)^2 / n) / (n - 1)) / n)}. Adding two is the sums of both.
 */
final class Paired {
  private static final int N = 0;
  private static final int SUM_X = 1;
  private static final int SUM_X_SQ = 2;

  private final WideSums wide = new WideSums(3);
  long events;

  /** Adds one event's weights (already divided by {@code 1 - p_drop}) and reward. */
  void add(double wTarget, double wBaseline, double r, double pDrop) {
    double x = (wTarget - wBaseline) * r;
    events++;
    double keep = 1 - pDrop;
    wide.add(N, pDrop == 0 ? 1 : 1 / keep);
    wide.add(SUM_X, x);
    wide.add(SUM_X_SQ, x * x);
  }

  void add(Paired other) {
    events += other.events;
    wide.add(other.wide);
  }

  /** {value, low, high}: the value null without events, the interval infinite while {@code n <= 1}. */
  Double[] estimate(double alpha) {
    double n = wide.get(N);
    double sumX = wide.get(SUM_X);
    double sumXsq = wide.get(SUM_X_SQ);
    Double value = events > 0 ? sumX / n : null;
    double[] interval = Distributions.normalInterval(n, sumX, sumXsq, alpha);
    return new Double[] {value, interval[0], interval[1]};
  }

  /** The sums, so that the lift can be recomputed. */
  Map<String, Double> inputs() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("examples_count", wide.get(N));
    m.put("sum_x", wide.get(SUM_X));
    m.put("sum_x_sq", wide.get(SUM_X_SQ));
    return m;
  }
}
