package io.github.vwbinlog.cli;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinOptions;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * The joiner overrides shared by {@code convert}, {@code stats} and {@code validate}: VW's options of the same names,
 * each sticky (SPEC §3.3), values matched case-insensitively.
 */
final class JoinOptionsMixin {

  @Option(names = "--problem-type", paramLabel = "TYPE", converter = ProblemTypeConverter.class,
      description = "cb, ccb, slates or ca; also joins REGULAR messages before the first checkpoint")
  @Nullable ProblemType problemType;

  @Option(names = "--reward-function", paramLabel = "F", converter = RewardFunctionConverter.class,
      description = "earliest, average, median, sum, min or max")
  @Nullable RewardFunction rewardFunction;

  @Option(names = "--default-reward", paramLabel = "R", description = "the reward when no outcome counts")
  @Nullable Float defaultReward;

  @Option(names = "--learning-mode", paramLabel = "MODE", converter = LearningModeConverter.class,
      description = "online, apprentice or loggingonly")
  @Nullable LearningMode learningMode;

  @Option(names = "--use-client-time", description = "use the clients' time stamps where present")
  boolean useClientTime;

  @Option(names = "--strict", description = "stop at the first error (exit 1, no output file left behind)")
  boolean strict;

  /** The options these flags describe, on top of {@code base}. */
  JoinOptions apply(JoinOptions base) {
    JoinOptions o = base.withStrict(strict);
    if (problemType != null) {
      o = o.withProblemType(problemType);
    }
    if (rewardFunction != null) {
      o = o.withRewardFunction(rewardFunction);
    }
    if (defaultReward != null) {
      o = o.withDefaultReward(defaultReward);
    }
    if (learningMode != null) {
      o = o.withLearningMode(learningMode);
    }
    if (useClientTime) {
      o = o.withClientTime();
    }
    return o;
  }

  static final class ProblemTypeConverter implements ITypeConverter<ProblemType> {
    @Override
    public ProblemType convert(String value) {
      return ProblemType.parse(value);
    }
  }

  static final class RewardFunctionConverter implements ITypeConverter<RewardFunction> {
    @Override
    public RewardFunction convert(String value) {
      return RewardFunction.parse(value);
    }
  }

  static final class LearningModeConverter implements ITypeConverter<LearningMode> {
    @Override
    public LearningMode convert(String value) {
      return LearningMode.parse(value);
    }
  }
}
