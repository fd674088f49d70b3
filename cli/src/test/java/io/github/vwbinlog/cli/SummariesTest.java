package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Summing the summaries of inputs converted one after the other. */
class SummariesTest {

  private static JoinMetrics metrics(String first, String last, float cost) {
    return new JoinMetrics(1, cost, first, first.isEmpty() ? "" : "t-" + first, last, last.isEmpty() ? "" : "t-" + last,
        2, cost, 0.5f, 3, 0.25f, 4);
  }

  private static JoinSummary summary(JoinMetrics m) {
    return new JoinSummary(Map.of(MessageType.REGULAR, 2L), Map.of(PayloadType.CB, 3L), 2, 4, 1, 1,
        Map.of(DiagnosticReason.NO_INTERACTION, 1L), m);
  }

  @Test
  void countsAddUp() {
    JoinSummary s = Summaries.sum(List.of(summary(metrics("a", "b", 1f)), summary(metrics("c", "", 2f))));

    assertThat(s.messages()).containsExactly(Map.entry(MessageType.REGULAR, 4L));
    assertThat(s.emitted()).containsExactly(Map.entry(PayloadType.CB, 6L));
    assertThat(s.learnable()).isEqualTo(4);
    assertThat(s.interactionsSeen()).isEqualTo(8);
    assertThat(s.interactionsSkipped()).isEqualTo(2);
    assertThat(s.skippedMessages()).isEqualTo(2);
    assertThat(s.diagnostics()).containsExactly(Map.entry(DiagnosticReason.NO_INTERACTION, 2L));
    assertThat(s.metrics()).isEqualTo(new JoinMetrics(2, 3f, "a", "t-a", "c", "t-c", 4, 3f, 1f, 6, 0.5f, 8));
  }

  @Test
  void firstAndLastEvents() {
    JoinMetrics none = JoinMetrics.EMPTY;
    JoinMetrics single = metrics("x", "", 0f);
    JoinMetrics two = metrics("y", "z", 0f);

    assertThat(Summaries.plus(none, none).firstEventId()).isEmpty();
    // a single learnable event overall has no last event, as within one input
    assertThat(Summaries.plus(none, single)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId)
        .containsExactly("x", "");
    assertThat(Summaries.plus(single, none)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId)
        .containsExactly("x", "");
    assertThat(Summaries.plus(single, single)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId,
        JoinMetrics::lastEventTime).containsExactly("x", "x", "t-x");
    assertThat(Summaries.plus(two, single)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId)
        .containsExactly("y", "x");
    assertThat(Summaries.plus(single, two)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId)
        .containsExactly("x", "z");
    assertThat(Summaries.plus(two, none)).extracting(JoinMetrics::firstEventId, JoinMetrics::lastEventId)
        .containsExactly("y", "z");
  }

  @Test
  void floatSumsAreBinary32() {
    JoinMetrics a = metrics("a", "", 16777216f);
    JoinMetrics b = metrics("b", "", 1f);
    assertThat(Summaries.plus(a, b).dsjsonSumCostOriginal()).isEqualTo(16777216f);
  }

  @Test
  void withDiagnostics() {
    JoinSummary s = summary(JoinMetrics.EMPTY);
    assertThat(Summaries.withDiagnostics(s, Map.of())).isSameAs(s);
    assertThat(Summaries.withDiagnostics(s, Map.of(DiagnosticReason.NO_INTERACTION, 2L,
        DiagnosticReason.UNKNOWN_MESSAGE_TYPE, 1L)).diagnostics()).containsOnly(
        Map.entry(DiagnosticReason.NO_INTERACTION, 3L), Map.entry(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, 1L));
  }
}
