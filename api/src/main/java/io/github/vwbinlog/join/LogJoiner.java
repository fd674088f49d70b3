package io.github.vwbinlog.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Joins rlclientlib's raw event files (interactions, observations, episodes; see
 * {@link io.github.vwbinlog.EventBatchReader}) into a joined binary schema v2 log that {@code vw --binary_parser},
 * {@link Joiner} and the Spark source read: a streaming left outer join by event id within a time window, on the
 * events' client time.
 *
 * <p>An observation joins the interaction with its id when its client time {@code t_o} and the interaction's
 * {@code t_i} satisfy {@code t_i - backwardTolerance <= t_o <= t_i + eud} (both bounds inclusive). Interactions are
 * written whether or not an observation joined them (they then get the default reward); observations that join
 * nothing are counted by reason and reported to the listener. Inputs are merged by client time; an event more than the
 * disorder tolerance behind the latest time read is late ({@link io.github.vwbinlog.DiagnosticReason#LATE_EVENT}).
 * Memory holds only the interactions whose window is open and the early observations within the backward tolerance.
 * docs/JOINER.md names every rule.
 *
 * <p>Immutable and thread-safe; {@link #toBuilder()} derives a changed copy. The output is the same bytes for the
 * same inputs and options, and is written under a temporary name and renamed when complete, so a killed run leaves no
 * partial file under the final name.
 *
 * <pre>{@code
 * LogJoinSummary summary = LogJoiner.builder()
 *     .eud(Duration.ofMinutes(10))
 *     .rewardFunction(RewardFunction.EARLIEST)
 *     .interactions(List.of(Path.of("interactions.fb")))
 *     .observations(List.of(Path.of("observations.fb")))
 *     .writeTo(Path.of("joined.log"));
 * System.out.println(summary.interactionsWritten() + " interactions written, " + summary.skipped());
 * }</pre>
 */
public final class LogJoiner {
  /** The default experimental unit duration: 10 minutes, as Personalizer's. */
  public static final Duration DEFAULT_EUD = Duration.ofMinutes(10);
  /** The default backward tolerance: 2 minutes, as Microsoft's learning-loop joiner. */
  public static final Duration DEFAULT_BACKWARD_TOLERANCE = Duration.ofMinutes(2);
  /** The default disorder tolerance: 1 minute. */
  public static final Duration DEFAULT_DISORDER_TOLERANCE = Duration.ofMinutes(1);

  private final @Nullable Duration eud;
  private final Duration backwardTolerance;
  private final Duration disorderTolerance;
  private final RewardFunction rewardFunction;
  private final float defaultReward;
  private final LearningMode learningMode;
  private final @Nullable ProblemType problemType;
  private final boolean useClientTime;
  private final @Nullable Duration roll;
  private final List<Path> interactions;
  private final List<Path> observations;
  private final List<Path> episodes;
  private final DiagnosticListener listener;
  private final ReadLimits limits;
  private final @Nullable LongConsumer progress;

  private LogJoiner(Builder b) {
    this.eud = b.eud;
    this.backwardTolerance = b.backwardTolerance;
    this.disorderTolerance = b.disorderTolerance;
    this.rewardFunction = b.rewardFunction;
    this.defaultReward = b.defaultReward;
    this.learningMode = b.learningMode;
    this.problemType = b.problemType;
    this.useClientTime = b.useClientTime;
    this.roll = b.roll;
    this.interactions = List.copyOf(b.interactions);
    this.observations = List.copyOf(b.observations);
    this.episodes = List.copyOf(b.episodes);
    this.listener = b.listener;
    this.limits = b.limits;
    this.progress = b.progress;
  }

  /** A builder with the defaults: EUD 10 minutes, backward tolerance 2 minutes, disorder tolerance 1 minute. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this joiner's settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Joins the inputs and writes the joined log to {@code output}, or, with {@link #roll()}, one log per period of
   * interaction time into the directory {@code output} (created if needed).
   *
   * @return what was read, written and skipped, by reason
   * @throws IOException if an input cannot be read or the output cannot be written
   * @throws io.github.vwbinlog.BinaryLogException if an input is a protocol v1 file or not an event file
   * @throws IllegalStateException if no interaction file was given
   */
  public LogJoinSummary writeTo(Path output) throws IOException {
    if (interactions.isEmpty()) {
      throw new IllegalStateException("no interaction files: call interactions(...)");
    }
    return Providers.get().join(this, output);
  }

  /**
   * Joins events given in memory, in the order given, with the same rules as {@link #writeTo(Path)} and the same output
   * (this joiner's interaction, observation and episode files are not read): how a cluster join runs the joiner over
   * the events of some ids, grouped and sorted elsewhere. The order given is the merge's: give the events by client time
   * (ties: interactions, then episodes, then observations, then file order), or events more than the disorder
   * tolerance behind the latest time are late. Episodes and multistep steps are joined (as with episode files); an event
   * without client time takes the time of the event given before it (the epoch before the first one).
   *
   * @return what was read, written and skipped, by reason ({@link LogJoinSummary#bytesRead()}: the events' bytes)
   * @throws IOException if the output cannot be written
   */
  public LogJoinSummary writeTo(java.util.Iterator<LogJoinInput> events, Path output) throws IOException {
    return Providers.get().join(this, events, output);
  }

  /** The experimental unit duration: how long after its interaction an observation joins it; empty when unlimited. */
  public Optional<Duration> eud() {
    return Optional.ofNullable(eud);
  }

  /** How long before its interaction an observation still joins it. */
  public Duration backwardTolerance() {
    return backwardTolerance;
  }

  /** How far behind the latest client time read an event may be and still be joined. */
  public Duration disorderTolerance() {
    return disorderTolerance;
  }

  /** The reward function written to the CHECKPOINT. */
  public RewardFunction rewardFunction() {
    return rewardFunction;
  }

  /** The default reward written to the CHECKPOINT. */
  public float defaultReward() {
    return defaultReward;
  }

  /** The learning mode written to the CHECKPOINT. */
  public LearningMode learningMode() {
    return learningMode;
  }

  /** The problem type written to the CHECKPOINT; empty to take the first interaction's type. */
  public Optional<ProblemType> problemType() {
    return Optional.ofNullable(problemType);
  }

  /** The use_client_time flag written to the CHECKPOINT. */
  public boolean useClientTime() {
    return useClientTime;
  }

  /** The checkpoint written, for a problem type (the configured one, or the one found). */
  public CheckpointInfo checkpoint(ProblemType type) {
    return new CheckpointInfo(rewardFunction, defaultReward, learningMode, type, useClientTime);
  }

  /** The period of interaction time of each output file, when rolling; empty for one output file. */
  public Optional<Duration> roll() {
    return Optional.ofNullable(roll);
  }

  /** The interaction files, in the order given. */
  public List<Path> interactions() {
    return interactions;
  }

  /** The observation files, in the order given. */
  public List<Path> observations() {
    return observations;
  }

  /** The episode files (multistep), in the order given. */
  public List<Path> episodes() {
    return episodes;
  }

  /** Hears every event not joined, with its reason, file and offset. */
  public DiagnosticListener listener() {
    return listener;
  }

  /** The read limits applied to each batch. */
  public ReadLimits limits() {
    return limits;
  }

  /** Called now and then with the number of input bytes read so far; empty when none was set. */
  public Optional<LongConsumer> progress() {
    return Optional.ofNullable(progress);
  }

  /** Builds a {@link LogJoiner}. Not thread-safe; {@link #writeTo(Path)} builds and runs in one call. */
  public static final class Builder {
    private @Nullable Duration eud = DEFAULT_EUD;
    private Duration backwardTolerance = DEFAULT_BACKWARD_TOLERANCE;
    private Duration disorderTolerance = DEFAULT_DISORDER_TOLERANCE;
    private RewardFunction rewardFunction = RewardFunction.EARLIEST;
    private float defaultReward;
    private LearningMode learningMode = LearningMode.ONLINE;
    private @Nullable ProblemType problemType;
    private boolean useClientTime;
    private @Nullable Duration roll;
    private final List<Path> interactions = new ArrayList<>();
    private final List<Path> observations = new ArrayList<>();
    private final List<Path> episodes = new ArrayList<>();
    private DiagnosticListener listener = DiagnosticListener.logging();
    private ReadLimits limits = ReadLimits.defaults();
    private @Nullable LongConsumer progress;

    private Builder() {}

    private Builder(LogJoiner j) {
      eud = j.eud;
      backwardTolerance = j.backwardTolerance;
      disorderTolerance = j.disorderTolerance;
      rewardFunction = j.rewardFunction;
      defaultReward = j.defaultReward;
      learningMode = j.learningMode;
      problemType = j.problemType;
      useClientTime = j.useClientTime;
      roll = j.roll;
      interactions.addAll(j.interactions);
      observations.addAll(j.observations);
      episodes.addAll(j.episodes);
      listener = j.listener;
      limits = j.limits;
      progress = j.progress;
    }

    /**
     * The experimental unit duration: an observation at most this long after its interaction joins it (inclusive).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder eud(Duration eud) {
      this.eud = nonNegative("eud", eud);
      return this;
    }

    /** No experimental unit duration: every observation after its interaction joins it; memory grows with the input. */
    public Builder unlimitedEud() {
      this.eud = null;
      return this;
    }

    /**
     * How long before its interaction an observation still joins it (inclusive): clocks of different clients differ.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder backwardTolerance(Duration tolerance) {
      this.backwardTolerance = nonNegative("backward tolerance", tolerance);
      return this;
    }

    /**
     * How far behind the latest client time read an event may be and still be joined (inclusive); later ones are
     * counted as {@code LATE_EVENT}.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder disorderTolerance(Duration tolerance) {
      this.disorderTolerance = nonNegative("disorder tolerance", tolerance);
      return this;
    }

    /** The reward function written to the CHECKPOINT (VW's default: earliest). */
    public Builder rewardFunction(RewardFunction function) {
      this.rewardFunction = Objects.requireNonNull(function, "function");
      return this;
    }

    /** The default reward written to the CHECKPOINT (VW's default: 0). */
    public Builder defaultReward(float reward) {
      this.defaultReward = reward;
      return this;
    }

    /** The learning mode written to the CHECKPOINT (VW's default: online). */
    public Builder learningMode(LearningMode mode) {
      this.learningMode = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /** The problem type written to the CHECKPOINT; by default the payload type of the first interaction written. */
    public Builder problemType(ProblemType type) {
      this.problemType = Objects.requireNonNull(type, "type");
      return this;
    }

    /** The use_client_time flag written to the CHECKPOINT (VW's default: false). */
    public Builder useClientTime(boolean use) {
      this.useClientTime = use;
      return this;
    }

    /**
     * Writes one log per period of interaction client time (UTC, aligned to the epoch) into the output directory.
     *
     * @throws IllegalArgumentException if not positive or not a whole number of seconds
     */
    public Builder roll(Duration period) {
      if (period.isNegative() || period.isZero() || period.getNano() != 0) {
        throw new IllegalArgumentException("roll period must be a positive whole number of seconds, was " + period);
      }
      this.roll = period;
      return this;
    }

    /** Adds interaction files (CB, CCB, slates, CA or multistep decisions, with their DedupInfo). */
    public Builder interactions(Collection<Path> files) {
      interactions.addAll(files);
      return this;
    }

    /** Adds observation files (outcomes and activations). */
    public Builder observations(Collection<Path> files) {
      observations.addAll(files);
      return this;
    }

    /** Adds episode files (the starts of multistep episodes). */
    public Builder episodes(Collection<Path> files) {
      episodes.addAll(files);
      return this;
    }

    /** Hears every event not joined, with its reason (default: logged through {@code System.Logger}). */
    public Builder listener(DiagnosticListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** The limits applied when reading each batch. */
    public Builder limits(ReadLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** Called now and then with the number of input bytes read so far, for a progress display. */
    public Builder progress(LongConsumer bytesRead) {
      this.progress = Objects.requireNonNull(bytesRead, "bytesRead");
      return this;
    }

    /** The immutable joiner. */
    public LogJoiner build() {
      return new LogJoiner(this);
    }

    /** Builds and runs: {@code build().writeTo(output)}. */
    public LogJoinSummary writeTo(Path output) throws IOException {
      return build().writeTo(output);
    }

    private static Duration nonNegative(String what, Duration d) {
      if (d.isNegative()) {
        throw new IllegalArgumentException(what + " must not be negative, was " + d);
      }
      return d;
    }
  }
}
