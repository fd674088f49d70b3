package io.github.vwbinlog.core.join;

import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.MultistepReward;
import java.util.List;
import java.util.Map;

/**
 * The rewards of a multistep batch (SPEC §7.3), in binary32: one reward per step id in output order from the reward
 * function over "episodic outcomes, then the step's own outcomes", activations left out; then the multistep transform
 * over the whole batch vector.
 *
 * <pre>{@code
 * float[] r = {1, 2, 3, 4, 5, 6};
 * MultistepRewards.transform(r, MultistepReward.SUFFIX_MEAN);   // 3.5, 4, 4.5, 5, 5.5, 6
 * }</pre>
 */
final class MultistepRewards {
  private MultistepRewards() {}

  /**
   * The per-step rewards {@code r_k = f(episodic ++ stepOutcomes[order_k], d)}.
   *
   * <p>VW never sets the time of a multistep outcome, so every outcome is at the epoch (SPEC §7.1, §11 item 12, kept
   * for equal results): all times tie and Earliest returns the first non-activation outcome of the list, episodic ones
   * first. The DSJSON {@code o} list puts the step's outcomes first (SPEC §7.4): the two orders differ, in VW too.
   */
  static float[] perStep(List<String> order, Map<String, List<JoinedEvent>> stepOutcomes, List<JoinedEvent> episodic,
      RewardFunction function, float d) {
    int capacity = episodic.size();
    for (List<JoinedEvent> outcomes : stepOutcomes.values()) {
      capacity = Math.max(capacity, episodic.size() + outcomes.size());
    }
    float[] values = new float[capacity];
    long[] epoch = new long[capacity];
    int episodicCount = collect(episodic, values, 0);
    float[] rewards = new float[order.size()];
    for (int k = 0; k < rewards.length; k++) {
      int n = collect(stepOutcomes.getOrDefault(order.get(k), List.of()), values, episodicCount);
      rewards[k] = RewardFunctions.apply(function, values, epoch, n, d);
    }
    return rewards;
  }

  /** Appends the values of the outcomes that are not activations (SPEC §6.1) from {@code at}; returns the new count. */
  private static int collect(List<JoinedEvent> outcomes, float[] values, int at) {
    int n = at;
    for (JoinedEvent e : outcomes) {
      OutcomeEvent o = (OutcomeEvent) e.event().payload();
      if (!o.actionTaken()) {
        values[n++] = o.value();
      }
    }
    return n;
  }

  /**
   * Transforms the batch vector in place, in binary32 (SPEC §7.3). The suffix runs along the output order of the whole
   * batch, across siblings, roots and episodes (SPEC §11 item 12, kept for equal results).
   */
  static void transform(float[] r, MultistepReward how) {
    if (how == MultistepReward.IDENTITY) {
      return;
    }
    int n = r.length;
    for (int i = n - 2; i >= 0; i--) {
      r[i] = r[i] + r[i + 1];
    }
    if (how == MultistepReward.SUFFIX_MEAN) {
      for (int i = 0; i < n; i++) {
        r[i] = r[i] / (float) (n - i);
      }
    }
  }
}
