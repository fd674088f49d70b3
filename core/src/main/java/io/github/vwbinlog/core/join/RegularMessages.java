package io.github.vwbinlog.core.join;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.scan.MessageScan;
import java.nio.ByteBuffer;

/**
 * What both joiners do with a REGULAR message they cannot join: one skipped before its events are read (readiness,
 * SPEC §3.1; the {@code JoinedPayload}'s verification, §4.1 step 2; the event-count limit), and one dropped at an
 * unreadable event (§4.1, §11 item 3). Each is reported and counted.
 */
final class RegularMessages {
  private RegularMessages() {}

  /**
   * Drops a payload at the event where the scan stopped (SPEC §4.1; vw-binlog's fix of §11 item 3): the message is
   * skipped, the interactions before that event are counted as seen and skipped, and the failure is reported.
   */
  static void drop(long offset, MessageScan scan, MessageScan.Failure failure, JoinCounters counters) {
    int interactions = 0;
    for (int i = 0; i < failure.event(); i++) {
      if (MessageScan.isInteraction(scan.type(i))) {
        interactions++;
      }
    }
    counters.skippedMessage();
    counters.interactionsSeen(interactions);
    counters.interactionsSkipped(interactions);
    counters.report(new Diagnostic(failure.reason(), offset, failure.eventId(),
        "processing of an event from JoinedPayload failed, skipping JoinedPayload: " + failure.message()));
  }

  /**
   * Reports and counts a REGULAR message that is skipped before its events are read: before any checkpoint (SPEC
   * §3.1), or whose {@code JoinedPayload} does not verify (§4.1 step 2) or holds more events than the limit. A
   * {@link ReadLimits} bound is reported as {@link DiagnosticReason#LIMIT_EXCEEDED}, any other verification failure
   * as {@link DiagnosticReason#MALFORMED_PAYLOAD}.
   *
   * @param offset the message's byte offset, for diagnostics
   * @param verifier the joiner's verifier, reused from message to message (built with {@code limits})
   * @throws IllegalStateException if none of these holds: the scan refused a payload the verifier accepts (a bug)
   */
  static void skip(long offset, ByteBuffer payload, StickyConfig config, JoinCounters counters,
      FlatVerifier verifier, ReadLimits limits) {
    counters.skippedMessage();
    if (!config.ready()) {
      counters.report(new Diagnostic(DiagnosticReason.REGULAR_BEFORE_CHECKPOINT, offset, null,
          "regular message before any checkpoint: its events are ignored"));
      return;
    }
    String problem = verifier.verify(payload, payload.position(), payload.remaining(), Schema.JOINED_PAYLOAD);
    if (problem != null) {
      counters.report(new Diagnostic(verifier.limitExceeded() != null ? DiagnosticReason.LIMIT_EXCEEDED
          : DiagnosticReason.MALFORMED_PAYLOAD, offset, null, "verification failed, skipping JoinedPayload: " + problem));
      return;
    }
    counters.report(MessageScan.tooManyEvents(offset, payload, limits).toDiagnostic());
  }
}
