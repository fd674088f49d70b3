package io.github.vwbinlog.core.join;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.Severity;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.join.JoinSummary;
import java.util.EnumMap;
import java.util.Map;

/**
 * The counts behind a {@link JoinSummary}, and the listener every diagnostic of a join goes through: it counts the
 * diagnostic by reason, forwards it to the user's listener, and in strict mode turns the first ERROR into an
 * exception.
 */
public final class JoinCounters implements DiagnosticListener {
  private final DiagnosticListener downstream;
  private final boolean strict;
  private final long[] messages = new long[MessageType.values().length];
  private final long[] emitted = new long[PayloadType.values().length];
  private final long[] diagnostics = new long[DiagnosticReason.values().length];
  private final MetricsCollector metrics;
  private long learnable;
  private long interactionsSeen;
  private long interactionsSkipped;
  private long skippedMessages;

  /** Counts, then forwards to {@code downstream}; with {@code strict}, throws at the first ERROR. */
  public JoinCounters(DiagnosticListener downstream, boolean strict) {
    this(downstream, strict, false);
  }

  /** With {@code part}, counts a part of the log, to be added to the whole log's counters with {@link #mergeFrom}. */
  public JoinCounters(DiagnosticListener downstream, boolean strict, boolean part) {
    this.downstream = downstream;
    this.strict = strict;
    this.metrics = new MetricsCollector(part);
  }

  /**
   * Adds the counts of the next part of the log, counted with {@code part = true}: joined events, interactions,
   * skipped messages and metrics. Messages and diagnostics are not added: the whole log's reader counts the messages,
   * and the part's diagnostics are reported again, in order, through {@link #report}.
   */
  public void mergeFrom(JoinCounters part) {
    for (int i = 0; i < emitted.length; i++) {
      emitted[i] += part.emitted[i];
    }
    learnable += part.learnable;
    interactionsSeen += part.interactionsSeen;
    interactionsSkipped += part.interactionsSkipped;
    skippedMessages += part.skippedMessages;
    metrics.mergeFrom(part.metrics);
  }

  @Override
  public void report(Diagnostic d) {
    count(d);
    downstream.report(d);
    stopIfStrict(d);
  }

  /**
   * Counts the diagnostics {@code reader} reports itself (unknown message types, framing problems in lenient mode)
   * when it is one of core's readers, as when the join opened the file: they still go to the reader's own listener
   * only, and are counted here (in strict mode the first ERROR stops the join).
   */
  public void countDiagnosticsOf(BinaryLogReader reader) {
    if (reader instanceof MessageReader messages) {
      messages.observeDiagnostics(d -> {
        count(d);
        stopIfStrict(d);
      });
    }
  }

  /** Counts a diagnostic by reason; a message of unknown type, skipped and reported by the reader, is a message. */
  private void count(Diagnostic d) {
    diagnostics[d.reason().ordinal()]++;
    if (d.reason() == DiagnosticReason.UNKNOWN_MESSAGE_TYPE) {
      messages[MessageType.UNKNOWN.ordinal()]++;
    }
  }

  private void stopIfStrict(Diagnostic d) {
    if (strict && d.severity() == Severity.ERROR) {
      throw new BinaryLogException(d.reason(), d.offset(), BinaryLogException.NO_MESSAGE_TYPE, "strict mode",
          d.message(), null);
    }
  }

  /** A message was read. */
  public void message(MessageType type) {
    messages[type.ordinal()]++;
  }

  /** A REGULAR message was skipped whole. */
  public void skippedMessage() {
    skippedMessages++;
  }

  /** Interactions were found in a REGULAR message. */
  public void interactionsSeen(long n) {
    interactionsSeen += n;
  }

  /** Interactions did not become emitted joined events (each reported under one reason). */
  public void interactionsSkipped(long n) {
    interactionsSkipped += n;
  }

  /**
   * A sink took a joined event of this type: it is counted as emitted. The single joiner feeds the metrics itself,
   * from the event's view ({@link MetricsCollector#accept}); a multistep step has none (VW has none: SPEC §7.4).
   */
  public void emitted(PayloadType type, boolean learnable) {
    emitted[type.ordinal()]++;
    if (learnable) {
      this.learnable++;
    }
  }

  /** The metrics, for the single joiner, which feeds them from its views. */
  MetricsCollector metrics() {
    return metrics;
  }

  /** The number of ERROR diagnostics so far. */
  public long errors() {
    long n = 0;
    for (DiagnosticReason r : DiagnosticReason.values()) {
      if (r.severity() == Severity.ERROR) {
        n += diagnostics[r.ordinal()];
      }
    }
    return n;
  }

  /** A snapshot. */
  public JoinSummary summary() {
    return new JoinSummary(toMap(MessageType.class, messages), toMap(PayloadType.class, emitted), learnable,
        interactionsSeen, interactionsSkipped, skippedMessages, toMap(DiagnosticReason.class, diagnostics),
        metrics.snapshot());
  }

  private static <E extends Enum<E>> Map<E, Long> toMap(Class<E> type, long[] counts) {
    Map<E, Long> map = new EnumMap<>(type);
    for (E e : type.getEnumConstants()) {
      if (counts[e.ordinal()] != 0) {
        map.put(e, counts[e.ordinal()]);
      }
    }
    return map;
  }
}
