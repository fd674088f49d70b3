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
  CB(0, "CB"),
  /** A conditional contextual-bandit decision ({@code MultiSlotEvent}). */
  CCB(1, "CCB"),
  /** A slates decision ({@code MultiSlotEvent}). */
  SLATES(2, "Slates"),
  /** An observation ({@code OutcomeEvent}). */
  OUTCOME(3, "Outcome"),
  /** A continuous-action decision ({@code CaEvent}). */
  CA(4, "CA"),
  /** Action ids and their JSON, referenced by contexts as {@code {"__aid": id}} ({@code DedupInfo}). */
  DEDUP_INFO(5, "DedupInfo"),
  /** One step of a multistep episode ({@code MultiStepEvent}). */
  MULTI_STEP(6, "MultiStep"),
  /** The start of a multistep episode ({@code EpisodeEvent}). */
  EPISODE(7, "Episode"),
  /** A code outside the schema's range; such interactions are not supported. */
  UNRECOGNIZED(-1, "");

  /** values() copies its array at every call; {@link #of} runs for every event decoded. */
  private static final PayloadType[] VALUES = values();

  private final int code;
  private final String schemaName;

  PayloadType(int code, String schemaName) {
    this.code = code;
    this.schemaName = schemaName;
  }

  /** The {@code PayloadType} value as stored; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return code;
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
