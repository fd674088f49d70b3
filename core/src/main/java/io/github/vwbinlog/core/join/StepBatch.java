package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.MultistepReward;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The decoded steps and outcomes of one REGULAR message, which the multistep joiner treats as one batch whatever
 * episodes it holds (SPEC §7.1), and how the batch is emitted (§7.2 to §7.4): ordered, rewarded as a whole, then one
 * joined event per step that is neither a duplicate nor an orphan.
 *
 * <p>Every stored step interaction ends up either emitted or reported once and counted as skipped, so that the
 * joiner's accounting holds. Not thread-safe; one instance per message.
 */
final class StepBatch {

  /** A decoded step: the joined event holding its {@link MultiStepEvent}, and its effective time (SPEC §5). */
  private record Step(JoinedEvent event, MultiStepEvent payload, TimeStamp time) {}

  private final Map<String, List<Step>> steps = new LinkedHashMap<>();
  private final Map<String, List<JoinedEvent>> stepOutcomes = new LinkedHashMap<>();
  private final List<JoinedEvent> episodic = new ArrayList<>();
  private int interactions;

  /**
   * Stores a step under its step id (SPEC §7.1); a step id may get several.
   *
   * @param event a joined event whose payload is a {@link MultiStepEvent}
   * @param time its effective time
   */
  void addStep(JoinedEvent event, TimeStamp time) {
    MultiStepEvent step = (MultiStepEvent) event.event().payload();
    steps.computeIfAbsent(step.eventId(), k -> new ArrayList<>(1)).add(new Step(event, step, time));
    interactions++;
  }

  /**
   * Stores an outcome: with a literal index it belongs to the step of that id, otherwise (no index, or a numeric one)
   * it is episodic and counts for every step of the batch (SPEC §7.1, §11 item 12, kept for equal results).
   *
   * @param event a joined event whose payload is an {@link OutcomeEvent}
   */
  void addOutcome(JoinedEvent event) {
    OutcomeEvent o = (OutcomeEvent) event.event().payload();
    String step = o.literalIndex();
    if (step != null) {
      stepOutcomes.computeIfAbsent(step, k -> new ArrayList<>(1)).add(event);
    } else {
      episodic.add(event);
    }
  }

  /** The number of step interactions stored. */
  int interactions() {
    return interactions;
  }

  /**
   * Emits nothing: an outcome of the batch could not be read, so no reward of the batch is known (episodic outcomes
   * count for every step, and the suffix transform mixes the steps' rewards). Reports each stored step interaction.
   *
   * @return the number of step interactions skipped
   */
  int invalidate(long offset, DiagnosticListener listener) {
    for (Map.Entry<String, List<Step>> e : steps.entrySet()) {
      for (Step s : e.getValue()) {
        listener.report(new Diagnostic(DiagnosticReason.MALFORMED_OUTCOME, offset, s.event().id(), "step '"
            + e.getKey() + "' is not emitted: an observation of its batch could not be read, so the batch's rewards "
            + "are unknown"));
      }
    }
    return interactions;
  }

