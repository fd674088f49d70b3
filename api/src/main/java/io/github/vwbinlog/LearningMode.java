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
  ONLINE(0, "Online"),
  /** Imitate the baseline: the reward is 1 when the chosen action is the baseline action, else 0. */
  APPRENTICE(1, "Apprentice"),
  /** Like {@link #ONLINE} for joining and rewards. */
  LOGGING_ONLY(2, "LoggingOnly"),
  /**
   * A code outside the schema's range. Two unrecognized codes compare equal here, where VW would compare the codes;
   * both sides must be corrupt for that to matter (docs/DIFFERENCES.md).
   */
  UNRECOGNIZED(-1, "");

  private final int code;
  private final String schemaName;

  LearningMode(int code, String schemaName) {
    this.code = code;
    this.schemaName = schemaName;
  }

  /** The {@code LearningModeType} value as stored; -1 for {@link #UNRECOGNIZED}. */
  public int code() {
    return code;
  }

  /** The schema's identifier ({@code "Online"}...), empty for {@link #UNRECOGNIZED}. */
  public String schemaName() {
    return schemaName;
  }

  /** The constant for a stored code; {@link #UNRECOGNIZED} when out of range. */
  public static LearningMode of(int code) {
    LearningMode[] all = values();
    return code >= 0 && code < all.length - 1 ? all[code] : UNRECOGNIZED;
  }

  /**
   * Parses a command-line value as VW's {@code --learning_mode} does: {@code online}, {@code apprentice} or
   * {@code loggingonly}, ASCII case-insensitively.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static LearningMode parse(String value) {
    for (LearningMode m : values()) {
      if (m != UNRECOGNIZED && m.schemaName.equalsIgnoreCase(value)) {
        return m;
      }
    }
    throw new IllegalArgumentException("Invalid learning mode '" + value
        + "': expected online, apprentice or loggingonly");
  }
}
