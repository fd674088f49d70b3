package io.github.vwbinlog.join;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.Severity;
import java.util.Map;

/**
 * What a join or conversion did: messages read by type, joined events emitted by payload type, and every diagnostic
 * counted by reason. The accounting holds for every input: {@code interactionsSeen() == emitted() +
 * interactionsSkipped()}.
 *
 * <p>Thread-safe: an immutable record; its maps are unmodifiable copies.
 *
 * <pre>{@code
 * JoinSummary s = converter.convert(in, out);
 * if (s.errors() > 0) System.err.println(s.diagnostics());
 * }</pre>
 *
 * @param messages messages read, by type
 * @param emitted joined events emitted, by the interaction's payload type
 * @param learnable emitted joined events that are learnable
 * @param interactionsSeen interactions found in the REGULAR messages that were read (DedupInfo, outcomes and episode
 *     starts are not interactions)
 * @param interactionsSkipped interactions that did not become an emitted joined event, each counted once under its
 *     reason in {@code diagnostics}
 * @param skippedMessages REGULAR messages skipped whole (before a checkpoint, failed verification, a payload failure)
 * @param diagnostics every diagnostic reported, counted by reason (notices included)
 * @param metrics VW's parser-level metrics (SPEC §9)
 */
public record JoinSummary(
    Map<MessageType, Long> messages,
    Map<PayloadType, Long> emitted,
    long learnable,
    long interactionsSeen,
    long interactionsSkipped,
    long skippedMessages,
    Map<DiagnosticReason, Long> diagnostics,
    JoinMetrics metrics) {

  /** Copies the maps. */
  public JoinSummary {
    messages = Map.copyOf(messages);
    emitted = Map.copyOf(emitted);
    diagnostics = Map.copyOf(diagnostics);
  }

  /** All joined events emitted. */
  public long emittedTotal() {
    return emitted.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The number of ERROR diagnostics. */
  public long errors() {
    return count(Severity.ERROR);
  }

  /** The number of NOTICE diagnostics. */
  public long notices() {
    return count(Severity.NOTICE);
  }

  private long count(Severity severity) {
    return diagnostics.entrySet().stream()
        .filter(e -> e.getKey().severity() == severity)
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
