package io.github.vwbinlog.evaluate;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
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
 * estimates of merged parts are those of the whole (the counts exactly, the values up to the rounding of sums added
 * part by part). No I/O.
 *
 * <p>The inputs are the package's: {@code p_log} is the chosen action's logged probability (for CB
 * {@link JoinResult#probability()}; for CCB and slates each slot's first probability), without the pass probability;
 * {@code p_drop} is {@link JoinResult#pdrop()}; {@code r} is the joined reward ({@link JoinResult#rewards()}: one per
 * slot for CCB, one per decision for CB and slates). CB decisions get the package's bandit estimators, CCB decisions
 * its first-slot and multi-slot estimators, slates decisions its pseudo-inverse estimator ({@link Estimator}); every
 * other joined event is counted in {@link #skipped()} with its reason: not learnable, another payload type (CA,
 * multistep), or no logged probability (a decision, or a CCB or slates slot, without actions or whose chosen action
 * has probability 0).
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
  /** Skip reason: a decision (or a CCB or slates slot) without actions or whose chosen action has probability 0. */
  public static final String NO_PROBABILITY = "no logged probability";
  /** Skip reason prefix: a payload type that is not evaluated (CA, multistep), followed by its name. */
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
    /** CB decisions. */
    final Sums[] sums;
    /** CCB decisions' first slots: the package's first-slot estimators. */
    final Sums[] firstSlot;
    /** CCB decisions' slots by key, first seen first, each with the product of the weights up to it: multi-slot. */
    final Map<String, Sums[]> slots = new LinkedHashMap<>();
    /** Slates decisions: pseudo-inverse. */
    final PseudoInverse[] slates;
    long skipped;

    Window(int policies) {
      sums = newSums(policies);
      firstSlot = newSums(policies);
      slates = new PseudoInverse[policies];
      for (int i = 0; i < policies; i++) {
        slates[i] = new PseudoInverse();
      }
    }

    long evaluated() {
      return sums[0].events + firstSlot[0].events + (long) slates[0].count;
    }

    void add(Window other) {
      for (int i = 0; i < sums.length; i++) {
        sums[i].add(other.sums[i]);
        firstSlot[i].add(other.firstSlot[i]);
        slates[i].add(other.slates[i]);
      }
      other.slots.forEach((key, theirs) -> {
        Sums[] mine = slots.computeIfAbsent(key, k -> newSums(sums.length));
        for (int i = 0; i < mine.length; i++) {
          mine[i].add(theirs[i]);
        }
      });
      skipped += other.skipped;
    }
  }

  private static Sums[] newSums(int n) {
    Sums[] out = new Sums[n];
    for (int i = 0; i < n; i++) {
      out[i] = new Sums();
    }
    return out;
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
    Object payload = event.interaction().event().payload();
    if (payload instanceof MultiSlotEvent decision
        && (event.payloadType() == PayloadType.CCB || event.payloadType() == PayloadType.SLATES)) {
      learnable++;
      if (event.payloadType() == PayloadType.CCB) {
        ccb(window, event, decision);
      } else {
        slates(window, event, decision);
      }
      return;
    }
    if (!(payload instanceof CbEvent cb)) {
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
    double r = checkedReward(event, event.reward());
    double pDrop = event.pdrop();
    for (int i = 0; i < policies.size(); i++) {
      window.sums[i].add(pLog, r, policies.get(i).probability(cb, index), pDrop);
    }
    counted(cb.actionIds().get(0), pLog);
  }

  /**
   * A CCB decision: the first slot for the first-slot estimators, and every slot, keyed by its id (or index), with the
   * product of the importance weights of the slots up to it, for the multi-slot estimator.
   */
  private void ccb(Window window, JoinResult event, MultiSlotEvent decision) {
    List<SlotEvent> slots = decision.slots();
    if (!usable(slots) || event.rewards().size() < slots.size()) {
      skip(window, NO_PROBABILITY);
      return;
    }
    String[] keys = new String[slots.size()];
    for (int k = 0; k < keys.length; k++) {
      String id = slots.get(k).id();
      keys[k] = id != null ? id : Integer.toString(k);
    }
    double[] rewards = new double[slots.size()];
    for (int k = 0; k < rewards.length; k++) {
      rewards[k] = checkedReward(event, event.rewards().get(k));
    }
    double pDrop = event.pdrop();
    for (int i = 0; i < policies.size(); i++) {
      Policy policy = policies.get(i);
      double w = 1;
      for (int k = 0; k < keys.length; k++) {
        double slotWeight = policy.slotProbability(PayloadType.CCB, decision, k) / slots.get(k).probabilities().get(0);
        if (k == 0) {
          window.firstSlot[i].add(slotWeight, rewards[0], pDrop);
        }
        w *= slotWeight;
        window.slots.computeIfAbsent(keys[k], key -> newSums(policies.size()))[i].add(w, rewards[k], pDrop);
      }
    }
    counted(slots.get(0).actionIds().get(0), slots.get(0).probabilities().get(0));
  }

  /** A slates decision: the pseudo-inverse weight over its slots, and its one reward. */
  private void slates(Window window, JoinResult event, MultiSlotEvent decision) {
    List<SlotEvent> slots = decision.slots();
    if (!usable(slots)) {
      skip(window, NO_PROBABILITY);
      return;
    }
    double r = checkedReward(event, event.reward());
    double[] pLogs = new double[slots.size()];
    double[] pPreds = new double[slots.size()];
    for (int i = 0; i < policies.size(); i++) {
      for (int k = 0; k < pLogs.length; k++) {
        pLogs[k] = slots.get(k).probabilities().get(0);
        pPreds[k] = policies.get(i).slotProbability(PayloadType.SLATES, decision, k);
      }
      window.slates[i].add(PseudoInverse.weight(pLogs, pPreds), r);
    }
    counted(slots.get(0).actionIds().get(0), slots.get(0).probabilities().get(0));
  }

  /** Whether a decision has slots and each has actions and a positive logged probability for its choice. */
  private static boolean usable(List<SlotEvent> slots) {
    if (slots.isEmpty()) {
      return false;
    }
    for (SlotEvent slot : slots) {
      if (slot.actionIds().isEmpty() || slot.probabilities().isEmpty() || !(slot.probabilities().get(0) > 0)) {
        return false;
      }
    }
    return true;
  }

  private double checkedReward(JoinResult event, double r) {
    if (!options.empiricalRewardBounds() && (r < options.rewardMin() || r > options.rewardMax())) {
      throw new IllegalArgumentException("event " + event.id() + ": reward " + r + " is outside the reward range "
          + options.rewardMin() + ":" + options.rewardMax());
    }
    return r;
  }

  /** Counts an evaluated decision: its (first slot's) logged choice and probability. */
  private void counted(long chosen, double pLog) {
    evaluated++;
    chosenActions.merge(chosen, 1L, Long::sum);
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
    other.windows.forEach((start, w) -> windows.computeIfAbsent(start, s -> new Window(policies.size())).add(w));
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

  /** The events evaluated (learnable CB, CCB and slates decisions with logged probabilities). */
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

  /** How often each action id was the logged choice of an evaluated event (of its first slot for CCB and slates). */
  public SortedMap<Long, Long> chosenActions() {
    return Collections.unmodifiableSortedMap(chosenActions);
  }

  /**
   * The evaluated events' logged probabilities (of the first slot, for CCB and slates) in ten bins: [0, 0.1),
   * [0.1, 0.2), ..., [0.9, 1].
   */
  public long[] probabilityHistogram() {
    return probabilities.clone();
  }

  /** One window's counts: its start and end (null for the whole log), events evaluated and skipped. */
  public record WindowCounts(@Nullable Instant start, @Nullable Instant end, long events, long skipped) {}

  /** The windows in time order, each with its counts. */
  public List<WindowCounts> windows() {
    List<WindowCounts> out = new ArrayList<>();
    windows.forEach((start, w) -> out.add(new WindowCounts(start(start), end(start), w.evaluated(), w.skipped)));
    return out;
  }

  /**
   * The effective sample size of each policy's importance weights over the whole log, Kish's
   * {@code sum(w)^2 / sum(w^2)}, by policy name: small when a few events carry large weights. The weights are those of
   * CB decisions and of CCB decisions' first slots (a slates decision's pseudo-inverse weight can be negative).
   */
  public Map<String, Double> effectiveSampleSizes() {
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < policies.size(); i++) {
      Sums total = new Sums();
      for (Window w : windows.values()) {
        total.add(w.sums[i]);
        total.add(w.firstSlot[i]);
      }
      out.put(policies.get(i).name(), total.effectiveSampleSize());
    }
    return out;
  }

  /**
   * Every estimate: by window in time order, then by policy in the given order; within them the CB estimates (when the
   * window has CB decisions, or no decision at all), then the CCB ones (first slot, then multi-slot per slot and
   * overall), then the slates one, each in {@link Estimator} order.
   */
  public List<Estimate> estimates() {
    List<Estimate> out = new ArrayList<>();
    windows.forEach((start, w) -> {
      Instant from = start(start);
      Instant to = end(start);
      for (int i = 0; i < policies.size(); i++) {
        String policy = policies.get(i).name();
        if (w.sums[i].events > 0 || w.evaluated() == 0) {
          bandit(out, from, to, policy, null, w.sums[i]);
        }
        if (w.firstSlot[i].events > 0) {
          bandit(out, from, to, policy, "first", w.firstSlot[i]);
          multislot(out, from, to, policy, w, i);
        }
        PseudoInverse pi = w.slates[i];
        if (pi.count > 0) {
          Double[] e = pi.estimate(options.alpha());
          out.add(new Estimate(from, to, policy, Estimator.PSEUDO_INVERSE, null, e[0], e[1], e[2], options.alpha(),
              (long) pi.count, pi.inputs()));
        }
      }
    });
    return out;
  }

  private void bandit(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, String policy,
      @Nullable String slot, Sums s) {
    for (Estimator estimator : Estimator.BANDIT) {
      Double[] e = s.estimate(estimator, options);
      out.add(new Estimate(from, to, policy, estimator, slot, e[0], e[1], e[2], options.alpha(), s.events,
          s.inputs(estimator, options)));
    }
  }

  /**
   * The package's multi-slot estimates of policy {@code i}: per slot, {@code impression * r_given_impression} with
   * the interval of both (impression: Clopper-Pearson of the slot's pdrop-aware count among the decisions;
   * r given impression: Cressie-Read); then {@code get_r_overall}, Cressie-Read over every slot's sums together.
   */
  private void multislot(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, String policy, Window w,
      int i) {
    double n = w.firstSlot[i].events; // every CCB decision evaluated has a first slot
    double alpha = options.alpha();
    Sums all = new Sums();
    w.slots.forEach((key, sums) -> {
      Sums s = sums[i];
      all.add(s);
      double impression = s.events / n;
      Double given = CressieRead.estimate(s);
      double[] givenInterval = CressieRead.interval(s, alpha, s.rewardMin(options), s.rewardMax(options),
          options.empiricalRewardBounds());
      double[] impressionInterval = clopperPearson(s.n, n, alpha);
      Map<String, Double> inputs = new LinkedHashMap<>(s.inputs(Estimator.CRESSIE_READ, options));
      inputs.put("decisions", n);
      inputs.put("impression", impression);
      inputs.put("impression_low", impressionInterval[0]);
      inputs.put("impression_high", impressionInterval[1]);
      if (given != null) {
        inputs.put("r_given_impression", given);
      }
      inputs.put("r_given_impression_low", givenInterval[0]);
      inputs.put("r_given_impression_high", givenInterval[1]);
      out.add(new Estimate(from, to, policy, Estimator.MULTISLOT, key, given == null ? null : impression * given,
          finite(impressionInterval[0] * givenInterval[0]), finite(impressionInterval[1] * givenInterval[1]), alpha,
          s.events, inputs));
    });
    double[] interval = CressieRead.interval(all, alpha, all.rewardMin(options), all.rewardMax(options),
        options.empiricalRewardBounds());
    out.add(new Estimate(from, to, policy, Estimator.MULTISLOT, null, CressieRead.estimate(all), interval[0],
        interval[1], alpha, (long) n, all.inputs(Estimator.CRESSIE_READ, options)));
  }

  /** The package's {@code clopper_pearson(successes, n, alpha)}: NaN ends where its beta quantile is undefined. */
  private static double[] clopperPearson(double successes, double n, double alpha) {
    double low = successes > 0 ? quantile(alpha / 2, successes, n - successes + 1) : 0;
    double high = successes < n ? quantile(1 - alpha / 2, successes + 1, n - successes) : 1;
    return new double[] {low, high};
  }

  private static double quantile(double p, double a, double b) {
    return a > 0 && b > 0 ? Distributions.betaQuantile(p, a, b) : Double.NaN;
  }

  private static @Nullable Double finite(double v) {
    return Double.isNaN(v) ? null : v;
  }

  private @Nullable Instant start(long start) {
    return start == Long.MIN_VALUE ? null : Instant.ofEpochSecond(start);
  }

  private @Nullable Instant end(long start) {
    return start == Long.MIN_VALUE || options.window() == null
        ? null : Instant.ofEpochSecond(start).plus(options.window());
  }
}
