package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * The single joiner of SPEC §4 (CB, CCB, slates, CA): one REGULAR message at a time, it groups the events by id in
 * first-seen order, applies DedupInfo events to the LRU cache, decodes what each group needs, and hands the group to
 * {@link GroupJoin}. A payload with an unreadable event is dropped whole, groups included (vw-binlog's fix of SPEC §11
 * item 3), and every interaction it held is counted as skipped.
 */
final class SingleJoiner {
  private final StickyConfig config;
  private final JoinCounters counters;
  private final EventDecoder decoder;
  private final FlatVerifier verifier;
  private final ReadLimits limits;
  private final DedupCache dedup;
  /**
   * For a part of the log converted on its own (parallel conversion): the cache starts empty where the whole log's
   * may not be. Every DedupInfo applied is then journaled, to be replayed on the whole log's cache, and a value whose
   * outcome could depend on ids cached before the part (not cached here and not a JSON object) marks the part
   * uncertain: it is converted again, in order, with the whole log's cache.
   */
  private final boolean part;
  private final List<DedupInfo> journal = new ArrayList<>();
  private boolean uncertain;

  SingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits) {
    this(config, counters, limits, new DedupCache(), false);
  }

  SingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, DedupCache dedup, boolean part) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.decoder = new EventDecoder(limits);
    this.verifier = new FlatVerifier(limits);
    this.dedup = dedup;
    this.part = part;
  }

  /** For a part: whether its result may depend on the ids cached before it (see the constructor). */
  boolean dedupUncertain() {
    return uncertain;
  }

  /** For a part: the DedupInfo events it applied, in order, every one in full. */
  List<DedupInfo> dedupJournal() {
    return journal;
  }

  /** An event of a group, its metadata decoded and its payload not yet. */
  private record Pending(EventDecoder.Envelope envelope, io.github.vwbinlog.TimeStamp timestamp) {}

  /** Thrown inside {@link #group} when the payload must be dropped; carries the diagnostic. */
  private static final class PayloadFailure extends Exception {
    private static final long serialVersionUID = 1L;
    final DiagnosticReason reason;
    final @Nullable String eventId;

    PayloadFailure(DiagnosticReason reason, @Nullable String eventId, String message) {
      super(message, null, false, false);
      this.reason = reason;
      this.eventId = eventId;
    }
  }

  /** Processes one REGULAR message, handing each joined event to {@code sink} in VW's order. */
  void regular(long offset, ByteBuffer payload, Consumer<JoinResult> sink) {
    JoinedPayload joined = RegularMessages.open(offset, payload, config, counters, verifier, limits);
    if (joined == null) {
      return;
    }
    int n = joined.eventsLength();
    Map<String, List<Pending>> groups = new LinkedHashMap<>();
    int interactions = 0;
    try {
      var entry = new reinforcement_learning.messages.flatbuff.v2.JoinedEvent();
      var time = new reinforcement_learning.messages.flatbuff.v2.TimeStamp();
      for (int i = 0; i < n; i++) {
        joined.events(entry, i);
        ByteBuffer eventBytes = entry.eventAsByteBuffer();
        if (eventBytes == null || entry.timestamp(time) == null) {
          throw new PayloadFailure(DiagnosticReason.MALFORMED_EVENT, null,
              "JoinedEvent " + i + " is malformed: no event or no time stamp");
        }
        EventDecoder.Envelope envelope;
        try {
          envelope = decoder.envelope(eventBytes);
        } catch (DecodeException e) {
          throw new PayloadFailure(e.reason(), null, "JoinedEvent " + i + ": " + e.getMessage());
        }
        PayloadType type = envelope.meta().payloadType();
        if (type == PayloadType.DEDUP_INFO) {
          applyDedup(envelope);
        } else if (type == PayloadType.EPISODE) {
          throw new PayloadFailure(DiagnosticReason.EPISODE_WITHOUT_MULTISTEP, envelope.meta().id(),
              "Episode type events require multistep");
        } else {
          if (type != PayloadType.OUTCOME) {
            interactions++;
          }
          groups.computeIfAbsent(envelope.meta().id(), k -> new ArrayList<>())
              .add(new Pending(envelope, EventDecoder.timeStamp(time)));
        }
      }
    } catch (PayloadFailure f) {
      counters.skippedMessage();
      counters.interactionsSeen(interactions);
      counters.interactionsSkipped(interactions);
      counters.report(new Diagnostic(f.reason, offset, f.eventId,
          "processing of an event from JoinedPayload failed, skipping JoinedPayload: " + f.getMessage()));
      return;
    }
    counters.interactionsSeen(interactions);
    CheckpointInfo effective = config.effective();
    GroupJoin join = new GroupJoin(effective, counters);
    for (Map.Entry<String, List<Pending>> group : groups.entrySet()) {
      joinGroup(offset, group.getKey(), group.getValue(), effective, join, sink);
    }
  }

  /** Decodes a group's events, rejecting interactions VW rejects before decoding (SPEC §4.2 steps 1–4). */
  private void joinGroup(long offset, String id, List<Pending> pending, CheckpointInfo effective, GroupJoin join,
      Consumer<JoinResult> sink) {
    List<@Nullable JoinedEvent> events = new ArrayList<>(pending.size());
    int skipped = 0;
    for (Pending p : pending) {
      PayloadType type = p.envelope().meta().payloadType();
      if (type == PayloadType.OUTCOME) {
        try {
          events.add(joined(p, DiagnosticReason.MALFORMED_OUTCOME));
        } catch (DecodeException e) {
          counters.report(new Diagnostic(e.reason(), offset, id, "observation cannot be read: " + e.getMessage()));
          events.add(null);
        }
        continue;
      }
      if (!effective.problemType().matches(type)) {
        skipped++;
        counters.report(new Diagnostic(DiagnosticReason.PROBLEM_TYPE_MISMATCH, offset, id, "problem type "
            + effective.problemType() + " and interaction event type " + type + " don't match"));
        continue;
      }
      if (!type.isSingleInteraction()) {
        skipped++;
        counters.report(new Diagnostic(DiagnosticReason.UNSUPPORTED_INTERACTION, offset, id,
            "interaction type " + type + " is not currently supported"));
        continue;
      }
      try {
        events.add(joined(p, DiagnosticReason.MALFORMED_INTERACTION));
      } catch (DecodeException e) {
        skipped++;
        counters.report(new Diagnostic(e.reason(), offset, id, type + (e.reason() == DiagnosticReason.LIMIT_EXCEEDED
            ? " interaction skipped: " : " payload is malformed: ") + e.getMessage()));
      }
    }
    counters.interactionsSkipped(skipped);
    if (events.isEmpty()) {
      return; // every interaction was rejected above, each reported
    }
    GroupOutcome outcome = join.join(events, offset, id);
    counters.interactionsSkipped(outcome.skipped());
    JoinResult result = outcome.result();
    if (result != null && config.forTraining()) {
      result = withExpandedReferences(offset, id, result);
    }
    if (result != null) {
      sink.accept(result);
    }
  }

  /**
   * For training: the result with its context's dedup references expanded from the cache as it is now, which is the
   * cache VW's learner reads for this message (SPEC §4.5); or null, reported and counted, when they cannot be. A part
   * converted ahead of its turn cannot know the cache, so a reference makes it uncertain (joined again in order).
   */
  private @Nullable JoinResult withExpandedReferences(long offset, String id, JoinResult result) {
    EventPayload payload = result.interaction().event().payload();
    ByteBuffer context = payload instanceof CbEvent cb ? cb.context()
        : payload instanceof MultiSlotEvent ms ? ms.context()
        : payload instanceof CaEvent ca ? ca.context() : null;
    if (context == null) {
      return result;
    }
    ByteBuffer expanded;
    try {
      expanded = AidReferences.expand(context, dedup);
    } catch (AidReferences.Unexpandable e) {
      uncertain |= part;
      counters.interactionsSkipped(1);
      counters.report(new Diagnostic(DiagnosticReason.NOT_LEARNED, offset, id, "the context's dedup references "
          + "cannot be expanded for training: " + e.getMessage()));
      return null;
    }
    if (expanded == null) {
      return result;
    }
    uncertain |= part;
    EventPayload with = payload instanceof CbEvent cb
        ? new CbEvent(cb.deferredAction(), cb.actionIds(), expanded, cb.probabilities(), cb.modelId(),
            cb.learningMode())
        : payload instanceof MultiSlotEvent ms
        ? new MultiSlotEvent(expanded, ms.slots(), ms.modelId(), ms.deferredAction(), ms.baselineActions(),
            ms.learningMode())
        : new CaEvent(((CaEvent) payload).deferredAction(), ((CaEvent) payload).action(), expanded,
            ((CaEvent) payload).pdfValue(), ((CaEvent) payload).modelId(), ((CaEvent) payload).learningMode());
    JoinedEvent interaction = result.interaction();
    return new JoinResult(new JoinedEvent(interaction.timestamp(), new Event(interaction.event().meta(), with)),
        result.timestamp(), result.outcomes(), result.slotOutcomes(), result.rewards(), result.originalRewards(),
        result.learnable());
  }

  private JoinedEvent joined(Pending p, DiagnosticReason reason) throws DecodeException {
    return new JoinedEvent(p.timestamp(), new Event(p.envelope().meta(), decoder.payload(p.envelope(), reason)));
  }

  /**
   * Applies a DedupInfo event known not to fail: its id and value counts are equal and every value is a JSON object,
   * so no pair can stop it, whatever the cache holds. For the conversion fast path, which checks that before it
   * commits a message.
   */
  void applyValidDedup(DedupInfo info) {
    dedup.apply(info.ids(), info.values(), value -> true);
    if (part) {
      journal.add(info);
    }
  }

  /** Applies a DedupInfo event to the cache (SPEC §4.5); a failure drops the payload. */
  private void applyDedup(EventDecoder.Envelope envelope) throws PayloadFailure {
    String id = envelope.meta().id();
    DedupInfo info;
    try {
      info = (DedupInfo) decoder.payload(envelope, DiagnosticReason.MALFORMED_DEDUP);
    } catch (DecodeException e) {
      throw new PayloadFailure(e.reason(), id, e.getMessage());
    }
    if (info.ids().size() != info.values().size()) {
      throw new PayloadFailure(DiagnosticReason.MALFORMED_DEDUP, id, "id and value sizes do not match ("
          + info.ids().size() + " ids, " + info.values().size() + " values)");
    }
    int failed = dedup.apply(info.ids(), info.values(),
        value -> JsonSyntax.isObject(ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8))));
    if (failed >= 0) {
      // Only a new id's value is parsed: in a part, that id may be cached in the whole log's cache, where this pair
      // would not fail.
      uncertain |= part;
      throw new PayloadFailure(DiagnosticReason.MALFORMED_DEDUP, id, "JSON parsing during dedup processing failed for "
          + "action id " + Long.toUnsignedString(info.ids().get(failed)));
    }
    if (part) {
      journal.add(info);
    }
  }
}
