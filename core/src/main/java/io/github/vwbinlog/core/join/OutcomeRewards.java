package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.RewardFunction;
import java.util.Arrays;

/**
 * Applies the configured reward function to lists of joined outcomes (SPEC §6.1, §6.2), fed one by one: leaves out
 * activations and takes the value VW uses (0 for literal and valueless outcomes) and the effective time in whole
 * seconds (SPEC §5). Holds scratch arrays reused for each list (CCB computes one reward per slot), so one instance
 * serves one thread.
 */
final class OutcomeRewards {

  private final RewardFunction function;
  private final float defaultReward;
  private float[] values;
  private long[] times;
  private int count;

  /**
   * Scratch space for lists of up to {@code capacity} outcomes (it grows for longer ones).
   *
   * @throws IllegalArgumentException if the configuration's reward function is unrecognized
   */
  OutcomeRewards(CheckpointInfo config, int capacity) {
    if (config.rewardFunction() == RewardFunction.UNRECOGNIZED) {
      throw new IllegalArgumentException("unrecognized reward function");
    }
    this.function = config.rewardFunction();
    this.defaultReward = config.defaultReward();
    this.values = new float[Math.max(1, capacity)];
    this.times = new long[Math.max(1, capacity)];
  }

  /** Starts a list of outcomes, fed one by one with {@link #add} and finished with {@link #finish}. */
  void begin() {
    count = 0;
  }

  /**
   * The next outcome of the list: activations ({@code actionTaken}) are left out (SPEC §6.1).
   *
   * @param value the value VW uses: the numeric value, 0 for literal and valueless outcomes
   * @param epochSecond the outcome's effective time in whole seconds (read by Earliest only)
   */
  void add(boolean actionTaken, float value, long epochSecond) {
    if (actionTaken) {
      return;
    }
    if (count == values.length) {
      values = Arrays.copyOf(values, count * 2);
      times = Arrays.copyOf(times, count * 2);
    }
    values[count] = value;
    times[count] = epochSecond;
    count++;
  }

  /** The reward function over the outcomes added since {@link #begin()}. */
  float finish() {
    return RewardFunctions.apply(function, values, times, count, defaultReward);
  }
}
