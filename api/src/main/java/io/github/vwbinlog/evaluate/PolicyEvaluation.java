package io.github.vwbinlog.evaluate;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Off-policy evaluation of joined events: what the logged policy earned and what other policies would have earned,
 * per time window and over the whole period, with the estimators of the VowpalWabbit/estimators package and the lift
 * of each policy over the logged one (and over a {@linkplain EvaluationOptions#baseline() baseline}). A mergeable
 * accumulator: add the joined events of a log (their views, as {@link #sink()} does for {@code Joiner.run}, or their
 * records, from a {@code Joiner} or any iterable), or evaluate parts apart ({@link #ofPart}) and {@link #merge} them
 * in log order; the estimates of merged parts are those of the whole: the sums are carried to twice a double's
 * precision, so the doubles they round to do not depend on where the parts were cut, and the sequential confidence
 * sequence ({@link Estimator#CS}) is computed in log order whatever the parts. No I/O.
 *
 * <p>The inputs are the package's: {@code p_log} is the chosen action's logged probability (for CB
 * {@link JoinResult#probability()}; for CCB and slates each slot's first probability), without the pass probability;
 * {@code p_drop} is {@link JoinResult#pdrop()}; {@code r} is the joined reward ({@link JoinResult#rewards()}: one per
 * slot for CCB, one per decision for CB and slates); from a view, the same values: {@code probability(TOP, 0)} (or
 * each slot's), {@code 1 - passProbability()} in binary32 and {@code reward(TOP)} (or each slot's). CB decisions get the package's bandit estimators, CCB decisions
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
  /**
   * Skip reason: a CB or CCB decision logged with pass probability 0 (pdrop 1), whose importance weight
   * {@code 1 / (1 - pdrop)} is infinite: no estimate can use it (the estimators package divides by zero).
   */
  public static final String NO_PASS_PROBABILITY = "pass probability 0 (pdrop 1)";
  /** Skip reason prefix: a payload type that is not evaluated (CA, multistep), followed by its name. */
  public static final String UNSUPPORTED = "not evaluated: ";
  /**
   * The most distinct CCB slot ids estimated one by one. A log with more (a new slot id per decision, for example)
   * has its multi-slot estimates per slot position instead ({@link #slotsByPosition()}), so that memory stays bounded.
   */
  public static final int SLOT_ID_LIMIT = 1000;
  /** The name of the logged policy as a lift's baseline. */
  public static final String LOGGED = "logged";

  private static final int PROBABILITY_BINS = 10;
  private static final int KIND_CB = 0;
  private static final int KIND_FIRST = 1;
  private static final int KIND_SLATES = 2;

  private final EvaluationOptions options;
  private final List<Policy> policies;
  /** The index of the baseline policy among the policies, or -1. */
  private final int baseline;
  /** Whether this is a part: its sequential inputs wait in {@link #pending} until it is merged. */
  private final boolean part;
  private final TreeMap<Long, Window> windows = new TreeMap<>();
  private final TreeMap<String, Long> skipped = new TreeMap<>();
  private final TreeMap<Long, Long> chosenActions = new TreeMap<>();
  private final long[] probabilities = new long[PROBABILITY_BINS];
  /** The confidence sequences over the whole period, when there are windows. */
  private final ConfidenceSequence[] wholeCs;
  /** A part's CB events not yet in the confidence sequences: window start, r, p_drop and each policy's weight. */
  private double[] pending = new double[0];
  private long[] pendingWindows = new long[0];
  /** A part's waiting CB decisions' event ids (deferAll only), as UTF-8 bytes one after the other, to name errors. */
  private byte[] pendingIdBytes = new byte[0];
  private int[] pendingIdEnds = new int[0];
  /** Which policies are predictions policies. */
  private final boolean[] predicted;
  /** Whether this part's CB decisions wait until it is merged (their predictions policies' part): it has some. */
  private final boolean deferAll;
  private int pendingCount;
  /** Whether the confidence sequences were broken by merging an evaluation that was not a part. */
  private boolean csUnavailable;
  /** Whether decisions were added to the confidence sequences. */
  private boolean csApplied;
  /** The distinct CCB slot ids seen, until there are more than the limit. */
  private final Set<String> slotIds = new HashSet<>();
  private boolean slotsByPosition;
  private long evaluated;
  private long learnable;
  private double @Nullable [] scratch;
  /** The event being added: its record, or its view (valid during the call only), to name it in errors. */
  private @Nullable JoinResult currentRecord;
  private @Nullable JoinedEventView currentView;
  // A CCB or slates decision's slots being added: choice, action count, logged probability, reward (CCB) and id (CCB).
  private long[] slotChosen = new long[8];
  private int[] slotActions = new int[8];
  private double[] slotLogged = new double[8];
  private double[] slotRewards = new double[8];
  private @Nullable String[] slotIdTexts = new String[8];

  private PolicyEvaluation(EvaluationOptions options, List<Policy> policies, boolean part) {
    this.options = Objects.requireNonNull(options, "options");
    this.policies = List.copyOf(policies);
    this.part = part;
    if (this.policies.isEmpty()) {
      throw new IllegalArgumentException("no policy to evaluate");
    }
    int b = -1;
    if (options.baseline() != null) {
      for (int i = 0; i < this.policies.size(); i++) {
        if (this.policies.get(i).name().equals(options.baseline())) {
          b = i;
        }
      }
      if (b < 0) {
        throw new IllegalArgumentException("the baseline " + options.baseline() + " is not among the policies "
            + this.policies.stream().map(Policy::name).toList());
      }
    }
    this.baseline = b;
    this.wholeCs = newCs(this.policies.size(), options);
    this.predicted = new boolean[this.policies.size()];
    for (int i = 0; i < predicted.length; i++) {
      predicted[i] = this.policies.get(i) instanceof Policy.Predictions;
    }
    this.deferAll = part && this.policies.stream().anyMatch(p -> p instanceof Policy.Predictions);
  }

  /** An empty evaluation of these policies, to be given a log's joined events from its start, in order. */
  public static PolicyEvaluation of(EvaluationOptions options, List<Policy> policies) {
    return new PolicyEvaluation(options, policies, false);
  }

  /**
   * An empty evaluation of a part of a log (not necessarily its start), to be {@link #merge merged} into the
   * evaluation of the parts before it: it keeps the inputs of the sequential estimator ({@link Estimator#CS}) of its
   * CB decisions, a few numbers per decision, until then; with {@link Policy#predictions predictions} policies, whose
   * predictions are matched by position among all the learnable events, its CB decisions wait whole, and the
   * predictions are looked up (and checked) when it is merged.
   */
  public static PolicyEvaluation ofPart(EvaluationOptions options, List<Policy> policies) {
    return new PolicyEvaluation(options, policies, true);
  }

  private static ConfidenceSequence[] newCs(int n, EvaluationOptions options) {
    ConfidenceSequence[] out = new ConfidenceSequence[n];
    for (int i = 0; i < n; i++) {
      out[i] = new ConfidenceSequence(options.rewardMin(), options.rewardMax());
    }
    return out;
  }

  /** A CCB slot: its id (or null) and position in its decision. */
  private record SlotKey(@Nullable String id, int position) {}

  /** The counts and sums of one window, one per policy, and what it skipped. */
  private static final class Window {
    /** CB decisions. */
    final Sums[] sums;
    /** CCB decisions' first slots: the package's first-slot estimators. */
    final Sums[] firstSlot;
    /** CCB decisions' slots by key, first seen first, each with the product of the weights up to it: multi-slot. */
    Map<SlotKey, Sums[]> slots = new LinkedHashMap<>();
    /** Slates decisions: pseudo-inverse. */
    final PseudoInverse[] slates;
    /** Lifts by kind (CB, CCB first slot, slates), policy and baseline (0: logged, 1: the baseline policy). */
    final Paired[][][] lifts;
    /** The confidence sequences of the CB decisions. */
    final ConfidenceSequence[] cs;
    long skipped;

    Window(int policies, EvaluationOptions options) {
      sums = newSums(policies);
      firstSlot = newSums(policies);
      slates = new PseudoInverse[policies];
      lifts = new Paired[3][policies][2];
      for (int i = 0; i < policies; i++) {
        slates[i] = new PseudoInverse();
        for (int k = 0; k < 3; k++) {
          lifts[k][i][0] = new Paired();
          lifts[k][i][1] = new Paired();
        }
      }
      cs = newCs(policies, options);
    }

    long evaluated() {
      return sums[0].events + firstSlot[0].events + slates[0].decisions;
    }

    /** Adds another window's sums (its confidence sequences are not: they are sequential). */
    void add(Window other, boolean byPosition) {
      for (int i = 0; i < sums.length; i++) {
        sums[i].add(other.sums[i]);
        firstSlot[i].add(other.firstSlot[i]);
        slates[i].add(other.slates[i]);
        for (int k = 0; k < 3; k++) {
          lifts[k][i][0].add(other.lifts[k][i][0]);
          lifts[k][i][1].add(other.lifts[k][i][1]);
        }
      }
      other.slots.forEach((key, theirs) -> addSlot(byPosition ? new SlotKey(null, key.position()) : key, theirs));
      skipped += other.skipped;
    }

    void addSlot(SlotKey key, Sums[] theirs) {
      Sums[] mine = slots.computeIfAbsent(key, k -> newSums(sums.length));
      for (int i = 0; i < mine.length; i++) {
        mine[i].add(theirs[i]);
      }
    }

    /** Keys the slots by position alone. */
    void toPositions() {
      Map<SlotKey, Sums[]> old = slots;
      slots = new LinkedHashMap<>();
      old.forEach((key, s) -> addSlot(new SlotKey(null, key.position()), s));
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
   * Adds one joined event, from its record (as {@link #add(JoinedEventView)} adds it from its view).
   *
   * @throws IllegalArgumentException if a reward lies outside the reward range of the options, or a predictions
   *     policy has no prediction for this event or one that cannot be a prediction (naming the event)
   */
  public void add(JoinResult event) {
    long windowKey = windowKey(event.timestamp().epochSecond());
    Window window = window(windowKey);
    if (!event.learnable()) {
      skip(window, NOT_LEARNABLE);
      return;
    }
    currentRecord = event;
    currentView = null;
    Object payload = event.interaction().event().payload();
    PayloadType type = event.payloadType();
    if (payload instanceof MultiSlotEvent decision && (type == PayloadType.CCB || type == PayloadType.SLATES)) {
      learnable++;
      List<SlotEvent> slots = decision.slots();
      if (!usable(slots) || (type == PayloadType.CCB && event.rewards().size() < slots.size())) {
        skip(window, NO_PROBABILITY);
        return;
      }
      int n = slots(slots.size());
      for (int k = 0; k < n; k++) {
        SlotEvent slot = slots.get(k);
        slotChosen[k] = slot.actionIds().get(0);
        slotActions[k] = slot.actionIds().size();
        slotLogged[k] = slot.probabilities().get(0);
        if (type == PayloadType.CCB) {
          slotRewards[k] = event.rewards().get(k);
          slotIdTexts[k] = slot.id();
        }
      }
      if (type == PayloadType.CCB) {
        if (!(event.pdrop() < 1)) {
          skip(window, NO_PASS_PROBABILITY);
          return;
        }
        ccb(window, n, event.pdrop());
      } else {
        slates(window, n, event.reward());
      }
      return;
    }
    if (!(payload instanceof CbEvent cb)) {
      learnable++;
      skip(window, UNSUPPORTED + type);
      return;
    }
    long index = learnable++;
    double pLog = event.probability();
    if (cb.actionIds().isEmpty() || !(pLog > 0)) {
      skip(window, NO_PROBABILITY);
      return;
    }
    if (!(event.pdrop() < 1)) {
      skip(window, NO_PASS_PROBABILITY);
      return;
    }
    cb(windowKey, window, index, cb.actionIds().get(0), cb.actionIds().size(), pLog, event.reward(), event.pdrop());
  }

  /**
   * Adds one joined event from its view, reading the values the estimators need (the chosen action, the action count,
   * the logged probability, pdrop, the reward and the time; each slot's for CCB and slates) in place, with no record
   * built: what {@link #sink()} does with each event. The same estimates as {@link #add(JoinResult)} of its record.
   *
   * @throws IllegalArgumentException as {@link #add(JoinResult)}
   */
  public void add(JoinedEventView event) {
    long windowKey = windowKey(event.epochSecond());
    Window window = window(windowKey);
    if (!event.learnable()) {
      skip(window, NOT_LEARNABLE);
      return;
    }
    currentRecord = null;
    currentView = event;
    PayloadType type = event.type();
    if (type == PayloadType.CCB || type == PayloadType.SLATES) {
      learnable++;
      int n = slots(event.slotCount());
      if (n == 0) {
        skip(window, NO_PROBABILITY);
        return;
      }
      for (int k = 0; k < n; k++) {
        int actions = event.actionCount(k);
        if (actions == 0 || event.probabilityCount(k) == 0) {
          skip(window, NO_PROBABILITY);
          return;
        }
        double p = event.probability(k, 0);
        if (!(p > 0)) {
          skip(window, NO_PROBABILITY);
          return;
        }
        slotChosen[k] = event.action(k, 0);
        slotActions[k] = actions;
        slotLogged[k] = p;
      }
      double pDrop = 1f - event.passProbability();
      if (type == PayloadType.CCB) {
        for (int k = 0; k < n; k++) {
          slotRewards[k] = event.reward(k);
          ByteBuffer id = event.slotIdBytes(k);
          slotIdTexts[k] = id == null ? null : StandardCharsets.UTF_8.decode(id.duplicate()).toString();
        }
        if (!(pDrop < 1)) {
          skip(window, NO_PASS_PROBABILITY);
          return;
        }
        ccb(window, n, pDrop);
      } else {
        slates(window, n, event.reward(JoinedEventView.TOP));
      }
      return;
    }
    if (type != PayloadType.CB) {
      learnable++;
      skip(window, UNSUPPORTED + type);
      return;
    }
    long index = learnable++;
    int actions = event.actionCount(JoinedEventView.TOP);
    double pLog = event.probabilityCount(JoinedEventView.TOP) == 0 ? 0f : event.probability(JoinedEventView.TOP, 0);
    if (actions == 0 || !(pLog > 0)) {
      skip(window, NO_PROBABILITY);
      return;
    }
    if (!(1f - event.passProbability() < 1)) {
      skip(window, NO_PASS_PROBABILITY);
      return;
    }
    cb(windowKey, window, index, event.action(JoinedEventView.TOP, 0), actions, pLog,
        event.reward(JoinedEventView.TOP), 1f - event.passProbability());
  }

  /**
   * This evaluation as a sink of {@link io.github.vwbinlog.join.Joiner#run}: each part of the log is evaluated apart
   * ({@link #ofPart}) from the views of its events ({@link #add(JoinedEventView)}), on the join's threads, and merged
   * into this evaluation in log order ({@link #merge}), so that the estimates are those of adding every event here in
   * order, whatever the thread count.
   *
   * <pre>{@code
   * PolicyEvaluation evaluation = PolicyEvaluation.of(EvaluationOptions.defaults(), policies);
   * JoinSummary summary = Joiner.run(Path.of("joined.log"), JoinOptions.defaults().withThreads(2),
   *     evaluation.sink());
   * }</pre>
   *
   * <p>The sink's parts are merged on the thread that runs the join; this evaluation must not be used by another
   * thread meanwhile.
   */
  public JoinedEventSink<PolicyEvaluation> sink() {
    return new JoinedEventSink<>() {
      @Override
      public PolicyEvaluation open() {
        return ofPart(options, policies);
      }

      @Override
      public void accept(PolicyEvaluation part, JoinedEventView event) {
        part.add(event);
      }

      @Override
      public void finish(PolicyEvaluation part) {
        merge(part);
      }
    };
  }

  /** Makes room for {@code n} slots' values; returns n. */
  private int slots(int n) {
    if (n > slotChosen.length) {
      int size = Math.max(n, slotChosen.length * 2);
      slotChosen = new long[size];
      slotActions = new int[size];
      slotLogged = new double[size];
      slotRewards = new double[size];
      slotIdTexts = new String[size];
    }
    return n;
  }

  /** The id of the event being added, to name it in errors. */
  private String currentId() {
    JoinResult record = currentRecord;
    if (record != null) {
      return record.id();
    }
    JoinedEventView view = currentView;
    return view == null ? "?" : StandardCharsets.UTF_8.decode(view.eventId().duplicate()).toString();
  }

  /** A learnable CB decision with a logged probability: {@code chosen} among {@code actions}, event {@code index}. */
  private void cb(long windowKey, Window window, long index, long chosen, int actions, double pLog, double reward,
      double pDrop) {
    double r = checkedReward(reward);
    int n = policies.size();
    double[] w = scratch(n);
    if (deferAll) {
      // A part with predictions policies: which predictions are this event's is known only when the part is merged
      // after the parts before it, so the decision waits for what needs them.
      for (int i = 0; i < n; i++) {
        w[i] = predicted[i] ? Double.NaN : policies.get(i).probability(chosen, actions, pLog, index) / pLog;
      }
      // What does not depend on the predictions is added here, on the part's thread.
      for (int i = 0; i < n; i++) {
        if (!predicted[i]) {
          window.sums[i].add(w[i], r, pDrop);
        }
      }
      lifts(window.lifts[KIND_CB], w, r, pDrop, false);
      pend(windowKey, r, pDrop, w, pLog, chosen, actions, index);
      pendId();
      counted(chosen, pLog);
      return;
    }
    for (int i = 0; i < n; i++) {
      try {
        w[i] = policies.get(i).probability(chosen, actions, pLog, index) / pLog;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage() + " (event " + currentId() + ")", e);
      }
    }
    for (int i = 0; i < n; i++) {
      window.sums[i].add(w[i], r, pDrop);
    }
    lifts(window.lifts[KIND_CB], w, r, pDrop);
    if (part) {
      pend(windowKey, r, pDrop, w, pLog, chosen, actions, index);
    } else {
      sequence(window, r, pDrop, w, 0);
    }
    counted(chosen, pLog);
  }

  /** Keeps the id of the decision just pended (a part with predictions policies), to name it in errors. */
  private void pendId() {
    int from = pendingCount == 1 ? 0 : pendingIdEnds[pendingCount - 2];
    JoinResult record = currentRecord;
    JoinedEventView view = currentView;
    ByteBuffer id = record != null ? ByteBuffer.wrap(record.id().getBytes(StandardCharsets.UTF_8))
        : view != null ? view.eventId().duplicate() : ByteBuffer.allocate(0);
    int length = id.remaining();
    if (from + length > pendingIdBytes.length) {
      pendingIdBytes = Arrays.copyOf(pendingIdBytes, Math.max(from + length, pendingIdBytes.length * 2 + 4096));
    }
    id.get(pendingIdBytes, from, length);
    pendingIdEnds[pendingCount - 1] = from + length;
  }

  /** The id of a part's waiting decision {@code e}. */
  private String pendingId(int e) {
    int from = e == 0 ? 0 : pendingIdEnds[e - 1];
    return new String(pendingIdBytes, from, pendingIdEnds[e] - from, StandardCharsets.UTF_8);
  }

  private double[] scratch(int n) {
    double[] s = scratch;
    if (s == null) {
      s = new double[n];
      scratch = s;
    }
    return s;
  }

  /** Every policy's lift over the logged policy (weight 1) and over the baseline, from the weights without pdrop. */
  private void lifts(Paired[][] lifts, double[] w, double r, double pDrop) {
    double keep = 1 - pDrop;
    if (keep == 1) {
      // Divided by 1 is the same number.
      for (int i = 0; i < w.length; i++) {
        lifts[i][0].add(w[i], 1, r, pDrop);
        if (baseline >= 0) {
          lifts[i][1].add(w[i], w[baseline], r, pDrop);
        }
      }
      return;
    }
    for (int i = 0; i < w.length; i++) {
      lifts[i][0].add(w[i] / keep, 1 / keep, r, pDrop);
      if (baseline >= 0) {
        lifts[i][1].add(w[i] / keep, w[baseline] / keep, r, pDrop);
      }
    }
  }

  /**
   * The lifts of a decision of a part with predictions policies: those that need a predictions policy's weight
   * ({@code predictions} true: when the part is merged), or the others (false: on the part's thread).
   */
  private void lifts(Paired[][] lifts, double[] w, double r, double pDrop, boolean predictions) {
    double keep = 1 - pDrop;
    for (int i = 0; i < w.length; i++) {
      if (predicted[i] == predictions) {
        lifts[i][0].add(w[i] / keep, 1 / keep, r, pDrop);
      }
      if (baseline >= 0 && (predicted[i] || predicted[baseline]) == predictions) {
        lifts[i][1].add(w[i] / keep, w[baseline] / keep, r, pDrop);
      }
    }
  }

  /** Adds a CB decision to the confidence sequences of its window and of the whole period, in log order. */
  private void sequence(Window window, double r, double pDrop, double[] w, int from) {
    csApplied = true;
    for (int i = 0; i < window.cs.length; i++) {
      window.cs[i].add(w[from + i], r, pDrop);
      if (options.window() != null) {
        wholeCs[i].add(w[from + i], r, pDrop);
      }
    }
  }

  /** The numbers kept per pending decision: r, p_drop, p_log, chosen action id, action count, index, the weights. */
  private int stride() {
    return 6 + policies.size();
  }

  private void pend(long windowKey, double r, double pDrop, double[] w, double pLog, long chosen, int actions,
      long index) {
    int stride = stride();
    if ((pendingCount + 1) * stride > pending.length) {
      pending = Arrays.copyOf(pending, Math.max(1024 * stride, pending.length * 2));
      pendingWindows = Arrays.copyOf(pendingWindows, pending.length / stride);
      if (deferAll) {
        pendingIdEnds = Arrays.copyOf(pendingIdEnds, pending.length / stride);
      }
    }
    int at = pendingCount * stride;
    pending[at] = r;
    pending[at + 1] = pDrop;
    pending[at + 2] = pLog;
    pending[at + 3] = chosen;
    pending[at + 4] = actions;
    pending[at + 5] = index;
    System.arraycopy(w, 0, pending, at + 6, w.length);
    pendingWindows[pendingCount++] = windowKey;
  }

  /**
   * Adds the pending decisions of {@code from} (this, or the next part) to this evaluation: to its confidence
   * sequences, and when they waited whole (a part with predictions policies) to its sums and lifts too, with the
   * predictions of their position in the log: their index in {@code from} after the learnable events of this one.
   */
  private void replay(PolicyEvaluation from) {
    int stride = stride();
    long base = from == this ? 0 : learnable;
    int n = policies.size();
    double[] w = new double[n];
    for (int e = 0; e < from.pendingCount; e++) {
      int at = e * stride;
      Window window = window(from.pendingWindows[e]);
      double r = from.pending[at];
      double pDrop = from.pending[at + 1];
      System.arraycopy(from.pending, at + 6, w, 0, n);
      if (from.deferAll) {
        double pLog = from.pending[at + 2];
        for (int i = 0; i < n; i++) {
          if (policies.get(i) instanceof Policy.Predictions predictions) {
            try {
              w[i] = predictions.probability((long) from.pending[at + 3], (int) from.pending[at + 4],
                  base + (long) from.pending[at + 5]) / pLog;
            } catch (IllegalArgumentException ex) {
              throw new IllegalArgumentException(ex.getMessage() + " (event " + from.pendingId(e) + ")", ex);
            }
          }
        }
        for (int i = 0; i < n; i++) {
          if (predicted[i]) {
            window.sums[i].add(w[i], r, pDrop);
          }
        }
        lifts(window.lifts[KIND_CB], w, r, pDrop, true);
      }
      sequence(window, r, pDrop, w, 0);
    }
    if (from == this || from.pendingCount > 0) {
      from.pendingCount = 0;
      from.pending = new double[0];
      from.pendingWindows = new long[0];
      from.pendingIdBytes = new byte[0];
      from.pendingIdEnds = new int[0];
    }
  }

  /**
   * A CCB decision of {@code slots} usable slots (their values in the slot arrays): the first slot for the first-slot
   * estimators, and every slot, keyed by its id (or index), with the product of the importance weights of the slots
   * up to it, for the multi-slot estimator.
   */
  private void ccb(Window window, int slots, double pDrop) {
    for (int k = 0; k < slots; k++) {
      slotRewards[k] = checkedReward(slotRewards[k]);
    }
    SlotKey[] keys = new SlotKey[slots];
    for (int k = 0; k < keys.length; k++) {
      String id = slotIdTexts[k];
      if (!slotsByPosition && id != null && slotIds.add(id) && slotIds.size() > SLOT_ID_LIMIT) {
        byPositions();
      }
      keys[k] = new SlotKey(slotsByPosition ? null : id, k);
    }
    int n = policies.size();
    double[] first = new double[n];
    for (int i = 0; i < n; i++) {
      Policy policy = policies.get(i);
      double w = 1;
      for (int k = 0; k < slots; k++) {
        double slotWeight = policy.slotProbability(PayloadType.CCB, k, slotChosen[k], slotActions[k], slotLogged[k])
            / slotLogged[k];
        if (k == 0) {
          window.firstSlot[i].add(slotWeight, slotRewards[0], pDrop);
          first[i] = slotWeight;
        }
        w *= slotWeight;
        window.slots.computeIfAbsent(keys[k], key -> newSums(n))[i].add(w, slotRewards[k], pDrop);
      }
    }
    lifts(window.lifts[KIND_FIRST], first, slotRewards[0], pDrop);
    counted(slotChosen[0], slotLogged[0]);
  }

  /** From now on, and for what was added so far, CCB slots are keyed by their position alone. */
  private void byPositions() {
    slotsByPosition = true;
    slotIds.clear();
    windows.values().forEach(Window::toPositions);
  }

  /** A slates decision of {@code slots} usable slots: the pseudo-inverse weight over its slots, and its one reward. */
  private void slates(Window window, int slots, double reward) {
    double r = checkedReward(reward);
    double[] pLogs = Arrays.copyOf(slotLogged, slots);
    double[] pPreds = new double[slots];
    double[] weights = new double[policies.size()];
    for (int i = 0; i < policies.size(); i++) {
      for (int k = 0; k < slots; k++) {
        pPreds[k] = policies.get(i).slotProbability(PayloadType.SLATES, k, slotChosen[k], slotActions[k],
            slotLogged[k]);
      }
      weights[i] = PseudoInverse.weight(pLogs, pPreds);
      window.slates[i].add(weights[i], r);
    }
    // The package's slates estimator is not pdrop-aware: neither is the lift of slates decisions.
    lifts(window.lifts[KIND_SLATES], weights, r, 0);
    counted(slotChosen[0], slotLogged[0]);
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

  private double checkedReward(double r) {
    if (!options.empiricalRewardBounds() && (r < options.rewardMin() || r > options.rewardMax())) {
      throw new IllegalArgumentException("event " + currentId() + ": reward " + r + " is outside the reward range "
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
   * Adds the counts and sums of the evaluation of the next part of the same log, with the same policies and options:
   * {@code other}'s events come after this one's. The confidence sequences ({@link Estimator#CS}) continue with
   * {@code other}'s decisions when it is a part ({@link #ofPart}) or holds nothing yet; otherwise they cannot be
   * continued and are left out of the estimates.
   *
   * @throws IllegalArgumentException if its policies or options differ
   */
  public void merge(PolicyEvaluation other) {
    if (!other.options.equals(options) || !other.policies.equals(policies)) {
      throw new IllegalArgumentException("only evaluations of the same policies and options can be merged");
    }
    replay(this);
    boolean otherApplied = other.csApplied;
    if (other.csUnavailable || (otherApplied && csApplied)) {
      csUnavailable = true;
    }
    if (!slotsByPosition && (other.slotsByPosition || unionExceeds(other.slotIds))) {
      byPositions();
    }
    if (!slotsByPosition) {
      slotIds.addAll(other.slotIds);
    }
    boolean byPosition = slotsByPosition;
    other.windows.forEach((start, w) -> {
      Window mine = window(start);
      mine.add(w, byPosition);
      if (otherApplied && !csUnavailable) {
        // Nothing came before: its sequences are this one's.
        System.arraycopy(w.cs, 0, mine.cs, 0, mine.cs.length);
      }
    });
    if (otherApplied && !csUnavailable) {
      System.arraycopy(other.wholeCs, 0, wholeCs, 0, wholeCs.length);
      csApplied = true;
    }
    replay(other);
    other.skipped.forEach((reason, count) -> skipped.merge(reason, count, Long::sum));
    other.chosenActions.forEach((action, count) -> chosenActions.merge(action, count, Long::sum));
    for (int i = 0; i < PROBABILITY_BINS; i++) {
      probabilities[i] += other.probabilities[i];
    }
    evaluated += other.evaluated;
    learnable += other.learnable;
  }

  private boolean unionExceeds(Set<String> ids) {
    int n = slotIds.size();
    for (String id : ids) {
      if (!slotIds.contains(id) && ++n > SLOT_ID_LIMIT) {
        return true;
      }
    }
    return false;
  }

  private long windowKey(long epochSecond) {
    if (options.window() == null) {
      return Long.MIN_VALUE;
    }
    long length = options.window().getSeconds();
    return Math.floorDiv(epochSecond, length) * length;
  }

  private Window window(long start) {
    Window w = windows.get(start);
    if (w == null) {
      w = new Window(policies.size(), options);
      if (slotsByPosition) {
        w.toPositions();
      }
      windows.put(start, w);
    }
    return w;
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

  /**
   * Whether the CCB decisions had more than {@link #SLOT_ID_LIMIT} distinct slot ids, so that their multi-slot
   * estimates are given per slot position ({@link Estimate#slot()} {@code "#0"}, {@code "#1"}...) instead of per id.
   */
  public boolean slotsByPosition() {
    return slotsByPosition;
  }

  /**
   * One window's counts: its start and end (null for the whole log), events evaluated and skipped, and each policy's
   * effective sample size in it (as {@link #effectiveSampleSizes()}).
   */
  public record WindowCounts(@Nullable Instant start, @Nullable Instant end, long events, long skipped,
      Map<String, Double> effectiveSampleSizes) {
    /** Copies the map. */
    public WindowCounts {
      effectiveSampleSizes = Collections.unmodifiableMap(new LinkedHashMap<>(effectiveSampleSizes));
    }
  }

  /** The windows in time order, each with its counts. */
  public List<WindowCounts> windows() {
    List<WindowCounts> out = new ArrayList<>();
    windows.forEach((start, w) -> out.add(new WindowCounts(start(start), end(start), w.evaluated(), w.skipped,
        effectiveSampleSizes(w))));
    return out;
  }

  /**
   * The effective sample size of each policy's importance weights over the whole log, Kish's
   * {@code sum(w)^2 / sum(w^2)}, by policy name: small when a few events carry large weights. The weights are those of
   * CB decisions, of CCB decisions' first slots and of slates decisions (their pseudo-inverse weights).
   */
  public Map<String, Double> effectiveSampleSizes() {
    return effectiveSampleSizes(total());
  }

  private Map<String, Double> effectiveSampleSizes(Window w) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < policies.size(); i++) {
      Sums total = new Sums();
      total.add(w.sums[i]);
      total.add(w.firstSlot[i]);
      total.settle();
      PseudoInverse slates = w.slates[i].settle();
      double sumW = total.sumW + slates.sumW;
      double sumWsq = total.sumWsq + slates.sumWsq;
      out.put(policies.get(i).name(), sumWsq > 0 ? sumW * sumW / sumWsq : 0);
    }
    return out;
  }

  /** The whole period's sums: the windows' added in time order (the confidence sequences are kept apart). */
  private Window total() {
    if (options.window() == null) {
      return windows.isEmpty() ? new Window(policies.size(), options) : windows.firstEntry().getValue();
    }
    Window total = new Window(policies.size(), options);
    if (slotsByPosition) {
      total.toPositions();
    }
    windows.values().forEach(w -> total.add(w, slotsByPosition));
    return total;
  }

  /**
   * Every estimate per window: by window in time order, then by policy in the given order; within them the CB
   * estimates (when the window has CB decisions, or no decision at all: the five of {@link Estimator}, then
   * {@link Estimator#CS}, then the lifts), then the CCB ones (first slot and its lifts, then multi-slot per slot and
   * overall), then the slates one and its lifts. Without windows, this is {@link #overall()}.
   */
  public List<Estimate> estimates() {
    replay(this);
    List<Estimate> out = new ArrayList<>();
    windows.forEach((start, w) -> add(out, start(start), end(start), w, w.cs));
    return out;
  }

  /**
   * Every estimate over the whole period, in the order of {@link #estimates()}, with null window start and end; the
   * same as {@link #estimates()} without windows.
   */
  public List<Estimate> overall() {
    if (options.window() == null) {
      return estimates();
    }
    replay(this);
    List<Estimate> out = new ArrayList<>();
    Window total = total();
    if (!windows.isEmpty()) {
      add(out, null, null, total, wholeCs);
    }
    return out;
  }

  private void add(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, Window w,
      ConfidenceSequence[] cs) {
    for (int i = 0; i < policies.size(); i++) {
      String policy = policies.get(i).name();
      if (w.sums[i].events > 0 || w.evaluated() == 0) {
        bandit(out, from, to, policy, null, w.sums[i]);
        if (!csUnavailable) {
          double[] interval = cs[i].interval(options.alpha());
          out.add(new Estimate(from, to, policy, Estimator.CS, null, null, interval[0], interval[1], options.alpha(),
              cs[i].events, cs[i].inputs(), null));
        }
        lifts(out, from, to, i, null, w.lifts[KIND_CB][i]);
      }
      if (w.firstSlot[i].events > 0) {
        bandit(out, from, to, policy, "first", w.firstSlot[i]);
        lifts(out, from, to, i, "first", w.lifts[KIND_FIRST][i]);
        multislot(out, from, to, policy, w, i);
      }
      PseudoInverse pi = w.slates[i];
      if (pi.decisions > 0) {
        Double[] e = pi.estimate(options.alpha());
        out.add(new Estimate(from, to, policy, Estimator.PSEUDO_INVERSE, null, e[0], e[1], e[2], options.alpha(),
            pi.decisions, pi.inputs(), null));
        lifts(out, from, to, i, null, w.lifts[KIND_SLATES][i]);
      }
    }
  }

  /** Policy {@code i}'s lifts over the logged policy and the baseline (not over itself). */
  private void lifts(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, int i, @Nullable String slot,
      Paired[] lifts) {
    String policy = policies.get(i).name();
    if (!policy.equals(LOGGED)) {
      lift(out, from, to, policy, slot, lifts[0], LOGGED);
    }
    if (baseline >= 0 && baseline != i) {
      lift(out, from, to, policy, slot, lifts[1], policies.get(baseline).name());
    }
  }

  private void lift(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, String policy,
      @Nullable String slot, Paired p, String against) {
    Double[] e = p.estimate(options.alpha());
    out.add(new Estimate(from, to, policy, Estimator.LIFT, slot, e[0], e[1], e[2], options.alpha(), p.events,
        p.inputs(), against));
  }

  private void bandit(List<Estimate> out, @Nullable Instant from, @Nullable Instant to, String policy,
      @Nullable String slot, Sums s) {
    for (Estimator estimator : Estimator.BANDIT) {
      Double[] e = s.estimate(estimator, options);
      out.add(new Estimate(from, to, policy, estimator, slot, e[0], e[1], e[2], options.alpha(), s.events,
          s.inputs(estimator, options), null));
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
    Map<String, Sums> byKey = new LinkedHashMap<>();
    w.slots.forEach((key, sums) -> {
      String label = key.id() != null ? key.id()
          : slotsByPosition ? "#" + key.position() : Integer.toString(key.position());
      byKey.computeIfAbsent(label, k -> new Sums()).add(sums[i]);
      all.add(sums[i]);
    });
    byKey.forEach((key, s) -> {
      s.settle();
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
          s.events, inputs, null));
    });
    all.settle();
    double[] interval = CressieRead.interval(all, alpha, all.rewardMin(options), all.rewardMax(options),
        options.empiricalRewardBounds());
    out.add(new Estimate(from, to, policy, Estimator.MULTISLOT, null, CressieRead.estimate(all), interval[0],
        interval[1], alpha, (long) n, all.inputs(Estimator.CRESSIE_READ, options), null));
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
