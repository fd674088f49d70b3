package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.event.JoinedEvent;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * The multistep joiner of SPEC §7 ({@code --multistep}): one REGULAR message is one batch (§7.1), whatever episodes
 * it holds; its steps are ordered (§7.2), rewarded as a whole (§7.3) and emitted (§7.4) by {@link StepBatch}.
 *
 * <p>Readiness is that of §3.1; the problem type and learning mode are otherwise unused, and DedupInfo and Episode
 * events are ignored, as in VW. Decisions of the single-joiner types are ignored too, as in VW, but reported as a
 * notice and counted as skipped interactions.
 *
 * <p>The events are read by the one reader of events ({@link MessageScan}, in its multistep mode), and the steps and
 * outcomes it has read are built into records for {@link StepBatch}.
 *
 * <p>Where VW crashes or reads undefined memory (§11 item 11), vw-binlog verifies and decompresses every payload and
 * skips the smallest broken unit, reported: a JoinedEvent without its event or time stamp, or an Event without
 * metadata or id, drops the message (as the single joiner does: its type, hence its unit, is unknown); a step whose
 * payload cannot be read (absent fields, failed verification or decompression, invalid UTF-8) is left out of the batch,
 * so it has no reward slot and steps naming it as their previous step become orphans; an outcome that cannot be read
 * invalidates the batch, whose rewards it might have changed.
 */
final class MultistepJoiner {
  private final StickyConfig config;
  private final JoinCounters counters;
  private final ReadLimits limits;
  private final FlatVerifier verifier;
  /** The one reader of events, reading MultiStep events and outcomes. */
  private final MessageScan scan;
  /** Builds the records of the events the scan has read (and verified). */
  private final EventDecoder decoder;
  /** The view of each step's record, for the sink. */
  private final RecordView view = new RecordView();
  private long configVersion = Long.MIN_VALUE;

  MultistepJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, @Nullable ZstdContexts zstd) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.verifier = new FlatVerifier(limits);
    this.scan = new MessageScan(limits, zstd, MessageScan.Mode.MULTISTEP);
    this.decoder = new EventDecoder(limits, false);
  }

  /** Gives the scan's zstd context back to its pool; the joiner can go on. */
  void close() {
    scan.close();
  }

  /**
   * Processes one REGULAR message, handing each step to {@code sink} in output order, as a view of its record; a step
   * the sink takes is counted as emitted.
   */
  void regular(long offset, ByteBuffer payload, EventSink sink) {
    if (config.ready() && config.version() != configVersion) {
      configVersion = config.version();
      scan.configure(config.effective());
    }
    if (!config.ready() || !scan.scan(payload)) {
      RegularMessages.skip(offset, payload, config, counters, verifier, limits);
      return;
    }
    CheckpointInfo effective = config.effective();
    MessageScan.Failure failure = scan.failure();
    if (failure != null) {
      RegularMessages.drop(offset, scan, failure, counters);
      return;
    }
    boolean useClientTime = effective.useClientTime();
    StepBatch batch = new StepBatch();
    int seen = 0;
    int skipped = 0;
    boolean invalid = false;
    for (int i = 0; i < scan.eventCount(); i++) {
      PayloadType type = scan.type(i);
      boolean failed = scan.failed(i);
      switch (type) {
        case MULTI_STEP -> {
          seen++;
          if (failed) {
            skipped++;
            counters.report(new Diagnostic(scan.failReason(i), offset, scan.idString(i), "MultiStep payload cannot be "
                + "read, the step is left out of its batch: " + scan.failMessage(i)));
          } else {
            step(offset, scan.record(i, decoder), useClientTime, batch);
          }
        }
        case OUTCOME -> {
          if (failed) {
            invalid = true;
            counters.report(new Diagnostic(scan.failReason(i), offset, scan.idString(i), "observation cannot be read: "
                + scan.failMessage(i)));
          } else {
            batch.addOutcome(scan.record(i, decoder));
          }
        }
        case EPISODE, DEDUP_INFO -> {
          // Ignored by VW's multistep joiner (SPEC §7.1): an episode start carries no data for a step, and dedup only
          // serves LEARN-mode feature extraction, which VW's multistep joiner does not do.
        }
        default -> {
          seen++;
          skipped++;
          counters.report(new Diagnostic(DiagnosticReason.PROBLEM_TYPE_MISMATCH, offset, scan.idString(i), "the "
              + "multistep joiner reads only MultiStep interactions; this " + type.name() + " interaction is ignored, "
              + "as in VW"));
        }
      }
    }
    counters.interactionsSeen(seen);
    if (invalid) {
      skipped += batch.invalidate(offset, counters);
    } else {
      skipped += batch.emit(effective, config.multistepReward(), offset, counters, step -> {
        if (sink.accept(view.of(step).at(offset, effective))) {
          counters.emitted(PayloadType.MULTI_STEP, step.learnable());
        }
      });
    }
    counters.interactionsSkipped(skipped);
  }

  /** Adds a step to the batch, noting a missing client time. */
  private void step(long offset, JoinedEvent event, boolean useClientTime, StepBatch batch) {
    TimeStamp client = event.event().meta().clientTime();
    if (useClientTime && (client == null || client.isEmpty())) {
      counters.report(new Diagnostic(DiagnosticReason.CLIENT_TIME_MISSING, offset, event.id(), "configured to use "
          + "client time but the MultiStep event has no client time; its enqueued time is used"));
    }
    batch.addStep(event, event.effectiveTime(useClientTime));
  }
}
