package io.github.vwbinlog;

/**
 * How the outcomes of a joined event become one reward (SPEC §6.2). All arithmetic is binary32, exactly as VW does.
 *
 * <pre>{@code
 * RewardFunction.parse("median") == RewardFunction.MEDIAN
 * }</pre>
 */
public enum RewardFunction {
  /** The value of the earliest outcome (whole seconds; ties go to the first in list order). */
  EARLIEST("Earliest"),
  /** The mean of the values. */
  AVERAGE("Average"),
  /** The median; the mean of the two middle values for an even count. */
  MEDIAN("Median"),
  /** The sum of the values. */
  SUM("Sum"),
  /** The smallest value; values at or above {@code Float.MAX_VALUE} count as none (VW's sentinel). */
  MIN("Min"),
  /** The largest value above {@code Float.MIN_NORMAL}; anything else gives the default reward (VW's sentinel). */
  MAX("Max"),
  /** A code outside the schema's range, as a corrupt checkpoint may hold. The joiner then keeps its reward function. */
  UNRECOGNIZED("");

  /** values() copies its array at every call; {@link #of} runs for every event decoded. */
  private static final RewardFunction[] VALUES = values();

  private final String schemaName;

  RewardFunction(String schemaName) {
    this.schemaName = schemaName;
  }

  /** The {@code RewardFunctionType} value stored in a checkpoint; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return SchemaEnums.code(this, VALUES);
  }

  /** The schema's identifier ({@code "Earliest"}...), empty for {@link #UNRECOGNIZED}. */
  public String schemaName() {
    return schemaName;
  }

  /** The constant for a stored code; {@link #UNRECOGNIZED} when out of range. */
  public static RewardFunction of(int code) {
    return SchemaEnums.of(VALUES, code);
  }

  /**
   * Parses a command-line value the way VW's {@code --reward_function} does: {@code earliest}, {@code average},
   * {@code median}, {@code sum}, {@code min} or {@code max}, ASCII case-insensitively.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static RewardFunction parse(String value) {
    return SchemaEnums.parse(new RewardFunction[] {EARLIEST, AVERAGE, MEDIAN, SUM, MIN, MAX},
        RewardFunction::schemaName, "reward function", value);
  }
}
