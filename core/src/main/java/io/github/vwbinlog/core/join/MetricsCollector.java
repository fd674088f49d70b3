package io.github.vwbinlog.core.join;

import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinResult;

/**
 * VW's parser-level metrics (SPEC §9), updated for each emitted joined event of the single joiner, in binary32 and in
 * emission order.
 */
final class MetricsCollector {
  private long numberSkippedEvents;
  private float sumCostOriginal;
  private String firstEventId = "";
  private String firstEventTime = "";
  private String lastEventId = "";
  private String lastEventTime = "";
  private boolean seenFirst;
  private long zeroActions;
  private float sumCostOriginalBaseline;
  private float sumCostOriginalFirstSlot;
  private long labelEqualBaselineFirstSlot;
  private float sumCostOriginalLabelEqualBaselineFirstSlot;
  private long labelNotEqualBaselineFirstSlot;

  void accept(JoinResult r) {
    if (!r.learnable()) {
      numberSkippedEvents++;
      return;
    }
    float sumOriginal = 0f;
    for (float original : r.originalRewards()) {
      sumOriginal += original;
    }
    sumCostOriginal += -sumOriginal;
    String time = r.timestamp().format();
    if (!seenFirst) {
      seenFirst = true;
      firstEventId = r.id();
      firstEventTime = time;
    } else {
      lastEventId = r.id();
      lastEventTime = time;
    }
    EventPayload p = r.interaction().event().payload();
    if (p instanceof CbEvent cb) {
      if (cb.actionIds().isEmpty()) {
        zeroActions++;
      } else if (cb.actionIds().get(0).intValue() == 1) { // VW's CB actions are the ids' low 32 bits (SPEC §4.6)
        sumCostOriginalBaseline += -r.originalReward();
      }
    } else if (p instanceof MultiSlotEvent slots) {
      float first = r.originalRewards().isEmpty() ? 0f : r.originalRewards().get(0);
      sumCostOriginalFirstSlot += -first;
      if (!slots.slots().isEmpty() && !slots.slots().get(0).actionIds().isEmpty()
          && !slots.baselineActions().isEmpty()) {
        int chosen = (int) (long) slots.slots().get(0).actionIds().get(0);
        if (chosen == slots.baselineActions().get(0)) {
          labelEqualBaselineFirstSlot++;
          sumCostOriginalLabelEqualBaselineFirstSlot += -first;
        } else {
          labelNotEqualBaselineFirstSlot++;
        }
      }
    } else if (p instanceof CaEvent ca && Float.isNaN(ca.action())) {
      zeroActions++;
    }
  }

  JoinMetrics snapshot() {
    return new JoinMetrics(numberSkippedEvents, sumCostOriginal, firstEventId, firstEventTime, lastEventId,
        lastEventTime, zeroActions, sumCostOriginalBaseline, sumCostOriginalFirstSlot, labelEqualBaselineFirstSlot,
        sumCostOriginalLabelEqualBaselineFirstSlot, labelNotEqualBaselineFirstSlot);
  }
}
