package io.github.vwbinlog.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The CCB (first-slot, multi-slot) and slates (pseudo-inverse) estimates against the VowpalWabbit/estimators package,
 * to 1e-9 relative, for the policies logged, baseline1 and uniform, on 60 CCB decisions of one to three slots (with
 * pdrop 0, 0.25, 0.5 and 0.75) and 40 slates decisions of one to three slots.
 *
 * <p>REFERENCE was printed by {@code python3 tools/estimators_slots_reference.py PATH/TO/estimators/src} (the package
 * at its GitHub HEAD of 2026-11-25, numpy 2.4, scipy 1.17), which builds the same decisions: change both together.
 * {@code nan} is where the package's Clopper-Pearson impression interval is undefined (a slot's pdrop-aware count
 * above the number of decisions): vw-binlog says null there.
 */
class SlotEstimatorsReferenceTest {

  private static final String REFERENCE = """
      ccb logged ips first value 0.5
      ccb logged snips first value 0.5
      ccb logged cressieread first value 0.5000000000000011
      ccb logged gaussian first interval 0.34505124192385983 0.6549487580761406
      ccb logged clopper_pearson first interval 0.31672466018541956 0.6832753398145808
      ccb logged cressieread first interval 0.36666480342318253 0.6333351965768175
      ccb logged multislot s0 value 0.5000000000000011
      ccb logged multislot s0 interval nan 0.6333351965768175
      ccb logged multislot s1 value 0.3333333333333333
      ccb logged multislot s1 interval nan 0.6636813256188013
      ccb logged multislot s2 value 0.1666666666666668
      ccb logged multislot s2 interval 0.14999426696278806 0.5915419284300782
      ccb logged multislot - value 0.5
      ccb logged multislot - interval 0.4059336816682991 0.594066318331701
      slates logged pseudo_inverse - value 0.5
      slates logged pseudo_inverse - interval 0.38903888962773814 0.6109611103722619
      ccb baseline1 ips first value 0.4751587301587301
      ccb baseline1 snips first value 0.5761162432640492
      ccb baseline1 cressieread first value 0.5627777777777778
      ccb baseline1 gaussian first interval 0.05014575865107157 0.4060066223013094
      ccb baseline1 clopper_pearson first interval 0.05935565916970871 0.5044811421315021
      ccb baseline1 cressieread first interval 0.050546712901275104 0.9701256617922727
      ccb baseline1 multislot s0 value 0.5627777777777778
      ccb baseline1 multislot s0 interval nan 0.9701256617922727
      ccb baseline1 multislot s1 value 0.29361558777220653
      ccb baseline1 multislot s1 interval nan 1
      ccb baseline1 multislot s2 value 0.2335723304473304
      ccb baseline1 multislot s2 interval 0.0 0.8068598778705396
      ccb baseline1 multislot - value 0.5124507883363347
      ccb baseline1 multislot - interval 0.12391606314911183 0.8841186333026296
      slates baseline1 pseudo_inverse - value 0.8299404761904763
      slates baseline1 pseudo_inverse - interval 0.12943574140893965 1.530445210972013
      ccb uniform ips first value 0.36926587301587294
      ccb uniform snips first value 0.4853186606863461
      ccb uniform cressieread first value 0.48882936507936514
      ccb uniform gaussian first interval 0.22532687445923216 0.4547556652233078
      ccb uniform clopper_pearson first interval 0.1260806922778141 0.6165140591246333
      ccb uniform cressieread first interval 0.22558537562688596 0.7780917938752133
      ccb uniform multislot s0 value 0.48882936507936514
      ccb uniform multislot s0 interval nan 0.7780917938752133
      ccb uniform multislot s1 value 0.337089947089947
      ccb uniform multislot s1 interval nan 0.8355790352898471
      ccb uniform multislot s2 value 0.16696649029982363
      ccb uniform multislot s2 interval 0.07226440344997904 0.6947501354323895
      ccb uniform multislot - value 0.4964429012345679
      ccb uniform multislot - interval 0.2569264349303082 0.7416635207226242
      slates uniform pseudo_inverse - value 0.6461011904761904
      slates uniform pseudo_inverse - interval 0.35999124719565884 0.932211133756722
      """;

