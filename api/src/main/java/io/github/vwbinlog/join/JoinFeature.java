package io.github.vwbinlog.join;

/**
 * Optional joining behaviour, each with its default, switched on and off in {@link JoinOptions} (in the style of
 * {@link io.github.vwbinlog.ReadFeature}).
 *
 * <pre>{@code
 * JoinOptions options = JoinOptions.defaults().with(JoinFeature.MULTISTEP, JoinFeature.STRICT);
 * }</pre>
 */
public enum JoinFeature {
  /**
   * Stop at the first ERROR diagnostic with a {@link io.github.vwbinlog.BinaryLogException} naming the offset and the
   * event, instead of skipping the event and going on. Off by default (VW skips and goes on).
   */
  STRICT(false),
  /**
   * Join with the multistep joiner (VW's {@code --multistep}): episodes of steps, rewarded by the
   * {@link JoinOptions#multistepReward() multistep reward}, instead of the single joiner. Off by default.
   */
  MULTISTEP(false),
  /**
   * Force client time on, sticky over every checkpoint, as VW's {@code --use_client_time} switch does: outcomes are
   * timed by the client's clock, not the joiner's. When off, the checkpoints decide (VW's switch cannot force client
   * time off either). Off by default.
   */
  CLIENT_TIME(false);

  private final boolean enabledByDefault;

  JoinFeature(boolean enabledByDefault) {
    this.enabledByDefault = enabledByDefault;
  }

  /** Whether {@link JoinOptions#defaults()} has this feature on. */
  public boolean enabledByDefault() {
    return enabledByDefault;
  }
}
