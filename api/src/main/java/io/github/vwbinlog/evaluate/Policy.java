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

  /** The name used in JSON, CSV and tables: {@code logged}, {@code baseline1}, {@code uniform}, {@code predictions}. */
  String name();

  /**
   * The probability this policy gives to the chosen action ({@code actionIds().get(0)}) of a decision.
   *
   * @param decision the logged decision
   * @param index the event's position among the events given to the evaluation, from 0
   */
  double probability(CbEvent decision, long index);

  /**
   * The probability this policy gives to the action chosen in slot {@code slot} of a CCB or slates decision (its
   * {@code actionIds().get(0)}), given the choices of the slots before it.
   *
   * @param type {@link PayloadType#CCB} or {@link PayloadType#SLATES}
   * @param decision the logged decision
   * @param slot the slot's index
   * @throws IllegalArgumentException for VW's predictions, which are read for CB decisions only
   */
  double slotProbability(PayloadType type, MultiSlotEvent decision, int slot);

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

    @Override
    public double slotProbability(PayloadType type, MultiSlotEvent decision, int slot) {
      return decision.slots().get(slot).probabilities().get(0);
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
    public double probability(CbEvent decision, long index) {
      return decision.actionIds().get(0) == actionId ? 1 : 0;
    }

    @Override
    public double slotProbability(PayloadType type, MultiSlotEvent decision, int slot) {
      long choice = type == PayloadType.CCB ? actionId - 1 + slot : actionId - 1;
      return decision.slots().get(slot).actionIds().get(0) == choice ? 1 : 0;
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

    /** Uniform over the slot's own actions: for CCB, those the slots before it left. */
    @Override
    public double slotProbability(PayloadType type, MultiSlotEvent decision, int slot) {
      SlotEvent s = decision.slots().get(slot);
      return 1.0 / s.actionIds().size();
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

    /** @throws IllegalArgumentException always: VW's predictions are read for CB decisions only */
    @Override
    public double slotProbability(PayloadType type, MultiSlotEvent decision, int slot) {
      throw new IllegalArgumentException("VW's predictions are read for CB decisions only, not for " + type);
    }

    /** Shows the count, not every prediction. */
    @Override
    public String toString() {
      return "Predictions[" + perEvent.size() + " events]";
    }
  }
}