  private static final List<Policy> POLICIES = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());

  /** A slot choosing {@code chosen} among {@code actions} actions (chosen first) with logged probability p. */
  private static SlotEvent slot(@Nullable String id, long chosen, int actions, float p) {
    List<Long> ids = new ArrayList<>();
    List<Float> probabilities = new ArrayList<>();
    ids.add(chosen);
    probabilities.add(p);
    for (long a = 0; ids.size() < actions; a++) {
      if (a != chosen) {
        ids.add(a);
        probabilities.add((1 - p) / (actions - 1));
      }
    }
    return SlotEvent.of(id, ids, probabilities);
  }

  private static JoinResult decision(String id, PayloadType type, List<SlotEvent> slots, List<Float> rewards,
      float pass) {
    TimeStamp t = TimeStamp.of(2024, 1, 1, 0, 0, 0);
    Event event = new Event(Metadata.of(id, type).withPassProbability(pass), MultiSlotEvent.of("{}", slots));
    return new JoinResult(JoinedEvent.of(t, event), t, List.of(), List.of(), rewards, rewards, true);
  }

  /** The decisions of the script's {@code ccb_decisions()}. */
  static List<JoinResult> ccb() {
    List<JoinResult> out = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      int slots = 1 + i % 3;
      List<SlotEvent> s = new ArrayList<>();
      List<Float> rewards = new ArrayList<>();
      for (int k = 0; k < slots; k++) {
        s.add(slot("s" + k, (i * 7 + k) % 4, 4 - k, (1 + (i + 2 * k) % 7) / 8f));
        rewards.add(((i * 3 + k) % 5) / 4f);
      }
      out.add(decision("ccb-" + i, PayloadType.CCB, s, rewards, 1 - (i % 4) / 4f));
    }
    return out;
  }

  /** The decisions of the script's {@code slates_decisions()}. */
  static List<JoinResult> slates() {
    List<JoinResult> out = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      int slots = 1 + i % 3;
      List<SlotEvent> s = new ArrayList<>();
      for (int k = 0; k < slots; k++) {
        s.add(slot(null, (i + k) % (2 + k), 2 + k, (1 + (i + k) % 7) / 8f));
      }
      out.add(decision("slates-" + i, PayloadType.SLATES, s, List.of((i % 5) / 4f), 1f));
    }
    return out;
  }

  @Test
  void agreesWithTheEstimatorsPackage() {
    PolicyEvaluation evaluation = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
    ccb().forEach(evaluation::add);
    slates().forEach(evaluation::add);
    assertThat(evaluation.evaluated()).isEqualTo(100);

    int compared = 0;
    for (String line : REFERENCE.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      String policy = f[1];
      Estimator estimator = java.util.Arrays.stream(Estimator.values()).filter(x -> x.id().equals(f[2])).findFirst()
          .orElseThrow();
      String slot = f[3].equals("-") ? null : f[3];
      Estimate e = evaluation.estimates().stream()
          .filter(x -> x.policy().equals(policy) && x.estimator() == estimator && java.util.Objects.equals(x.slot(),
              slot))
          .findFirst().orElseThrow(() -> new AssertionError("no estimate for " + line));
      if (f[4].equals("value")) {
        check(e.value(), f[5], line);
      } else {
        check(e.low(), f[5], line);
        check(e.high(), f[6], line);
      }
      compared++;
    }
    assertThat(compared).isEqualTo(3 * (6 + 8 + 2));
  }

  @Test
  void partsMergedInOrderGiveTheWhole() {
    List<JoinResult> all = new ArrayList<>(ccb());
    all.addAll(slates());
    PolicyEvaluation whole = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
    all.forEach(whole::add);
    for (int cut : new int[] {1, 17, 59, 60, 61, 99}) {
      PolicyEvaluation first = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
      PolicyEvaluation second = PolicyEvaluation.of(EvaluationOptions.defaults(), POLICIES);
      all.subList(0, cut).forEach(first::add);
      all.subList(cut, all.size()).forEach(second::add);
      first.merge(second);
      List<Estimate> merged = first.estimates();
      List<Estimate> expected = whole.estimates();
      assertThat(merged).hasSameSizeAs(expected);
      for (int i = 0; i < expected.size(); i++) {
        Estimate a = merged.get(i);
        Estimate b = expected.get(i);
        assertThat(List.of(a.policy(), a.estimator(), String.valueOf(a.slot()), a.events()))
            .as("cut %d, estimate %d", cut, i).isEqualTo(List.of(b.policy(), b.estimator(), String.valueOf(b.slot()),
                b.events()));
        close(a.value(), b.value());
        close(a.low(), b.low());
        close(a.high(), b.high());
      }
    }
  }

  private static void close(@Nullable Double a, @Nullable Double b) {
    if (b == null || b.isInfinite()) {
      assertThat(a).isEqualTo(b);
    } else {
      assertThat(a).isCloseTo(b, within(1e-12 * Math.max(1, Math.abs(b))));
    }
  }

  private static void check(@Nullable Double actual, String expected, String line) {
    if (expected.equals("nan") || expected.equals("None")) {
      assertThat(actual).as(line).isNull();
      return;
    }
    double e = Double.parseDouble(expected);
    assertThat(actual).as(line).isNotNull();
    assertThat(actual).as(line).isCloseTo(e, within(1e-9 * Math.max(Math.abs(e), 1e-300)));
  }
}
