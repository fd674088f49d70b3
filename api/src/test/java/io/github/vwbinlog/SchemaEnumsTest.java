package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The schema's enum values (SPEC §2, §4.3, §4.6, §6.2): stored codes, and the command-line names VW accepts. */
class SchemaEnumsTest {

  @Test
  void everyCodeGivesItsConstantAndAnyOtherUnrecognized() {
    for (PayloadType t : PayloadType.values()) {
      assertThat(PayloadType.of(t.code())).isEqualTo(t);
    }
    for (ProblemType t : ProblemType.values()) {
      assertThat(ProblemType.of(t.code())).isEqualTo(t);
    }
    for (RewardFunction f : RewardFunction.values()) {
      assertThat(RewardFunction.of(f.code())).isEqualTo(f);
    }
    for (LearningMode m : LearningMode.values()) {
      assertThat(LearningMode.of(m.code())).isEqualTo(m);
    }
    assertThat(PayloadType.of(8)).isEqualTo(PayloadType.UNRECOGNIZED);
    assertThat(ProblemType.of(6)).isEqualTo(ProblemType.UNRECOGNIZED);
    assertThat(RewardFunction.of(Integer.MIN_VALUE)).isEqualTo(RewardFunction.UNRECOGNIZED);
    assertThat(LearningMode.of(3)).isEqualTo(LearningMode.UNRECOGNIZED);
  }

  @Test
  void namesAreMatchedCaseInsensitively() {
    assertThat(LearningMode.parse("LOGGINGONLY")).isEqualTo(LearningMode.LOGGING_ONLY);
    assertThat(RewardFunction.parse("median")).isEqualTo(RewardFunction.MEDIAN);
    assertThat(ProblemType.parse("Slates")).isEqualTo(ProblemType.SLATES);
  }

  @Test
  void unrecognizedAndUnacceptedNamesAreRefusedWithTheAcceptedOnes() {
    assertThatThrownBy(() -> LearningMode.parse("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid learning mode '': expected online, apprentice or loggingonly");
    assertThatThrownBy(() -> RewardFunction.parse("mean")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid reward function 'mean': expected earliest, average, median, sum, min or max");
    assertThatThrownBy(() -> ProblemType.parse("multistep")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Invalid problem type 'multistep': expected cb, ccb, slates or ca");
    assertThatThrownBy(() -> ProblemType.parse("unknown")).isInstanceOf(IllegalArgumentException.class);
  }
}
