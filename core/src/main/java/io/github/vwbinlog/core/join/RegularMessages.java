package io.github.vwbinlog.core.join;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * The checks both joiners make before they look at the events of a REGULAR message: readiness (SPEC §3.1),
 * verification of the {@code JoinedPayload} (§4.1 step 2) and the event-count limit. A message that fails one is
 * skipped whole, reported and counted.
 */
final class RegularMessages {
  /** The REGULAR type as exceptions name it: the value as stored, unsigned. */
  private static final long REGULAR = Integer.toUnsignedLong(MessageType.REGULAR.code());

  private RegularMessages() {}

  /**
   * The verified payload of a REGULAR message, or null when the message is skipped (reported and counted). A
   * {@link ReadLimits} bound is reported as {@link DiagnosticReason#LIMIT_EXCEEDED}, any other verification failure
   * as {@link DiagnosticReason#MALFORMED_PAYLOAD}.
   *
   * @param offset the message's byte offset, for diagnostics
   * @param verifier the joiner's verifier, reused from message to message (built with {@code limits})
   */
  static @Nullable JoinedPayload open(long offset, ByteBuffer payload, StickyConfig config, JoinCounters counters,
      FlatVerifier verifier, ReadLimits limits) {
    if (!config.ready()) {
      counters.skippedMessage();
      counters.report(new Diagnostic(DiagnosticReason.REGULAR_BEFORE_CHECKPOINT, offset, null,
          "regular message before any checkpoint: its events are ignored"));
      return null;
    }
    String problem = verifier.verify(payload, payload.position(), payload.remaining(), Schema.JOINED_PAYLOAD);
    if (problem != null) {
      counters.skippedMessage();
      counters.report(new Diagnostic(verifier.limitExceeded() != null ? DiagnosticReason.LIMIT_EXCEEDED
          : DiagnosticReason.MALFORMED_PAYLOAD, offset, null, "verification failed, skipping JoinedPayload: " + problem));
      return null;
    }
    JoinedPayload joined = JoinedPayload.getRootAsJoinedPayload(payload.duplicate());
    int n = joined.eventsLength();
    if (n > limits.maxEventsPerPayload()) {
      counters.skippedMessage();
      counters.report(new LimitExceededException(offset, REGULAR, "number of joined events", n,
          limits.maxEventsPerPayload()).toDiagnostic());
      return null;
    }
    return joined;
  }
}
