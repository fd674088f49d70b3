package io.github.vwbinlog.join;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How a log is joined: the sticky overrides of the checkpoint settings (VW's {@code --problem_type},
 * {@code --reward_function}, {@code --default_reward}, {@code --learning_mode}, {@code --use_client_time},
 * {@code --multistep_reward}), which joiner, strictness, and the read options (whose listener receives every
 * diagnostic). Immutable and thread-safe; each {@code with...} returns a changed copy. The on/off switches are
 * {@link JoinFeature}s.
 *
 * <p>An override is sticky (SPEC §3.3): no CHECKPOINT can change it. With a problem type override, REGULAR messages
 * before the first checkpoint are joined too.
 *
 * <pre>{@code
 * JoinOptions options = JoinOptions.defaults()
 *     .withRewardFunction(RewardFunction.SUM)
 *     .withDefaultReward(-1f)
 *     .with(JoinFeature.STRICT);
 * }</pre>
 */
public final class JoinOptions {
  private static final JoinOptions DEFAULTS =
      new JoinOptions(null, null, null, null, defaultFeatures(), null, ReadOptions.defaults(), 1);

  private final @Nullable ProblemType problemType;
  private final @Nullable RewardFunction rewardFunction;
  private final @Nullable Float defaultReward;
  private final @Nullable LearningMode learningMode;
  private final Set<JoinFeature> features;
  private final @Nullable MultistepReward multistepReward;
  private final ReadOptions readOptions;
  private final int threads;

  private JoinOptions(@Nullable ProblemType problemType, @Nullable RewardFunction rewardFunction,
      @Nullable Float defaultReward, @Nullable LearningMode learningMode, Set<JoinFeature> features,
      @Nullable MultistepReward multistepReward, ReadOptions readOptions, int threads) {
    this.problemType = problemType;
    this.rewardFunction = rewardFunction;
    this.defaultReward = defaultReward;
    this.learningMode = learningMode;
    this.features = features;
    this.multistepReward = multistepReward;
    this.readOptions = readOptions;
    this.threads = threads;
  }

  private static Set<JoinFeature> defaultFeatures() {
    EnumSet<JoinFeature> set = EnumSet.noneOf(JoinFeature.class);
    for (JoinFeature f : JoinFeature.values()) {
      if (f.enabledByDefault()) {
        set.add(f);
      }
    }
    return Collections.unmodifiableSet(set);
  }

  /** No overrides, every feature at its default (the single joiner, not strict), default read options. */
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

  /** Whether a feature is on. */
  public boolean isEnabled(JoinFeature feature) {
    return features.contains(feature);
  }

  /** The features that are on. */
  public Set<JoinFeature> features() {
    return features;
  }

  /** The multistep reward override, or null for the default (suffix_mean) or the checkpoints' value. */
  public @Nullable MultistepReward multistepReward() {
    return multistepReward;
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
    return new JoinOptions(value, rewardFunction, defaultReward, learningMode, features,
        multistepReward, readOptions, threads);
  }

  /** A copy with a sticky reward function. */
  public JoinOptions withRewardFunction(RewardFunction value) {
    return new JoinOptions(problemType, recognized(value, RewardFunction.UNRECOGNIZED, "reward function"),
        defaultReward, learningMode, features, multistepReward, readOptions, threads);
  }

  /** A copy with a sticky default reward. */
  public JoinOptions withDefaultReward(float value) {
    return new JoinOptions(problemType, rewardFunction, value, learningMode, features,
        multistepReward, readOptions, threads);
  }

  /** A copy with a sticky learning mode. */
  public JoinOptions withLearningMode(LearningMode value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward,
        recognized(value, LearningMode.UNRECOGNIZED, "learning mode"), features, multistepReward, readOptions, threads);
  }

  /** {@code value}, unless it is its enum's {@code UNRECOGNIZED}, which no override may be. */
  private static <E extends Enum<E>> E recognized(E value, E unrecognized, String what) {
    if (value == unrecognized) {
      throw new IllegalArgumentException("the " + what + " override cannot be UNRECOGNIZED");
    }
    return value;
  }

  /** A copy with these features turned on. */
  public JoinOptions with(JoinFeature... features) {
    EnumSet<JoinFeature> set = copyFeatures();
    set.addAll(List.of(features));
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, Collections.unmodifiableSet(set),
        multistepReward, readOptions, threads);
  }

  /** A copy with these features turned off. */
  public JoinOptions without(JoinFeature... features) {
    EnumSet<JoinFeature> set = copyFeatures();
    set.removeAll(List.of(features));
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, Collections.unmodifiableSet(set),
        multistepReward, readOptions, threads);
  }

  private EnumSet<JoinFeature> copyFeatures() {
    return features.isEmpty() ? EnumSet.noneOf(JoinFeature.class) : EnumSet.copyOf(features);
  }

  /** A copy with a sticky multistep reward (used by the multistep joiner only). */
  public JoinOptions withMultistepReward(MultistepReward value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, features,
        Objects.requireNonNull(value, "value"), readOptions, threads);
  }

  /** A copy with other read options. */
  public JoinOptions withReadOptions(ReadOptions value) {
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, features,
        multistepReward, Objects.requireNonNull(value, "value"), threads);
  }

  /**
   * How many threads {@link DsjsonConverter} converts with, and {@link Joiner#collect} joins with: 1 (the default)
   * joins on the calling thread; more split the log at REGULAR message boundaries, join the parts in parallel and take
   * them in order. The output, the summary and the diagnostics (in order, on the calling thread) are the same whatever
   * the count. The multistep joiner and strict mode ({@link JoinFeature#MULTISTEP}, {@link JoinFeature#STRICT})
   * always join on the calling thread.
   */
  public int threads() {
    return threads;
  }

  /**
   * A copy that joins with {@code value} threads (see {@link #threads()}).
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
    return new JoinOptions(problemType, rewardFunction, defaultReward, learningMode, features,
        multistepReward, readOptions, value);
  }

  @Override
  public String toString() {
    return "JoinOptions[problemType=" + problemType + ", rewardFunction=" + rewardFunction + ", defaultReward="
        + defaultReward + ", learningMode=" + learningMode + ", features=" + features
        + ", multistepReward=" + multistepReward + ", threads=" + threads + ", " + readOptions + "]";
  }
}
