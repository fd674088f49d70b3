package io.github.vwbinlog.event;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An observation ({@code OutcomeEvent}): a value, an optional index (a CCB slot, by position or by slot id), and
 * whether it is an activation of a deferred decision. Both value and index are unions in the schema: numeric,
 * literal (a string) or none.
 *
 * <p>Rewards use {@link #value()}: the numeric value, or 0 for literal and valueless outcomes, as VW does.
 *
 * <pre>{@code
 * OutcomeEvent.numeric(1.5f)                    // a reward of 1.5
 * OutcomeEvent.numeric(1.5f).withIndex(1)       // ... for CCB slot 1
 * OutcomeEvent.numeric(1.5f).withSlotId("s0")   // ... for the CCB slot with id "s0"
 * OutcomeEvent.activation()                     // activates a deferred decision
 * }</pre>
 *
 * @param valueKind which member of the value union is present
 * @param numericValue the numeric value when {@code valueKind} is NUMERIC, else 0
 * @param literalValue the literal value when {@code valueKind} is LITERAL, else null
 * @param indexKind which member of the index union is present
 * @param numericIndex the numeric index when {@code indexKind} is NUMERIC, else 0
 * @param literalIndex the literal index (a slot id) when {@code indexKind} is LITERAL, else null
 * @param actionTaken whether this outcome activates a deferred decision; activations never count toward rewards
 */
public record OutcomeEvent(
    Kind valueKind,
    float numericValue,
    @Nullable String literalValue,
    Kind indexKind,
    int numericIndex,
    @Nullable String literalIndex,
    boolean actionTaken) implements EventPayload {

  /** Which member of a schema union is present. Unknown union tags read as {@link #NONE}, as in VW. */
  public enum Kind {
    /** No member (tag 0, or a tag the schema does not know). */
    NONE,
    /** The numeric member (a table holding a number). */
    NUMERIC,
    /** The literal member (a string). */
    LITERAL
  }

  /** Checks that each union holds exactly what its kind says. */
  public OutcomeEvent {
    Objects.requireNonNull(valueKind, "valueKind");
    Objects.requireNonNull(indexKind, "indexKind");
    if ((valueKind == Kind.LITERAL) != (literalValue != null)) {
      throw new IllegalArgumentException("literalValue must be present exactly when valueKind is LITERAL");
    }
    if ((indexKind == Kind.LITERAL) != (literalIndex != null)) {
      throw new IllegalArgumentException("literalIndex must be present exactly when indexKind is LITERAL");
    }
    if (valueKind != Kind.NUMERIC && Float.floatToRawIntBits(numericValue) != 0) {
      throw new IllegalArgumentException("numericValue must be 0 unless valueKind is NUMERIC");
    }
    if (indexKind != Kind.NUMERIC && numericIndex != 0) {
      throw new IllegalArgumentException("numericIndex must be 0 unless indexKind is NUMERIC");
    }
  }

  /** An outcome with a numeric value and no index. */
  public static OutcomeEvent numeric(float value) {
    return new OutcomeEvent(Kind.NUMERIC, value, null, Kind.NONE, 0, null, false);
  }

  /** An outcome with a literal value (which counts as 0 toward rewards) and no index. */
  public static OutcomeEvent literal(String value) {
    return new OutcomeEvent(Kind.LITERAL, 0f, value, Kind.NONE, 0, null, false);
  }

  /** An activation: no value, no index, action taken. */
  public static OutcomeEvent activation() {
    return new OutcomeEvent(Kind.NONE, 0f, null, Kind.NONE, 0, null, true);
  }

  /** The value rewards use: the numeric value, else 0 (SPEC §4.2). */
  public float value() {
    return numericValue;
  }

  /** A copy with a numeric index (a CCB slot position). */
  public OutcomeEvent withIndex(int index) {
    return new OutcomeEvent(valueKind, numericValue, literalValue, Kind.NUMERIC, index, null, actionTaken);
  }

  /** A copy with a literal index (a CCB slot id). */
  public OutcomeEvent withSlotId(String slotId) {
    return new OutcomeEvent(valueKind, numericValue, literalValue, Kind.LITERAL, 0, slotId, actionTaken);
  }

  /** A copy with no index. */
  public OutcomeEvent withoutIndex() {
    return new OutcomeEvent(valueKind, numericValue, literalValue, Kind.NONE, 0, null, actionTaken);
  }

  /** A copy with action taken set or cleared. */
  public OutcomeEvent withActionTaken(boolean value) {
    return new OutcomeEvent(valueKind, numericValue, literalValue, indexKind, numericIndex, literalIndex, value);
  }
}
