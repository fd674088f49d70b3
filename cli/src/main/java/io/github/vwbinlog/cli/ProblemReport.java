package io.github.vwbinlog.cli;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.join.JoinSummary;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code validate} reports: the first problems in file order (with offsets and event ids) and how many more
 * there were, then the counts by reason and severity from the run's summary. Collects as a listener, prints as text or
 * JSON.
 */
final class ProblemReport implements DiagnosticListener {
  private final int limit;
  private final List<Diagnostic> listed = new ArrayList<>();
  private long total;

  /** A report that lists at most {@code limit} problems. */
  ProblemReport(int limit) {
    this.limit = limit;
  }

  @Override
  public void report(Diagnostic d) {
    total++;
    if (listed.size() < limit) {
      listed.add(d);
    }
  }

  /** The problems listed, in the order they were found. */
  List<Diagnostic> listed() {
    return listed;
  }

  /** The problems found but not listed. */
  long notListed() {
    return total - listed.size();
  }

  /**
   * The report as text.
   *
   * @param size the size of the input, or -1 when unknown; it differs from {@code bytesRead} when reading stopped
   *     early, or at an EOF before the end (its 4 bytes of size field are never read)
   */
  void text(String file, JoinSummary s, long bytesRead, long size, PrintStream out) {
    out.printf(Locale.ROOT, "%s: %s (%d %s, %d %s)%n", file, s.errors() == 0 ? "valid" : "INVALID", s.errors(),
        s.errors() == 1 ? "error" : "errors", s.notices(), s.notices() == 1 ? "notice" : "notices");
    out.printf(Locale.ROOT, "read %s bytes, %d messages: %d joined events, %d of %d interactions skipped%n",
        size < 0 || size == bytesRead ? Long.toString(bytesRead) : bytesRead + " of " + size, messages(s),
        s.emittedTotal(), s.interactionsSkipped(), s.interactionsSeen());
    if (total == 0) {
      return;
    }
    out.println("problems:");
    for (Diagnostic d : listed) {
      out.printf(Locale.ROOT, "  offset %d: %s %s%s: %s%n", d.offset(), d.severity(), d.reason(),
          d.eventId() == null ? "" : " (event id " + d.eventId() + ")", d.message());
    }
    if (notListed() > 0) {
      out.printf(Locale.ROOT, "  ... and %d more (--max-problems)%n", notListed());
    }
    out.println("by reason:");
    for (Map.Entry<DiagnosticReason, Long> e : sorted(s)) {
      out.printf(Locale.ROOT, "  %-7s %-28s %d%n", e.getKey().severity(), e.getKey(), e.getValue());
    }
  }

  /** The report as one JSON object; {@code size} is -1 when unknown (standard input). */
  void json(String file, JoinSummary s, long bytesRead, long size, PrintStream out) {
    StringBuilder b = new StringBuilder("{\"file\":").append(SummaryPrinter.quote(file))
        .append(",\"valid\":").append(s.errors() == 0)
        .append(",\"errors\":").append(s.errors())
        .append(",\"notices\":").append(s.notices())
        .append(",\"bytes_read\":").append(bytesRead)
        .append(",\"size\":").append(size)
        .append(",\"messages\":").append(messages(s))
        .append(",\"joined_events\":").append(s.emittedTotal())
        .append(",\"interactions_seen\":").append(s.interactionsSeen())
        .append(",\"interactions_skipped\":").append(s.interactionsSkipped())
        .append(",\"by_reason\":{");
    String sep = "";
    for (Map.Entry<DiagnosticReason, Long> e : sorted(s)) {
      b.append(sep).append('"').append(e.getKey()).append("\":{\"severity\":\"").append(e.getKey().severity())
          .append("\",\"count\":").append(e.getValue()).append('}');
      sep = ",";
    }
    b.append("},\"problems\":[");
    sep = "";
    for (Diagnostic d : listed) {
      b.append(sep).append("{\"offset\":").append(d.offset())
          .append(",\"severity\":\"").append(d.severity()).append('"')
          .append(",\"reason\":\"").append(d.reason()).append('"')
          .append(",\"event_id\":").append(d.eventId() == null ? "null" : SummaryPrinter.quote(d.eventId()))
          .append(",\"message\":").append(SummaryPrinter.quote(d.message())).append('}');
      sep = ",";
    }
    b.append("],\"problems_not_listed\":").append(notListed()).append('}');
    out.println(b);
  }

  private static long messages(JoinSummary s) {
    long n = 0;
    for (MessageType t : MessageType.values()) {
      n += s.messages().getOrDefault(t, 0L);
    }
    return n;
  }

  private static List<Map.Entry<DiagnosticReason, Long>> sorted(JoinSummary s) {
    return s.diagnostics().entrySet().stream().sorted(Map.Entry.comparingByKey()).toList();
  }
}
