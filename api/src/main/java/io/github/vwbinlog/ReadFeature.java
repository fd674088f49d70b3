package io.github.vwbinlog;

/**
 * Optional reader behaviour, each with its default (in the style of jackson-core's {@code StreamReadFeature}).
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.defaults().with(ReadFeature.LENIENT);
 * }</pre>
 */
public enum ReadFeature {
  /**
   * Report a framing problem (truncation, a bad version) to the {@link DiagnosticListener} and end the iteration
   * cleanly, instead of throwing a {@link BinaryLogException}. This is how VW itself treats such problems. Off by
   * default.
   */
  LENIENT(false),
  /**
   * Return messages of unknown types as {@link Message.Unknown} instead of skipping them. When off, each skipped
   * unknown message is reported to the listener as a {@link DiagnosticReason#UNKNOWN_MESSAGE_TYPE} notice. Off by
   * default.
   */
  INCLUDE_UNKNOWN_MESSAGES(false);

  private final boolean enabledByDefault;

  ReadFeature(boolean enabledByDefault) {
    this.enabledByDefault = enabledByDefault;
  }

  /** Whether {@link ReadOptions#defaults()} has this feature on. */
  public boolean enabledByDefault() {
    return enabledByDefault;
  }
}
