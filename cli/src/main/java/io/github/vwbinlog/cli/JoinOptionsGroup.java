package io.github.vwbinlog.cli;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The joiner overrides shared by {@code convert}, {@code stats}, {@code validate} and {@code split --verify}: VW's
 * options of the same names, each sticky (SPEC §3.3), values matched case-insensitively. An argument group, so that
 * help lists them under their own heading; picocli leaves the field null when none is given.
 */
final class JoinOptionsGroup {

  /**
   * The heading of the group in the help of {@code convert}, {@code stats} and {@code validate}. Each declares the
   * group itself: from a shared mixin, picocli 4.7.6 lists the options of a non-validating group twice
   * (remkop/picocli#2341).
   */
  static final String HEADING = "%nJoin options (VW's, each sticky):%n";

  @Option(names = "--problem-type", paramLabel = "TYPE", completionCandidates = ProblemTypeNames.class,
      description = "cb, ccb, slates or ca; also joins REGULAR messages before the first checkpoint")
  @Nullable ProblemType problemType;

  @Option(names = "--reward-function", paramLabel = "F", completionCandidates = RewardFunctionNames.class,
      description = "earliest, average, median, sum, min or max")
  @Nullable RewardFunction rewardFunction;

  @Option(names = "--default-reward", paramLabel = "R", description = "the reward when no outcome counts")
  @Nullable Float defaultReward;

  @Option(names = "--learning-mode", paramLabel = "MODE", completionCandidates = LearningModeNames.class,
      description = "online, apprentice or loggingonly")
  @Nullable LearningMode learningMode;

  @Option(names = "--use-client-time", description = "use the clients' time stamps where present")
  boolean useClientTime;

  @Option(names = "--multistep", description = "join multistep episodes with the multistep joiner (VW's --multistep)")
  boolean multistep;

  @Option(names = "--multistep-reward", paramLabel = "F", completionCandidates = MultistepRewardNames.class,
      description = "identity, suffix_sum or suffix_mean (the default): how the multistep joiner spreads rewards "
          + "over a batch; ignored without --multistep, as VW ignores it")
  @Nullable MultistepReward multistepReward;

  /** The options {@code flags} describe (none when null), on top of {@code base}. */
  static JoinOptions apply(@Nullable JoinOptionsGroup flags, JoinOptions base) {
    return flags == null ? base : flags.apply(base);
  }

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
      o = o.with(JoinFeature.CLIENT_TIME);
    }
    if (multistep) {
      o = o.with(JoinFeature.MULTISTEP);
    }
    if (multistepReward != null) {
      o = o.withMultistepReward(multistepReward);
    }
    return o;
  }

  /**
   * Registers the options' converters on {@code cmd} and the subcommands it has: the values are parsed by the enums'
   * {@code parse}, VW's names matched case-insensitively.
   */
  static void registerConverters(CommandLine cmd) {
    cmd.registerConverter(ProblemType.class, ProblemType::parse)
        .registerConverter(RewardFunction.class, RewardFunction::parse)
        .registerConverter(LearningMode.class, LearningMode::parse)
        .registerConverter(MultistepReward.class, MultistepReward::parse);
  }

  // The values the options accept, in the case VW's documentation uses, for shell completion (the enums also hold
  // UNRECOGNIZED, and ProblemType values VW's --problem_type refuses).

  static final class ProblemTypeNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    ProblemTypeNames() {
      super(List.of("cb", "ccb", "slates", "ca"));
    }
  }

  static final class RewardFunctionNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    RewardFunctionNames() {
      super(List.of("earliest", "average", "median", "sum", "min", "max"));
    }
  }

  static final class LearningModeNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    LearningModeNames() {
      super(List.of("online", "apprentice", "loggingonly"));
    }
  }

  static final class MultistepRewardNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    MultistepRewardNames() {
      super(List.of("identity", "suffix_sum", "suffix_mean"));
    }
  }
}
