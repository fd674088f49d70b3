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
  CLIENT_TIME(false),
  /**
   * Convert to DSJSON that trains VW as its binary parser does: {@code vw --dsjson} on the lines learns what
   * {@code vw --binary_parser} learns from the log (docs/JOINING.md). {@code _label_probability} is {@code p[0]}
   * (the probability VW's learner uses), not {@code p[0] × pass_probability}; CA lines carry no pdrop (VW's CA learner
   * ignores it); a CB decision VW's learner drops (pdrop outside [0, 1), no probabilities), a CCB or slates decision
   * with pdrop 1 (an infinite weight, which VW's DSJSON parser refuses) and a CCB decision with a slot whose actions and
   * probabilities differ in number (on which VW's DSJSON parser stops) are not written but reported as
   * {@link io.github.vwbinlog.DiagnosticReason#NOT_LEARNED}; a multistep step VW's learner cannot label is written
   * without a label; dedup references ({@code {"__aid": N}}) are replaced by the cached action, which VW's learner
   * reads and VW's DSJSON parser cannot (a reference that cannot be looked up is {@code NOT_LEARNED}). What still
   * differs is listed in docs/DIFFERENCES.md. Off by default: the default lines are VW's converter's, byte for byte.
   * Joined records ({@link Joiner}) change only in that their contexts have the references expanded too.
   */
  FOR_TRAINING(false),
  /**
   * Copy a context whose JSON strings are not valid UTF-8 into its line byte for byte, as VW's converter does, instead
   * of skipping the event with {@link io.github.vwbinlog.DiagnosticReason#INVALID_UTF8}. <b>Such a line is not
   * JSON</b> (RFC 8259 §8.1 requires UTF-8), and strict JSON readers refuse it; use it only to reproduce VW's output
   * exactly. Contexts that are not one JSON object, or hold a NUL byte, are still skipped. Off by default.
   */
  COPY_INVALID_UTF8(false);

  private final boolean enabledByDefault;

  JoinFeature(boolean enabledByDefault) {
    this.enabledByDefault = enabledByDefault;
  }

  /** Whether {@link JoinOptions#defaults()} has this feature on. */
  public boolean enabledByDefault() {
    return enabledByDefault;
  }
}
