package io.github.vwbinlog.join;

import io.github.vwbinlog.DiagnosticReason;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a {@link LogJoiner} run read, wrote and left out, by reason. The accounting holds for every input:
 * {@code interactionsRead() == interactionsWritten() + interactionsSkipped()} and
 * {@code observationsRead() == observationsJoined() + observationsSkipped()}, each skipped event counted once under
 * its reason in {@link #interactionsSkippedBy()} or {@link #observationsSkippedBy()}.
 *
 * <pre>{@code
 * LogJoinSummary s = joiner.writeTo(out);
 * long orphans = s.observationsSkippedBy().getOrDefault(DiagnosticReason.ORPHAN_OBSERVATION, 0L);
 * }</pre>
 *
 * @param files the joined logs written, in order
 * @param bytesRead input bytes read
 * @param batchesRead event batches read
 * @param interactionsRead interactions read (CB, CCB, slates, CA decisions, and episode starts in multistep joining)
 * @param interactionsWritten interactions written to the output
 * @param interactionsSkippedBy interactions not written, by reason
 * @param observationsRead observations read (outcomes and activations, and multistep steps)
 * @param observationsJoined observations written with their interaction
 * @param observationsSkippedBy observations not written, by reason
 * @param dedupInfosRead DedupInfo events read
 * @param dedupInfosWritten DedupInfo events written (each where the next messages' interactions need it)
 * @param otherSkippedBy events that are neither interactions nor observations and were not written (truncated or
 *     malformed batches count here, once each), by reason
 * @param regularMessages REGULAR messages written
 * @param withoutClientTime interactions and observations that had no client time and took the time of the event
 *     before them in their file (docs/JOINER.md)
 * @param peakHeld the most interactions and early observations held at once: what the join's memory grows with (the
 *     event rate times the EUD and the tolerances, not the input's size)
 */
public record LogJoinSummary(
    List<Path> files,
    long bytesRead,
    long batchesRead,
    long interactionsRead,
    long interactionsWritten,
    Map<DiagnosticReason, Long> interactionsSkippedBy,
    long observationsRead,
    long observationsJoined,
    Map<DiagnosticReason, Long> observationsSkippedBy,
    long dedupInfosRead,
    long dedupInfosWritten,
    Map<DiagnosticReason, Long> otherSkippedBy,
    long regularMessages,
    long withoutClientTime,
    long peakHeld) {

  /** Copies the lists and maps. */
  public LogJoinSummary {
    files = List.copyOf(files);
    interactionsSkippedBy = Map.copyOf(interactionsSkippedBy);
    observationsSkippedBy = Map.copyOf(observationsSkippedBy);
    otherSkippedBy = Map.copyOf(otherSkippedBy);
  }

  /** Interactions not written, all reasons. */
  public long interactionsSkipped() {
    return sum(interactionsSkippedBy);
  }

  /** Observations not written, all reasons. */
  public long observationsSkipped() {
    return sum(observationsSkippedBy);
  }

  private static long sum(Map<DiagnosticReason, Long> m) {
    return m.values().stream().mapToLong(Long::longValue).sum();
  }
}
