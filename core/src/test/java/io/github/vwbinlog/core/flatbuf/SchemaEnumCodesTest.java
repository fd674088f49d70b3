package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import java.util.Locale;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The api's schema enums store the codes flatc gives the schema's enum values: each api constant's code is the index
 * of its name in the generated enum's {@code names} (the api enums take their code from their declaration order, so
 * a reordering fails here), and every generated value has its constant.
 */
class SchemaEnumCodesTest {

  @Test
  void payloadTypes() {
    check(reinforcement_learning.messages.flatbuff.v2.PayloadType.names, PayloadType::of, PayloadType.values().length);
  }

  @Test
  void problemTypes() {
    check(reinforcement_learning.messages.flatbuff.v2.ProblemType.names, ProblemType::of, ProblemType.values().length);
  }

  @Test
  void rewardFunctions() {
    check(reinforcement_learning.messages.flatbuff.v2.RewardFunctionType.names, RewardFunction::of,
        RewardFunction.values().length);
  }

  @Test
  void learningModes() {
    check(reinforcement_learning.messages.flatbuff.v2.LearningModeType.names, LearningMode::of,
        LearningMode.values().length);
  }

  /** Every generated name at its index is the api constant of that code; UNRECOGNIZED is the one constant more. */
  private static void check(String[] generated, IntFunction<? extends Enum<?>> of, int constants) {
    assertThat(constants).isEqualTo(generated.length + 1);
    for (int code = 0; code < generated.length; code++) {
      Enum<?> constant = of.apply(code);
      assertThat(constant.name().replace("_", "").toLowerCase(Locale.ROOT))
          .as("code %d", code).isEqualTo(generated[code].toLowerCase(Locale.ROOT));
    }
    assertThat(of.apply(generated.length).name()).isEqualTo("UNRECOGNIZED");
  }
}
