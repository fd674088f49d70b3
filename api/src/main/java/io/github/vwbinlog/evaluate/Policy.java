package io.github.vwbinlog.evaluate;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.util.List;
import java.util.Map;

/**
 * A target policy to evaluate: the probability it gives to the action the logged policy chose, in a CB decision or in
 * each slot of a CCB or slates decision. Four kinds: the {@link #logged() logged policy} itself,
 * {@link #baseline1() always action 1}, {@link #uniform() uniformly random}, and {@link #predictions(List) VW's
 * predictions} for the same events (CB only).
 *
 * <p>In a slot: CCB slots are filled in order, each from the actions the slots before it left, so a slot's
 * probability is the policy's given the choices before it; slates slots choose independently, each from its own
 * candidates. A slot's actions are 0-based indexes (CCB: into the decision's actions; slates: into the slot's
 * candidates), its logged choice first.
 *
 * <pre>{@code
 * List<Policy> policies = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());
 * }</pre>
 */
public sealed interface Policy {

  /**
   * The name used in JSON, CSV and tables: {@code logged}, {@code baseline1}, {@code uniform}, or a predictions
   * policy's name ({@code predictions} by default).
   */
  String name();

  /**
   * The probability this policy gives to the chosen action of a CB decision, from the decision's values (as the
   * evaluation reads them from a joined event's view, with no record built).
   *
   * @param chosenId the chosen action's id ({@code actionIds().get(0)}; 1 = the first action offered)
   * @param actionCount the decision's number of actions
   * @param loggedProbability the logged policy's probability of the chosen action ({@code probabilities().get(0)})
   * @param index the event's position among the learnable events given to the evaluation, from 0
   * @throws IllegalArgumentException for VW's predictions that have no prediction for this event, or one that cannot
   *     be one, naming the source and line
   */
  double probability(long chosenId, int actionCount, double loggedProbability, long index);

  /**
   * The probability this policy gives to the chosen action ({@code actionIds().get(0)}) of a decision: its
   * {@link #probability(long, int, double, long) probability} from the decision's values.
   *
   * @param decision the logged decision
   * @param index the event's position among the events given to the evaluation, from 0
   */
  default double probability(CbEvent decision, long index) {
    return probability(decision.actionIds().get(0), decision.actionIds().size(), decision.probabilities().get(0),
        index);
  }

  /**
   * The probability this policy gives to the action chosen in slot {@code slot} of a CCB or slates decision, given the
   * choices of the slots before it, from the slot's values.
   *
   * @param type {@link PayloadType#CCB} or {@link PayloadType#SLATES}
   * @param slot the slot's index
   * @param chosen the slot's chosen action ({@code actionIds().get(0)}: CCB, a 0-based index into the decision's
   *     actions; slates, into the slot's candidates)
   * @param actionCount the slot's number of actions (CCB: those the slots before it left)
   * @param loggedProbability the logged policy's probability of the slot's choice ({@code probabilities().get(0)})
   * @throws IllegalArgumentException for VW's predictions, which are read for CB decisions only
   */
  double slotProbability(PayloadType type, int slot, long chosen, int actionCount, double loggedProbability);

  /**
   * The probability this policy gives to the action chosen in slot {@code slot} of a CCB or slates decision (its
   * {@code actionIds().get(0)}), given the choices of the slots before it: its
   * {@link #slotProbability(PayloadType, int, long, int, double) slot probability} from the slot's values.
   *
   * @param type {@link PayloadType#CCB} or {@link PayloadType#SLATES}
   * @param decision the logged decision
   * @param slot the slot's index
   * @throws IllegalArgumentException for VW's predictions, which are read for CB decisions only
   */
  default double slotProbability(PayloadType type, MultiSlotEvent decision, int slot) {
    SlotEvent s = decision.slots().get(slot);
    return slotProbability(type, slot, s.actionIds().get(0), s.actionIds().size(), s.probabilities().get(0));
  }

  /** The logged policy itself: every importance weight is 1, so its estimates are the mean reward. */
  static Policy logged() {
    return new Logged();
  }

  /**
   * Always the action with id 1, the first the application offered (apprentice mode's baseline). In a CCB decision
   * slot {@code k} takes action {@code k} (the application's own order); in a slates decision each slot takes its
   * first candidate. See {@link Constant}.
   */
  static Policy baseline1() {
    return new Constant(1);
  }

  /** Uniformly random over each event's actions. */
  static Policy uniform() {
    return new Uniform();
  }

