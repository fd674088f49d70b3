package io.github.vwbinlog;

/**
 * The joiner configuration a CHECKPOINT message carries (SPEC §3.2), or that a user sets: how rewards are computed and
 * which interactions are joined. Immutable; the {@code with...} methods return changed copies.
 *
 * <p>Thread-safe: an immutable record, to be shared freely.
 *
 * <pre>{@code
 * CheckpointInfo config = CheckpointInfo.of(ProblemType.CB)
 *     .withRewardFunction(RewardFunction.AVERAGE)
 *     .withDefaultReward(-1f);
 * }</pre>
 *
 * @param rewardFunction how outcomes become a reward
 * @param defaultReward the reward when no outcome counts
 * @param learningMode the learning mode interactions must have to be joined
 * @param problemType which interactions are joined
 * @param useClientTime whether the client's time stamps, when present, replace the joiner's enqueued times
 */
public record CheckpointInfo(
    RewardFunction rewardFunction,
    float defaultReward,
    LearningMode learningMode,
    ProblemType problemType,
    boolean useClientTime) implements java.io.Serializable {

  /**
   * The schema defaults, which are also what an empty CHECKPOINT sets: Earliest, 0.0, Online, UNKNOWN (which matches
   * no interaction), enqueued time.
   */
  public static final CheckpointInfo DEFAULTS =
      new CheckpointInfo(RewardFunction.EARLIEST, 0f, LearningMode.ONLINE, ProblemType.UNKNOWN, false);

  /** Checks for nulls only: any stored value, unrecognized codes included, can be represented. */
  public CheckpointInfo {
    java.util.Objects.requireNonNull(rewardFunction, "rewardFunction");
    java.util.Objects.requireNonNull(learningMode, "learningMode");
    java.util.Objects.requireNonNull(problemType, "problemType");
  }

  /** The defaults with the given problem type: what most checkpoints hold. */
  public static CheckpointInfo of(ProblemType problemType) {
    return DEFAULTS.withProblemType(problemType);
  }

  /** A copy with another reward function. */
  public CheckpointInfo withRewardFunction(RewardFunction value) {
    return new CheckpointInfo(value, defaultReward, learningMode, problemType, useClientTime);
  }

  /** A copy with another default reward. */
  public CheckpointInfo withDefaultReward(float value) {
    return new CheckpointInfo(rewardFunction, value, learningMode, problemType, useClientTime);
  }

  /** A copy with another learning mode. */
  public CheckpointInfo withLearningMode(LearningMode value) {
    return new CheckpointInfo(rewardFunction, defaultReward, value, problemType, useClientTime);
  }

  /** A copy with another problem type. */
  public CheckpointInfo withProblemType(ProblemType value) {
    return new CheckpointInfo(rewardFunction, defaultReward, learningMode, value, useClientTime);
  }

  /** A copy that does or does not use client time. */
  public CheckpointInfo withUseClientTime(boolean value) {
    return new CheckpointInfo(rewardFunction, defaultReward, learningMode, problemType, value);
  }
}
