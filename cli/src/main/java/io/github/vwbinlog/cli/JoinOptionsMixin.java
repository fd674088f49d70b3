package io.github.vwbinlog.cli;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
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

  @Option(names = "--multistep", description = "join multistep episodes with the multistep joiner (VW's --multistep)")
  boolean multistep;

  @Option(names = "--multistep-reward", paramLabel = "F", converter = MultistepRewardConverter.class,
      description = "identity, suffix_sum or suffix_mean (the default): how the multistep joiner spreads rewards "
          + "over a batch; ignored without --multistep, as VW ignores it")
  @Nullable MultistepReward multistepReward;

  /** The options these flags describe, on top of {@code base}. */
  JoinOptions apply(JoinOptions base) {
    JoinOptions o = base;
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
    if (multistep) {
      o = o.withMultistep(true);
    }
    if (multistepReward != null) {
      o = o.withMultistepReward(multistepReward);
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

  static final class MultistepRewardConverter implements ITypeConverter<MultistepReward> {
    @Override
    public MultistepReward convert(String value) {
      return MultistepReward.parse(value);
    }
  }
}
