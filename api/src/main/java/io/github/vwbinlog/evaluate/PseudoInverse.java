package io.github.vwbinlog.evaluate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sums of the package's slates pseudo-inverse estimator and its Gaussian interval for one policy in one window:
 * each decision adds {@code w = 1 - slots + sum(p_pred / p_log)} over its slots and its one reward; adding two is the
 * sums of both. Not pdrop-aware, as in the package (each decision counts once).
 */
final class PseudoInverse {
  double count;
  double weightedReward;
  double weightedRewardSq;

  /** The importance weight of a slates decision from its slots' logged and target probabilities. */
  static double weight(double[] pLogs, double[] pPreds) {
    double w = 1.0 - pLogs.length;
    for (int k = 0; k < pLogs.length; k++) {
      w += pPreds[k] / pLogs[k];
    }
    return w;
  }

  void add(double w, double r) {
    count += 1;
    weightedReward += r * w;
    weightedRewardSq += (r * w) * (r * w);
  }

  void add(PseudoInverse other) {
    count += other.count;
    weightedReward += other.weightedReward;
    weightedRewardSq += other.weightedRewardSq;
  }

  /** {value, low, high}: the estimate (null without decisions) and the Gaussian interval (infinite below two). */
  Double[] estimate(double alpha) {
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
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("examples_count", count);
    m.put("weighted_reward", weightedReward);
    m.put("weighted_reward_sq", weightedRewardSq);
    return m;
  }
}
