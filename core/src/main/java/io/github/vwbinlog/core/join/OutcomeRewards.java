package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import java.util.List;

/**
 * Applies the configured reward function to lists of joined outcomes (SPEC §6.1, §6.2): leaves out activations, takes
 * the value VW uses (0 for literal and valueless outcomes) and the effective time in whole seconds (SPEC §5). Holds
 * scratch arrays sized for one group, reused for each list of that group (CCB computes one reward per slot), so one
 * instance serves one thread and one group.
 */
final class OutcomeRewards {

  private final RewardFunction function;
  private final float defaultReward;
  private final boolean useClientTime;
  private final float[] values;
  private final long[] times;

  /**
   * Scratch space for lists of up to {@code capacity} outcomes.
   *
   * @throws IllegalArgumentException if the configuration's reward function is unrecognized
   */
  OutcomeRewards(CheckpointInfo config, int capacity) {
    if (config.rewardFunction() == RewardFunction.UNRECOGNIZED) {
      throw new IllegalArgumentException("unrecognized reward function");
    }
    this.function = config.rewardFunction();
    this.defaultReward = config.defaultReward();
    this.useClientTime = config.useClientTime();
    this.values = new float[capacity];
    this.times = new long[capacity];
  }

  /** The default reward D. */
  float defaultReward() {
    return defaultReward;
  }

  /** The reward function over the outcomes of {@code outcomes} that are not activations, in list order. */
  float of(List<JoinedEvent> outcomes) {
    int n = 0;
    for (int i = 0, size = outcomes.size(); i < size; i++) {
      JoinedEvent e = outcomes.get(i);
      OutcomeEvent o = (OutcomeEvent) e.event().payload();
      if (!o.actionTaken()) {
        values[n] = o.value();
        if (function == RewardFunction.EARLIEST) {
          times[n] = e.effectiveTime(useClientTime).epochSecond();
        }
        n++;
      }
    }
    return RewardFunctions.apply(function, values, times, n, defaultReward);
  }
}
