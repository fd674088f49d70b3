package io.github.vwbinlog.core.join;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.text.TimeText;
import io.github.vwbinlog.join.JoinMetrics;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * VW's parser-level metrics (SPEC §9), updated for each emitted joined event of the single joiner, in binary32 and in
 * emission order.
 *
 * <p>One feed, {@link #accept(JoinedView)}, from the view of each joined event that a sink took, whatever the sink
 * (DSJSON lines or records); the caller sets the last event ({@link #last}). Times are kept as epoch seconds and
 * formatted only by {@link #snapshot()}.
 *
 * <p>A collector made with {@code journal = true} also records, in order, every operand of its binary32 sums, so that
 * {@link #mergeFrom} can replay a part of the log converted on another thread into the collector of the whole: the
 * sums are then exactly those of a sequential run.
 */
public final class MetricsCollector {
  private long numberSkippedEvents;
  private float sumCostOriginal;
  private String firstEventId = "";
  private long firstEventSecond;
  private String lastEventId = "";
  /** The last id as UTF-8 bytes, copied in place by the single joiner, when {@link #lastIdLength} is not -1. */
  private byte[] lastIdBytes = new byte[0];
  private int lastIdLength = -1;
  private long lastEventSecond;
  private boolean seenFirst;
  private boolean seenLast;
  private long zeroActions;
  private float sumCostOriginalBaseline;
  private float sumCostOriginalFirstSlot;
  private long labelEqualBaselineFirstSlot;
  private float sumCostOriginalLabelEqualBaselineFirstSlot;
  private long labelNotEqualBaselineFirstSlot;

  private final boolean journal;
  private final FloatJournal costOriginal = new FloatJournal();
  private final FloatJournal costBaseline = new FloatJournal();
  private final FloatJournal costFirstSlot = new FloatJournal();
  private final FloatJournal costEqualBaseline = new FloatJournal();

  /** A collector for a whole log. */
  public MetricsCollector() {
    this(false);
  }

  /** A collector; with {@code journal}, one for a part of a log, to be merged with {@link #mergeFrom}. */
  public MetricsCollector(boolean journal) {
    this.journal = journal;
  }

  /**
   * Feeds one emitted joined event of the single joiner (a step has no metrics: SPEC §7.4), from its view, whatever
   * sink took it. The last event is not set here: the caller sets it with {@link #last} when this returns true, once
   * per message being enough (the single joiner sets it from the message's bytes, without a string).
   *
   * @return true when the event is learnable and not the log's first learnable event: a candidate for the last event
   */
  public boolean accept(JoinedView v) {
    if (!v.learnable()) {
      skippedEvent();
      return false;
    }
    PayloadType t = v.type();
    float sumOriginal = 0f;
    if (t == PayloadType.CCB) {
      for (int s = 0; s < v.slotCount(); s++) {
        sumOriginal += v.originalReward(s);
      }
    } else {
      sumOriginal += v.originalReward(JoinedView.TOP);
    }
    learnable(sumOriginal);
    boolean candidate = seenFirst;
    if (!candidate) {
      first(v.diagnosticId(), v.epochSecond());
    }
    if (t == PayloadType.CB) {
      // VW's CB actions are the ids' low 32 bits (SPEC §4.6): an id of 2^32 + 1 is action 1.
      boolean none = v.actionCount(JoinedView.TOP) == 0;
      cb(none, !none && (int) v.action(JoinedView.TOP, 0) == 1, v.originalReward(JoinedView.TOP));
    } else if (t == PayloadType.CCB || t == PayloadType.SLATES) {
      float first = t == PayloadType.SLATES ? v.originalReward(JoinedView.TOP)
          : v.slotCount() == 0 ? 0f : v.originalReward(0);
      int comparison = -1;
      if (v.slotCount() > 0 && v.actionCount(0) > 0 && v.baselineCount() > 0) {
        comparison = (int) v.action(0, 0) == v.baseline(0) ? 1 : 0;
      }
      multiSlot(first, comparison);
    } else if (t == PayloadType.CA && Float.isNaN(v.caAction())) {
      caNaN(); // a record sink takes such an event; the DSJSON writer refuses its line
    }
    return candidate;
  }

  /** A joined event that is not learnable. */
  public void skippedEvent() {
    numberSkippedEvents++;
  }

  /** A learnable joined event whose original rewards sum (in binary32, slot order) to {@code sumOriginal}. */
  public void learnable(float sumOriginal) {
    float operand = -sumOriginal;
    sumCostOriginal += operand;
    if (journal) {
      costOriginal.add(operand);
    }
  }

  /** Whether a learnable event has been seen: the next one's id goes to {@link #last}, else to {@link #first}. */
  public boolean seenFirst() {
    return seenFirst;
  }

  /** The first learnable event's id and effective time. */
  public void first(String id, long epochSecond) {
    seenFirst = true;
    firstEventId = id;
    firstEventSecond = epochSecond;
  }

  /** The latest learnable event after the first: its id and effective time. */
  public void last(String id, long epochSecond) {
    seenLast = true;
    lastEventId = id;
    lastIdLength = -1;
    lastEventSecond = epochSecond;
  }

  /**
   * As {@link #last(String, long)}, for an id read in place as UTF-8: its bytes are copied into a reused array, and the
   * string is made only when the metrics are read, so that the join allocates nothing per message.
   */
  public void last(byte[] bytes, int from, int length, long epochSecond) {
    seenLast = true;
    if (lastIdBytes.length < length) {
      lastIdBytes = new byte[Math.max(length, 2 * lastIdBytes.length)];
    }
    System.arraycopy(bytes, from, lastIdBytes, 0, length);
    lastIdLength = length;
    lastEventSecond = epochSecond;
  }

  private String lastEventId() {
    if (lastIdLength >= 0) {
      lastEventId = new String(lastIdBytes, 0, lastIdLength, StandardCharsets.UTF_8);
      lastIdLength = -1;
    }
    return lastEventId;
  }

  /** The CB part of a learnable CB event. */
  public void cb(boolean noActions, boolean firstActionIsOne, float originalReward) {
    if (noActions) {
      zeroActions++;
    } else if (firstActionIsOne) {
      float operand = -originalReward;
      sumCostOriginalBaseline += operand;
      if (journal) {
        costBaseline.add(operand);
      }
    }
  }

  /**
   * The CCB or slates part of a learnable event.
   *
   * @param firstOriginal the original reward of slot 0 (0 when there is none)
   * @param comparison 1 when slot 0's first action equals the first baseline action, 0 when not, -1 when either is
   *     missing
   */
  public void multiSlot(float firstOriginal, int comparison) {
    float operand = -firstOriginal;
    sumCostOriginalFirstSlot += operand;
    if (journal) {
      costFirstSlot.add(operand);
    }
    if (comparison == 1) {
      labelEqualBaselineFirstSlot++;
      sumCostOriginalLabelEqualBaselineFirstSlot += operand;
      if (journal) {
        costEqualBaseline.add(operand);
      }
    } else if (comparison == 0) {
      labelNotEqualBaselineFirstSlot++;
    }
  }

  /** A learnable CA event whose action is NaN. */
  public void caNaN() {
    zeroActions++;
  }

  /**
   * Adds the metrics of the next part of the log, collected with a journal, as if its events had been fed here.
   */
  public void mergeFrom(MetricsCollector part) {
    if (!part.journal) {
      throw new IllegalArgumentException("the part was collected without a journal");
    }
    numberSkippedEvents += part.numberSkippedEvents;
    zeroActions += part.zeroActions;
    labelEqualBaselineFirstSlot += part.labelEqualBaselineFirstSlot;
    labelNotEqualBaselineFirstSlot += part.labelNotEqualBaselineFirstSlot;
    sumCostOriginal = part.costOriginal.replay(sumCostOriginal, journal ? costOriginal : null);
    sumCostOriginalBaseline = part.costBaseline.replay(sumCostOriginalBaseline, journal ? costBaseline : null);
    sumCostOriginalFirstSlot = part.costFirstSlot.replay(sumCostOriginalFirstSlot, journal ? costFirstSlot : null);
    sumCostOriginalLabelEqualBaselineFirstSlot = part.costEqualBaseline.replay(
        sumCostOriginalLabelEqualBaselineFirstSlot, journal ? costEqualBaseline : null);
    if (part.seenFirst) {
      if (!seenFirst) {
        first(part.firstEventId, part.firstEventSecond);
      } else {
        last(part.firstEventId, part.firstEventSecond);
      }
      if (part.seenLast) {
        last(part.lastEventId(), part.lastEventSecond);
      }
    }
  }

  JoinMetrics snapshot() {
    return new JoinMetrics(numberSkippedEvents, sumCostOriginal, firstEventId,
        seenFirst ? TimeText.format(firstEventSecond) : "", lastEventId(),
        seenLast ? TimeText.format(lastEventSecond) : "", zeroActions, sumCostOriginalBaseline,
        sumCostOriginalFirstSlot, labelEqualBaselineFirstSlot, sumCostOriginalLabelEqualBaselineFirstSlot,
        labelNotEqualBaselineFirstSlot);
  }

  /** The operands of one binary32 sum, in order. */
  private static final class FloatJournal {
    private float[] values = new float[0];
    private int size;

    void add(float v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, Math.max(64, size * 2));
      }
      values[size++] = v;
    }

    float replay(float sum, @Nullable FloatJournal into) {
      for (int i = 0; i < size; i++) {
        sum += values[i];
        if (into != null) {
          into.add(values[i]);
        }
      }
      return sum;
    }
  }
}
