package io.github.vwbinlog.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import org.junit.jupiter.api.Test;

/** Immutable join options whose switches are {@link JoinFeature}s with documented defaults. */
class JoinOptionsTest {

  @Test
  void defaultsHaveEveryFeatureAtItsDefault() {
    JoinOptions d = JoinOptions.defaults();
    for (JoinFeature f : JoinFeature.values()) {
      assertThat(d.isEnabled(f)).as(f.name()).isEqualTo(f.enabledByDefault());
    }
    assertThat(d.features()).isEmpty();
    assertThat(d.threads()).isEqualTo(1);
  }

  @Test
  void withAndWithoutReturnChangedCopies() {
    JoinOptions d = JoinOptions.defaults();
    JoinOptions on = d.with(JoinFeature.STRICT, JoinFeature.MULTISTEP);

    assertThat(on.features()).containsExactlyInAnyOrder(JoinFeature.STRICT, JoinFeature.MULTISTEP);
    assertThat(d.features()).isEmpty();
    assertThat(on.without(JoinFeature.STRICT).features()).containsExactly(JoinFeature.MULTISTEP);
    assertThat(on.without(JoinFeature.STRICT, JoinFeature.MULTISTEP).features()).isEmpty();
    assertThatThrownBy(() -> on.features().add(JoinFeature.CLIENT_TIME))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void featuresSurviveTheOtherCopies() {
    JoinOptions o = JoinOptions.defaults().with(JoinFeature.CLIENT_TIME)
        .withProblemType(ProblemType.CCB)
        .withRewardFunction(RewardFunction.SUM)
        .withDefaultReward(-1f)
        .withMultistepReward(MultistepReward.IDENTITY)
        .withThreads(3);

    assertThat(o.features()).containsExactly(JoinFeature.CLIENT_TIME);
    assertThat(o.problemType()).isEqualTo(ProblemType.CCB);
    assertThat(o.rewardFunction()).isEqualTo(RewardFunction.SUM);
    assertThat(o.defaultReward()).isEqualTo(-1f);
    assertThat(o.multistepReward()).isEqualTo(MultistepReward.IDENTITY);
    assertThat(o.threads()).isEqualTo(3);
    assertThat(o.toString()).contains("features=[CLIENT_TIME]");
  }

  @Test
  void overridesThatVwCannotTakeAreRejected() {
    assertThatThrownBy(() -> JoinOptions.defaults().withProblemType(ProblemType.MULTISTEP))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CB, CCB, SLATES or CA");
    assertThatThrownBy(() -> JoinOptions.defaults().withThreads(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
  }
}
