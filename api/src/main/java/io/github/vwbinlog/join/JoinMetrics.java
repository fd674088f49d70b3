package io.github.vwbinlog.join;

/**
 * The parser-level metrics VW writes with {@code --extra_metrics} (SPEC §9), computed over the joined events of the
 * single joiner. Floats are summed in binary32 in emission order, as VW does.
 *
 * <p>Thread-safe: an immutable record.
 *
 * <pre>{@code
 * JoinMetrics m = joiner.summary().metrics();
 * System.out.println(m.firstEventId() + " " + m.dsjsonSumCostOriginal());
 * }</pre>
 *
 * @param numberSkippedEvents joined events that were not learnable
 * @param dsjsonSumCostOriginal the sum of the negated original rewards of learnable events (Σ over slots for CCB)
 * @param firstEventId the id of the first learnable event, or "" when there is none
 * @param firstEventTime its time, formatted as in DSJSON, or ""
 * @param lastEventId the id of the last learnable event after the first, or "" (a single event leaves it empty)
 * @param lastEventTime its time, or ""
 * @param numberEventsZeroActions learnable CB events without actions, and CA events whose action is NaN
 * @param dsjsonSumCostOriginalBaseline CB: the sum of the negated original rewards of events whose first action is 1
 * @param dsjsonSumCostOriginalFirstSlot CCB and slates: the sum of the negated original rewards of slot 0
 * @param dsjsonNumberLabelEqualBaselineFirstSlot CCB and slates: events whose slot 0 chose the baseline action
 * @param dsjsonSumCostOriginalLabelEqualBaselineFirstSlot ... and the sum of their negated slot-0 original rewards
 * @param dsjsonNumberLabelNotEqualBaselineFirstSlot CCB and slates: events whose slot 0 chose another action
 */
public record JoinMetrics(
    long numberSkippedEvents,
    float dsjsonSumCostOriginal,
    String firstEventId,
    String firstEventTime,
    String lastEventId,
    String lastEventTime,
    long numberEventsZeroActions,
    float dsjsonSumCostOriginalBaseline,
    float dsjsonSumCostOriginalFirstSlot,
    long dsjsonNumberLabelEqualBaselineFirstSlot,
    float dsjsonSumCostOriginalLabelEqualBaselineFirstSlot,
    long dsjsonNumberLabelNotEqualBaselineFirstSlot) {

  /** The metrics before any event. */
  public static final JoinMetrics EMPTY = new JoinMetrics(0, 0f, "", "", "", "", 0, 0f, 0f, 0, 0f, 0);
}
