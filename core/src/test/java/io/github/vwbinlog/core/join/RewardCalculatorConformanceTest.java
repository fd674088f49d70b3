package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.Fixtures.day;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cases of kind {@code rewards} from the conformance corpus ({@code ../shared/conformance/cases.json}), rebuilt from
 * their {@code timeline} as records: each case's interaction comes first at 2020-03-30 10:20:30, then its observations
 * with the times listed there, under the case's configuration (default reward -1000 unless noted). The assertions are
 * the case's {@code expect.rewards}. Reading the corpus files end to end is the joiner's test.
 */
class RewardCalculatorConformanceTest {

  private static final String CB_ID = "abcdefghijklm";
  private static final String CCB_ID = "91f71c8";
  private static final float D = -1000f;

  private final Fixtures.Recorder recorder = new Fixtures.Recorder();

  private static JoinedEvent event(String id, TimeStamp t, PayloadType type, EventPayload payload) {
    return JoinedEvent.of(t, new Event(Metadata.of(id, type), payload));
  }

  private static CbEvent cbV2() {
    // files/reward_functions/cb/cb_v2.fb
    return CbEvent.of(List.of(1L, 2L), List.of(0.90000004f, 0.1f), "{}");
  }

  /** files/reward_functions/cb/f-reward_3obs_v2.fb: 5, 4, 3 on days 30, 29, 28. */
  private static List<JoinedEvent> threeObservations(String id) {
    return List.of(event(id, day(30), PayloadType.OUTCOME, OutcomeEvent.numeric(5f)),
        event(id, day(29), PayloadType.OUTCOME, OutcomeEvent.numeric(4f)),
        event(id, day(28), PayloadType.OUTCOME, OutcomeEvent.numeric(3f)));
  }

