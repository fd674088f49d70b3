package io.github.vwbinlog.join;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How a log is joined: the sticky overrides of the checkpoint settings (VW's {@code --problem_type},
 * {@code --reward_function}, {@code --default_reward}, {@code --learning_mode}, {@code --use_client_time},
 * {@code --multistep_reward}), which joiner, strictness, and the read options (whose listener receives every
 * diagnostic). Immutable and thread-safe; each {@code with...} returns a changed copy.
 *
 * <p>An override is sticky (SPEC §3.3): no CHECKPOINT can change it. With a problem type override, REGULAR messages
 * before the first checkpoint are joined too.
 *
 * <pre>{@code
 * JoinOptions options = JoinOptions.defaults()
 *     .withRewardFunction(RewardFunction.SUM)
 *     .withDefaultReward(-1f);
 * }</pre>
 */
public final class JoinOptions {
  private static final JoinOptions DEFAULTS =
      new JoinOptions(null, null, null, null, false, false, null, false, ReadOptions.defaults(), 1);

  private final @Nullable ProblemType problemType;
  private final @Nullable RewardFunction rewardFunction;
  private final @Nullable Float defaultReward;
  private final @Nullable LearningMode learningMode;
  private final boolean useClientTime;
  private final boolean multistep;
  private final @Nullable MultistepReward multistepReward;
  private final boolean strict;
  private final ReadOptions readOptions;
  private final int threads;

  private JoinOptions(@Nullable ProblemType problemType, @Nullable RewardFunction rewardFunction,
      @Nullable Float defaultReward, @Nullable LearningMode learningMode, boolean useClientTime, boolean multistep,
      @Nullable MultistepReward multistepReward, boolean strict, ReadOptions readOptions, int threads) {
    this.problemType = problemType;
    this.rewardFunction = rewardFunction;
    this.defaultReward = defaultReward;
    this.learningMode = learningMode;
    this.useClientTime = useClientTime;
    this.multistep = multistep;
    this.multistepReward = multistepReward;
    this.strict = strict;
    this.readOptions = readOptions;
    this.threads = threads;
  }

  /** No overrides, the single joiner, not strict, default read options. */
  public static JoinOptions defaults() {
    return DEFAULTS;
  }

  /** The problem type override, or null when the checkpoints decide. */
  public @Nullable ProblemType problemType() {
    return problemType;
  }

  /** The reward function override, or null. */
  public @Nullable RewardFunction rewardFunction() {
    return rewardFunction;
  }

  /** The default reward override, or null. */
  public @Nullable Float defaultReward() {
    return defaultReward;
  }

  /** The learning mode override, or null. */
  public @Nullable LearningMode learningMode() {
    return learningMode;
  }

  /** Whether client time is forced on (VW's switch cannot force it off). */
  public boolean useClientTime() {
    return useClientTime;
  }

  /** Whether the multistep joiner is used instead of the single one (VW's {@code --multistep}). */
  public boolean multistep() {
    return multistep;
  }

  /** The multistep reward override, or null for the default (suffix_mean) or the checkpoints' value. */
  public @Nullable MultistepReward multistepReward() {
    return multistepReward;
  }

  /** Whether joining stops at the first ERROR diagnostic, with a {@link io.github.vwbinlog.BinaryLogException}. */
  public boolean strict() {
    return strict;
  }

  /** How the log is read; its listener receives every diagnostic. */
  public ReadOptions readOptions() {
    return readOptions;
  }

  /** A copy with a sticky problem type ({@code CB}, {@code CCB}, {@code SLATES} or {@code CA}). */
  public JoinOptions withProblemType(ProblemType value) {
    if (value == ProblemType.UNKNOWN || value == ProblemType.MULTISTEP || value == ProblemType.UNRECOGNIZED) {
      throw new IllegalArgumentException("the problem type override must be CB, CCB, SLATES or CA, was " + value);
    }
    return new JoinOptions(value, rewardFunction, defaultReward, learningMode, useClientTime, multistep,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy with a sticky reward function. */
  public JoinOptions withRewardFunction(RewardFunction value) {
    if (value == RewardFunction.UNRECOGNIZED) {
      throw new IllegalArgumentException("the reward function override cannot be UNRECOGNIZED");
    }
    return new JoinOptions(problemType, value, defaultReward, learningMode, useClientTime, multistep,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy with a sticky default reward. */
  public JoinOptions withDefaultReward(float value) {
    return new JoinOptions(problemType, rewardFunction, value, learningMode, useClientTime, multistep,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy with a sticky learning mode. */
  public JoinOptions withLearningMode(LearningMode value) {
    if (value == LearningMode.UNRECOGNIZED) {
      throw new IllegalArgumentException("the learning mode override cannot be UNRECOGNIZED");
    }
    return new JoinOptions(problemType, rewardFunction, defaultReward, value, useClientTime, multistep,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy that forces client time on (sticky), as VW's {@code --use_client_time} switch does. */
  public JoinOptions withClientTime() {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, true, multistep,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy that uses the multistep joiner, or not. */
  public JoinOptions withMultistep(boolean value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, useClientTime, value,
        multistepReward, strict, readOptions, threads);
  }

  /** A copy with a sticky multistep reward (used by the multistep joiner only). */
  public JoinOptions withMultistepReward(MultistepReward value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, useClientTime, multistep,
        Objects.requireNonNull(value, "value"), strict, readOptions, threads);
  }

  /** A copy that stops at the first ERROR diagnostic, or not. */
  public JoinOptions withStrict(boolean value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, useClientTime, multistep,
        multistepReward, value, readOptions, threads);
  }

  /** A copy with other read options. */
  public JoinOptions withReadOptions(ReadOptions value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, useClientTime, multistep,
        multistepReward, strict, Objects.requireNonNull(value, "value"), threads);
  }

  /**
   * How many threads {@link DsjsonConverter} converts with: 1 (the default) converts on the calling thread; more split
   * the log at REGULAR message boundaries, convert the parts in parallel and write them in order. The output, the
   * summary and the diagnostics (in order, on the calling thread) are the same whatever the count. The multistep
   * joiner and strict mode always convert on the calling thread.
   */
  public int threads() {
    return threads;
  }

  /**
   * A copy that converts with {@code value} threads (see {@link #threads()}).
   *
   * <pre>{@code
   * JoinOptions options = JoinOptions.defaults().withThreads(Runtime.getRuntime().availableProcessors());
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code value} is below 1
   */
  public JoinOptions withThreads(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + value);
    }
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, useClientTime, multistep,
        multistepReward, strict, readOptions, value);
  }

  @Override
  public String toString() {
    return "JoinOptions[problemType=" + problemType + ", rewardFunction=" + rewardFunction + ", defaultReward="
        + defaultReward + ", learningMode=" + learningMode + ", useClientTime=" + useClientTime + ", multistep="
        + multistep + ", multistepReward=" + multistepReward + ", strict=" + strict + ", threads=" + threads + ", " + readOptions + "]";
  }
}
