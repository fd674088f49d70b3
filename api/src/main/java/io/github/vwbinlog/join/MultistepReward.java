package io.github.vwbinlog.join;

import java.util.Locale;

/**
 * How the multistep joiner turns the per-step rewards of a batch into the rewards it emits (SPEC §7.3).
 *
 * <pre>{@code
 * MultistepReward.parse("suffix_sum") == MultistepReward.SUFFIX_SUM
 * }</pre>
 */
public enum MultistepReward {
  /** Each step keeps its own reward. */
  IDENTITY,
  /** Each step gets the sum of its reward and all later rewards of the batch. */
  SUFFIX_SUM,
  /** Each step gets the mean of its reward and all later rewards of the batch (the default). */
  SUFFIX_MEAN;

  /** The command-line name, as VW's {@code --multistep_reward} takes it. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code identity}, {@code suffix_sum} or {@code suffix_mean}, ASCII case-insensitively.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static MultistepReward parse(String value) {
    for (MultistepReward r : values()) {
      if (r.cliName().equalsIgnoreCase(value)) {
        return r;
      }
    }
    throw new IllegalArgumentException("Invalid multistep reward '" + value
        + "': expected identity, suffix_sum or suffix_mean");
  }
}
