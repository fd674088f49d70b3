package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.JoinHarness.CONTEXT;
import static io.github.vwbinlog.core.join.JoinHarness.T;
import static io.github.vwbinlog.core.join.JoinHarness.T_TEXT;
import static io.github.vwbinlog.core.join.JoinHarness.event;
import static io.github.vwbinlog.core.join.JoinHarness.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VW's parser-level metrics (SPEC §9), collected by {@link MetricsCollector} from each emitted joined event. The four
 * {@code metrics} cases of the corpus are checked end to end in {@code JoinConformanceTest}; these are the rules they
 * do not reach: CCB and slates baselines, CB and CA special cases, and which events set first and last.
 */
@DisplayName("Metrics (SPEC §9)")
class MetricsTest {

  @TempDir
  Path dir;

  private static JoinResult result(String id, TimeStamp t, PayloadType type, EventPayload payload,
      List<Float> original, boolean learnable) {
    JoinedEvent interaction = JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
        io.github.vwbinlog.event.Metadata.of(id, type), payload));
    return new JoinResult(interaction, t, List.of(), List.of(), original, original, learnable);
  }

  private static JoinResult cb(String id, long firstAction, float original) {
    return result(id, T, PayloadType.CB, CbEvent.of(List.of(firstAction, 9L), List.of(0.5f, 0.5f), CONTEXT),
        List.of(original), true);
  }

  private static MultiSlotEvent slots(List<Integer> baseline, List<Long> firstSlotActions) {
    return MultiSlotEvent.of(CONTEXT, List.of(SlotEvent.of("s0", firstSlotActions, List.of()),
        SlotEvent.of("s1", List.of(5L), List.of(1f)))).withBaselineActions(baseline);
  }

  private static JoinMetrics collect(JoinResult... results) {
    MetricsCollector metrics = new MetricsCollector();
    RecordView view = new RecordView();
    for (JoinResult r : results) {
      if (metrics.accept(view.of(r))) {
        metrics.last(r.id(), r.timestamp().epochSecond());
      }
    }
    return metrics.snapshot();
  }

  @Test
  void nothingEmittedLeavesTheEmptyMetrics() {
    assertThat(collect()).isEqualTo(JoinMetrics.EMPTY);
  }

  @Test
  void aSingleLearnableEventLeavesLastEmpty() {
    JoinMetrics m = collect(cb("only", 2, 1.5f));
    assertThat(m.firstEventId()).isEqualTo("only");
    assertThat(m.firstEventTime()).isEqualTo(T_TEXT);
    assertThat(m.lastEventId()).isEmpty();
    assertThat(m.lastEventTime()).isEmpty();
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-1.5f);
  }

  @Test
  void laterLearnableEventsOverwriteLastAndSkippedOnesAreOnlyCounted() {
    TimeStamp later = TimeStamp.of(2022, 2, 3, 4, 5, 6);
    JoinResult skipped = result("skipped", later, PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), CONTEXT),
        List.of(100f), false);
    JoinMetrics m = collect(skipped, cb("first", 2, 1f), skipped, cb("second", 2, 2f),
        result("third", later, PayloadType.CB, CbEvent.of(List.of(3L), List.of(1f), CONTEXT), List.of(4f), true),
        skipped);
    assertThat(m.numberSkippedEvents()).isEqualTo(3);
    assertThat(m.firstEventId()).isEqualTo("first");
    assertThat(m.lastEventId()).isEqualTo("third");
    assertThat(m.lastEventTime()).isEqualTo("2022-02-03T04:05:06.000000Z");
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-7f);
  }

  @Test
  void cbBaselineIsActionOne() {
    JoinMetrics m = collect(cb("a", 1, 1.5f), cb("b", 2, 4f), cb("c", 1, 0.25f));
    assertThat(m.dsjsonSumCostOriginalBaseline()).isEqualTo(-1.75f);
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-5.75f);
    assertThat(m.numberEventsZeroActions()).isZero();
  }

  @Test
  void cbActionIdsAreTruncatedTo32BitsForTheBaseline() {
    // VW keeps the low 32 bits of a CB action id (SPEC §4.6): 2^32 + 1 is action 1.
    JoinMetrics m = collect(cb("a", (1L << 32) + 1, 2f), cb("b", 1L << 32, 4f));
    assertThat(m.dsjsonSumCostOriginalBaseline()).isEqualTo(-2f);
  }

  @Test
  void cbWithoutActionsCountsZeroActions() {
    JoinMetrics m = collect(result("e", T, PayloadType.CB, CbEvent.of(List.of(), List.of(), CONTEXT), List.of(1f),
        true));
    assertThat(m.numberEventsZeroActions()).isEqualTo(1);
    assertThat(m.dsjsonSumCostOriginalBaseline()).isZero();
  }

  @Test
  void ccbFirstSlotAgainstTheBaseline() {
    JoinMetrics m = collect(
        result("equal", T, PayloadType.CCB, slots(List.of(3, 5), List.of(3L, 4L)), List.of(1.5f, 10f), true),
        result("other", T, PayloadType.CCB, slots(List.of(3, 5), List.of(4L, 3L)), List.of(2f, 20f), true),
        result("wrapped", T, PayloadType.CCB, slots(List.of(-1), List.of(0xFFFF_FFFFL)), List.of(0.25f, 0f), true),
        result("no-baseline", T, PayloadType.CCB, slots(List.of(), List.of(3L)), List.of(8f, 0f), true),
        result("no-actions", T, PayloadType.CCB, slots(List.of(3), List.of()), List.of(16f, 0f), true),
        result("skipped", T, PayloadType.CCB, slots(List.of(3), List.of(3L)), List.of(100f, 0f), false));
    // Every learnable event adds -original[0] to the first-slot sum; only events with slot-0 actions and a baseline
    // are compared, as u32 (-1 is 0xFFFFFFFF).
    assertThat(m.dsjsonSumCostOriginalFirstSlot()).isEqualTo(-(1.5f + 2f + 0.25f + 8f + 16f));
    assertThat(m.dsjsonNumberLabelEqualBaselineFirstSlot()).isEqualTo(2);
    assertThat(m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot()).isEqualTo(-1.75f);
    assertThat(m.dsjsonNumberLabelNotEqualBaselineFirstSlot()).isEqualTo(1);
    // The total sums every slot (SPEC §9): 11.5 + 22 + 0.25 + 8 + 16.
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-57.75f);
    assertThat(m.dsjsonSumCostOriginalBaseline()).isZero();
    assertThat(m.numberSkippedEvents()).isEqualTo(1);
  }

  @Test
  void ccbWithoutSlotsAddsZeroToTheFirstSlot() {
    JoinMetrics m = collect(result("none", T, PayloadType.CCB,
        MultiSlotEvent.of(CONTEXT, List.of()).withBaselineActions(List.of(1)), List.of(), true));
    assertThat(m.dsjsonSumCostOriginalFirstSlot() == 0f).isTrue();
    assertThat(m.dsjsonNumberLabelEqualBaselineFirstSlot() + m.dsjsonNumberLabelNotEqualBaselineFirstSlot()).isZero();
    assertThat(m.firstEventId()).isEqualTo("none");
  }

  @Test
  void slatesUseTheirSingleRewardForTheFirstSlot() {
    JoinMetrics m = collect(
        result("equal", T, PayloadType.SLATES, slots(List.of(3), List.of(3L)), List.of(1.5f), true),
        result("other", T, PayloadType.SLATES, slots(List.of(3), List.of(2L)), List.of(0.5f), true));
    assertThat(m.dsjsonSumCostOriginalFirstSlot()).isEqualTo(-2f);
    assertThat(m.dsjsonNumberLabelEqualBaselineFirstSlot()).isEqualTo(1);
    assertThat(m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot()).isEqualTo(-1.5f);
    assertThat(m.dsjsonNumberLabelNotEqualBaselineFirstSlot()).isEqualTo(1);
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-2f);
  }

  @Test
  void caWithANanActionCountsZeroActions() {
    JoinMetrics m = collect(
        result("nan", T, PayloadType.CA, CaEvent.of(Float.NaN, 0.5f, CONTEXT), List.of(1f), true),
        result("ok", T, PayloadType.CA, CaEvent.of(1f, 0.5f, CONTEXT), List.of(2f), true));
    assertThat(m.numberEventsZeroActions()).isEqualTo(1);
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-3f);
    assertThat(m.lastEventId()).isEqualTo("ok");
  }

  @Test
  void sumsAreBinary32InEmissionOrder() {
    // 2^24 + 1 + 1 in binary32 is 2^24 (each +1 is lost); in another order or in double it would not be.
    JoinMetrics m = collect(cb("a", 2, 16_777_216f), cb("b", 2, 1f), cb("c", 2, 1f));
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-16_777_216f);
  }

  @Test
  void theJoinerCollectsMetricsOfEmittedCcbEventsEndToEnd() {
    MultiSlotEvent decision = slots(List.of(3, 5), List.of(3L, 4L));
    Path log = JoinHarness.write(dir, w -> w.checkpoint(CheckpointInfo.of(ProblemType.CCB)
        .withRewardFunction(RewardFunction.SUM)).regular(List.of(
            event("only", PayloadType.CCB, decision),
            outcome("only", OutcomeEvent.numeric(1f).withIndex(0)),
            outcome("only", OutcomeEvent.numeric(2f).withIndex(0)),
            outcome("only", OutcomeEvent.numeric(4f).withIndex(1)))));
    JoinHarness.Run run = JoinHarness.run(log);
    JoinMetrics m = run.summary().metrics();
    assertThat(m).isEqualTo(run.conversion().metrics());
    assertThat(m.firstEventId()).isEqualTo("only");
    assertThat(m.lastEventId()).isEmpty();
    assertThat(m.dsjsonSumCostOriginal()).isEqualTo(-7f);
    assertThat(m.dsjsonSumCostOriginalFirstSlot()).isEqualTo(-3f);
    assertThat(m.dsjsonNumberLabelEqualBaselineFirstSlot()).isEqualTo(1);
    assertThat(m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot()).isEqualTo(-3f);
  }
}
