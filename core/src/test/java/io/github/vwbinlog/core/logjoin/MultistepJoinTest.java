package io.github.vwbinlog.core.logjoin;

import static io.github.vwbinlog.core.logjoin.EventFiles.at;
import static io.github.vwbinlog.core.logjoin.EventFiles.fromMessages;
import static io.github.vwbinlog.core.logjoin.EventFiles.list;
import static io.github.vwbinlog.core.logjoin.EventFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Multistep episodes through the episode stream: each episode one REGULAR message, read by the multistep joiner. */
class MultistepJoinTest {
  @TempDir
  Path dir;

  static Event episode(String id, TimeStamp t) {
    return EventFiles.event(id, PayloadType.EPISODE, t, new EpisodeEvent(id));
  }

  static Event step(String episode, String step, String previous, TimeStamp t) {
    return EventFiles.event(episode, PayloadType.MULTI_STEP, t, MultiStepEvent.of(step, previous, List.of(1L, 2L),
        List.of(0.5f, 0.5f), "{\"_multi\":[{\"a\":1},{\"a\":2}]}"));
  }

  static Event outcome(String episode, TimeStamp t, float value, String stepId) {
    OutcomeEvent o = OutcomeEvent.numeric(value);
    return EventFiles.event(episode, PayloadType.OUTCOME, t, stepId == null ? o : o.withSlotId(stepId));
  }

  @Test
  void eachEpisodeIsAMessageOfItsStepsAndOutcomes() throws IOException {
    Path episodes = write(dir.resolve("episodes.fb"), list(episode("e1", at(0)), episode("e2", at(1))));
    Path steps = write(dir.resolve("steps.fb"), list(step("e1", "s1", null, at(0)), step("e2", "t1", null, at(1)),
        step("e1", "s2", "s1", at(2))));
    Path outcomes = write(dir.resolve("outcomes.fb"), list(outcome("e1", at(3), 1f, "s2"),
        outcome("e2", at(4), 2f, null)));
    LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring()).episodes(List.of(episodes))
        .interactions(List.of(steps)).observations(List.of(outcomes)).writeTo(dir.resolve("out.log"));
    assertThat(s.interactionsWritten()).isEqualTo(2);
    assertThat(s.observationsJoined()).isEqualTo(5);
    assertThat(s.regularMessages()).isEqualTo(2);
    assertThat(fromMessages(dir.resolve("out.log"), m -> m instanceof Message.Checkpoint c
        ? c.checkpointInfo().problemType() : null)).containsOnly(io.github.vwbinlog.ProblemType.MULTISTEP);
    List<List<String>> messages = fromMessages(dir.resolve("out.log"), m -> m instanceof Message.Regular r
        ? r.joinedEvents().stream().map(e -> e.event().meta().payloadType().name()).toList() : null);
    assertThat(messages).containsExactly(List.of("EPISODE", "MULTI_STEP", "MULTI_STEP", "OUTCOME"),
        List.of("EPISODE", "MULTI_STEP", "OUTCOME"));
    List<JoinResult> steps2 = new ArrayList<>();
    try (Joiner j = Joiner.open(dir.resolve("out.log"), JoinOptions.defaults().with(JoinFeature.MULTISTEP)
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring())))) {
      j.forEach(steps2::add);
      assertThat(j.summary().errors()).isZero();
    }
    assertThat(steps2).hasSize(3);
  }

  @Test
  void withoutEpisodeFilesStepsAreNotJoined() throws IOException {
    Path steps = write(dir.resolve("steps.fb"), list(step("e1", "s1", null, at(0))));
    Path outcomes = write(dir.resolve("outcomes.fb"), list(outcome("e1", at(3), 1f, null)));
    LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring()).interactions(List.of(steps))
        .observations(List.of(outcomes)).writeTo(dir.resolve("out.log"));
    assertThat(s.otherSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.UNJOINABLE_EVENT, 1L));
    assertThat(s.observationsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.ORPHAN_OBSERVATION, 1L));
  }
}
