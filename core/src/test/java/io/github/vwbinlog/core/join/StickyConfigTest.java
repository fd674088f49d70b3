package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link StickyConfig}: the joiner's settings, their defaults and readiness (SPEC §3.1), checkpoints (§3.2), overrides (§3.3). */
@DisplayName("StickyConfig: joiner settings (SPEC §3.1–§3.3)")
class StickyConfigTest {

  private static final CheckpointInfo CHECKPOINT = new CheckpointInfo(RewardFunction.MEDIAN, -2.5f,
      LearningMode.APPRENTICE, ProblemType.CCB, true);

  @Test
  void defaults_3_1() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    assertThat(config.effective()).isEqualTo(new CheckpointInfo(RewardFunction.EARLIEST, 0f, LearningMode.ONLINE,
        ProblemType.UNKNOWN, false));
    assertThat(config.multistepReward()).isEqualTo(MultistepReward.SUFFIX_MEAN);
  }

  @Test
  void notReadyUntilAProblemTypeIsSet_3_1() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    assertThat(config.ready()).isFalse();
    config.apply(CHECKPOINT);
    assertThat(config.ready()).isTrue();
  }

  @Test
  void overridesOtherThanProblemTypeDoNotMakeItReady_3_1() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults().withRewardFunction(RewardFunction.SUM)
        .withDefaultReward(1f).withLearningMode(LearningMode.APPRENTICE).with(JoinFeature.CLIENT_TIME));
    assertThat(config.ready()).isFalse();
  }

  @Test
  void aProblemTypeOverrideMakesItReadyBeforeAnyCheckpoint_3_1() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults().withProblemType(ProblemType.CA));
    assertThat(config.ready()).isTrue();
    assertThat(config.effective()).isEqualTo(CheckpointInfo.of(ProblemType.CA));
  }

  @Test
  void aCheckpointWithoutProblemTypeSetsUnknownAndMakesItReady_3_2() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    config.apply(CheckpointInfo.DEFAULTS);
    assertThat(config.ready()).isTrue();
    assertThat(config.effective().problemType()).isEqualTo(ProblemType.UNKNOWN);
  }

  @Test
  void checkpointsSetEveryNonStickyFieldAndTheLastOneWins_3_2() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    config.apply(CHECKPOINT);
    assertThat(config.effective()).isEqualTo(CHECKPOINT);
    CheckpointInfo second = new CheckpointInfo(RewardFunction.MAX, 0.5f, LearningMode.LOGGING_ONLY, ProblemType.CB,
        false);
    config.apply(second);
    assertThat(config.effective()).isEqualTo(second);
  }

  @Test
  void stickyOverridesWinOverEveryCheckpoint_3_3() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults().withProblemType(ProblemType.SLATES)
        .withRewardFunction(RewardFunction.SUM).withDefaultReward(-1f).withLearningMode(LearningMode.ONLINE)
        .with(JoinFeature.CLIENT_TIME));
    CheckpointInfo sticky = new CheckpointInfo(RewardFunction.SUM, -1f, LearningMode.ONLINE, ProblemType.SLATES, true);
    assertThat(config.effective()).isEqualTo(sticky);
    config.apply(CHECKPOINT.withUseClientTime(false));
    assertThat(config.effective()).isEqualTo(sticky);
    config.apply(CheckpointInfo.DEFAULTS);
    assertThat(config.effective()).isEqualTo(sticky);
  }

  @Test
  void eachOverrideIsStickyAloneAndTheOtherFieldsFollowTheCheckpoints_3_3() {
    StickyConfig reward = new StickyConfig(JoinOptions.defaults().withRewardFunction(RewardFunction.MIN));
    reward.apply(CHECKPOINT);
    assertThat(reward.effective()).isEqualTo(CHECKPOINT.withRewardFunction(RewardFunction.MIN));

    StickyConfig defaultReward = new StickyConfig(JoinOptions.defaults().withDefaultReward(3f));
    defaultReward.apply(CHECKPOINT);
    assertThat(defaultReward.effective()).isEqualTo(CHECKPOINT.withDefaultReward(3f));

    StickyConfig mode = new StickyConfig(JoinOptions.defaults().withLearningMode(LearningMode.LOGGING_ONLY));
    mode.apply(CHECKPOINT);
    assertThat(mode.effective()).isEqualTo(CHECKPOINT.withLearningMode(LearningMode.LOGGING_ONLY));

    StickyConfig type = new StickyConfig(JoinOptions.defaults().withProblemType(ProblemType.CB));
    type.apply(CHECKPOINT);
    assertThat(type.effective()).isEqualTo(CHECKPOINT.withProblemType(ProblemType.CB));
  }

  @Test
  void aDefaultRewardOverrideOfZeroIsStillSticky_3_3() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults().withDefaultReward(0f));
    config.apply(CHECKPOINT);
    assertThat(config.effective().defaultReward()).isZero();
  }

  @Test
  void withoutTheClientTimeSwitchCheckpointsDecideBothWays_3_3() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    config.apply(CHECKPOINT.withUseClientTime(true));
    assertThat(config.effective().useClientTime()).isTrue();
    config.apply(CHECKPOINT.withUseClientTime(false));
    assertThat(config.effective().useClientTime()).isFalse();
  }

  @Test
  void anUnrecognizedRewardFunctionLeavesItUnchanged_3_2() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    config.apply(CHECKPOINT);
    config.apply(new CheckpointInfo(RewardFunction.UNRECOGNIZED, 7f, LearningMode.ONLINE, ProblemType.CB, false));
    assertThat(config.effective()).isEqualTo(new CheckpointInfo(RewardFunction.MEDIAN, 7f, LearningMode.ONLINE,
        ProblemType.CB, false));
  }

  @Test
  void theOtherOutOfRangeFieldsAreStored_3_2() {
    StickyConfig config = new StickyConfig(JoinOptions.defaults());
    config.apply(new CheckpointInfo(RewardFunction.SUM, 0f, LearningMode.UNRECOGNIZED, ProblemType.UNRECOGNIZED,
        false));
    assertThat(config.ready()).isTrue();
    assertThat(config.effective().learningMode()).isEqualTo(LearningMode.UNRECOGNIZED);
    assertThat(config.effective().problemType()).isEqualTo(ProblemType.UNRECOGNIZED);
  }

  @Test
  void theMultistepRewardOverride() {
    assertThat(new StickyConfig(JoinOptions.defaults().withMultistepReward(MultistepReward.IDENTITY))
        .multistepReward()).isEqualTo(MultistepReward.IDENTITY);
  }
}
