package io.github.vwbinlog.evaluate;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The counts and sums of one policy in one window, from which every estimator is computed; adding two is the sums of
 * both. The package's point estimators (IPS, SNIPS, Cressie-Read) ignore pdrop, its intervals (Gaussian,
 * Clopper-Pearson, Cressie-Read) divide the weight by {@code 1 - p_drop} and count {@code 1 + p_drop / (1 - p_drop)}
 * examples per event; both kinds of sums are kept.
 */
final class Sums {

  private static final int SUM_W = 0;
  private static final int SUM_WSQ = 1;
  private static final int SUM_WR = 2;
  private static final int SUM_WSQ_R = 3;
  private static final int SUM_R = 4;
  private static final int N = 5;
  private static final int DROP_SUM_W = 6;
  private static final int DROP_SUM_WSQ = 7;
  private static final int DROP_SUM_WR = 8;
  private static final int DROP_SUM_WSQ_R = 9;
  private static final int DROP_SUM_WSQ_RSQ = 10;

  /** The sums as they are added, twice a double's precision (see {@link WideSums}); {@link #settle} rounds them. */
  private final WideSums wide = new WideSums(11);

  long events;
  // The sums rounded to doubles by settle(), which every estimate calls first.
  // Without pdrop: IPS, SNIPS and the Cressie-Read point estimate.
  double sumW;
  double sumWsq;
  double sumWr;
  double sumWsqR;
  double sumR;
  // With pdrop: the intervals.
  double n;
  double dropSumW;
  double dropSumWsq;
  double dropSumWr;
  double dropSumWsqR;
  double dropSumWsqRsq;
  double dropMaxW;
  double minR = Double.POSITIVE_INFINITY;
  double maxR = Double.NEGATIVE_INFINITY;

  void add(double pLog, double r, double pPred, double pDrop) {
    add(pPred / pLog, r, pDrop);
  }

  /** Adds one example of importance weight {@code w}: the package's {@code add(w, r)} and {@code add(w, r, p_drop)}. */
  void add(double w, double r, double pDrop) {
    events++;
    WideSums s = wide;
    double keep = 1 - pDrop;
    // Divided by 1 (no pdrop) is the same number: the division is left out.
    s.add(N, pDrop == 0 ? 1 : 1 + pDrop / keep);
    s.add(SUM_R, r);
    minR = Math.min(minR, r);
    maxR = Math.max(maxR, r);
    if (w == 0 && Double.isFinite(r)) {
      // Every other term is 0 (or -0.0), and adding it to a sum (never -0.0: sums start at +0.0) leaves it as it is.
      return;
    }
    s.add(SUM_W, w);
    s.add(SUM_WSQ, w * w);
    s.add(SUM_WR, w * r);
    s.add(SUM_WSQ_R, w * w * r);
    double dw = keep == 1 ? w : w / keep;
    s.add(DROP_SUM_W, dw);
    s.add(DROP_SUM_WSQ, dw * dw);
    s.add(DROP_SUM_WR, dw * r);
    s.add(DROP_SUM_WSQ_R, dw * dw * r);
    s.add(DROP_SUM_WSQ_RSQ, dw * dw * r * r);
    dropMaxW = Math.max(dropMaxW, dw);
  }

  void add(Sums other) {
    events += other.events;
    wide.add(other.wide);
    dropMaxW = Math.max(dropMaxW, other.dropMaxW);
    minR = Math.min(minR, other.minR);
    maxR = Math.max(maxR, other.maxR);
  }

  /** Rounds the sums to the doubles the estimators read; returns this. */
  Sums settle() {
    sumW = wide.get(SUM_W);
    sumWsq = wide.get(SUM_WSQ);
    sumWr = wide.get(SUM_WR);
    sumWsqR = wide.get(SUM_WSQ_R);
    sumR = wide.get(SUM_R);
    n = wide.get(N);
    dropSumW = wide.get(DROP_SUM_W);
    dropSumWsq = wide.get(DROP_SUM_WSQ);
    dropSumWr = wide.get(DROP_SUM_WR);
    dropSumWsqR = wide.get(DROP_SUM_WSQ_R);
    dropSumWsqRsq = wide.get(DROP_SUM_WSQ_RSQ);
    return this;
  }

  /** Kish's effective sample size of the importance weights: {@code sum(w)^2 / sum(w^2)}; 0 without weight. */
  double effectiveSampleSize() {
    settle();
    return sumWsq > 0 ? sumW * sumW / sumWsq : 0;
  }