  /**
   * VW's predictions for the events in order: for each event, the probability of each action by its 0-based index in
   * the event's actions as DSJSON lists them (VW's {@code -p} output: {@code 0:0.9,1:0.1}), so index {@code k} is the
   * action with id {@code k + 1}.
   */
  static Predictions predictions(List<Map<Integer, Double>> perEvent) {
    return predictions("predictions", perEvent);
  }

  /**
   * VW's predictions of one model, as {@link #predictions(List)}, as a policy named {@code name}: several models can
   * be evaluated in one run, each under its own name.
   */
  static Predictions predictions(String name, List<Map<Integer, Double>> perEvent) {
    Predictions.Builder b = Predictions.builder(name, name);
    long line = 0;
    for (Map<Integer, Double> m : perEvent) {
      int[] indexes = new int[m.size()];
      double[] probabilities = new double[m.size()];
      int k = 0;
      for (Map.Entry<Integer, Double> e : new java.util.TreeMap<>(m).entrySet()) {
        indexes[k] = e.getKey();
        probabilities[k++] = e.getValue();
      }
      b.add(++line, indexes, probabilities);
    }
    return b.build();
  }

  /** See {@link Policy#logged()}. */
  record Logged() implements Policy {
    @Override
    public String name() {
      return "logged";
    }

    @Override
    public double probability(long chosenId, int actionCount, double loggedProbability, long index) {
      return loggedProbability;
    }

    @Override
    public double slotProbability(PayloadType type, int slot, long chosen, int actionCount,
        double loggedProbability) {
      return loggedProbability;
    }
  }

  /**
   * The same choice every time: in a CB decision the action with id {@code actionId}; in a CCB decision, slot
   * {@code k} takes the action of 0-based index {@code actionId - 1 + k} (for {@code baseline1}, slot k takes action
   * k: the application's order, which is also apprentice mode's when the application logs baseline actions 0, 1, 2...);
   * in a slates decision every slot takes its candidate of index {@code actionId - 1}.
   *
   * @param actionId the action always chosen (1 = the first)
   */
  record Constant(long actionId) implements Policy {
    @Override
    public String name() {
      return "baseline" + actionId;
    }

    @Override
    public double probability(long chosenId, int actionCount, double loggedProbability, long index) {
      return chosenId == actionId ? 1 : 0;
    }

    @Override
    public double slotProbability(PayloadType type, int slot, long chosen, int actionCount,
        double loggedProbability) {
      long choice = type == PayloadType.CCB ? actionId - 1 + slot : actionId - 1;
      return chosen == choice ? 1 : 0;
    }
  }

  /** See {@link Policy#uniform()}. */
  record Uniform() implements Policy {
    @Override
    public String name() {
      return "uniform";
    }

    @Override
    public double probability(long chosenId, int actionCount, double loggedProbability, long index) {
      return 1.0 / actionCount;
    }

    /** Uniform over the slot's own actions: for CCB, those the slots before it left. */
    @Override
    public double slotProbability(PayloadType type, int slot, long chosen, int actionCount,
        double loggedProbability) {
      return 1.0 / actionCount;
    }
  }

  /**
   * See {@link Policy#predictions(String, List)}: one model's predictions, stored compactly (three arrays, not a map
   * per event), each with the line of its file, so that a prediction that cannot be one is reported with its file and
   * line. Checked as each event is evaluated: a negative or non-finite probability, an index outside the event's
   * actions, an index given twice, or probabilities whose sum is not 1 (within 1e-6) is an
   * {@link IllegalArgumentException}.
   */
  final class Predictions implements Policy {
    /** How far from 1 the probabilities of an event may sum. */
    public static final double SUM_TOLERANCE = 1e-6;

    private final String name;
    private final String source;
    private final int size;
    private final long[] lines;
    private final int[] starts;
    private final int[] indexes;
    private final double[] probabilities;

    private Predictions(Builder b) {
      this.name = b.name;
      this.source = b.source;
      this.size = b.size;
      this.lines = java.util.Arrays.copyOf(b.lines, b.size);
      this.starts = java.util.Arrays.copyOf(b.starts, b.size + 1);
      this.starts[b.size] = b.pairs;
      this.indexes = java.util.Arrays.copyOf(b.indexes, b.pairs);
      this.probabilities = java.util.Arrays.copyOf(b.probabilities, b.pairs);
    }

    /**
     * A builder of predictions named {@code name} (the policy's name), read from {@code source} (named in errors).
     */
    public static Builder builder(String name, String source) {
      return new Builder(name, source);
    }

