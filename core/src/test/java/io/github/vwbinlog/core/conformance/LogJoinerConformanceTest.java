package io.github.vwbinlog.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The joiner on the corpus's event batch files: every derived case (a case whose {@code input} VW's test made from
 * the event batch files in its {@code inputs}, corpus README "Derived joined logs") joined again by {@link LogJoiner}
 * from those files, with the case's settings and an unlimited EUD, then checked with the case's own assertions on the
 * joiner's output instead of the derived log.
 */
class LogJoinerConformanceTest {

  /**
   * The cases whose assertion rests on the synthetic time stamps VW's test gives each joined event (the i-th event of
   * a batch at 2020-03-(30-i) 10:20:30, so observations later in a batch are earlier, corpus README "Derived joined
   * logs"), with why. The Earliest reward function picks the observation with the earliest time; the joiner's
   * {@code JoinedEvent.timestamp} is the client time, so where the files have none every event has the same time and
   * Earliest takes the first observation in file order, and where they have one it is that time, not the synthetic
   * stamp. Listed in docs/JOINER.md.
   */
  static final Map<String, String> RESTS_ON_SYNTHETIC_TIME = Map.of(
      "reward_functions/cb_float/earliest", "no client time: the synthetic stamps make the 2nd observation earliest",
      "reward_functions/ca_float/earliest", "no client time: the synthetic stamps make the 2nd observation earliest",
      "reward_functions/ccb_slot_index/earliest", "no client time: the synthetic stamps order the slot observations",
      "client_and_enqueued_time/test_use_client_time_missing_and_configured_to_true",
      "no client time: VW falls back to the synthetic enqueued stamps",
      "client_and_enqueued_time/test_use_client_time_existing_and_configured_to_false",
      "use_client_time false: VW orders by the synthetic enqueued stamps, the joiner's stamps are the client times");

  @TempDir
  Path dir;

  static LogJoiner joiner(Corpus.Case c) {
    Map<String, @Nullable Object> config = Json.object(c.json().get("config"));
    List<Object> inputs = Json.array(c.json().get("inputs"));
    LogJoiner.Builder b = LogJoiner.builder().unlimitedEud()
        .listener(DiagnosticListener.ignoring())
        .interactions(List.of(Corpus.resolve((String) inputs.get(0))))
        .observations(List.of(Corpus.resolve((String) inputs.get(1))))
        .problemType(ProblemType.parse((String) config.get("problem_type")))
        .rewardFunction(RewardFunction.parse((String) config.get("reward_function")))
        .defaultReward(((Number) config.get("default_reward")).floatValue())
        .learningMode(LearningMode.parse((String) config.get("learning_mode")))
        .useClientTime(Boolean.TRUE.equals(config.get("use_client_time")));
    return b.build();
  }

  static List<Corpus.Case> derivedCases() {
    return Corpus.cases().stream()
        .filter(c -> c.json().get("inputs") != null && String.valueOf(c.json().get("input")).startsWith("files/derived/"))
        .toList();
  }

  @TestFactory
  Stream<DynamicTest> derivedCasesOnTheJoinersOutput() {
    List<Corpus.Case> cases = derivedCases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(28);
    return cases.stream().filter(c -> !RESTS_ON_SYNTHETIC_TIME.containsKey(c.id()))
        .map(c -> DynamicTest.dynamicTest(c.id(), () -> check(c)));
  }

  private void check(Corpus.Case c) throws IOException {
    Path out = dir.resolve(c.id().replace('/', '_') + ".joined.fb");
    LogJoinSummary s = joiner(c).writeTo(out);
    assertThat(s.interactionsWritten()).as("interactions written").isEqualTo(s.interactionsRead());
    assertThat(s.observationsJoined()).as("observations joined").isEqualTo(s.observationsRead());
    Map<String, @Nullable Object> json = new HashMap<>(c.json());
    json.put("input", out.toAbsolutePath().toString());
    Corpus.Case mine = new Corpus.Case(json);
    switch (c.kind()) {
      case "rewards" -> JoinConformanceTest.checkRewards(mine);
      case "examples" -> JoinConformanceTest.checkExamples(mine);
      default -> throw new AssertionError("no check for kind " + c.kind() + " of " + c.id());
    }
  }
}