  /** The estimate of one estimator: {value, low, high}, each null where it does not apply or is undefined. */
  Double[] estimate(Estimator estimator, EvaluationOptions options) {
    settle();
    double rmin = rewardMin(options);
    double rmax = rewardMax(options);
    return switch (estimator) {
      case IPS -> new Double[] {events > 0 ? sumWr / events : null, null, null};
      case SNIPS -> new Double[] {sumW != 0 ? sumWr / sumW : null, null, null};
      case GAUSSIAN -> gaussian(options.alpha());
      case CLOPPER_PEARSON -> clopperPearson(options.alpha(), rmin, rmax, options.empiricalRewardBounds());
      case CRESSIE_READ -> {
        double[] interval = CressieRead.interval(this, options.alpha(), rmin, rmax, options.empiricalRewardBounds());
        yield new Double[] {CressieRead.estimate(this), interval[0], interval[1]};
      }
      case MULTISLOT, PSEUDO_INVERSE, CS, LIFT ->
          throw new IllegalArgumentException(estimator + " is not computed from these sums");
    };
  }

  /** The sums an estimator uses, under the package's names, so that it can be recomputed. */
  Map<String, Double> inputs(Estimator estimator, EvaluationOptions options) {
    settle();
    Map<String, Double> m = new LinkedHashMap<>();
    switch (estimator) {
      case IPS -> {
        m.put("examples_count", (double) events);
        m.put("weighted_reward", sumWr);
      }
      case SNIPS -> {
        m.put("weighted_examples_count", sumW);
        m.put("weighted_reward", sumWr);
      }
      case GAUSSIAN -> {
        m.put("examples_count", n);
        m.put("weighted_reward", dropSumWr);
        m.put("weighted_reward_sq", dropSumWsqRsq);
      }
      case CLOPPER_PEARSON -> {
        m.put("examples_count", n);
        m.put("weighted_reward_unscaled", dropSumWr);
        m.put("sum_w", dropSumW);
        m.put("max_weight", dropMaxW);
        putBounds(m, options);
      }
      case CRESSIE_READ -> {
        m.put("n", (double) events);
        m.put("sumw", sumW);
        m.put("sumwsq", sumWsq);
        m.put("sumwr", sumWr);
        m.put("sumwsqr", sumWsqR);
        m.put("sumr", sumR);
        m.put("interval_n", n);
        m.put("interval_sumw", dropSumW);
        m.put("interval_sumwsq", dropSumWsq);
        m.put("interval_sumwr", dropSumWr);
        m.put("interval_sumwsqr", dropSumWsqR);
        m.put("interval_sumwsqrsq", dropSumWsqRsq);
        putBounds(m, options);
      }
      case MULTISLOT, PSEUDO_INVERSE, CS, LIFT ->
          throw new IllegalArgumentException(estimator + " is not computed from these sums");
    }
    return m;
  }

  private void putBounds(Map<String, Double> m, EvaluationOptions options) {
    m.put("rmin", rewardMin(options));
    m.put("rmax", rewardMax(options));
  }

  /** The intervals' smallest reward: the range's, or from the data, [0, 1] widened to every reward added. */
  double rewardMin(EvaluationOptions options) {
    return options.empiricalRewardBounds() ? Math.min(0, minR) : options.rewardMin();
  }

  /** The intervals' largest reward: the range's, or from the data, [0, 1] widened to every reward added. */
  double rewardMax(EvaluationOptions options) {
    return options.empiricalRewardBounds() ? Math.max(1, maxR) : options.rewardMax();
  }

  private Double[] gaussian(double alpha) {
    double[] interval = Distributions.normalInterval(n, dropSumWr, dropSumWsqRsq, alpha);
    return new Double[] {null, interval[0], interval[1]};
  }

  /**
   * The package scales each reward to [0, 1] by the bounds known when it is added; with bounds from the data that
   * depends on the order of the events, so here every reward is scaled by the final bounds (the same numbers whenever
   * the rewards lie in [0, 1] or a range is given).
   */
  private Double[] clopperPearson(double alpha, double rmin, double rmax, boolean empirical) {
    if (dropMaxW <= 0) {
      return empirical
          ? new Double[] {null, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}
          : new Double[] {null, rmin, rmax};
    }
    double scaled = (dropSumWr - rmin * dropSumW) / (rmax - rmin);
    double successes = scaled / dropMaxW;
    double trials = n / dropMaxW;
    double low = successes > 0 ? quantile(alpha / 2, successes, trials - successes + 1) : 0;
    double high = successes < trials ? quantile(1 - alpha / 2, successes + 1, trials - successes) : 1;
    return new Double[] {null, scaledBack(low, rmin, rmax), scaledBack(high, rmin, rmax)};
  }

  /**
   * The beta quantile, or NaN where the package's is undefined: when the scaled pdrop-aware IPS is above 1 (weights
   * above the largest seen, which pdrop makes possible), its {@code n - successes + 1} is not positive.
   */
  private static double quantile(double p, double a, double b) {
    return a > 0 && b > 0 ? Distributions.betaQuantile(p, a, b) : Double.NaN;
  }

  /** An end scaled back to the reward range, or null where the package's is NaN. */
  private static @Nullable Double scaledBack(double v, double rmin, double rmax) {
    return Double.isNaN(v) ? null : rmin + v * (rmax - rmin);
  }
}
