package io.github.vwbinlog.evaluate;

import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.join.JoinResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Off-policy evaluation of joined events: what the logged policy earned and what other policies would have earned,
 * per time window, with the estimators of the VowpalWabbit/estimators package. A mergeable accumulator: add the joined
 * events of a log (from a {@code Joiner} or any iterable), or evaluate parts apart and {@link #merge} them; the
 * estimates of merged parts are those of the whole. No I/O.
 *
 * <p>The inputs are the package's: {@code p_log} is {@link JoinResult#probability()} (the chosen action's logged
 * probability, without the pass probability), {@code p_drop} is {@link JoinResult#pdrop()}, {@code r} is
 * {@link JoinResult#reward()}. Only CB decisions are evaluated; every other joined event is counted in
 * {@link #skipped()} with its reason: not learnable, another payload type, or no logged probability.
 *
 * <p>Not thread-safe: use one per thread and merge them.
 *
 * <pre>{@code
 * PolicyEvaluation evaluation = PolicyEvaluation.of(EvaluationOptions.defaults(),
 *     List.of(Policy.logged(), Policy.baseline1(), Policy.uniform()));
 * try (Joiner joiner = Joiner.open(Path.of("joined.log"), JoinOptions.defaults())) {
 *   joiner.forEach(evaluation::add);
 * }
 * for (Estimate e : evaluation.estimates()) {
 *   System.out.println(e.policy() + " " + e.estimator().id() + " " + e.value());
 * }
 * }</pre>
 */
public final class PolicyEvaluation {

  /** Skip reason: a deferred decision that was never activated. */
  public static final String NOT_LEARNABLE = "not learnable";
  /** Skip reason: a decision without actions or whose chosen action has probability 0. */
  public static final String NO_PROBABILITY = "no logged probability";
  /** Skip reason prefix: a payload type other than CB, followed by its name. */
  public static final String UNSUPPORTED = "not evaluated: ";

  private static final int PROBABILITY_BINS = 10;

  private final EvaluationOptions options;
  private final List<Policy> policies;
  private final TreeMap<Long, Window> windows = new TreeMap<>();
  private final TreeMap<String, Long> skipped = new TreeMap<>();
  private final TreeMap<Long, Long> chosenActions = new TreeMap<>();
  private final long[] probabilities = new long[PROBABILITY_BINS];
  private long evaluated;
  private long learnable;

  private PolicyEvaluation(EvaluationOptions options, List<Policy> policies) {
    this.options = Objects.requireNonNull(options, "options");
    this.policies = List.copyOf(policies);
    if (this.policies.isEmpty()) {
      throw new IllegalArgumentException("no policy to evaluate");
    }
  }

  /** An empty evaluation of these policies. */
  public static PolicyEvaluation of(EvaluationOptions options, List<Policy> policies) {
    return new PolicyEvaluation(options, policies);
  }

  /** The counts and sums of one window, one per policy, and what it skipped. */
  private static final class Window {
    final Sums[] sums;
    long skipped;

    Window(int policies) {
      sums = new Sums[policies];
      for (int i = 0; i < policies; i++) {
        sums[i] = new Sums();
      }
    }
  }

  /**
   * Adds one joined event.
   *
   * @throws IllegalArgumentException if a reward lies outside the reward range of the options, or a predictions
   *     policy has no prediction for this event
   */
  public void add(JoinResult event) {
    Window window = window(event);
    if (!event.learnable()) {
      skip(window, NOT_LEARNABLE);
      return;
    }
    if (!(event.interaction().event().payload() instanceof CbEvent cb)) {
      learnable++;
      skip(window, UNSUPPORTED + event.payloadType());
      return;
    }
    long index = learnable++;
    double pLog = event.probability();
    if (cb.actionIds().isEmpty() || !(pLog > 0)) {
      skip(window, NO_PROBABILITY);
      return;
    }
    double r = event.reward();
    if (!options.empiricalRewardBounds() && (r < options.rewardMin() || r > options.rewardMax())) {
      throw new IllegalArgumentException("event " + event.id() + ": reward " + r + " is outside the reward range "
          + options.rewardMin() + ":" + options.rewardMax());
    }
    double pDrop = event.pdrop();
    for (int i = 0; i < policies.size(); i++) {
      window.sums[i].add(pLog, r, policies.get(i).probability(cb, index), pDrop);
    }
    evaluated++;
    chosenActions.merge(cb.actionIds().get(0), 1L, Long::sum);
    probabilities[Math.min(PROBABILITY_BINS - 1, (int) (pLog * PROBABILITY_BINS))]++;
  }

  /**
   * Adds the counts and sums of another evaluation of the same policies and options (a part of the same log).
   *
   * @throws IllegalArgumentException if its policies or options differ
   */
  public void merge(PolicyEvaluation other) {
    if (!other.options.equals(options) || !other.policies.equals(policies)) {
      throw new IllegalArgumentException("only evaluations of the same policies and options can be merged");
    }
    other.windows.forEach((start, w) -> {
      Window mine = windows.computeIfAbsent(start, s -> new Window(policies.size()));
      for (int i = 0; i < policies.size(); i++) {
        mine.sums[i].add(w.sums[i]);
      }
      mine.skipped += w.skipped;
    });
    other.skipped.forEach((reason, count) -> skipped.merge(reason, count, Long::sum));
    other.chosenActions.forEach((action, count) -> chosenActions.merge(action, count, Long::sum));
    for (int i = 0; i < PROBABILITY_BINS; i++) {
      probabilities[i] += other.probabilities[i];
    }
    evaluated += other.evaluated;
    learnable += other.learnable;
  }

  private Window window(JoinResult event) {
    long start = Long.MIN_VALUE;
    if (options.window() != null) {
      long length = options.window().getSeconds();
      start = Math.floorDiv(event.timestamp().epochSecond(), length) * length;
    }
    return windows.computeIfAbsent(start, s -> new Window(policies.size()));
  }

  private void skip(Window window, String reason) {
    window.skipped++;
    skipped.merge(reason, 1L, Long::sum);
  }

  /** The options. */
  public EvaluationOptions options() {
    return options;
  }

  /** The policies, in the order their estimates are listed. */
  public List<Policy> policies() {
    return policies;
  }

  /** The events evaluated (learnable CB decisions with a logged probability). */
  public long evaluated() {
    return evaluated;
  }

  /**
   * The learnable events added, evaluated or not: the number of DSJSON lines VW learns from, and so the number of
   * predictions a {@link Policy#predictions(List)} policy must have.
   */
  public long learnable() {
    return learnable;
  }

  /** The events left out of every estimate, by reason. */
  public SortedMap<String, Long> skipped() {
    return Collections.unmodifiableSortedMap(skipped);
  }

  /** How often each action id was the logged choice, over the evaluated events. */
  public SortedMap<Long, Long> chosenActions() {
    return Collections.unmodifiableSortedMap(chosenActions);
  }

  /** The evaluated events' logged probabilities in ten bins: [0, 0.1), [0.1, 0.2), ..., [0.9, 1]. */
  public long[] probabilityHistogram() {
    return probabilities.clone();
  }

  /** One window's counts: its start and end (null for the whole log), events evaluated and skipped. */
  public record WindowCounts(@Nullable Instant start, @Nullable Instant end, long events, long skipped) {}

  /** The windows in time order, each with its counts. */
  public List<WindowCounts> windows() {
    List<WindowCounts> out = new ArrayList<>();
    windows.forEach((start, w) -> out.add(new WindowCounts(start(start), end(start), w.sums[0].events, w.skipped)));
    return out;
  }

  /**
   * The effective sample size of each policy's importance weights over the whole log, Kish's
   * {@code sum(w)^2 / sum(w^2)}, by policy name: small when a few events carry large weights.
   */
  public Map<String, Double> effectiveSampleSizes() {
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    for (int i = 0; i < policies.size(); i++) {
      Sums total = new Sums();
      for (Window w : windows.values()) {
        total.add(w.sums[i]);
      }
      out.put(policies.get(i).name(), total.effectiveSampleSize());
    }
    return out;
  }

  /** Every estimate: by window in time order, then by policy in the given order, then by estimator. */
  public List<Estimate> estimates() {
    List<Estimate> out = new ArrayList<>();
    windows.forEach((start, w) -> {
      for (int i = 0; i < policies.size(); i++) {
        Sums s = w.sums[i];
        for (Estimator estimator : Estimator.values()) {
          Double[] e = s.estimate(estimator, options);
          out.add(new Estimate(start(start), end(start), policies.get(i).name(), estimator, e[0], e[1], e[2],
              options.alpha(), s.events, s.inputs(estimator, options)));
        }
      }
    });
    return out;
  }

  private @Nullable Instant start(long start) {
    return start == Long.MIN_VALUE ? null : Instant.ofEpochSecond(start);
  }

  private @Nullable Instant end(long start) {
    return start == Long.MIN_VALUE || options.window() == null
        ? null : Instant.ofEpochSecond(start).plus(options.window());
  }
}