    /** Collects the predictions of one event after another. Not thread-safe. */
    public static final class Builder {
      private final String name;
      private final String source;
      private int size;
      private int pairs;
      private long[] lines = new long[1024];
      private int[] starts = new int[1025];
      private int[] indexes = new int[4096];
      private double[] probabilities = new double[4096];

      private Builder(String name, String source) {
        this.name = java.util.Objects.requireNonNull(name, "name");
        this.source = java.util.Objects.requireNonNull(source, "source");
      }

      /**
       * Adds the next event's predictions: action indexes (0-based, into the event's actions) and their
       * probabilities.
       *
       * @param line the line of the source they were read from (named in errors), from 1
       */
      public Builder add(long line, int[] actionIndexes, double[] actionProbabilities) {
        if (actionIndexes.length != actionProbabilities.length) {
          throw new IllegalArgumentException("as many indexes as probabilities are needed");
        }
        if (size + 1 >= lines.length) {
          lines = java.util.Arrays.copyOf(lines, lines.length * 2);
          starts = java.util.Arrays.copyOf(starts, lines.length + 1);
        }
        while (pairs + actionIndexes.length > indexes.length) {
          indexes = java.util.Arrays.copyOf(indexes, indexes.length * 2);
          probabilities = java.util.Arrays.copyOf(probabilities, indexes.length);
        }
        lines[size] = line;
        starts[size] = pairs;
        System.arraycopy(actionIndexes, 0, indexes, pairs, actionIndexes.length);
        System.arraycopy(actionProbabilities, 0, probabilities, pairs, actionProbabilities.length);
        pairs += actionIndexes.length;
        size++;
        return this;
      }

      /** The predictions added so far. */
      public Predictions build() {
        return new Predictions(this);
      }
    }

    @Override
    public String name() {
      return name;
    }

    /** Where the predictions were read from, as errors name it. */
    public String source() {
      return source;
    }

    /** The number of events with predictions. */
    public int size() {
      return size;
    }

    /**
     * @throws IllegalArgumentException if there is no prediction for this event, or it cannot be one (see the class
     *     comment), naming the source and line
     */
    @Override
    public double probability(long chosenId, int actionCount, double loggedProbability, long index) {
      return probability(chosenId, actionCount, index);
    }

    /** The probability of the action of id {@code chosenId} (from 1) among {@code actions} in event {@code index}. */
    double probability(long chosenId, int actions, long index) {
      if (index >= size) {
        throw new IllegalArgumentException(source + " has " + size
            + " predictions but the logs have more learnable events: no prediction for event " + (index + 1));
      }
      int e = (int) index;
      long chosen = chosenId - 1;
      double sum = 0;
      double chosenProbability = 0;
      for (int k = starts[e]; k < starts[e + 1]; k++) {
        int action = indexes[k];
        double p = probabilities[k];
        if (action < 0 || action >= actions) {
          throw invalid(e, "action index " + action + " is outside the event's " + actions + " actions (0 to "
              + (actions - 1) + ")");
        }
        for (int j = starts[e]; j < k; j++) {
          if (indexes[j] == action) {
            throw invalid(e, "action index " + action + " is given twice");
          }
        }
        if (!(p >= 0) || Double.isInfinite(p)) {
          throw invalid(e, "probability " + p + " of action index " + action + " is not a finite number >= 0");
        }
        sum += p;
        if (action == chosen) {
          chosenProbability = p;
        }
      }
      if (Math.abs(sum - 1) > SUM_TOLERANCE) {
        throw invalid(e, "the probabilities sum to " + sum + ", not 1");
      }
      return chosenProbability;
    }

    private IllegalArgumentException invalid(int event, String why) {
      return new IllegalArgumentException(source + " line " + lines[event] + ": " + why);
    }

    /** @throws IllegalArgumentException always: VW's predictions are read for CB decisions only */
    @Override
    public double slotProbability(PayloadType type, int slot, long chosen, int actionCount,
        double loggedProbability) {
      throw new IllegalArgumentException("VW's predictions are read for CB decisions only, not for " + type);
    }

    /** Equal when the names, sources and predictions are. */
    @Override
    public boolean equals(Object o) {
      return o == this || o instanceof Predictions p && p.name.equals(name) && p.source.equals(source) && p.size == size
          && java.util.Arrays.equals(p.starts, starts) && java.util.Arrays.equals(p.indexes, indexes)
          && java.util.Arrays.equals(p.probabilities, probabilities);
    }

    @Override
    public int hashCode() {
      return name.hashCode() * 31 + size;
    }

    /** Shows the name, source and count, not every prediction. */
    @Override
    public String toString() {
      return "Predictions[" + name + ", " + source + ", " + size + " events]";
    }
  }
}
