package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.scan.MessageScan.NONE;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.PayloadFile;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The single joiner of SPEC §4 (CB, CCB, slates, CA): the one join of every REGULAR message, whatever it is joined
 * for. {@link MessageScan} reads the message's events into reused arrays and groups them by id in first-seen order;
 * this joiner applies the DedupInfo events to the LRU cache, picks each group's accepted interaction and outcomes with
 * VW's rules and diagnostics, and has {@link ScanView} compute the rewards. Each joined event then goes to the sink
 * as what it wants: a {@link JoinedView} for the DSJSON writer (nothing decoded into records), or a
 * {@link JoinResult}, built from the view's events by the record decoder, for the public {@code Joiner}.
 *
 * <p>A payload with an unreadable event is dropped whole, groups included (vw-binlog's fix of SPEC §11 item 3), and
 * every interaction it held is counted as skipped. Within a group (SPEC §4.2, §4.3): an outcome that cannot be read
 * is reported and invalidates the interaction accepted before it; an interaction of another problem type, of an
 * unsupported type or that cannot be read is reported and skipped; then outcomes are appended to the accepted
 * interaction or dropped while there is none, and the first valid interaction is accepted while each other one is
 * rejected with exactly one reason (learning mode, then already accepted). Outcomes that are dropped are reported
 * once per group: as OUTCOME_BEFORE_INTERACTION when an interaction is accepted after them, else as NO_INTERACTION.
 * An invalidated joined event is not emitted (item 4).
 *
 * <p>Not thread-safe: one per joiner or part of a log.
 */
final class SingleJoiner implements ScanView.Reports {
  /** An outcome of a group that could not be read: it invalidates the interaction accepted before it (§4.2). */
  private static final int UNREADABLE = -2;

  private final StickyConfig config;
  private final JoinCounters counters;
  private final ReadLimits limits;
  private final DedupCache dedup;
  /**
   * For a part of the log joined on its own (parallel conversion): the cache starts empty where the whole log's may
   * not be. Every DedupInfo applied is then journaled, to be replayed on the whole log's cache, and a value whose
   * outcome could depend on ids cached before the part (not cached here and not a JSON object) marks the part
   * uncertain: it is joined again, in order, with the whole log's cache.
   */
  private final boolean part;
  private final List<DedupInfo> journal = new ArrayList<>();
  private boolean uncertain;

  private final MessageScan scan;
  private final ScanView view;
  private final FlatVerifier verifier;

  // The configuration in force, as the scan and the view hold it.
  private long configVersion = Long.MIN_VALUE;
  private CheckpointInfo effective;

  // The group being joined: its events after the first checks, and the accepted interaction's outcomes.
  private int[] events = new int[16];
  private int[] outcomes = new int[16];
  // The offset and id of the group being joined, for its diagnostics (the id is made only when one is reported).
  private long offset;
  private int idEvent;
  private @Nullable String id;

  SingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, @Nullable ZstdContexts zstd) {
    this(config, counters, limits, new DedupCache(), false, zstd);
  }

  SingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, DedupCache dedup, boolean part,
      @Nullable ZstdContexts zstd) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.dedup = dedup;
    this.part = part;
    this.scan = new MessageScan(limits, zstd, MessageScan.Mode.SINGLE);
    this.view = new ScanView(scan, limits);
    this.verifier = new FlatVerifier(limits);
    this.effective = config.effective();
  }

  /** For a part: whether its result may depend on the ids cached before it (see {@link #part}). */
  boolean dedupUncertain() {
    return uncertain;
  }

  /** For a part: the DedupInfo events it applied, in order, every one in full. */
  List<DedupInfo> dedupJournal() {
    return journal;
  }

  /** Reads the payloads of REGULAR messages from {@code file} where it has them ({@link MessageScan#readFrom}). */
  void readFrom(@Nullable PayloadFile file) {
    scan.readFrom(file);
  }

  /** Gives the scan's zstd context back to its pool; the joiner can go on and borrows again when it needs to. */
  void close() {
    scan.close();
  }

  /**
   * Joins one REGULAR message, handing each joined event to {@code sink} as a view, in VW's order; an event the sink
   * takes is counted as emitted and feeds the metrics.
   */
  void regular(long offset, ByteBuffer payload, EventSink sink) {
    this.offset = offset;
    view.at(offset);
    if (config.ready()) {
      refreshConfig();
    }
    if (!config.ready() || !scan.scan(payload, offset + FrameCursor.FRAME_BYTES)) {
      RegularMessages.skip(offset, payload, config, counters, verifier, limits);
      return;
    }
    if (!applyDedups()) {
      return;
    }
    MessageScan.Failure failure = scan.failure();
    if (failure != null) {
      RegularMessages.drop(offset, scan, failure, counters);
      return;
    }
    counters.interactionsSeen(scan.interactions());
    int lastLearnable = NONE;
    for (int g = 0; g < scan.groupCount(); g++) {
      int joined = group(scan.groupHead(g));
      if (joined == NONE) {
        continue;
      }
      if (sink.accept(view) && emitted()) {
        lastLearnable = joined;
      }
    }
    if (lastLearnable != NONE) {
      counters.metrics().last(scan.message(), scan.idPos(lastLearnable), scan.idLen(lastLearnable),
          scan.second(lastLearnable));
    }
  }

  /** Gives the scan and the view the settings in force when a checkpoint changed them. */
  private void refreshConfig() {
    if (config.version() == configVersion) {
      return;
    }
    configVersion = config.version();
    effective = config.effective();
    scan.configure(effective);
    view.configure(effective);
  }

  /**
   * Applies the message's DedupInfo events to the cache, in order (SPEC §4.5). A value that is not a JSON object, for
   * an id new to the cache, drops the payload: false, reported and counted.
   */
  private boolean applyDedups() {
    List<DedupInfo> infos = scan.dedups();
    for (int k = 0; k < infos.size(); k++) {
      DedupInfo info = infos.get(k);
      int failed = dedup.apply(info.ids(), info.values(),
          value -> JsonSyntax.isObject(ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8))));
      if (failed >= 0) {
        // Only a new id's value is parsed: in a part, that id may be cached in the whole log's cache, where this pair
        // would not fail.
        uncertain |= part;
        int event = scan.dedupEvent(k);
        RegularMessages.drop(offset, scan, new MessageScan.Failure(event, DiagnosticReason.MALFORMED_DEDUP,
            scan.idString(event), "JSON parsing during dedup processing failed for action id "
            + Long.toUnsignedString(info.ids().get(failed))), counters);
        return false;
      }
      if (part) {
        journal.add(info);
      }
    }
    return true;
  }

  @Override
  public void report(DiagnosticReason reason, String message) {
    String eventId = id;
    if (eventId == null) {
      eventId = scan.idString(idEvent);
      id = eventId;
    }
    counters.report(new Diagnostic(reason, offset, eventId, message));
  }

  /**
   * Joins the group that starts at event {@code head}: {@link #view} then shows the joined event.
   *
   * @return the accepted interaction, or {@link MessageScan#NONE} when the group yields no joined event (each
   *     rejected interaction reported and counted)
   */
  private int group(int head) {
    MessageScan m = scan;
    idEvent = head;
    id = null;
    // First the checks made before anything is decoded (§4.2 steps 1 to 4), event by event.
    int count = 0;
    int skipped = 0;
    for (int e = head; e != NONE; e = m.next(e)) {
      PayloadType t = m.type(e);
      if (count == events.length) {
        events = Arrays.copyOf(events, count * 2);
        outcomes = Arrays.copyOf(outcomes, count * 2);
      }
      if (t == PayloadType.OUTCOME) {
        if (m.failed(e)) {
          report(m.failReason(e), "observation cannot be read: " + m.failMessage(e));
          events[count++] = UNREADABLE;
        } else {
          events[count++] = e;
        }
        continue;
      }
      if (!m.problemMatches(t)) {
        skipped++;
        report(DiagnosticReason.PROBLEM_TYPE_MISMATCH, "problem type " + effective.problemType()
            + " and interaction event type " + t + " don't match");
        continue;
      }
      if (!t.isSingleInteraction()) {
        skipped++;
        report(DiagnosticReason.UNSUPPORTED_INTERACTION, "interaction type " + t + " is not currently supported");
        continue;
      }
      if (m.failed(e)) {
        skipped++;
        DiagnosticReason reason = m.failReason(e);
        report(reason, t + (reason == DiagnosticReason.LIMIT_EXCEEDED ? " interaction skipped: "
            : " payload is malformed: ") + m.failMessage(e));
        continue;
      }
      events[count++] = e;
    }
    counters.interactionsSkipped(skipped);
    if (count == 0) {
      return NONE; // every interaction was rejected above, each reported
    }
    // Then the walk (§4.2): the first valid interaction wins, outcomes before it are dropped.
    boolean useClientTime = effective.useClientTime();
    int accepted = NONE;
    boolean invalid = false;
    int outcomeCount = 0;
    int rejected = 0;
    int dropped = 0;
    boolean sawOutcome = false;
    for (int k = 0; k < count; k++) {
      int e = events[k];
      if (e == UNREADABLE) {
        // A failed outcome invalidates the joined event if there is one; before it, it changes nothing.
        sawOutcome = true;
        invalid |= accepted != NONE;
        continue;
      }
      PayloadType t = m.type(e);
      if (useClientTime && !m.hasClientTime(e)) {
        report(DiagnosticReason.CLIENT_TIME_MISSING, "configured to use client time but the " + t.name()
            + " event has no client time; its enqueued time is used");
      }
      if (t == PayloadType.OUTCOME) {
        sawOutcome = true;
        if (accepted != NONE) {
          outcomes[outcomeCount++] = e;
        } else {
          dropped++;
        }
        continue;
      }
      LearningMode mode = m.learningMode(e);
      if (mode != effective.learningMode()) {
        rejected++;
        report(DiagnosticReason.LEARNING_MODE_MISMATCH, "learning mode " + mode.name() + " of the " + t.name()
            + " interaction does not match the configured learning mode " + effective.learningMode().name()
            + "; interaction skipped");
        continue;
      }
      if (accepted != NONE) {
        rejected++;
        report(DiagnosticReason.DUPLICATE_INTERACTION, "a valid interaction with this event id came first; this "
            + t.name() + " interaction is ignored");
        continue;
      }
      accepted = e;
      if (dropped > 0) {
        report(DiagnosticReason.OUTCOME_BEFORE_INTERACTION, dropped
            + " outcome(s) came before the interaction in the payload and were dropped, as VW drops them");
      }
    }
    if (accepted == NONE) {
      // Rejected interactions were reported one by one; this reports the outcomes that had nothing to join.
      if (sawOutcome) {
        report(DiagnosticReason.NO_INTERACTION,
            "events with this event id were processed but no valid interaction was found; their outcomes are dropped");
      }
      counters.interactionsSkipped(rejected);
      return NONE;
    }
    if (invalid) {
      report(DiagnosticReason.MALFORMED_OUTCOME,
          "interaction invalidated due to a malformed observation; the joined event is not emitted");
      counters.interactionsSkipped(rejected + 1);
      return NONE;
    }
    if (!view.join(accepted, outcomes, outcomeCount, this)) {
      counters.interactionsSkipped(rejected + 1);
      return NONE;
    }
    counters.interactionsSkipped(rejected);
    if (config.forTraining() && !expandReferences()) {
      return NONE;
    }
    return accepted;
  }

  /**
   * For training: expands the context's dedup references from the cache as it is now, which is the cache VW's learner
   * reads for this message (SPEC §4.5); false, reported and counted, when they cannot be. A part joined ahead of its
   * turn cannot know the cache, so a reference makes it uncertain (joined again in order).
   */
  private boolean expandReferences() {
    byte[] bytes = view.bytes();
    int start = view.contextStart();
    int length = view.contextLength();
    if (!AidReferences.mayReference(bytes, start, start + length)) {
      return true;
    }
    ByteBuffer expanded;
    try {
      expanded = AidReferences.expand(ByteBuffer.wrap(bytes, start, length), dedup);
    } catch (AidReferences.Unexpandable e) {
      uncertain |= part;
      counters.interactionsSkipped(1);
      report(DiagnosticReason.NOT_LEARNED, "the context's dedup references cannot be expanded for training: "
          + e.getMessage());
      return false;
    }
    if (expanded != null) {
      uncertain |= part;
      view.expandedContext(expanded);
    }
    return true;
  }

  /**
   * Counts a joined event that its sink took and feeds the metrics (their one feed, from the view, whatever the sink).
   * The metrics' last event is set once per message, by the caller, so this says whether the event is a candidate:
   * learnable, and not the first learnable event of the log (which sets the metrics' first event).
   */
  private boolean emitted() {
    counters.emitted(view.type(), view.learnable());
    return counters.metrics().accept(view);
  }

  /**
   * The RewardCalculator's join: the records of one id, checked to be groupable (no DedupInfo or Episode event), joined
   * as the events of a message are, with diagnostics at {@code offset} (-1: none). A null entry is an outcome that
   * could not be read ({@link MessageScan#load}).
   *
   * @return the joined event, or null when there is none
   * @throws IllegalArgumentException if a record has no stored form (a slot action id beyond 32 bits)
   */
  @Nullable JoinResult calculate(List<@Nullable JoinedEvent> records, EventEncoder encoder, long offset) {
    this.offset = offset;
    refreshConfig();
    scan.load(records, encoder);
    counters.interactionsSeen(scan.interactions());
    if (scan.groupCount() == 0) {
      return null;
    }
    int joined = group(scan.groupHead(0));
    return joined == NONE ? null : view.record(i -> java.util.Objects.requireNonNull(records.get(i)));
  }
}
