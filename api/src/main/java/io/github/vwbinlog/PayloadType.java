package io.github.vwbinlog;

/**
 * What an event's payload holds ({@code Metadata.payload_type}, SPEC §2).
 *
 * <pre>{@code
 * PayloadType.of(3) == PayloadType.OUTCOME
 * }</pre>
 */
public enum PayloadType {
  /** A contextual-bandit decision ({@code CbEvent}). */
  CB("CB"),
  /** A conditional contextual-bandit decision ({@code MultiSlotEvent}). */
  CCB("CCB"),
  /** A slates decision ({@code MultiSlotEvent}). */
  SLATES("Slates"),
  /** An observation ({@code OutcomeEvent}). */
  OUTCOME("Outcome"),
  /** A continuous-action decision ({@code CaEvent}). */
  CA("CA"),
  /** Action ids and their JSON, referenced by contexts as {@code {"__aid": id}} ({@code DedupInfo}). */
  DEDUP_INFO("DedupInfo"),
  /** One step of a multistep episode ({@code MultiStepEvent}). */
  MULTI_STEP("MultiStep"),
  /** The start of a multistep episode ({@code EpisodeEvent}). */
  EPISODE("Episode"),
  /** A code outside the schema's range; such interactions are not supported. */
  UNRECOGNIZED("");

  /** values() copies its array at every call; {@link #of} runs for every event decoded. */
  private static final PayloadType[] VALUES = values();

  private final String schemaName;

  PayloadType(String schemaName) {
    this.schemaName = schemaName;
  }

  /** The {@code PayloadType} value as stored; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return SchemaEnums.code(this, VALUES);
  }

  /** The schema's identifier ({@code "Slates"}...), empty for {@link #UNRECOGNIZED}. */
  public String schemaName() {
    return schemaName;
  }

  /** Whether this is one of the decisions the single joiner supports: CB, CCB, slates or CA. */
  public boolean isSingleInteraction() {
    return this == CB || this == CCB || this == SLATES || this == CA;
  }

  /** The constant for a stored code; {@link #UNRECOGNIZED} when out of range. */
  public static PayloadType of(int code) {
    return SchemaEnums.of(VALUES, code);
  }
}
