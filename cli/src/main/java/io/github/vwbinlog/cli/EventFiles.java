package io.github.vwbinlog.cli;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.Severity;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code inspect} and {@code validate} of rlclientlib event files (the joiner's input), which they tell from joined
 * logs by their first bytes ({@link EventBatchReader#isEventFile}).
 */
final class EventFiles {
  private EventFiles() {}

  /** Whether {@code file} is a regular file that starts like an event file. */
  static boolean is(Path file) {
    try {
      return Files.isRegularFile(file) && EventBatchReader.isEventFile(file);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Lists the batches and their events: {@code OFFSET<TAB>BATCH<TAB>SIZE<TAB>ENCODING} for a batch and
   * {@code OFFSET<TAB>TYPE<TAB>SIZE<TAB>ID} for each of its events.
   *
   * @return the exit code: 0, or 1 after a problem (said on {@code err}, the lines before it printed)
   */
  static int inspect(Path file, PrintWriter out, PrintWriter err) throws IOException {
    try (EventBatchReader reader = EventBatchReader.open(file)) {
      for (EventBatch b : reader) {
        out.append(Long.toString(b.offset())).append("\tBATCH\t").append(Integer.toString(b.size())).append('\t')
            .append(b.contentEncoding()).append('\n');
        for (BatchedEvent e : b.events()) {
          out.append(Long.toString(e.offset())).append('\t').append(e.meta().payloadType().name()).append('\t')
              .append(Integer.toString(e.bytes().remaining())).append('\t').append(e.meta().id()).append('\n');
        }
      }
      return 0;
    } catch (BinaryLogException e) {
      out.flush();
      err.println("vw-binlog inspect: " + file + ": " + e.getMessage());
      return Main.EXIT_DATA_ERROR;
    }
  }

  /**
   * Reads every batch and decodes every event (payloads decompressed and verified), reporting every problem.
   *
   * @return the exit code: 0 when no ERROR was found, else 1
   */
  static int validate(Path file, ProblemReport report, boolean json, boolean quiet, PrintStream out)
      throws IOException {
    Map<PayloadType, Long> types = new EnumMap<>(PayloadType.class);
    Map<DiagnosticReason, Long> reasons = new EnumMap<>(DiagnosticReason.class);
    List<Diagnostic> all = new ArrayList<>();
    io.github.vwbinlog.DiagnosticListener listener = d -> {
      all.add(d);
      reasons.merge(d.reason(), 1L, Long::sum);
      report.report(d);
    };
    long batches = 0;
    long events = 0;
    try (EventBatchReader reader = EventBatchReader.open(file,
        ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(listener))) {
      for (EventBatch b : reader) {
        batches++;
        for (BatchedEvent e : b.events()) {
          events++;
          types.merge(e.meta().payloadType(), 1L, Long::sum);
          try {
            e.event();
          } catch (BinaryLogException x) {
            listener.report(new Diagnostic(x.reason(), e.offset(), e.meta().id(), x.getMessage()));
          }
        }
      }
    } catch (BinaryLogException x) {
      listener.report(x.toDiagnostic());
    }
    long errors = all.stream().filter(d -> d.severity() == Severity.ERROR).count();
    long notices = all.size() - errors;
    if (!quiet) {
      if (json) {
        StringBuilder b = new StringBuilder("{\"file\":").append(SummaryPrinter.quote(file.toString()))
            .append(",\"kind\":\"event file\",\"valid\":").append(errors == 0).append(",\"errors\":").append(errors)
            .append(",\"notices\":").append(notices).append(",\"batches\":").append(batches)
            .append(",\"events\":").append(events).append(",\"by_type\":{");
        String sep = "";
        for (Map.Entry<PayloadType, Long> t : types.entrySet()) {
          b.append(sep).append(SummaryPrinter.quote(t.getKey().name())).append(':').append(t.getValue());
          sep = ",";
        }
        b.append("},\"problems\":[");
        sep = "";
        for (Diagnostic d : report.listed()) {
          b.append(sep).append("{\"offset\":").append(d.offset()).append(",\"severity\":\"").append(d.severity())
              .append("\",\"reason\":\"").append(d.reason()).append("\",\"event_id\":")
              .append(d.eventId() == null ? "null" : SummaryPrinter.quote(d.eventId())).append(",\"message\":")
              .append(SummaryPrinter.quote(d.message())).append('}');
          sep = ",";
        }
        out.println(b.append("]}"));
      } else {
        out.printf(Locale.ROOT, "%s: %s event file (%d %s, %d %s)%n", file, errors == 0 ? "valid" : "INVALID",
            errors, errors == 1 ? "error" : "errors", notices, notices == 1 ? "notice" : "notices");
        StringBuilder byType = new StringBuilder();
        for (Map.Entry<PayloadType, Long> t : types.entrySet()) {
          byType.append(byType.length() == 0 ? "" : ", ").append(t.getKey().name()).append(' ').append(t.getValue());
        }
        out.printf(Locale.ROOT, "read %d bytes, %d batches, %d events%s%n", Files.size(file), batches, events,
            byType.length() == 0 ? "" : " (" + byType + ")");
        if (!all.isEmpty()) {
          out.println("problems:");
          for (Diagnostic d : report.listed()) {
            out.printf(Locale.ROOT, "  offset %d: %s %s%s: %s%n", d.offset(), d.severity(), d.reason(),
                d.eventId() == null ? "" : " (event id " + d.eventId() + ")", d.message());
          }
          if (report.notListed() > 0) {
            out.printf(Locale.ROOT, "  ... and %d more (--max-problems)%n", report.notListed());
          }
          out.println("by reason:");
          for (Map.Entry<DiagnosticReason, Long> e : reasons.entrySet()) {
            out.printf(Locale.ROOT, "  %-7s %-28s %d%n", e.getKey().severity(), e.getKey(), e.getValue());
          }
        }
      }
      out.flush();
    }
    return errors == 0 ? 0 : Main.EXIT_DATA_ERROR;
  }
}
