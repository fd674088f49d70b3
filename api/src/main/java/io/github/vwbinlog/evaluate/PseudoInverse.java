package io.github.vwbinlog.evaluate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sums of the package's slates pseudo-inverse estimator and its Gaussian interval for one policy in one window:
 * each decision adds {@code w = 1 - slots + sum(p_pred / p_log)} over its slots and its one reward; adding two is the
 * sums of both. Not pdrop-aware, as in the package (each decision counts once).
 */
final class PseudoInverse {
  private static final int COUNT = 0;
  private static final int WEIGHTED_REWARD = 1;
  private static final int WEIGHTED_REWARD_SQ = 2;
  private static final int SUM_W = 3;
  private static final int SUM_WSQ = 4;

  private final WideSums wide = new WideSums(5);
  /** The decisions added. */
  long decisions;
  // Rounded by settle().
  double count;
  double weightedReward;
  double weightedRewardSq;
  double sumW;
  double sumWsq;

  /** The importance weight of a slates decision from its slots' logged and target probabilities. */
  static double weight(double[] pLogs, double[] pPreds) {
    double w = 1.0 - pLogs.length;
    for (int k = 0; k < pLogs.length; k++) {
      w += pPreds[k] / pLogs[k];
    }
    return w;
  }

  void add(double w, double r) {
    decisions++;
    wide.add(COUNT, 1);
    wide.add(WEIGHTED_REWARD, r * w);
    wide.add(WEIGHTED_REWARD_SQ, (r * w) * (r * w));
    wide.add(SUM_W, w);
    wide.add(SUM_WSQ, w * w);
  }

  void add(PseudoInverse other) {
    decisions += other.decisions;
    wide.add(other.wide);
  }

  /** Rounds the sums to doubles; returns this. */
  PseudoInverse settle() {
    count = wide.get(COUNT);
    weightedReward = wide.get(WEIGHTED_REWARD);
    weightedRewardSq = wide.get(WEIGHTED_REWARD_SQ);
    sumW = wide.get(SUM_W);
    sumWsq = wide.get(SUM_WSQ);
    return this;
  }

  /** Kish's effective sample size of the pseudo-inverse weights, {@code sum(w)^2 / sum(w^2)}; 0 without weight. */
  double effectiveSampleSize() {
    settle();
    return sumWsq > 0 ? sumW * sumW / sumWsq : 0;
  }

  /** {value, low, high}: the estimate (null without decisions) and the Gaussian interval (infinite below two). */
  Double[] estimate(double alpha) {
    settle();
    Double value = count > 0 ? weightedReward / count : null;
    if (count <= 1) {
      return new Double[] {value, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    }
    double z = Distributions.normalQuantile(1 - alpha / 2);
    double variance = (weightedRewardSq - weightedReward * weightedReward / count) / (count - 1);
    double delta = z * Math.sqrt(variance / count);
    double ips = weightedReward / count;
    return new Double[] {value, ips - delta, ips + delta};
  }

  /** The sums under the package's names. */
  Map<String, Double> inputs() {
    settle();
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("examples_count", count);
    m.put("weighted_reward", weightedReward);
    m.put("weighted_reward_sq", weightedRewardSq);
    return m;
  }
}