  /** files/reward_functions/ccb/fi-reward_v2.fb: values 2,2,5,2,2,5,4,1 for slots 0,1,0,1..., days 30 down to 23. */
  private static List<JoinedEvent> slotIndexObservations() {
    float[] values = {2, 2, 5, 2, 2, 5, 4, 1};
    List<JoinedEvent> events = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      events.add(event(CCB_ID, day(30 - i), PayloadType.OUTCOME, OutcomeEvent.numeric(values[i]).withIndex(i % 2)));
    }
    return events;
  }

  /** A CCB interaction with two slots, [0,1] and [1], with the given slot ids. */
  private static MultiSlotEvent ccbV2(String slot0, String slot1) {
    return MultiSlotEvent.of("{}", List.of(SlotEvent.of(slot0, List.of(0L, 1L), List.of(1f, 0f)),
        SlotEvent.of(slot1, List.of(1L), List.of(1f))));
  }

  private static CheckpointInfo config(ProblemType type, RewardFunction function) {
    return CheckpointInfo.of(type).withRewardFunction(function).withDefaultReward(D);
  }

  /** A CCB decision of these slot ids and baseline actions in apprentice mode, summed over the slot index outcomes. */
  private JoinResult ccbApprentice(String slot0, String slot1, List<Integer> baselineActions) {
    MultiSlotEvent ccb = ccbV2(slot0, slot1).withBaselineActions(baselineActions)
        .withLearningMode(LearningMode.APPRENTICE);
    return calculate(config(ProblemType.CCB, RewardFunction.SUM).withLearningMode(LearningMode.APPRENTICE),
        event(CCB_ID, day(30), PayloadType.CCB, ccb), slotIndexObservations());
  }

  private JoinResult calculate(CheckpointInfo config, JoinedEvent interaction, List<JoinedEvent> observations) {
    List<JoinedEvent> events = new ArrayList<>();
    events.add(interaction);
    events.addAll(observations);
    return RewardCalculator.of(config, recorder).calculate(events).orElseThrow();
  }

  @ParameterizedTest(name = "reward_functions/cb_float/{0}")
  @CsvSource({"EARLIEST, 3", "AVERAGE, 4", "MIN, 3", "MAX, 5", "MEDIAN, 4", "SUM, 12"})
  void cbFloat(RewardFunction function, float expected) {
    JoinResult r = calculate(config(ProblemType.CB, function), event(CB_ID, day(30), PayloadType.CB, cbV2()),
        threeObservations(CB_ID));
    assertThat(r.rewards()).containsExactly(expected);
  }

  @ParameterizedTest(name = "reward_functions/ca_float/{0}")
  @CsvSource({"EARLIEST, 3", "AVERAGE, 4", "MIN, 3", "MAX, 5", "MEDIAN, 4", "SUM, 12"})
  void caFloat(RewardFunction function, float expected) {
    // files/reward_functions/ca/ca_v2.fb
    CaEvent ca = CaEvent.of(1.0148716f, 0.00050505053f, "{}");
    JoinResult r = calculate(config(ProblemType.CA, function), event(CB_ID, day(30), PayloadType.CA, ca),
        threeObservations(CB_ID));
    assertThat(r.rewards()).containsExactly(expected);
  }

  @ParameterizedTest(name = "reward_functions/ccb_slot_index/{0}")
  @CsvSource({"EARLIEST, 4, 1", "AVERAGE, 3.25, 2.5", "MIN, 2, 1", "MAX, 5, 5", "MEDIAN, 3, 2", "SUM, 13, 10"})
  void ccbSlotIndex(RewardFunction function, float slot0, float slot1) {
    MultiSlotEvent ccb = ccbV2("6da7bf92-e28a-451d-9362-04abbb6b6b160", "24932d03-1e8a-4387-acea-2eb8a3e758380");
    JoinResult r = calculate(config(ProblemType.CCB, function), event(CCB_ID, day(30), PayloadType.CCB, ccb),
        slotIndexObservations());
    assertThat(r.rewards()).containsExactly(slot0, slot1);
  }

  @Test
  void ccbSlotIndexSetDefaultRewardToSlotWithNoMatchingOutcomes() {
    // fi-out-of-bound-reward_v2.fb: one outcome 1.5 with index 1000.
    MultiSlotEvent ccb = ccbV2("6da7bf92-e28a-451d-9362-04abbb6b6b160", "24932d03-1e8a-4387-acea-2eb8a3e758380");
    JoinResult r = calculate(config(ProblemType.CCB, RewardFunction.EARLIEST),
        event(CCB_ID, day(30), PayloadType.CCB, ccb),
        List.of(event(CCB_ID, day(30), PayloadType.OUTCOME, OutcomeEvent.numeric(1.5f).withIndex(1000))));
    assertThat(r.rewards()).containsExactly(D, D);
  }

  @Test
  void ccbSlotIdSetDefaultRewardIfSlotHasNoOutcomeEvents() {
    // fs-reward_v2.fb (two batches, so the days restart at 30) against ccb_v2.fb, whose slot ids are GUIDs: no
    // "slot_0"/"slot_1" matches, so both slots get the default and each outcome is reported.
    MultiSlotEvent ccb = ccbV2("6da7bf92-e28a-451d-9362-04abbb6b6b160", "24932d03-1e8a-4387-acea-2eb8a3e758380");
    String[] slotIds = {"slot_0", "slot_1", "slot_0", "slot_1", "slot_0", "slot_1", "slot_0", "slot_1"};
    float[] values = {2, 2, 5, 2, 2, 5, 4, 1};
    int[] days = {30, 29, 28, 30, 29, 28, 27, 26};
    List<JoinedEvent> observations = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      observations.add(event(CCB_ID, day(days[i]), PayloadType.OUTCOME,
          OutcomeEvent.numeric(values[i]).withSlotId(slotIds[i])));
    }
    JoinResult r = calculate(config(ProblemType.CCB, RewardFunction.EARLIEST),
        event(CCB_ID, day(30), PayloadType.CCB, ccb), observations);
    assertThat(r.rewards()).containsExactly(D, D);
    assertThat(recorder.reasons()).hasSize(8).containsOnly(DiagnosticReason.UNMATCHED_SLOT_ID);
  }

  @Test
  void ccbApprenticeFirstActionMatchingBaselineActionReturnsRealReward() {
    JoinResult r = ccbApprentice("92bfeab8-b8ea-4c7e-a8d2-51af422938760", "84bf7f39-2bf2-4ec5-b6b4-faeb7fb715aa0",
        List.of(0, 1));
    assertThat(r.rewards()).containsExactly(1f, 1f);
    assertThat(r.originalRewards()).containsExactly(13f, 10f);
  }

  @Test
  void ccbApprenticeFirstActionNotMatchingBaselineActionReturnsDefaultReward() {
    // "Default" in the test's name is apprentice's 0, not the default reward -1000.
    JoinResult r = ccbApprentice("53100f0a-fc5e-4a76-80b8-1070e28aeba60", "baba6994-e172-4673-928e-341777ca6a6b0",
        List.of(1, 0));
    assertThat(r.rewards()).containsExactly(0f, 0f);
  }

  @Test
  void cbApprenticeWithFirstActionMatchingBaselineActionReturnsRealReward() {
    CbEvent cb = cbV2().withLearningMode(LearningMode.APPRENTICE);
    JoinResult r = calculate(config(ProblemType.CB, RewardFunction.SUM).withLearningMode(LearningMode.APPRENTICE),
        event(CB_ID, day(30), PayloadType.CB, cb), threeObservations(CB_ID));
    assertThat(r.rewards()).containsExactly(1f);
    assertThat(r.originalRewards()).containsExactly(12f);
  }

  @Test
  void useClientTimeMissingAndConfiguredToTrue() {
    // Only problem type and use_client_time are set: Earliest, default 0. No event has a client time.
    CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withUseClientTime(true);
    JoinResult r = calculate(config, event(CB_ID, day(30), PayloadType.CB, cbV2()), threeObservations(CB_ID));
    assertThat(r.rewards()).containsExactly(3f);
    assertThat(r.weight()).isEqualTo(1f);
    assertThat(recorder.reasons()).hasSize(4).containsOnly(DiagnosticReason.CLIENT_TIME_MISSING);
  }

  /** files/client_time: client times 14:44:54.2 (interaction) and 14:44:58.7 for 1, 1, 5 on days 30, 29, 28. */
  private static List<JoinedEvent> clientTimeEvents() {
    long[] subseconds = {739423900, 739432600, 739435300};
    float[] values = {1, 1, 5};
    List<JoinedEvent> events = new ArrayList<>();
    events.add(JoinedEvent.of(day(30), new Event(Metadata.of(CB_ID, PayloadType.CB)
        .withClientTime(new TimeStamp(2021, 8, 12, 14, 44, 54, 205881400)), cbV2())));
    for (int i = 0; i < 3; i++) {
      events.add(JoinedEvent.of(day(30 - i), new Event(Metadata.of(CB_ID, PayloadType.OUTCOME)
          .withClientTime(new TimeStamp(2021, 8, 12, 14, 44, 58, subseconds[i])), OutcomeEvent.numeric(values[i]))));
    }
    return events;
  }

  @Test
  void useClientTimeExistingAndConfiguredToFalse() {
    List<JoinedEvent> events = clientTimeEvents();
    JoinResult r = calculate(CheckpointInfo.of(ProblemType.CB), events.get(0), events.subList(1, 4));
    assertThat(r.rewards()).containsExactly(5f);
    assertThat(r.timestamp()).isEqualTo(day(30));
  }

  @Test
  void useClientTimeExistingAndConfiguredToTrueIgnoresSubseconds() {
    // Not a case of the corpus; derived from SPEC §5: the three client times share the second, so the first wins.
    List<JoinedEvent> events = clientTimeEvents();
    JoinResult r = calculate(CheckpointInfo.of(ProblemType.CB).withUseClientTime(true), events.get(0),
        events.subList(1, 4));
    assertThat(r.rewards()).containsExactly(1f);
    assertThat(r.timestamp().format()).isEqualTo("2021-08-12T14:44:54.000000Z");
    assertThat(recorder.seen).isEmpty();
  }
}
