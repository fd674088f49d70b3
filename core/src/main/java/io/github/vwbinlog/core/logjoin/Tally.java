package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import java.util.EnumMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The joiner's accounting: what was read, joined and written, and every event left out, counted once under its reason
 * and reported to the listener with its file and offset.
 */
final class Tally {
  /** What a left-out event was. */
  enum Kind { INTERACTION, OBSERVATION, OTHER }

  private final DiagnosticListener listener;
  final long[][] skipped = new long[Kind.values().length][DiagnosticReason.values().length];
  long batches;
  long interactions;
  long interactionsWritten;
  long observations;
  long observationsJoined;
  long dedupInfos;
  long dedupInfosWritten;
  long regularMessages;
  long withoutClientTime;
  long peakHeld;

  Tally(DiagnosticListener listener) {
    this.listener = listener;
  }

  /** Counts and reports a left-out event (or batch). */
  void skip(Kind kind, DiagnosticReason reason, String file, long offset, @Nullable String eventId, String why) {
    skipped[kind.ordinal()][reason.ordinal()]++;
    listener.report(new Diagnostic(reason, offset, eventId, file + ": " + why));
  }

  /** Counts and reports a problem already worded as a diagnostic (a truncated or malformed batch). */
  void skip(Diagnostic d, String file) {
    skipped[Kind.OTHER.ordinal()][d.reason().ordinal()]++;
    listener.report(new Diagnostic(d.reason(), d.offset(), d.eventId(), file + ": " + d.message()));
  }

  Map<DiagnosticReason, Long> skippedBy(Kind kind) {
    Map<DiagnosticReason, Long> m = new EnumMap<>(DiagnosticReason.class);
    long[] counts = skipped[kind.ordinal()];
    for (DiagnosticReason r : DiagnosticReason.values()) {
      if (counts[r.ordinal()] > 0) {
        m.put(r, counts[r.ordinal()]);
      }
    }
    return m;
  }
}
