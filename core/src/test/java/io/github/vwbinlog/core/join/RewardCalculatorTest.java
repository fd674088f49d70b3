package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.Fixtures.cb;
import static io.github.vwbinlog.core.join.Fixtures.day;
import static io.github.vwbinlog.core.join.Fixtures.event;
import static io.github.vwbinlog.core.join.Fixtures.list;
import static io.github.vwbinlog.core.join.Fixtures.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public {@link RewardCalculator} (SPEC §0 item 6), bound through the service provider. */
class RewardCalculatorTest {

  private final Fixtures.Recorder recorder = new Fixtures.Recorder();

  @Test
  void javadocExample() {
    CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE);
    TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
    List<JoinedEvent> events = List.of(
        JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.CB),
            CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"x\":1}"))),
        JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))),
        JoinedEvent.of(t, new Event(Metadata.of("id", PayloadType.OUTCOME), OutcomeEvent.numeric(2f))));

    JoinResult result = RewardCalculator.of(config).calculate(events).orElseThrow();
    assertEquals(1.5f, result.reward());
  }

  @Test
  void theProviderGivesTheCoreCalculator() {
    CheckpointInfo config = CheckpointInfo.of(ProblemType.CCB);
    RewardCalculator calc = RewardCalculator.of(config, recorder);
    assertThat(calc).isInstanceOf(DefaultRewardCalculator.class);
    assertThat(calc.config()).isEqualTo(config);
  }

  @Test
  void cbSimpleFromTheReferenceTests() {
    // cb_simple.log (SPEC §8.7): one outcome 1.5 gives _label_cost -1.5 and _label_probability 0.9000000357627869.
    TimeStamp t = new TimeStamp(2021, 4, 13, 15, 8, 46, 385877);
    JoinedEvent interaction = JoinedEvent.of(t, new Event(Metadata.of("91f71c8", PayloadType.CB),
        CbEvent.of(List.of(1L, 2L), List.of(0.90000004f, 0.1f), "{}")));
    JoinedEvent o = JoinedEvent.of(t, new Event(Metadata.of("91f71c8", PayloadType.OUTCOME),
        OutcomeEvent.numeric(1.5f)));
    JoinResult r = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB)).calculate(List.of(interaction, o))
        .orElseThrow();
    assertThat(r.id()).isEqualTo("91f71c8");
    assertThat(r.reward()).isEqualTo(1.5f);
    assertThat(r.originalReward()).isEqualTo(1.5f);
    assertThat((double) r.labelProbability()).isEqualTo(0.9000000357627869);
    assertThat(r.pdrop()).isZero();
    assertThat(r.timestamp().format()).isEqualTo("2021-04-13T15:08:46.000000Z");
    assertThat(r.learnable()).isTrue();
  }

  @Test
  void noInteractionGivesEmptyAndAReportWithoutOffset() {
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB), recorder);
    assertThat(calc.calculate(List.of(outcome(1f)))).isEmpty();
    assertThat(recorder.reasons()).containsExactly(DiagnosticReason.NO_INTERACTION);
    assertThat(recorder.seen.get(0).offset()).isEqualTo(-1);
    assertThat(recorder.seen.get(0).eventId()).isEqualTo(Fixtures.ID);
  }

  @Test
  void emptyListGivesEmpty() {
    assertThat(RewardCalculator.of(CheckpointInfo.of(ProblemType.CB), recorder).calculate(List.of())).isEmpty();
    assertThat(recorder.seen).isEmpty();
  }

  @Test
  void eventsOfDifferentIdsAreRejectedBeforeAnythingIsReported() {
    JoinedEvent other = JoinedEvent.of(day(30), new Event(Metadata.of("other", PayloadType.OUTCOME),
        OutcomeEvent.numeric(1f)));
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.UNKNOWN), recorder);
    assertThatThrownBy(() -> calc.calculate(List.of(cb(1), other))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("other");
    assertThat(recorder.seen).isEmpty();
  }

  @Test
  void dedupAndEpisodeEventsAreRejected() {
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.UNKNOWN), recorder);
    JoinedEvent dedup = event(day(30), PayloadType.DEDUP_INFO, new DedupInfo(List.of(1L), List.of("{}")));
    JoinedEvent episode = event(day(30), PayloadType.EPISODE, new EpisodeEvent("ep"));
    assertThatThrownBy(() -> calc.calculate(List.of(cb(1), dedup))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> calc.calculate(List.of(episode))).isInstanceOf(IllegalArgumentException.class);
    assertThat(recorder.seen).isEmpty();
  }

  @Test
  void aGroupOfDedupInfoEventsAloneYieldsNothingAndReportsAValueTheJoinerWouldRefuse() {
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB), recorder);
    JoinedEvent good = event(day(30), PayloadType.DEDUP_INFO, new DedupInfo(List.of(1L, 2L), List.of("{}", "{}")));
    assertThat(calc.calculate(List.of(good))).isEmpty();
    assertThat(recorder.seen).isEmpty();

    JoinedEvent bad = event(day(30), PayloadType.DEDUP_INFO, new DedupInfo(List.of(7L), List.of("[1]")));
    assertThat(calc.calculate(List.of(good, bad))).isEmpty();
    assertThat(recorder.reasons()).containsExactly(DiagnosticReason.MALFORMED_DEDUP);
    assertThat(recorder.seen.get(0).message()).contains("action id 7");
    assertThat(recorder.seen.get(0).offset()).isEqualTo(-1);
  }

  @Test
  void nullEventsAreRejected() {
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB));
    assertThatThrownBy(() -> calc.calculate(list(cb(1), null))).isInstanceOf(NullPointerException.class);
  }

  @Test
  void unrecognizedRewardFunctionIsRejectedAtConstruction() {
    CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.UNRECOGNIZED);
    assertThatThrownBy(() -> RewardCalculator.of(config)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RewardCalculator.of(config, DiagnosticListener.logging()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSameCalculatorGivesTheSameResultTwice() {
    RewardCalculator calc = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB)
        .withRewardFunction(RewardFunction.MEDIAN));
    List<JoinedEvent> events = List.of(cb(1, 2), outcome(3f), outcome(1f), outcome(2f));
    assertThat(calc.calculate(events)).isEqualTo(calc.calculate(events));
    assertThat(calc.calculate(events).orElseThrow().reward()).isEqualTo(2f);
  }
}
