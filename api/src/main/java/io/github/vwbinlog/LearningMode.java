package io.github.vwbinlog;

/**
 * The learning mode of a checkpoint or an interaction (SPEC §4.6, §6.4). An interaction is joined only when its mode
 * equals the configured one; {@link #LOGGING_ONLY} behaves like {@link #ONLINE} everywhere else.
 *
 * <pre>{@code
 * LearningMode.parse("apprentice") == LearningMode.APPRENTICE
 * }</pre>
 */
public enum LearningMode {
  /** Learn from the observed rewards. */
  ONLINE("Online"),
  /** Imitate the baseline: the reward is 1 when the chosen action is the baseline action, else 0. */
  APPRENTICE("Apprentice"),
  /** Like {@link #ONLINE} for joining and rewards. */
  LOGGING_ONLY("LoggingOnly"),
  /**
   * A code outside the schema's range. Two unrecognized codes compare equal here, where VW would compare the codes;
   * both sides must be corrupt for that to matter (docs/DIFFERENCES.md).
   */
  UNRECOGNIZED("");

  /** values() copies its array at every call; {@link #of} runs for every event decoded. */
  private static final LearningMode[] VALUES = values();

  private final String schemaName;

  LearningMode(String schemaName) {
    this.schemaName = schemaName;
  }

  /** The {@code LearningModeType} value as stored; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return SchemaEnums.code(this, VALUES);
  }

  /** The schema's identifier ({@code "Online"}...), empty for {@link #UNRECOGNIZED}. */
  public String schemaName() {
    return schemaName;
  }

  /** The constant for a stored code; {@link #UNRECOGNIZED} when out of range. */
  public static LearningMode of(int code) {
    return SchemaEnums.of(VALUES, code);
  }

  /**
   * Parses a command-line value as VW's {@code --learning_mode} does: {@code online}, {@code apprentice} or
   * {@code loggingonly}, ASCII case-insensitively.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static LearningMode parse(String value) {
    return SchemaEnums.parse(new LearningMode[] {ONLINE, APPRENTICE, LOGGING_ONLY}, LearningMode::schemaName,
        "learning mode", value);
  }
}
