package io.github.vwbinlog.core.join;

import io.github.vwbinlog.core.text.TimeText;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * VW's parser-level metrics (SPEC §9), updated for each emitted joined event of the single joiner, in binary32 and in
 * emission order.
 *
 * <p>Two feeds share the arithmetic: {@link #accept(JoinResult)} for records, and the primitive methods
 * ({@link #skippedEvent()}, {@link #learnable(float)}, {@link #cb}, {@link #multiSlot}, {@link #caNaN()},
 * {@link #first}, {@link #last}) for the single joiner's views. Times are kept as epoch seconds and formatted only by
 * {@link #snapshot()}.
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

  void accept(JoinResult r) {
    if (!r.learnable()) {
      skippedEvent();
      return;
    }
    float sumOriginal = 0f;
    for (float original : r.originalRewards()) {
      sumOriginal += original;
    }
    learnable(sumOriginal);
    long second = r.timestamp().epochSecond();
    if (!seenFirst) {
      first(r.id(), second);
    } else {
      last(r.id(), second);
    }
    EventPayload p = r.interaction().event().payload();
    if (p instanceof CbEvent cb) {
      // VW's CB actions are the ids' low 32 bits (SPEC §4.6): an id of 2^32 + 1 is action 1.
      cb(cb.actionIds().isEmpty(), !cb.actionIds().isEmpty() && cb.actionIds().get(0).intValue() == 1,
          r.originalReward());
    } else if (p instanceof MultiSlotEvent slots) {
      float first = r.originalRewards().isEmpty() ? 0f : r.originalRewards().get(0);
      int comparison = -1;
      if (!slots.slots().isEmpty() && !slots.slots().get(0).actionIds().isEmpty()
          && !slots.baselineActions().isEmpty()) {
        int chosen = (int) (long) slots.slots().get(0).actionIds().get(0);
        comparison = chosen == slots.baselineActions().get(0) ? 1 : 0;
      }
      multiSlot(first, comparison);
    } else if (p instanceof CaEvent ca && Float.isNaN(ca.action())) {
      caNaN();
    }
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
