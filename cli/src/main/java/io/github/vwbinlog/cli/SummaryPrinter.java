package io.github.vwbinlog.cli;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinSummary;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/** Prints a {@link JoinSummary} as text (for people) or JSON (for tools). */
final class SummaryPrinter {
  private SummaryPrinter() {}

  /** The skip summary {@code convert} writes to standard error; {@code inputs} files were read. */
  static void skips(JoinSummary s, int inputs, PrintStream err) {
    err.printf(Locale.ROOT, "vw-binlog: %s%d joined events written (%d learnable), %d of %d interactions skipped, "
        + "%d errors, %d notices%n", inputs == 1 ? "" : inputs + " inputs, ", s.emittedTotal(), s.learnable(),
        s.interactionsSkipped(), s.interactionsSeen(), s.errors(), s.notices());
    for (Map.Entry<DiagnosticReason, Long> e : sorted(s.diagnostics())) {
      err.printf(Locale.ROOT, "  %-7s %-28s %d%n", e.getKey().severity(), e.getKey(), e.getValue());
    }
  }

  /** The full text report of {@code stats}; {@code inputs} files were read (mentioned when not 1). */
  static void text(JoinSummary s, int inputs, PrintStream out) {
    if (inputs != 1) {
      out.printf(Locale.ROOT, "inputs: %d%n", inputs);
    }
    out.println("messages:");
    for (MessageType t : MessageType.values()) {
      out.printf(Locale.ROOT, "  %-12s %d%n", t, s.messages().getOrDefault(t, 0L));
    }
    out.println("joined events:");
    for (PayloadType t : PayloadType.values()) {
      Long n = s.emitted().get(t);
      if (n != null) {
        out.printf(Locale.ROOT, "  %-12s %d%n", t, n);
      }
    }
    out.printf(Locale.ROOT, "  %-12s %d%n", "total", s.emittedTotal());
    out.printf(Locale.ROOT, "  %-12s %d%n", "learnable", s.learnable());
    out.printf(Locale.ROOT, "interactions: %d seen, %d skipped%n", s.interactionsSeen(), s.interactionsSkipped());
    out.printf(Locale.ROOT, "REGULAR messages skipped whole: %d%n", s.skippedMessages());
    out.println("diagnostics:");
    for (Map.Entry<DiagnosticReason, Long> e : sorted(s.diagnostics())) {
      out.printf(Locale.ROOT, "  %-7s %-28s %d%n", e.getKey().severity(), e.getKey(), e.getValue());
    }
    JoinMetrics m = s.metrics();
    out.println("metrics:");
    out.printf(Locale.ROOT, "  number_skipped_events %d%n", m.numberSkippedEvents());
    out.printf(Locale.ROOT, "  dsjson_sum_cost_original %s%n", m.dsjsonSumCostOriginal());
    out.printf(Locale.ROOT, "  first_event_id %s%n", m.firstEventId());
    out.printf(Locale.ROOT, "  first_event_time %s%n", m.firstEventTime());
    out.printf(Locale.ROOT, "  last_event_id %s%n", m.lastEventId());
    out.printf(Locale.ROOT, "  last_event_time %s%n", m.lastEventTime());
    out.printf(Locale.ROOT, "  number_events_zero_actions %d%n", m.numberEventsZeroActions());
    out.printf(Locale.ROOT, "  dsjson_sum_cost_original_baseline %s%n", m.dsjsonSumCostOriginalBaseline());
    out.printf(Locale.ROOT, "  dsjson_sum_cost_original_first_slot %s%n", m.dsjsonSumCostOriginalFirstSlot());
    out.printf(Locale.ROOT, "  dsjson_number_label_equal_baseline_first_slot %d%n",
        m.dsjsonNumberLabelEqualBaselineFirstSlot());
    out.printf(Locale.ROOT, "  dsjson_sum_cost_original_label_equal_baseline_first_slot %s%n",
        m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot());
    out.printf(Locale.ROOT, "  dsjson_number_label_not_equal_baseline_first_slot %d%n",
        m.dsjsonNumberLabelNotEqualBaselineFirstSlot());
  }

  /** The report of {@code stats --json}: one JSON object; {@code inputs} files were read. */
  static void json(JoinSummary s, int inputs, PrintStream out) {
    StringBuilder b = new StringBuilder("{\"inputs\":").append(inputs).append(",\"messages\":{");
    String sep = "";
    for (MessageType t : MessageType.values()) {
      b.append(sep).append('"').append(t).append("\":").append(s.messages().getOrDefault(t, 0L));
      sep = ",";
    }
    b.append("},\"joined_events\":{");
    sep = "";
    for (PayloadType t : PayloadType.values()) { // the summary's maps have no stable iteration order
      Long n = s.emitted().get(t);
      if (n != null) {
        b.append(sep).append('"').append(t).append("\":").append(n);
        sep = ",";
      }
    }
    b.append("},\"joined_events_total\":").append(s.emittedTotal())
        .append(",\"learnable\":").append(s.learnable())
        .append(",\"interactions_seen\":").append(s.interactionsSeen())
        .append(",\"interactions_skipped\":").append(s.interactionsSkipped())
        .append(",\"skipped_messages\":").append(s.skippedMessages())
        .append(",\"errors\":").append(s.errors())
        .append(",\"notices\":").append(s.notices())
        .append(",\"diagnostics\":{");
    sep = "";
    for (Map.Entry<DiagnosticReason, Long> e : sorted(s.diagnostics())) {
      b.append(sep).append('"').append(e.getKey()).append("\":").append(e.getValue());
      sep = ",";
    }
    JoinMetrics m = s.metrics();
    b.append("},\"metrics\":{\"number_skipped_events\":").append(m.numberSkippedEvents())
        .append(",\"dsjson_sum_cost_original\":").append(number(m.dsjsonSumCostOriginal()))
        .append(",\"first_event_id\":").append(quote(m.firstEventId()))
        .append(",\"first_event_time\":").append(quote(m.firstEventTime()))
        .append(",\"last_event_id\":").append(quote(m.lastEventId()))
        .append(",\"last_event_time\":").append(quote(m.lastEventTime()))
        .append(",\"number_events_zero_actions\":").append(m.numberEventsZeroActions())
        .append(",\"dsjson_sum_cost_original_baseline\":").append(number(m.dsjsonSumCostOriginalBaseline()))
        .append(",\"dsjson_sum_cost_original_first_slot\":").append(number(m.dsjsonSumCostOriginalFirstSlot()))
        .append(",\"dsjson_number_label_equal_baseline_first_slot\":")
        .append(m.dsjsonNumberLabelEqualBaselineFirstSlot())
        .append(",\"dsjson_sum_cost_original_label_equal_baseline_first_slot\":")
        .append(number(m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot()))
        .append(",\"dsjson_number_label_not_equal_baseline_first_slot\":")
        .append(m.dsjsonNumberLabelNotEqualBaselineFirstSlot())
        .append("}}");
    out.println(b);
  }

  private static Iterable<Map.Entry<DiagnosticReason, Long>> sorted(Map<DiagnosticReason, Long> counts) {
    return counts.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList();
  }

  /** A float as JSON: binary32 sums can overflow, and JSON has no NaN or infinities, so those are null. */
  private static String number(float f) {
    return Float.isFinite(f) ? Float.toString(f) : "null";
  }

  /** A JSON string literal. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
