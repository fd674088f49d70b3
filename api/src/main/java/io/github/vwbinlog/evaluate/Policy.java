package io.github.vwbinlog.evaluate;

import io.github.vwbinlog.event.CbEvent;
import java.util.List;
import java.util.Map;

/**
 * A target policy to evaluate: the probability it gives to the action the logged policy chose. Four kinds: the
 * {@link #logged() logged policy} itself, {@link #baseline1() always action 1}, {@link #uniform() uniformly random},
 * and {@link #predictions(List) VW's predictions} for the same events.
 *
 * <pre>{@code
 * List<Policy> policies = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());
 * }</pre>
 */
public sealed interface Policy {

  /** The name used in JSON, CSV and tables: {@code logged}, {@code baseline1}, {@code uniform}, {@code predictions}. */
  String name();

  /**
   * The probability this policy gives to the chosen action ({@code actionIds().get(0)}) of a decision.
   *
   * @param decision the logged decision
   * @param index the event's position among the events given to the evaluation, from 0
   */
  double probability(CbEvent decision, long index);

  /** The logged policy itself: every importance weight is 1, so its estimates are the mean reward. */
  static Policy logged() {
    return new Logged();
  }

  /** Always the action with id 1, the first the application offered (apprentice mode's baseline). */
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
  static Policy predictions(List<Map<Integer, Double>> perEvent) {
    return new Predictions(perEvent);
  }

  /** See {@link Policy#logged()}. */
  record Logged() implements Policy {
    @Override
    public String name() {
      return "logged";
    }

    @Override
    public double probability(CbEvent decision, long index) {
      return decision.probabilities().get(0);
    }
  }

  /**
   * See {@link Policy#baseline1()}.
   *
   * @param actionId the action always chosen
   */
  record Constant(long actionId) implements Policy {
    @Override
    public String name() {
      return "baseline" + actionId;
    }

    @Override
    public double probability(CbEvent decision, long index) {
      return decision.actionIds().get(0) == actionId ? 1 : 0;
    }
  }

  /** See {@link Policy#uniform()}. */
  record Uniform() implements Policy {
    @Override
    public String name() {
      return "uniform";
    }

    @Override
    public double probability(CbEvent decision, long index) {
      return 1.0 / decision.actionIds().size();
    }
  }

  /**
   * See {@link Policy#predictions(List)}.
   *
   * @param perEvent the action probabilities of each event, by 0-based action index
   */
  record Predictions(List<Map<Integer, Double>> perEvent) implements Policy {
    /** Copies the list and maps. */
    public Predictions {
      perEvent = perEvent.stream().map(Map::copyOf).toList();
    }

    @Override
    public String name() {
      return "predictions";
    }

    /**
     * @throws IllegalArgumentException if there is no prediction for this event
     */
    @Override
    public double probability(CbEvent decision, long index) {
      if (index >= perEvent.size()) {
        throw new IllegalArgumentException("there are " + perEvent.size()
            + " predictions but more events: no prediction for event " + (index + 1));
      }
      long chosen = decision.actionIds().get(0);
      return perEvent.get((int) index).getOrDefault((int) (chosen - 1), 0.0);
    }

    /** Shows the count, not every prediction. */
    @Override
    public String toString() {
      return "Predictions[" + perEvent.size() + " events]";
    }
  }
}
