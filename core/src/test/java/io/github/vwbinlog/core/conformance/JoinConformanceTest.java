package io.github.vwbinlog.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.MultistepReward;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The joining-level cases of the conformance corpus (SPEC §3–§9), run in place from {@code ../shared/conformance}:
 * byte-exact DSJSON against VW's test expectations and VW's own converter, rewards, produced examples, and metrics.
 * Multistep cases run with the multistep joiner and, where the case says so, a sticky multistep reward.
 */
class JoinConformanceTest {

  /** What vw-binlog writes for an input: the converter with the case's configuration, diagnostics ignored. */
  static byte[] convert(Corpus.Case c) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DsjsonConverter.of(options(c)).convert(c.input(), out);
    return out.toByteArray();
  }

  static JoinOptions options(Corpus.Case c) {
    JoinOptions options = JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    Map<String, @Nullable Object> config = Json.object(c.json().get("config"));
    if (Boolean.TRUE.equals(config.get("multistep"))) {
      options = options.with(JoinFeature.MULTISTEP);
      Object reward = config.get("multistep_reward");
      if (reward != null) {
        options = options.withMultistepReward(MultistepReward.parse((String) reward));
      }
    }
    return options;
  }

  static List<JoinResult> join(Corpus.Case c) throws IOException {
    List<JoinResult> results = new ArrayList<>();
    try (Joiner joiner = Joiner.open(c.input(), options(c))) {
      joiner.forEach(results::add);
    }
    return results;
  }

  static JoinSummary summary(Corpus.Case c) throws IOException {
    return DsjsonConverter.of(options(c)).convert(c.input(), ByteArrayOutputStream.nullOutputStream());
  }

  @TestFactory
  Stream<DynamicTest> dsjsonExact() {
    return Corpus.cases("dsjson_exact").stream().map(c -> DynamicTest.dynamicTest(
        c.id(), () -> {
          Map<String, @Nullable Object> expect = c.expect();
          byte[] expected = Files.readAllBytes(Corpus.resolve((String) expect.get("file")));
          assertThat(new String(convert(c), StandardCharsets.UTF_8))
              .isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }));
  }

  @TestFactory
  Stream<DynamicTest> dsjsonReference() {
    return Corpus.cases("dsjson_reference").stream().map(c -> DynamicTest.dynamicTest(
        c.id(), () -> {
          byte[] expected = Files.readAllBytes(Corpus.resolve((String) c.expect().get("file")));
          assertThat(new String(convert(c), StandardCharsets.UTF_8))
              .isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }));
  }

  /** The final rewards VW learns with, read off the one joined event each case produces. */
  @TestFactory
  Stream<DynamicTest> rewards() {
    return Corpus.cases("rewards").stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> checkRewards(c)));
  }

  /** A case of kind {@code rewards}, on its input (the joiner's tests give it their own). */
  static void checkRewards(Corpus.Case c) throws IOException {
    List<JoinResult> results = join(c);
    assertThat(results).hasSize(1);
    List<Float> expected = new ArrayList<>();
    for (Object r : Json.array(c.expect().get("rewards"))) {
      expected.add(((Number) r).floatValue());
    }
    assertThat(results.get(0).rewards()).isEqualTo(expected);
  }

  /** The examples VW's reader produces: joined events it would learn from, and their labels. */
  @TestFactory
  Stream<DynamicTest> examples() {
    return Corpus.cases("examples").stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> checkExamples(c)));
  }

  /** A case of kind {@code examples}, on its input (the joiner's tests give it their own). */
  static void checkExamples(Corpus.Case c) throws IOException {
    List<JoinResult> learned = join(c).stream().filter(JoinConformanceTest::learned).toList();
    Map<String, @Nullable Object> expect = c.expect();
    if (expect.get("multi_examples") != null) {
      assertThat(learned).hasSize(((Number) expect.get("multi_examples")).intValue());
    } else {
      assertThat(learned).hasSizeGreaterThanOrEqualTo(((Number) expect.get("multi_examples_at_least")).intValue());
    }
    int position = 0;
    for (Object item : Json.array(expect.getOrDefault("sequence", List.of()))) {
      Map<String, @Nullable Object> step = Json.object(item);
      Object index = step.get("index");
      JoinResult r = learned.get(index == null ? position : ((Number) index).intValue() - 1);
      position++;
      if (step.get("shared_namespace") instanceof String namespace) {
        assertThat(sharedNamespace(r)).as("shared namespace").isEqualTo(namespace);
      }
      Object label = step.get("label");
      if (label != null) {
        checkLabel(Json.object(label), r);
      }
    }
    Map<String, @Nullable Object> byNamespace = Json.object(expect.getOrDefault("by_shared_namespace", Map.of()));
    for (Map.Entry<String, @Nullable Object> e : byNamespace.entrySet()) {
      List<JoinResult> matching = learned.stream().filter(r -> e.getKey().equals(sharedNamespace(r))).toList();
      assertThat(matching).as("examples with shared namespace " + e.getKey()).hasSize(1);
      checkLabel(Json.object(Json.object(e.getValue()).get("label")), matching.get(0));
    }
    for (Object namespace : Json.array(expect.getOrDefault("not_produced_shared_namespaces", List.of()))) {
      assertThat(learned).as("no example with shared namespace " + namespace)
          .noneMatch(r -> namespace.equals(sharedNamespace(r)));
    }
  }

  /**
   * VW's shared namespace of a decision: the first letter of the first key of its context (the corpus's contexts
   * start with {@code {"A": ...}}); null when the context does not start that way.
   */
  static @Nullable String sharedNamespace(JoinResult r) {
    ByteBuffer context;
    EventPayload p = r.interaction().event().payload();
    if (p instanceof MultiStepEvent step) {
      context = step.context();
    } else if (p instanceof CbEvent cb) {
      context = cb.context();
    } else {
      return null;
    }
    String text = StandardCharsets.UTF_8.decode(context).toString().stripLeading();
    if (!text.startsWith("{")) {
      return null;
    }
    text = text.substring(1).stripLeading();
    return text.length() > 1 && text.charAt(0) == '"' ? text.substring(1, 2) : null;
  }

  /** The joining-level facts of the parse_error cases: how many examples a full parse still produces. */
  @TestFactory
  Stream<DynamicTest> parseErrorsJoined() {
    return Corpus.cases("parse_error").stream()
        .filter(c -> c.expect().get("produced_multi_examples") != null)
        .map(c -> DynamicTest.dynamicTest(c.id() + " [joined]", () -> {
          List<JoinResult> learned = join(c).stream().filter(JoinConformanceTest::learned).toList();
          assertThat(learned).hasSize(((Number) c.expect().get("produced_multi_examples")).intValue());
          int position = 0;
          for (Object item : Json.array(c.expect().getOrDefault("sequence", List.of()))) {
            Map<String, @Nullable Object> step = Json.object(item);
            Object label = step.get("label");
            if (label != null) {
              checkLabel(Json.object(label), learned.get(position));
            }
            position++;
          }
        }));
  }

  /**
   * VW trains the same model from the binary log and from a DSJSON file: the learnable joined events vw-binlog reads
   * from the binary log carry the labels of the DSJSON file's learnable lines, in order.
   */
  @TestFactory
  Stream<DynamicTest> semanticPairs() {
    return Corpus.cases("semantic_pair").stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
      List<JoinResult> learned = join(c).stream().filter(JoinConformanceTest::learned).toList();
      List<Map<String, @Nullable Object>> labels = Json.array(c.expect().get("labels")).stream()
          .map(Json::object)
          .filter(l -> !Boolean.TRUE.equals(l.get("_skipLearn")))
          .toList();
      assertThat(learned).hasSize(labels.size());
      for (int i = 0; i < labels.size(); i++) {
        Map<String, @Nullable Object> label = labels.get(i);
        JoinResult r = learned.get(i);
        assertThat(r.id()).as("line %d EventId", i + 1).isEqualTo(label.get("EventId"));
        Object cost = label.get("_label_cost");
        List<Float> expected = new ArrayList<>();
        if (cost instanceof List<?> perSlot) {
          perSlot.forEach(v -> expected.add(-((Number) v).floatValue()));
        } else {
          expected.add(-((Number) cost).floatValue());
        }
        assertThat(r.rewards()).as("line %d rewards", i + 1).hasSize(expected.size());
        for (int k = 0; k < expected.size(); k++) {
          assertThat(r.rewards().get(k)).as("line %d reward %d", i + 1, k)
              .isCloseTo(expected.get(k), org.assertj.core.data.Offset.offset(1e-5f));
        }
        if (label.get("_label_Action") instanceof Number action && r.interaction().event().payload() instanceof CbEvent cb) {
          assertThat(cb.actionIds().get(0)).as("line %d action", i + 1).isEqualTo(action.longValue());
        }
        if (label.get("slot_actions") instanceof List<?> slotActions
            && r.interaction().event().payload() instanceof MultiSlotEvent multi) {
          for (int k = 0; k < slotActions.size(); k++) {
            List<Long> actions = Json.array(slotActions.get(k)).stream().map(a -> ((Number) a).longValue()).toList();
            assertThat(multi.slots().get(k).actionIds()).as("line %d slot %d actions", i + 1, k).isEqualTo(actions);
          }
        }
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> metrics() {
    return Corpus.cases("metrics").stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
      JoinSummary summary = summary(c);
      Map<String, @Nullable Object> expect = c.expect();
      List<@Nullable Object> parserLevel = Json.array(expect.get("parser_level_metrics"));
      Map<String, Object> actual = metricsByName(summary);
      for (String group : List.of("int", "float", "string")) {
        for (Map.Entry<String, @Nullable Object> e : Json.object(expect.get(group)).entrySet()) {
          if (!parserLevel.contains(e.getKey()) || !actual.containsKey(e.getKey())) {
            continue;
          }
          Object value = actual.get(e.getKey());
          if (value instanceof String) {
            assertThat(value).as(e.getKey()).isEqualTo(e.getValue());
          } else {
            double want = ((Number) e.getValue()).doubleValue();
            assertThat(((Number) value).doubleValue()).as(e.getKey())
                .isCloseTo(want, org.assertj.core.data.Offset.offset(Math.abs(want) * 1e-6));
          }
        }
      }
    }));
  }

  private static Map<String, Object> metricsByName(JoinSummary s) {
    var m = s.metrics();
    return Map.ofEntries(
        Map.entry("number_skipped_events", m.numberSkippedEvents()),
        Map.entry("dsjson_sum_cost_original", m.dsjsonSumCostOriginal()),
        Map.entry("first_event_id", m.firstEventId()),
        Map.entry("first_event_time", m.firstEventTime()),
        Map.entry("last_event_id", m.lastEventId()),
        Map.entry("last_event_time", m.lastEventTime()),
        Map.entry("number_events_zero_actions", m.numberEventsZeroActions()),
        Map.entry("line_parse_error", 0),
        Map.entry("dsjson_sum_cost_original_baseline", m.dsjsonSumCostOriginalBaseline()),
        Map.entry("dsjson_sum_cost_original_first_slot", m.dsjsonSumCostOriginalFirstSlot()),
        Map.entry("dsjson_number_label_equal_baseline_first_slot", m.dsjsonNumberLabelEqualBaselineFirstSlot()),
        Map.entry("dsjson_sum_cost_original_label_equal_baseline_first_slot",
            m.dsjsonSumCostOriginalLabelEqualBaselineFirstSlot()),
        Map.entry("dsjson_number_label_not_equal_baseline_first_slot",
            m.dsjsonNumberLabelNotEqualBaselineFirstSlot()));
  }

  /**
   * Whether VW's learner takes this joined event (SPEC §8.8): learnable, and for CB with actions, probabilities and a
   * pdrop in [0, 1); for CA with a number for action and pdf value.
   */
  static boolean learned(JoinResult r) {
    if (!r.learnable()) {
      return false;
    }
    EventPayload p = r.interaction().event().payload();
    if (p instanceof CbEvent cb) {
      float pdrop = r.pdrop();
      return !cb.actionIds().isEmpty() && !cb.probabilities().isEmpty() && pdrop >= 0f && pdrop < 1f;
    }
    if (p instanceof CaEvent ca) {
      return !Float.isNaN(ca.action()) && !Float.isNaN(ca.pdfValue());
    }
    // A multistep step is learned when learnable: VW ignores a failure to label it (SPEC §7.4).
    return true;
  }

  private static void checkLabel(Map<String, @Nullable Object> label, JoinResult r) {
    if (label.get("cost") instanceof Number cost) {
      assertThat((double) -r.reward()).as("cost").isCloseTo(cost.doubleValue(),
          org.assertj.core.data.Offset.offset(1e-5));
    }
    if (label.get("action") instanceof Number action && r.interaction().event().payload() instanceof CbEvent cb) {
      assertThat(cb.actionIds().get(0)).as("action").isEqualTo(action.longValue());
    }
    if (label.get("labeled_example_index") instanceof Number index
        && r.interaction().event().payload() instanceof MultiStepEvent step) {
      // VW labels example actions[0] of the step, example 0 being the shared one (SPEC §8.8).
      assertThat(step.actionIds().get(0)).as("labeled example index").isEqualTo(index.longValue());
    }
    if (label.get("probability") instanceof Number p) {
      assertThat((double) r.probability()).as("probability").isCloseTo(p.doubleValue(),
          org.assertj.core.data.Offset.offset(1e-6));
    }
    if (label.get("weight") instanceof Number w) {
      assertThat((double) r.weight()).as("weight").isEqualTo(w.doubleValue());
    }
    if (label.get("slots") instanceof List<?> slots
        && r.interaction().event().payload() instanceof MultiSlotEvent multi) {
      for (int i = 0; i < slots.size(); i++) {
        Map<String, @Nullable Object> slot = Json.object(slots.get(i));
        assertThat(multi.slots().get(i).actionIds().get(0)).isEqualTo(((Number) slot.get("first_action")).longValue());
        assertThat((double) -r.rewards().get(i)).isEqualTo(((Number) slot.get("cost")).doubleValue());
      }
    }
  }
}
