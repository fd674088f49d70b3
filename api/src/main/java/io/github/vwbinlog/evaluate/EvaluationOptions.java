package io.github.vwbinlog.evaluate;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How to evaluate: the intervals' alpha, the time windows and the reward range. The defaults are the
 * VowpalWabbit/estimators package's: alpha 0.05, reward bounds taken from the data ({@code empirical_r_bounds}: the
 * range [0, 1] widened to every reward seen), one window for the whole log.
 *
 * <p>Thread-safe: an immutable record.
 *
 * <pre>{@code
 * EvaluationOptions options = EvaluationOptions.defaults().withWindow(Duration.ofHours(1)).withRewardRange(0, 1);
 * }</pre>
 *
 * @param alpha the intervals' level, 1 - confidence, in (0, 1)
 * @param window the length of a window (windows start at multiples of it since the epoch, UTC), or null for one
 *     window over the whole log
 * @param rewardMin the smallest possible reward, or NaN to take the bounds from the data
 * @param rewardMax the largest possible reward, or NaN to take the bounds from the data
 * @param baseline the name of a policy (among those evaluated) whose lift every other policy's is also given against,
 *     besides the logged policy's; null for the logged policy only
 */
public record EvaluationOptions(double alpha, @Nullable Duration window, double rewardMin, double rewardMax,
    @Nullable String baseline) {

  /** Checks the values. */
  public EvaluationOptions {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
    }
    if (window != null && (window.isNegative() || window.getSeconds() < 1)) {
      throw new IllegalArgumentException("a window must be at least one second: " + window);
    }
    if (Double.isNaN(rewardMin) != Double.isNaN(rewardMax) || rewardMin >= rewardMax
        || Double.isInfinite(rewardMin) || Double.isInfinite(rewardMax)) {
      throw new IllegalArgumentException("the reward range must have finite min < max: " + rewardMin + ":" + rewardMax);
    }
  }

  /** Alpha 0.05, one window, reward bounds from the data. */
  public static EvaluationOptions defaults() {
    return new EvaluationOptions(0.05, null, Double.NaN, Double.NaN, null);
  }

  /** A copy with another alpha. */
  public EvaluationOptions withAlpha(double value) {
    return new EvaluationOptions(value, window, rewardMin, rewardMax, baseline);
  }

  /** A copy with windows of this length, or one window when null. */
  public EvaluationOptions withWindow(@Nullable Duration value) {
    return new EvaluationOptions(alpha, value, rewardMin, rewardMax, baseline);
  }

  /** A copy with a known reward range: a reward outside it is an error. */
  public EvaluationOptions withRewardRange(double min, double max) {
    return new EvaluationOptions(alpha, window, min, max, baseline);
  }

  /** A copy whose lifts are also given against the policy of this name, or against the logged policy only. */
  public EvaluationOptions withBaseline(@Nullable String name) {
    return new EvaluationOptions(alpha, window, rewardMin, rewardMax, name);
  }

  /** Whether the reward bounds are taken from the data. */
  public boolean empiricalRewardBounds() {
    return Double.isNaN(rewardMin);
  }
}
