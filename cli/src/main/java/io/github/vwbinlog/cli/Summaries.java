package io.github.vwbinlog.cli;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinSummary;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Sums {@link JoinSummary}s of inputs converted one after the other, each with its own joiner: counts add up, float
 * sums add in binary32 in input order (as the metrics themselves are summed), the first event is the first input's
 * first, and the last event is the last learnable event of the last input that has one (empty when there is a single
 * learnable event overall, as within one input).
 */
final class Summaries {
  private Summaries() {}

  /** The summary of nothing. */
  static JoinSummary empty() {
    return new JoinSummary(Map.of(), Map.of(), 0, 0, 0, 0, Map.of(), JoinMetrics.EMPTY);
  }

  /** The sum, in input order. */
  static JoinSummary sum(List<JoinSummary> summaries) {
    JoinSummary total = empty();
    for (JoinSummary s : summaries) {
      total = plus(total, s);
    }
    return total;
  }

  /** {@code a} followed by {@code b}. */
  static JoinSummary plus(JoinSummary a, JoinSummary b) {
    return new JoinSummary(add(a.messages(), b.messages(), MessageType.class),
        add(a.emitted(), b.emitted(), PayloadType.class), a.learnable() + b.learnable(),
        a.interactionsSeen() + b.interactionsSeen(), a.interactionsSkipped() + b.interactionsSkipped(),
        a.skippedMessages() + b.skippedMessages(), add(a.diagnostics(), b.diagnostics(), DiagnosticReason.class),
        plus(a.metrics(), b.metrics()));
  }

  /** A summary with more diagnostics counted (those a reader reported to its own listener). */
  static JoinSummary withDiagnostics(JoinSummary s, Map<DiagnosticReason, Long> more) {
    if (more.isEmpty()) {
      return s;
    }
    // A message of unknown type, which the reader skips and reports, is a message read, as the library counts it.
    Long unknown = more.get(DiagnosticReason.UNKNOWN_MESSAGE_TYPE);
    Map<MessageType, Long> messages = unknown == null ? s.messages()
        : add(s.messages(), Map.of(MessageType.UNKNOWN, unknown), MessageType.class);
    return new JoinSummary(messages, s.emitted(), s.learnable(), s.interactionsSeen(), s.interactionsSkipped(),
        s.skippedMessages(), add(s.diagnostics(), more, DiagnosticReason.class), s.metrics());
  }

  static JoinMetrics plus(JoinMetrics a, JoinMetrics b) {
    String firstId = a.firstEventId();
    String firstTime = a.firstEventTime();
    String lastId = a.lastEventId();
    String lastTime = a.lastEventTime();
    if (firstId.isEmpty()) {
      // nothing learnable before b: b's first and last stand as they are
      firstId = b.firstEventId();
      firstTime = b.firstEventTime();
      lastId = b.lastEventId();
      lastTime = b.lastEventTime();
    } else if (!b.lastEventId().isEmpty()) {
      lastId = b.lastEventId();
      lastTime = b.lastEventTime();
    } else if (!b.firstEventId().isEmpty()) {
      // b's only learnable event comes after a's first: it is the last one
      lastId = b.firstEventId();
      lastTime = b.firstEventTime();
    }
    return new JoinMetrics(
        a.numberSkippedEvents() + b.numberSkippedEvents(),
        a.dsjsonSumCostOriginal() + b.dsjsonSumCostOriginal(),
        firstId, firstTime, lastId, lastTime,
        a.numberEventsZeroActions() + b.numberEventsZeroActions(),
        a.dsjsonSumCostOriginalBaseline() + b.dsjsonSumCostOriginalBaseline(),
        a.dsjsonSumCostOriginalFirstSlot() + b.dsjsonSumCostOriginalFirstSlot(),
        a.dsjsonNumberLabelEqualBaselineFirstSlot() + b.dsjsonNumberLabelEqualBaselineFirstSlot(),
        a.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot() + b.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot(),
        a.dsjsonNumberLabelNotEqualBaselineFirstSlot() + b.dsjsonNumberLabelNotEqualBaselineFirstSlot());
  }

  private static <E extends Enum<E>> Map<E, Long> add(Map<E, Long> a, Map<E, Long> b, Class<E> type) {
    Map<E, Long> sum = new EnumMap<>(type);
    sum.putAll(a);
    b.forEach((k, v) -> sum.merge(k, v, Long::sum));
    return sum;
  }
}
