package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;

/**
 * The joiner's settings (SPEC §3.1): each has a value and a sticky flag. Checkpoints set every field non-sticky;
 * command-line overrides set theirs sticky, once, before any input, and nothing changes a sticky value afterwards.
 * The joiner is ready once a problem type was set.
 */
public final class StickyConfig {
  private RewardFunction rewardFunction = RewardFunction.EARLIEST;
  private float defaultReward;
  private LearningMode learningMode = LearningMode.ONLINE;
  private ProblemType problemType = ProblemType.UNKNOWN;
  private boolean problemTypeSet;
  private boolean useClientTime;
  private MultistepReward multistepReward = MultistepReward.SUFFIX_MEAN;

  private final boolean stickyRewardFunction;
  private final boolean stickyDefaultReward;
  private final boolean stickyLearningMode;
  private final boolean stickyProblemType;
  private final boolean stickyUseClientTime;
  private final boolean forTraining;

  /** The initial settings with the sticky overrides of {@code options} applied (SPEC §3.3). */
  public StickyConfig(JoinOptions options) {
    Float reward = options.defaultReward();
    stickyDefaultReward = reward != null;
    if (reward != null) {
      defaultReward = reward;
    }
    ProblemType type = options.problemType();
    stickyProblemType = type != null;
    if (type != null) {
      problemType = type;
      problemTypeSet = true;
    }
    stickyUseClientTime = options.isEnabled(JoinFeature.CLIENT_TIME);
    useClientTime = options.isEnabled(JoinFeature.CLIENT_TIME);
    forTraining = options.isEnabled(JoinFeature.FOR_TRAINING);
    LearningMode mode = options.learningMode();
    stickyLearningMode = mode != null;
    if (mode != null) {
      learningMode = mode;
    }
    RewardFunction function = options.rewardFunction();
    stickyRewardFunction = function != null;
    if (function != null) {
      rewardFunction = function;
    }
    MultistepReward multistep = options.multistepReward();
    if (multistep != null) {
      multistepReward = multistep;
    }
  }

  /** A copy of {@code other}'s settings, for converting a later part of the log on another thread. */
  public StickyConfig(StickyConfig other) {
    rewardFunction = other.rewardFunction;
    defaultReward = other.defaultReward;
    learningMode = other.learningMode;
    problemType = other.problemType;
    problemTypeSet = other.problemTypeSet;
    useClientTime = other.useClientTime;
    multistepReward = other.multistepReward;
    stickyRewardFunction = other.stickyRewardFunction;
    stickyDefaultReward = other.stickyDefaultReward;
    stickyLearningMode = other.stickyLearningMode;
    stickyProblemType = other.stickyProblemType;
    stickyUseClientTime = other.stickyUseClientTime;
    forTraining = other.forTraining;
    version = other.version;
  }

  /** Whether lines are written for training ({@link JoinFeature#FOR_TRAINING}); no checkpoint changes it. */
  boolean forTraining() {
    return forTraining;
  }

  /** Counts the checkpoints applied: the settings can have changed only when it has. */
  private int version;

  /** How many checkpoints were applied (a copy starts at its original's count). */
  public int version() {
    return version;
  }

  /** Applies a CHECKPOINT: every non-sticky field; an unrecognized reward function leaves it unchanged (§3.2). */
  public void apply(CheckpointInfo checkpoint) {
    version++;
    if (!stickyRewardFunction && checkpoint.rewardFunction() != RewardFunction.UNRECOGNIZED) {
      rewardFunction = checkpoint.rewardFunction();
    }
    if (!stickyDefaultReward) {
      defaultReward = checkpoint.defaultReward();
    }
    if (!stickyLearningMode) {
      learningMode = checkpoint.learningMode();
    }
    if (!stickyProblemType) {
      problemType = checkpoint.problemType();
      problemTypeSet = true;
    }
    if (!stickyUseClientTime) {
      useClientTime = checkpoint.useClientTime();
    }
  }

  /** Whether REGULAR messages are processed: a problem type was set, by a checkpoint or an override. */
  boolean ready() {
    return problemTypeSet;
  }

  /** The settings in force. */
  public CheckpointInfo effective() {
    return new CheckpointInfo(rewardFunction, defaultReward, learningMode, problemType, useClientTime);
  }

  /** The multistep reward in force. */
  MultistepReward multistepReward() {
    return multistepReward;
  }
}
