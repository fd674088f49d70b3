package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * The multistep joiner of SPEC §7 ({@code --multistep}): one REGULAR message is one batch (§7.1), whatever episodes
 * it holds; its steps are ordered (§7.2), rewarded as a whole (§7.3) and emitted (§7.4) by {@link StepBatch}.
 *
 * <p>Readiness is that of §3.1; the problem type and learning mode are otherwise unused, and DedupInfo and Episode
 * events are ignored, as in VW. Decisions of the single-joiner types are ignored too, as in VW, but reported as a
 * notice and counted as skipped interactions.
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
  private final EventDecoder decoder;
  private final FlatVerifier verifier;
  private final ReadLimits limits;

  MultistepJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.decoder = new EventDecoder(limits);
    this.verifier = new FlatVerifier(limits);
  }

  /** An event of the message, its metadata decoded and its payload not yet. */
  private record Pending(EventDecoder.Envelope envelope, TimeStamp timestamp) {}

  /** Processes one REGULAR message, handing each emitted step to {@code sink} in output order. */
  void regular(long offset, ByteBuffer payload, Consumer<JoinResult> sink) {
    JoinedPayload joined = RegularMessages.open(offset, payload, config, counters, verifier, limits);
    if (joined == null) {
      return;
    }
    List<Pending> pending = envelopes(offset, joined);
    if (pending == null) {
      return;
    }
    CheckpointInfo effective = config.effective();
    StepBatch batch = new StepBatch();
    int seen = 0;
    int skipped = 0;
    boolean invalid = false;
    for (Pending p : pending) {
      PayloadType type = p.envelope().meta().payloadType();
      String id = p.envelope().meta().id();
      switch (type) {
        case MULTI_STEP -> {
          seen++;
          if (!step(offset, p, effective.useClientTime(), batch)) {
            skipped++;
          }
        }
        case OUTCOME -> invalid |= !outcome(offset, p, batch);
        case EPISODE, DEDUP_INFO -> {
          // Ignored by VW's multistep joiner (SPEC §7.1): an episode start carries no data for a step, and dedup only
          // serves LEARN-mode feature extraction, which VW's multistep joiner does not do.
        }
        default -> {
          seen++;
          skipped++;
          counters.report(new Diagnostic(DiagnosticReason.PROBLEM_TYPE_MISMATCH, offset, id, "the multistep joiner "
              + "reads only MultiStep interactions; this " + type.name() + " interaction is ignored, as in VW"));
        }
      }
    }
    counters.interactionsSeen(seen);
    if (invalid) {
      skipped += batch.invalidate(offset, counters);
    } else {
      skipped += batch.emit(effective, config.multistepReward(), offset, counters, sink);
    }
    counters.interactionsSkipped(skipped);
  }

  /**
   * The envelopes of the message's events, or null when one cannot be read and the message is dropped (reported and
   * counted, as the single joiner drops it: SPEC §4.1).
   */
  private @Nullable List<Pending> envelopes(long offset, JoinedPayload joined) {
    int n = joined.eventsLength();
    List<Pending> pending = new ArrayList<>(n);
    int interactions = 0;
    var entry = new reinforcement_learning.messages.flatbuff.v2.JoinedEvent();
    var time = new reinforcement_learning.messages.flatbuff.v2.TimeStamp();
    for (int i = 0; i < n; i++) {
      joined.events(entry, i);
      ByteBuffer eventBytes = entry.eventAsByteBuffer();
      String problem = "";
      DiagnosticReason reason = DiagnosticReason.MALFORMED_EVENT;
      EventDecoder.@Nullable Envelope envelope = null;
      if (eventBytes == null || entry.timestamp(time) == null) {
        problem = "JoinedEvent " + i + " is malformed: no event or no time stamp";
      } else {
        try {
          envelope = decoder.envelope(eventBytes);
        } catch (DecodeException e) {
          problem = "JoinedEvent " + i + ": " + e.getMessage();
          reason = e.reason();
        }
      }
      if (envelope == null) {
        counters.skippedMessage();
        counters.interactionsSeen(interactions);
        counters.interactionsSkipped(interactions);
        counters.report(new Diagnostic(reason, offset, null,
            "processing of an event from JoinedPayload failed, skipping JoinedPayload: " + problem));
        return null;
      }
      PayloadType type = envelope.meta().payloadType();
      if (type != PayloadType.OUTCOME && type != PayloadType.EPISODE && type != PayloadType.DEDUP_INFO) {
        interactions++;
      }
      pending.add(new Pending(envelope, EventDecoder.timeStamp(time)));
    }
    return pending;
  }

  /** Decodes a step into the batch; false if it is skipped (reported). */
  private boolean step(long offset, Pending p, boolean useClientTime, StepBatch batch) {
    JoinedEvent event;
    try {
      event = joined(p, DiagnosticReason.MALFORMED_INTERACTION);
    } catch (DecodeException e) {
      counters.report(new Diagnostic(e.reason(), offset, p.envelope().meta().id(), "MultiStep payload cannot be read, "
          + "the step is left out of its batch: " + e.getMessage()));
      return false;
    }
    TimeStamp client = event.event().meta().clientTime();
    if (useClientTime && (client == null || client.isEmpty())) {
      counters.report(new Diagnostic(DiagnosticReason.CLIENT_TIME_MISSING, offset, event.id(), "configured to use "
          + "client time but the MultiStep event has no client time; its enqueued time is used"));
    }
    batch.addStep(event, event.effectiveTime(useClientTime));
    return true;
  }

  /** Decodes an outcome into the batch; false if it cannot be read (reported). */
  private boolean outcome(long offset, Pending p, StepBatch batch) {
    try {
      batch.addOutcome(joined(p, DiagnosticReason.MALFORMED_OUTCOME));
      return true;
    } catch (DecodeException e) {
      counters.report(new Diagnostic(e.reason(), offset, p.envelope().meta().id(), "observation cannot be read: "
          + e.getMessage()));
      return false;
    }
  }

  private JoinedEvent joined(Pending p, DiagnosticReason reason) throws DecodeException {
    return new JoinedEvent(p.timestamp(), new Event(p.envelope().meta(), decoder.payload(p.envelope(), reason)));
  }
}
