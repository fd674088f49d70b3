package io.github.vwbinlog.cli;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The joiner overrides shared by {@code convert}, {@code stats}, {@code validate} and {@code split --verify}: VW's
 * options of the same names, each sticky (SPEC §3.3), values matched case-insensitively. An argument group, so that
 * help lists them under their own heading.
 */
final class JoinOptionsGroup {

  /** The heading of the group in the help of {@code convert}, {@code stats} and {@code validate}. */
  static final String HEADING = "%nJoin options (VW's, each sticky):%n";

  // The values the options accept, in the case VW's documentation uses, for shell completion (the enums also hold
  // UNRECOGNIZED, and ProblemType values VW's --problem_type refuses).
  static final List<String> PROBLEM_TYPES = List.of("cb", "ccb", "slates", "ca");
  static final List<String> REWARD_FUNCTIONS = List.of("earliest", "average", "median", "sum", "min", "max");
  static final List<String> LEARNING_MODES = List.of("online", "apprentice", "loggingonly");
  static final List<String> MULTISTEP_REWARDS = List.of("identity", "suffix_sum", "suffix_mean");

  @Nullable ProblemType problemType;
  @Nullable RewardFunction rewardFunction;
  @Nullable Float defaultReward;
  @Nullable LearningMode learningMode;
  boolean useClientTime;
  boolean multistep;
  @Nullable MultistepReward multistepReward;

  /** Adds the options to {@code command}, as a group under {@code heading} in its help. */
  JoinOptionsGroup(CommandSpec command, String heading) {
    command.addArgGroup(ArgGroupSpec.builder().heading(heading).validate(false)
        .addArg(Specs.bind(OptionSpec.builder("--problem-type").paramLabel("TYPE").type(ProblemType.class)
            .completionCandidates(PROBLEM_TYPES)
            .description("cb, ccb, slates or ca; also joins REGULAR messages before the first checkpoint"),
            () -> problemType, v -> problemType = v))
        .addArg(Specs.bind(OptionSpec.builder("--reward-function").paramLabel("F").type(RewardFunction.class)
            .completionCandidates(REWARD_FUNCTIONS).description("earliest, average, median, sum, min or max"),
            () -> rewardFunction, v -> rewardFunction = v))
        .addArg(Specs.bind(OptionSpec.builder("--default-reward").paramLabel("R").type(Float.class)
            .description("the reward when no outcome counts"), () -> defaultReward, v -> defaultReward = v))
        .addArg(Specs.bind(OptionSpec.builder("--learning-mode").paramLabel("MODE").type(LearningMode.class)
            .completionCandidates(LEARNING_MODES).description("online, apprentice or loggingonly"),
            () -> learningMode, v -> learningMode = v))
        .addArg(Specs.bind(OptionSpec.builder("--use-client-time").type(boolean.class)
            .description("use the clients' time stamps where present"), () -> useClientTime, v -> useClientTime = v))
        .addArg(Specs.bind(OptionSpec.builder("--multistep").type(boolean.class)
            .description("join multistep episodes with the multistep joiner (VW's --multistep)"),
            () -> multistep, v -> multistep = v))
        .addArg(Specs.bind(OptionSpec.builder("--multistep-reward").paramLabel("F").type(MultistepReward.class)
            .completionCandidates(MULTISTEP_REWARDS)
            .description("identity, suffix_sum or suffix_mean (the default): how the multistep joiner spreads rewards "
                + "over a batch; ignored without --multistep, as VW ignores it"),
            () -> multistepReward, v -> multistepReward = v))
        .build());
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
}
