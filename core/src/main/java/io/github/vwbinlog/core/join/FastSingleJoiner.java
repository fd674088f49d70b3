package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.MessageScan.NONE;
import static io.github.vwbinlog.core.join.MessageScan.TYPES;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.DedupInfo;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The conversion fast path of the single joiner: joins one REGULAR message and writes its DSJSON lines straight from
 * the input buffer into the output buffer, with no event records, no strings and no boxed numbers.
 *
 * <p><b>Clean messages only.</b> It handles the messages for which the record path ({@link SingleJoiner},
 * {@link GroupJoin}, {@link io.github.vwbinlog.core.output.DsjsonWriter}) would report nothing at all: every buffer
 * verifies, every string the record path decodes is ASCII, each id's events are one accepted interaction followed by
 * its outcomes, and every line is valid. For anything else (a diagnostic of any kind, a non-ASCII id, a DedupInfo
 * value that is not a JSON object, an episode, multistep or unknown event) {@link #regular} changes nothing and
 * returns false, and the caller hands the message to the record path, which decides and reports. So the semantics of
 * every unusual case have one source, the record path, and the clean case shares its arithmetic (rewards, metrics
 * through {@link MetricsCollector}, line fragments). Tests compare both paths on random logs of every payload type.
 *
 * <p>A message is converted in three steps: the {@link MessageScan}, which verifies every nested buffer and records
 * each event's fields and groups; the {@link GroupLineWriter}, which joins each group and writes its line into the
 * output buffer; and, only when nothing failed, the commit here: DedupInfo events are applied to the cache and the
 * counters and metrics updated. When a step fails the output is truncated back, so nothing is changed.
 *
 * <p>Not thread-safe: one per joiner.
 */
final class FastSingleJoiner {
  private final StickyConfig config;
  private final JoinCounters counters;
  private final SingleJoiner single;
  private final MessageScan scan;
  private final ScanView view;

  // The joined events of the message that got a line, for the commit: the interaction and what the metrics count.
  private int emittedCount;
  private int[] emittedEvent = new int[16];
  private boolean[] emittedLearnable = new boolean[16];
  private float[] emittedSumOriginal = new float[16];
  private float[] emittedFirstOriginal = new float[16];
  private int[] emittedComparison = new int[16];
  private boolean[] emittedFirstActionIsOne = new boolean[16];

  // The version of the configuration that the scan and the writer hold; at first none (no int version equals it).
  private long configVersion = Long.MIN_VALUE;
  private long converted;

  FastSingleJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, SingleJoiner single,
      ZstdContexts zstd) {
    this.config = config;
    this.counters = counters;
    this.single = single;
    this.scan = new MessageScan(limits, zstd);
    this.view = new ScanView(scan, limits, config.forTraining());
  }

  /**
   * Joins one REGULAR message and appends its lines to {@code out}.
   *
   * @return true when the message was converted and counted; false when nothing was changed ({@code out} included)
   *     and the record path must convert it
   */
  boolean regular(long offset, ByteBuffer payload, JsonBytes out, LineSink sink) {
    if (!config.ready()) {
      return false;
    }
    refreshConfig();
    if (!scan.scan(payload) || !lines(out, sink)) {
      return false;
    }
    commit();
    converted++;
    return true;
  }

  /** Step 2: joins each group of the scanned message and has {@code sink} write its line; false to leave it. */
  private boolean lines(JsonBytes out, LineSink sink) {
    emittedCount = 0;
    int mark = out.length();
    ScanView v = view;
    for (int g = 0; g < scan.groupCount; g++) {
      if (!v.join(scan.groupHead[g]) || !sink.line(v, out)) {
        out.truncate(mark);
        return false;
      }
      emitted(v);
    }
    return true;
  }

  private void emitted(ScanView v) {
    int k = emittedCount++;
    if (k == emittedEvent.length) {
      int m = k * 2;
      emittedEvent = Arrays.copyOf(emittedEvent, m);
      emittedLearnable = Arrays.copyOf(emittedLearnable, m);
      emittedSumOriginal = Arrays.copyOf(emittedSumOriginal, m);
      emittedFirstOriginal = Arrays.copyOf(emittedFirstOriginal, m);
      emittedComparison = Arrays.copyOf(emittedComparison, m);
      emittedFirstActionIsOne = Arrays.copyOf(emittedFirstActionIsOne, m);
    }
    emittedEvent[k] = v.interaction();
    emittedLearnable[k] = v.learnable();
    emittedSumOriginal[k] = v.sumOriginal;
    emittedFirstOriginal[k] = v.firstOriginal;
    emittedComparison[k] = v.comparison;
    emittedFirstActionIsOne[k] = v.firstActionIsOne;
  }

  /** Gives the zstd context back to its pool, if one was borrowed. The joiner can go on; it borrows again if needed. */
  void close() {
    scan.close();
  }

  /** How many messages this fast path converted. */
  long converted() {
    return converted;
  }

  /** Gives the scan and the writer the settings in force when a checkpoint changed them. */
  private void refreshConfig() {
    if (config.version() == configVersion) {
      return;
    }
    configVersion = config.version();
    CheckpointInfo now = config.effective();
    scan.configure(now);
    view.configure(now);
  }

  /** Step 3: applies the message's DedupInfo events to the cache and counts its interactions and lines. */
  private void commit() {
    for (DedupInfo info : scan.dedups) {
      single.applyValidDedup(info);
    }
    counters.interactionsSeen(scan.interactions);
    MetricsCollector metrics = counters.metrics();
    int lastLearnable = NONE;
    for (int k = 0; k < emittedCount; k++) {
      int i = emittedEvent[k];
      PayloadType t = TYPES[scan.type[i]];
      boolean learnable = emittedLearnable[k];
      counters.emitted(t, learnable);
      if (!learnable) {
        metrics.skippedEvent();
        continue;
      }
      metrics.learnable(emittedSumOriginal[k]);
      if (!metrics.seenFirst()) {
        metrics.first(scan.idString(i), scan.second[i]);
      } else {
        lastLearnable = i;
      }
      if (t == PayloadType.CB) {
        metrics.cb(false, emittedFirstActionIsOne[k], emittedFirstOriginal[k]);
      } else if (t == PayloadType.CCB || t == PayloadType.SLATES) {
        metrics.multiSlot(emittedFirstOriginal[k], emittedComparison[k]);
      }
    }
    if (lastLearnable != NONE) {
      metrics.last(scan.message, scan.idPos[lastLearnable], scan.idLen[lastLearnable], scan.second[lastLearnable]);
    }
  }
}
