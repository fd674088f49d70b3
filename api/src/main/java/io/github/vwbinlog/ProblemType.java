package io.github.vwbinlog;

/**
 * The problem type a checkpoint configures: which interactions the joiner accepts (SPEC §4.3).
 *
 * <pre>{@code
 * ProblemType.parse("slates") == ProblemType.SLATES
 * ProblemType.SLATES.matches(PayloadType.SLATES)   // true: "SLATES" and "Slates" compare case-insensitively
 * }</pre>
 */
public enum ProblemType {
  /** Matches no interaction; what a checkpoint without a problem type sets. */
  UNKNOWN("UNKNOWN"),
  /** Contextual bandits. */
  CB("CB"),
  /** Conditional contextual bandits. */
  CCB("CCB"),
  /** Slates. */
  SLATES("SLATES"),
  /** Continuous actions. */
  CA("CA"),
  /** Multistep episodes, read by the multistep joiner. */
  MULTISTEP("MULTISTEP"),
  /** A code outside the schema's range: it matches only unrecognized payload types, which are not supported. */
  UNRECOGNIZED("");

  /** values() copies its array at every call; {@link #of} runs for every event decoded. */
  private static final ProblemType[] VALUES = values();

  private final String schemaName;

  ProblemType(String schemaName) {
    this.schemaName = schemaName;
  }

  /** The {@code ProblemType} value as stored; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return SchemaEnums.code(this, VALUES);
  }

  /** The schema's identifier ({@code "SLATES"}...), empty for {@link #UNRECOGNIZED}. */
  public String schemaName() {
    return schemaName;
  }

  /** The constant for a stored code; {@link #UNRECOGNIZED} when out of range. */
  public static ProblemType of(int code) {
    return SchemaEnums.of(VALUES, code);
  }

  /**
   * Whether an interaction of this payload type is of this problem type: VW compares the two schema names
   * case-insensitively, so {@code UNKNOWN} matches nothing and two unrecognized codes match each other.
   */
  public boolean matches(PayloadType payloadType) {
    return schemaName.equalsIgnoreCase(payloadType.schemaName());
  }

  /**
   * Parses a command-line value as VW's {@code --problem_type} does: {@code cb}, {@code ccb}, {@code slates} or
   * {@code ca}, ASCII case-insensitively ({@code multistep} and {@code unknown} are not accepted).
   *
   * @throws IllegalArgumentException for any other value
   */
  public static ProblemType parse(String value) {
    return SchemaEnums.parse(new ProblemType[] {CB, CCB, SLATES, CA}, ProblemType::schemaName, "problem type", value);
  }
}