  /**
   * Orders the steps, computes the rewards of the batch and hands each emitted step to {@code sink} in output order.
   *
   * @param config the settings in force: reward function, default reward
   * @param how the multistep transform
   * @param offset the message's byte offset, for diagnostics
   * @return the number of step interactions not emitted, each reported once
   */
  int emit(CheckpointInfo config, MultistepReward how, long offset, DiagnosticListener listener,
      Consumer<JoinResult> sink) {
    List<StepOrder.Node> nodes = new ArrayList<>(steps.size());
    for (Map.Entry<String, List<Step>> e : steps.entrySet()) {
      // The first stored interaction of a step id decides its place (SPEC §7.2).
      Step first = e.getValue().get(0);
      nodes.add(new StepOrder.Node(e.getKey(), first.payload().previousId(), first.time().epochSecond()));
    }
    StepOrder.Result order = StepOrder.of(nodes);
    int skipped = 0;
    for (StepOrder.Orphan orphan : order.orphans()) {
      // No reward slot: the orphan is not in the order, so it feeds no suffix (SPEC §7.2).
      for (Step s : steps.get(orphan.id())) {
        listener.report(new Diagnostic(DiagnosticReason.ORPHAN_STEP, offset, s.event().id(), "step '" + orphan.id()
            + "' is never emitted, as in VW: " + orphan.why()));
        skipped++;
      }
    }
    reportUnmatchedOutcomes(offset, listener);

    List<String> ids = order.order();
    float[] rewards = MultistepRewards.perStep(ids, stepOutcomes, episodic, config.rewardFunction(),
        config.defaultReward());
    MultistepRewards.transform(rewards, how);
    for (int k = 0; k < rewards.length; k++) {
      String id = ids.get(k);
      List<Step> copies = steps.get(id);
      if (copies.size() > 1) {
        // Not emitted, but its reward slot already fed the suffix (SPEC §7.4).
        for (Step s : copies) {
          listener.report(new Diagnostic(DiagnosticReason.DUPLICATE_STEP, offset, s.event().id(), "step '" + id
              + "' has " + copies.size() + " interactions in this batch; as in VW, none is emitted"));
        }
        skipped += copies.size();
        continue;
      }
      Step s = copies.get(0);
      if (!JsonSyntax.isObject(s.payload().context())) {
        // VW parses the context here, even when converting, and aborts the whole run on a parse error (SPEC §7.4,
        // §11 item 11). The slot stays, so the steps before it get the rewards VW wrote before aborting.
        listener.report(new Diagnostic(DiagnosticReason.INVALID_CONTEXT, offset, s.event().id(), "step '" + id
            + "': the context is not one JSON object; the step is skipped"));
        skipped++;
        continue;
      }
      if (s.payload().actionIds().isEmpty()) {
        // VW would read actions[0] (SPEC §11 item 5, as for CB).
        listener.report(new Diagnostic(DiagnosticReason.EMPTY_ACTIONS, offset, s.event().id(), "step '" + id
            + "' has no action ids; the step is skipped"));
        skipped++;
        continue;
      }
      sink.accept(result(s, rewards[k]));
    }
    return skipped;
  }

  /**
   * The joined event of a step (SPEC §7.4): outcomes are the step's own then the episodic ones; the original reward is
   * never computed, so it is 0 and DSJSON's {@code _original_label_cost} is {@code -0.0}.
   */
  private JoinResult result(Step s, float reward) {
    List<JoinedEvent> own = stepOutcomes.getOrDefault(s.payload().eventId(), List.of());
    List<JoinedEvent> outcomes = new ArrayList<>(own.size() + episodic.size());
    outcomes.addAll(own);
    outcomes.addAll(episodic);
    boolean learnable = !s.payload().deferredAction() || activated(outcomes);
    return new JoinResult(s.event(), s.time(), outcomes, List.of(), List.of(reward), List.of(0f), learnable);
  }

  /** Whether an outcome activates a deferred step: any {@code action_taken}, of the step or episodic (SPEC §6.6). */
  private static boolean activated(List<JoinedEvent> outcomes) {
    for (JoinedEvent e : outcomes) {
      if (((OutcomeEvent) e.event().payload()).actionTaken()) {
        return true;
      }
    }
    return false;
  }

  /** Per-step outcomes whose literal names no step of the batch are ignored, as in VW (SPEC §7.4); said once per id. */
  private void reportUnmatchedOutcomes(long offset, DiagnosticListener listener) {
    for (Map.Entry<String, List<JoinedEvent>> e : stepOutcomes.entrySet()) {
      if (!steps.containsKey(e.getKey())) {
        listener.report(new Diagnostic(DiagnosticReason.NO_INTERACTION, offset, e.getValue().get(0).id(),
            e.getValue().size() + " outcome(s) for step '" + e.getKey() + "' match no step of the batch and are "
            + "ignored"));
      }
    }
  }
}
