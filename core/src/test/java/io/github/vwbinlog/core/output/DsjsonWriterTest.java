package io.github.vwbinlog.core.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.text.DoubleFormatter;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * DsjsonWriter against SPEC §8.2 to §8.4 and the byte-exact examples of §8.7, with vw-binlog's output guarantees
 * (§0 item 3, §11 item 17). Each §8.7 example rebuilds the joined event from the content of VW's expected line and
 * compares the whole line, final newline included, with the bytes of the expected file.
 */
class DsjsonWriterTest {

  static final String CB_CONTEXT = "{\"GUser\":{\"id\":\"a\",\"major\":\"eng\",\"hobby\":\"hiking\"},"
      + "\"_multi\":[{\"TAction\":{\"a1\":\"f1\"}},{\"TAction\":{\"a2\":\"f2\"}}]}";
  static final String CA_CONTEXT = "{\"RobotJoint1\":{\"friction\":78}}";
  static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  static final String T_TEXT = "\"Timestamp\":\"2021-04-13T15:08:46.000000Z\"";

  private final DsjsonWriter writer = new DsjsonWriter();

  // ------------------------------------------------------------------------------------------------ builders

  static Path conformance(String path) {
    return Corpus.root().resolve(path);
  }

  static List<String> expectedLines(String path) throws IOException {
    String text = Files.readString(conformance(path), StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    if (text.isEmpty()) {
      return lines;
    }
    assertThat(text).endsWith("\n");
    for (String l : text.split("\n", -1)) {
      lines.add(l + "\n");
    }
    lines.remove(lines.size() - 1); // after the last '\n'
    return lines;
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static JoinedEvent event(TimeStamp t, Metadata meta, EventPayload payload) {
    return JoinedEvent.of(t, new Event(meta, payload));
  }

  static JoinedEvent outcome(String id, OutcomeEvent o) {
    return event(T, Metadata.of(id, PayloadType.OUTCOME), o);
  }

  static JoinResult result(JoinedEvent interaction, List<JoinedEvent> outcomes, float reward, float original,
      boolean learnable) {
    return new JoinResult(interaction, interaction.timestamp(), outcomes, List.of(), List.of(reward),
        List.of(original), learnable);
  }

  static JoinResult cb(String id, CbEvent cb, float pass, List<JoinedEvent> outcomes, float reward) {
    return result(event(T, Metadata.of(id, PayloadType.CB).withPassProbability(pass), cb), outcomes, reward, reward,
        true);
  }

  static JoinResult ccb(String id, MultiSlotEvent decision, List<List<JoinedEvent>> slotOutcomes,
      List<Float> rewards, boolean learnable) {
    JoinedEvent interaction = event(T, Metadata.of(id, PayloadType.CCB), decision);
    List<JoinedEvent> all = slotOutcomes.stream().flatMap(List::stream).toList();
    return new JoinResult(interaction, T, all, slotOutcomes, rewards, rewards, learnable);
  }

  static JoinResult slates(String id, MultiSlotEvent decision, List<JoinedEvent> outcomes, float reward,
      boolean learnable) {
    return result(event(T, Metadata.of(id, PayloadType.SLATES), decision), outcomes, reward, reward, learnable);
  }

  static JoinResult ca(String id, CaEvent decision, float reward, boolean learnable) {
    return result(event(T, Metadata.of(id, PayloadType.CA), decision), List.of(), reward, reward, learnable);
  }

  static CbEvent simpleCb() {
    return CbEvent.of(List.of(1L, 2L), List.of(0.90000004f, 0.1f), CB_CONTEXT);
  }

  static MultiSlotEvent twoSlots(String context) {
    return MultiSlotEvent.of(context, List.of(SlotEvent.of("s0", List.of(0L, 1L), List.of(1f, 0f)),
        SlotEvent.of("s1", List.of(1L), List.of(1f))));
  }

  /** Writes a line and returns it as text; fails if the writer rejects it. */
  String line(JoinResult r) {
    JsonBytes out = new JsonBytes();
    DsjsonWriter.Rejection rejection = writer.write(r, out);
    assertThat(rejection).as("rejection").isNull();
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  /** Writes a line that must be rejected: checks that the buffer is untouched, and returns why. */
  DsjsonWriter.Rejection rejected(JoinResult r) {
    JsonBytes out = new JsonBytes();
    out.ascii("previous line\n");
    byte[] before = out.toByteArray();
    DsjsonWriter.Rejection rejection = writer.write(r, out);
    assertThat(rejection).as("rejection").isNotNull();
    assertThat(out.toByteArray()).as("buffer after a rejection").isEqualTo(before);
    return rejection;
  }

  // ------------------------------------------------------------------------------------- §8.7 worked examples

  @Nested
  class WorkedExamples {

    @Test
    void cbSimple() throws IOException {
      // convert_binary_to_dsjson (cb_simple.log): outcome 1.5, pass probability 1.
      TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
      JoinResult r = result(event(t, Metadata.of("91f71c8", PayloadType.CB), simpleCb()),
          List.of(outcome("91f71c8", OutcomeEvent.numeric(1.5f))), 1.5f, 1.5f, true);
      assertThat(line(r)).isEqualTo(expectedLines("expected/convert_binary_to_dsjson.dsjson").get(0));
    }

    @Test
    void cbDeferredWithoutActivationSkipsLearning() throws IOException {
      TimeStamp t = TimeStamp.of(2021, 5, 21, 18, 54, 38);
      JoinResult r = result(event(t, Metadata.of("91f71c8", PayloadType.CB), simpleCb().withDeferredAction(true)),
          List.of(outcome("91f71c8", OutcomeEvent.numeric(1.5f))), 1.5f, 1.5f, false);
      assertThat(line(r)).isEqualTo(expectedLines("expected/convert_inactive_event_without_activation.dsjson").get(0));
    }

    @Test
    void cbActivationOnlyHasNoValueAndZeroCost() throws IOException {
      TimeStamp t = TimeStamp.of(2021, 6, 4, 17, 40, 13);
      JoinResult r = result(event(t, Metadata.of("91f71c8", PayloadType.CB), simpleCb().withDeferredAction(true)),
          List.of(outcome("91f71c8", OutcomeEvent.activation())), 0f, 0f, true);
      assertThat(line(r)).isEqualTo(expectedLines("expected/convert_inactive_event_with_activation.dsjson").get(0));
    }

    @Test
    void cbWithPassProbabilityHalfWritesPdrop() throws IOException {
      CbEvent decision = CbEvent.of(List.of(2L, 1L), List.of(0.5f, 0.5f),
          "{\"_multi\":[{\"a1\":\"f1\"},{\"a2\":\"f2\"}]}").withModelId("model");
      JoinResult r = result(event(TimeStamp.of(2021, 1, 1, 0, 0, 0),
              Metadata.of("id", PayloadType.CB).withPassProbability(0.5f), decision),
          List.of(outcome("id", OutcomeEvent.numeric(1f))), 1f, 1f, true);
      String expected = expectedLines("reference/valid_joined_logs/cb_joined_with_pdrop_05.fb.dsjson").get(0);
      assertThat(expected).contains("\"_label_probability\":0.25,").contains("\"pdrop\":0.5,");
      assertThat(line(r)).isEqualTo(expected);
    }

    @Test
    void ccbWithNumericIndex() throws IOException {
      String context = "{\"GUser\":{\"id\":\"a\",\"major\":\"eng\",\"hobby\":\"hiking\"},"
          + "\"_multi\":[{\"TAction\":{\"a1\":\"f1\"}},{\"TAction\":{\"a2\":\"f2\"}}],"
          + "\"_slots\":[{\"Slot\":{\"a1\":\"f1\"}},{\"Slot\":{\"a1\":\"f1\"}}]}";
      MultiSlotEvent decision = MultiSlotEvent.of(context, List.of(
          SlotEvent.of("4a3de951-e9e6-487b-8891-547c9a3fb2480", List.of(0L, 1L), List.of(1f, 0f)),
          SlotEvent.of("4f064c85-a04b-4f3f-bc0e-43aef8ad96530", List.of(1L), List.of(1f))));
      TimeStamp t = TimeStamp.of(2021, 6, 9, 12, 8, 0);
      JoinedEvent o = outcome("91f71c8", OutcomeEvent.numeric(1.5f).withIndex(1));
      JoinResult r = new JoinResult(event(t, Metadata.of("91f71c8", PayloadType.CCB), decision), t, List.of(o),
          List.of(List.of(), List.of(o)), List.of(0f, 1.5f), List.of(0f, 1.5f), true);
      assertThat(line(r)).isEqualTo(expectedLines("expected/ccb_payload_with_slot_index.dsjson").get(0));
    }

    @Test
    void ccbWithSlotIds() {
      // SPEC §8.7 (ccb_w_slot_id.log); the corpus has no converter output for this file, so the line is the spec's.
      String expected = "{\"Timestamp\":\"2021-08-06T18:29:49.000000Z\",\"Version\":\"1\",\"EventId\":\"91f71c8\","
          + "\"c\":{\"GUser\":{\"id\":\"a\",\"major\":\"eng\",\"hobby\":\"hiking\"},\"_multi\":[{\"TAction\":{\"a1\":"
          + "\"f1\"}},{\"TAction\":{\"a2\":\"f2\"}}],\"_slots\":[{\"Slot\":{\"a1\":\"f1\"}, \"_id\": \"slot_0\"},"
          + "{\"Slot\":{\"a1\":\"f1\"}, \"_id\":\"slot_1\"}]},\"_outcomes\":[{\"_label_cost\":-1.5,\"_id\":\"slot_0\","
          + "\"_a\":[0,1],\"_p\":[1.0,0.0],\"_o\":[{\"v\":1.5,\"EventId\":\"91f71c8\",\"Index\":\"slot_0\","
          + "\"ActionTaken\":false}],\"_original_label_cost\":-1.5},{\"_label_cost\":-1.5,\"_id\":\"slot_1\","
          + "\"_a\":[1],\"_p\":[1.0],\"_o\":[{\"v\":1.5,\"EventId\":\"91f71c8\",\"Index\":\"slot_1\","
          + "\"ActionTaken\":false}],\"_original_label_cost\":-1.5}],\"VWState\":{\"m\":\"N/A\"}}\n";
      String context = "{\"GUser\":{\"id\":\"a\",\"major\":\"eng\",\"hobby\":\"hiking\"},"
          + "\"_multi\":[{\"TAction\":{\"a1\":\"f1\"}},{\"TAction\":{\"a2\":\"f2\"}}],"
          + "\"_slots\":[{\"Slot\":{\"a1\":\"f1\"}, \"_id\": \"slot_0\"},"
          + "{\"Slot\":{\"a1\":\"f1\"}, \"_id\":\"slot_1\"}]}";
      MultiSlotEvent decision = MultiSlotEvent.of(context, List.of(
          SlotEvent.of("slot_0", List.of(0L, 1L), List.of(1f, 0f)), SlotEvent.of("slot_1", List.of(1L), List.of(1f))));
      TimeStamp t = TimeStamp.of(2021, 8, 6, 18, 29, 49);
      JoinedEvent o0 = outcome("91f71c8", OutcomeEvent.numeric(1.5f).withSlotId("slot_0"));
      JoinedEvent o1 = outcome("91f71c8", OutcomeEvent.numeric(1.5f).withSlotId("slot_1"));
      JoinResult r = new JoinResult(event(t, Metadata.of("91f71c8", PayloadType.CCB), decision), t, List.of(o0, o1),
          List.of(List.of(o0), List.of(o1)), List.of(1.5f, 1.5f), List.of(1.5f, 1.5f), true);
      assertThat(line(r)).isEqualTo(expected);
    }

    @Test
    void slatesSimple() throws IOException {
      String context = "{\"GUser\":{\"id\":\"a\",\"major\":\"eng\",\"hobby\":\"hiking\"},\"_multi\":["
          + "{\"TAction\":{\"a1\":\"f1\"},\"_slot_id\":0},{\"TAction\":{\"a2\":\"f2\"},\"_slot_id\":0},"
          + "{\"TAction\":{\"a3\":\"f3\"},\"_slot_id\":1},{\"TAction\":{\"a4\":\"f4\"},\"_slot_id\":1},"
          + "{\"TAction\":{\"a5\":\"f5\"},\"_slot_id\":1}],\"_slots\":[{\"Slot\":{\"a1\":\"f1\"}},"
          + "{\"Slot\":{\"a2\":\"f2\"}}]}";
      MultiSlotEvent decision = MultiSlotEvent.of(context, List.of(
          SlotEvent.of(null, List.of(0L, 1L), List.of(1f, 0f)),
          SlotEvent.of(null, List.of(0L, 1L, 2L), List.of(1f, 0f, 0f))));
      TimeStamp t = TimeStamp.of(2021, 8, 20, 22, 7, 29);
      JoinResult r = result(event(t, Metadata.of("abcdefghijklm", PayloadType.SLATES), decision),
          List.of(outcome("abcdefghijklm", OutcomeEvent.numeric(1.5f))), 1.5f, 1.5f, true);
      assertThat(line(r)).isEqualTo(expectedLines("reference/valid_joined_logs/slates_simple.log.dsjson").get(0));
    }

    @Test
    void caLoopSimpleAllThreeLines() throws IOException {
      TimeStamp t = TimeStamp.of(2021, 8, 24, 14, 38, 15);
      float[][] actionAndPdf = {{1.0148716f, 0.00050505053f}, {12.464624f, 0.47550505f}, {12.439586f, 0.47550505f}};
      String[] ids = {"91f71c8", "75d50657", "e28a9ae6"};
      List<String> expected = expectedLines("expected/ca_loop_simple.dsjson");
      assertThat(expected).hasSize(3);
      for (int i = 0; i < 3; i++) {
        CaEvent decision = CaEvent.of(actionAndPdf[i][0], actionAndPdf[i][1], CA_CONTEXT);
        JoinResult r = result(event(t, Metadata.of(ids[i], PayloadType.CA), decision), List.of(), 1.5f, 1.5f, true);
        assertThat(line(r)).as("line %d", i + 1).isEqualTo(expected.get(i));
      }
    }

    @Test
    void caDeferredWithoutActivationEndsWithSkipLearn() throws IOException {
      TimeStamp t = TimeStamp.of(2021, 8, 9, 20, 57, 5);
      CaEvent decision = CaEvent.of(1.0148716f, 0.00050505053f, CA_CONTEXT).withDeferredAction(true);
      JoinResult r = result(event(t, Metadata.of("91f71c8", PayloadType.CA), decision), List.of(), 1.5f, 1.5f, false);
      String expected = expectedLines("expected/ca_deferred_action_without_activation.dsjson").get(0);
      assertThat(expected).endsWith(",\"VWState\":{\"m\":\"N/A\"},\"_skipLearn\":true}\n");
      assertThat(line(r)).isEqualTo(expected);
    }

    @Test
    void multistepTwoEpisodes() throws IOException {
      // convert_binary_to_dsjson_multistep: steps "1" and "2" of ep1 (rewards 1, 0) and of ep2 (3, 3).
      List<String> expected = expectedLines("expected/convert_binary_to_dsjson_multistep.dsjson");
      String[] episodes = {"ep1", "ep1", "ep2", "ep2"};
      String[] steps = {"1", "2", "1", "2"};
      String[] features = {"A", "B", "C", "D"};
      float[] rewards = {1f, 0f, 3f, 3f};
      float[] outcomeValues = {2f, Float.NaN, 3f, 3f}; // NaN: step "2" of ep1 has no outcome
      for (int i = 0; i < 4; i++) {
        String context = "{\"" + features[i] + "\": {\"f\": 1}, \"_multi\":[{\"a1\":\"f1\"},{\"a2\":\"f2\"}]}";
        MultiStepEvent step = new MultiStepEvent(steps[i], null, List.of(1L, 2L), ByteBuffer.wrap(bytes(context)),
            List.of(0.5f, 0.5f), "model", false);
        JoinedEvent interaction = event(TimeStamp.of(2021, 1, 1, 0, 0, 0),
            Metadata.of(episodes[i], PayloadType.MULTI_STEP), step);
        List<JoinedEvent> outcomes = Float.isNaN(outcomeValues[i])
            ? List.of() : List.of(outcome(episodes[i], OutcomeEvent.numeric(outcomeValues[i])));
        // The multistep joiner never computes an original reward: it stays 0 and prints as -0.0 (SPEC §7.4).
        JoinResult r = result(interaction, outcomes, rewards[i], 0f, true);
        assertThat(line(r)).as("line %d", i + 1).isEqualTo(expected.get(i));
      }
    }

    @Test
    void multistepDeferredStepSkipsLearning() throws IOException {
      // Line 2 of convert_binary_to_dsjson_multistep_deferred: a deferred step with no activation and no outcome.
      String expected = expectedLines("expected/convert_binary_to_dsjson_multistep_deferred.dsjson").get(1);
      MultiStepEvent step = new MultiStepEvent("2", "1", List.of(1L, 2L),
          ByteBuffer.wrap(bytes("{\"B\": {\"f\": 1}, \"_multi\":[{\"a1\":\"f1\"},{\"a2\":\"f2\"}]}")),
          List.of(0.5f, 0.5f), "model", true);
      JoinResult r = result(event(TimeStamp.of(2021, 1, 1, 0, 0, 0), Metadata.of("ep1", PayloadType.MULTI_STEP), step),
          List.of(), 0f, 0f, false);
      assertThat(line(r)).isEqualTo(expected);
    }
  }

  // ------------------------------------------------------------------------------------ §8.4 corners, unit by unit

  @Nested
  class Corners {

    @Test
    void negativeBaselineActionsWrapToUnsigned() {
      MultiSlotEvent decision = twoSlots("{}").withBaselineActions(List.of(-1, 0, Integer.MIN_VALUE));
      String line = line(ccb("id", decision, List.of(), List.of(0f, 0f), true));
      assertThat(line).contains("}],\"_ba\":[4294967295,0,2147483648],\"VWState\":{\"m\":\"N/A\"}}\n");
    }

    @Test
    void emptyBaselineWritesNoBaselineKey() {
      assertThat(line(ccb("id", twoSlots("{}"), List.of(), List.of(0f, 0f), true))).doesNotContain("_ba");
    }

    @Test
    void actionZeroGivesLabelIndexOfMaxU32() {
      CbEvent decision = CbEvent.of(List.of(0L, 1L), List.of(0.5f, 0.5f), "{}");
      assertThat(line(cb("id", decision, 1f, List.of(), 0f)))
          .contains("\"_label_Action\":0,\"_labelIndex\":4294967295,\"o\":[]")
          .contains("\"a\":[0,1]");
    }

    @Test
    void actionIdsKeepTheirLow32Bits() {
      CbEvent decision = CbEvent.of(List.of(0x1_0000_0002L, 0xFFFF_FFFFL), List.of(0.5f, 0.5f), "{}");
      assertThat(line(cb("id", decision, 1f, List.of(), 0f)))
          .contains("\"_label_Action\":2,\"_labelIndex\":1,")
          .contains("\"a\":[2,4294967295]");
    }

    @Test
    void emptyProbabilitiesGiveLabelProbabilityZero() {
      CbEvent decision = CbEvent.of(List.of(3L), List.of(), "{}");
      assertThat(line(cb("id", decision, 1f, List.of(), 0f)))
          .startsWith("{\"_label_cost\":-0.0,\"_label_probability\":0.0,\"_label_Action\":3,\"_labelIndex\":2,")
          .contains(",\"p\":[],");
    }

    @Test
    void labelProbabilityIsFirstProbabilityTimesPassProbabilityInBinary32() {
      CbEvent decision = CbEvent.of(List.of(1L), List.of(0.3f), "{}");
      // 0.3f * 0.7f rounded to binary32, not the double product 0.21000000834465027...
      assertThat(line(cb("id", decision, 0.7f, List.of(), 0f)))
          .contains("\"_label_probability\":" + DoubleFormatter.toString(0.3f * 0.7f) + ",")
          .contains(",\"VWState\":{\"m\":\"N/A\"},\"pdrop\":" + DoubleFormatter.toString(1f - 0.7f)
              + ",\"_original_label_cost\":-0.0}\n");
    }

    @Test
    void passProbabilityZeroWritesPdropOne() {
      CbEvent decision = CbEvent.of(List.of(1L), List.of(0.5f), "{}");
      assertThat(line(cb("id", decision, 0f, List.of(), 0f)))
          .contains("\"_label_probability\":0.0,")
          .contains(",\"pdrop\":1.0,");
    }

    @Test
    void zeroRewardsPrintAsNegativeZeroAndNegativeRewardsAsPositiveCosts() {
      CbEvent decision = CbEvent.of(List.of(1L), List.of(1f), "{}");
      JoinResult r = result(event(T, Metadata.of("id", PayloadType.CB), decision), List.of(), -2.5f, 0f, true);
      assertThat(line(r)).startsWith("{\"_label_cost\":2.5,").endsWith(",\"_original_label_cost\":-0.0}\n");
    }

    @Test
    void literalAndValuelessOutcomesPrintValueZero() {
      OutcomeEvent valueless = new OutcomeEvent(OutcomeEvent.Kind.NONE, 0f, null, OutcomeEvent.Kind.NONE, 0, null,
          false);
      JoinResult r = cb("id", CbEvent.of(List.of(1L), List.of(1f), "{}"), 1f,
          List.of(outcome("id", OutcomeEvent.literal("clicked")), outcome("id", valueless)), 0f);
      assertThat(line(r)).contains("\"o\":[{\"v\":0.0,\"EventId\":\"id\",\"ActionTaken\":false},"
          + "{\"v\":0.0,\"EventId\":\"id\",\"ActionTaken\":false}],");
    }

    @Test
    void activationWithAValueWritesNoValue() {
      JoinResult r = cb("id", CbEvent.of(List.of(1L), List.of(1f), "{}"), 1f,
          List.of(outcome("id", OutcomeEvent.numeric(4f).withActionTaken(true))), 0f);
      assertThat(line(r)).contains("\"o\":[{\"EventId\":\"id\",\"ActionTaken\":true}],");
    }

    @Test
    void outcomeEventIdIsTheOutcomesOwn() {
      JoinResult r = cb("id", CbEvent.of(List.of(1L), List.of(1f), "{}"), 1f,
          List.of(outcome("other\0id", OutcomeEvent.numeric(1f))), 1f);
      // Written with its full length, NUL escaped.
      assertThat(line(r)).contains("{\"v\":1.0,\"EventId\":\"other\\u0000id\",\"ActionTaken\":false}");
    }

    @Test
    void newlinesInTheContextBecomeSpacesAndCarriageReturnsStay() {
      byte[] context = bytes("{\"a\":\r\n1,\n\"b\":[\n]}\n");
      CbEvent decision = new CbEvent(false, List.of(1L), ByteBuffer.wrap(context), List.of(1f), "N/A",
          LearningMode.ONLINE);
      byte[] line = bytes(line(cb("id", decision, 1f, List.of(), 0f)));
      byte[] expected = bytes(",\"c\":{\"a\":\r 1, \"b\":[ ]} ,\"p\":[1.0],");
      assertThat(indexOf(line, expected)).as("context as written").isPositive();
      assertThat(count(line, (byte) '\n')).as("newlines in the line").isEqualTo(1);
      assertThat(line[line.length - 1]).isEqualTo((byte) '\n');
    }

    @Test
    void aRawNewlineInsideAContextStringIsWrittenAsASpace() {
      // Invalid JSON as stored, but the line as written (and as VW writes it) is valid: it is not rejected.
      JoinResult r = cb("id", CbEvent.of(List.of(1L), List.of(1f), "{\"a\":\"x\ny\"}"), 1f, List.of(), 0f);
      assertThat(line(r)).contains(",\"c\":{\"a\":\"x y\"},\"p\":");
    }

    @Test
    void contextBytesAreCopiedVerbatim() {
      // UTF-8, a tab, a solidus, DEL and an escape sequence are copied as they are (raw value, SPEC §8.2). Invalid
      // UTF-8 is not copied: contextThatIsNotUtf8.
      byte[] context = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0xA9, '/', 0x7F, '\\', 'n', '"', ',', '\t', '"', 'b',
          '"', ':', '1', '}'};
      CbEvent decision = new CbEvent(false, List.of(1L), ByteBuffer.wrap(context), List.of(1f), "N/A",
          LearningMode.ONLINE);
      JsonBytes out = new JsonBytes();
      assertThat(writer.write(cb("id", decision, 1f, List.of(), 0f), out)).isNull();
      byte[] expected = new byte[context.length + 6];
      System.arraycopy(bytes(",\"c\":"), 0, expected, 0, 5);
      System.arraycopy(context, 0, expected, 5, context.length);
      expected[expected.length - 1] = ',';
      assertThat(indexOf(out.toByteArray(), expected)).isPositive();
    }

    @Test
    void contextReadDoesNotMoveTheRecordsBuffer() {
      CbEvent decision = simpleCb();
      JoinResult r = cb("id", decision, 1f, List.of(), 0f);
      String first = line(r);
      assertThat(line(r)).isEqualTo(first);
    }

    @Test
    void nulInEventIdIsCutForCcbAndSlatesButNotForCbAndCa() {
      String id = "ab\0cd";
      assertThat(line(ccb(id, twoSlots("{}"), List.of(), List.of(0f, 0f), true)))
          .contains(",\"EventId\":\"ab\",\"c\":")
          .doesNotContain("\\u0000");
      assertThat(line(slates(id, twoSlots("{}"), List.of(), 0f, true))).contains(",\"EventId\":\"ab\",\"_label_cost\"");
      assertThat(line(cb(id, CbEvent.of(List.of(1L), List.of(1f), "{}"), 1f, List.of(), 0f)))
          .contains(",\"EventId\":\"ab\\u0000cd\",\"a\":");
      assertThat(line(ca(id, CaEvent.of(1f, 1f, "{}"), 0f, true))).contains(",\"EventId\":\"ab\\u0000cd\",\"c\":");
    }

    @Test
    void idStartingWithNulIsNonEmptySoCcbWritesAnEmptyEventId() {
      // VW tests the std::string for emptiness, then writes it as a C string.
      assertThat(line(ccb("\0x", twoSlots("{}"), List.of(), List.of(0f, 0f), true)))
          .contains("\"Version\":\"1\",\"EventId\":\"\",\"c\":");
    }

    @Test
    void modelIdIsCutAtNulInEveryType() {
      String model = "mo\0del";
      String expected = ",\"VWState\":{\"m\":\"mo\"}";
      assertThat(line(cb("id", CbEvent.of(List.of(1L), List.of(1f), "{}").withModelId(model), 1f, List.of(), 0f)))
          .contains(expected);
      assertThat(line(ccb("id", twoSlots("{}").withModelId(model), List.of(), List.of(0f, 0f), true)))
          .contains(expected);
      assertThat(line(slates("id", twoSlots("{}").withModelId(model), List.of(), 0f, true))).contains(expected);
      CaEvent caDecision = new CaEvent(false, 1f, ByteBuffer.wrap(bytes("{}")), 1f, model, LearningMode.ONLINE);
      assertThat(line(ca("id", caDecision, 0f, true))).contains(expected);
      MultiStepEvent step = new MultiStepEvent("s", null, List.of(1L), ByteBuffer.wrap(bytes("{}")), List.of(1f),
          model, false);
      JoinResult r = result(event(T, Metadata.of("ep", PayloadType.MULTI_STEP), step), List.of(), 0f, 0f, true);
      assertThat(line(r)).contains(expected);
    }

    @Test
    void emptyEventIdIsOmittedForCcbAndSlatesAndWrittenForCbAndCa() {
      assertThat(line(ccb("", twoSlots("{}"), List.of(), List.of(0f, 0f), true)))
          .startsWith("{" + T_TEXT + ",\"Version\":\"1\",\"c\":{},\"_outcomes\":[")
          .doesNotContain("\"EventId\"");
      assertThat(line(slates("", twoSlots("{}"), List.of(), 0f, true)))
          .startsWith("{" + T_TEXT + ",\"Version\":\"1\",\"_label_cost\":-0.0,\"o\":[],");
      assertThat(line(cb("", CbEvent.of(List.of(1L), List.of(1f), "{}"), 1f, List.of(), 0f)))
          .contains("\"Version\":\"1\",\"EventId\":\"\",\"a\":[1],");
      assertThat(line(ca("", CaEvent.of(1f, 1f, "{}"), 0f, true)))
          .contains("\"Version\":\"1\",\"EventId\":\"\",\"c\":");
    }

    @Test
    void ccbSlotWithoutIdUsesTheEventId() {
      MultiSlotEvent decision = MultiSlotEvent.of("{}", List.of(SlotEvent.of(null, List.of(1L), List.of(1f)),
          SlotEvent.of("", List.of(0L), List.of(1f))));
      assertThat(line(ccb("evt", decision, List.of(), List.of(0f, 0f), true)))
          .contains("{\"_label_cost\":-0.0,\"_id\":\"evt\",\"_a\":[1],")
          // an empty but present slot id is kept
          .contains("{\"_label_cost\":-0.0,\"_id\":\"\",\"_a\":[0],");
    }

    @Test
    void ccbFullLineWithSkipLearnAfterTimestampMixedIndexesAndActivation() {
      JoinedEvent byPosition = outcome("evt", OutcomeEvent.numeric(2f).withIndex(0));
      JoinedEvent bySlotId = outcome("evt", OutcomeEvent.literal("x").withSlotId("s0"));
      JoinedEvent activation = outcome("evt", OutcomeEvent.activation().withIndex(1));
      JoinResult r = ccb("evt", twoSlots("{\"x\":1}"), List.of(List.of(byPosition, bySlotId), List.of(activation)),
          List.of(2f, -0.5f), false);
      assertThat(line(r)).isEqualTo("{" + T_TEXT + ",\"_skipLearn\":true,\"Version\":\"1\",\"EventId\":\"evt\","
          + "\"c\":{\"x\":1},\"_outcomes\":["
          + "{\"_label_cost\":-2.0,\"_id\":\"s0\",\"_a\":[0,1],\"_p\":[1.0,0.0],\"_o\":["
          + "{\"v\":2.0,\"EventId\":\"evt\",\"Index\":\"0\",\"ActionTaken\":false},"
          + "{\"v\":0.0,\"EventId\":\"evt\",\"Index\":\"s0\",\"ActionTaken\":false}],\"_original_label_cost\":-2.0},"
          + "{\"_label_cost\":0.5,\"_id\":\"s1\",\"_a\":[1],\"_p\":[1.0],\"_o\":["
          + "{\"EventId\":\"evt\",\"Index\":\"1\",\"ActionTaken\":true}],\"_original_label_cost\":0.5}],"
          + "\"VWState\":{\"m\":\"N/A\"}}\n");
    }

    @Test
    void ccbWithoutOutcomeListsForSomeSlotsWritesNoOutcomeKey() {
      JoinedEvent o = outcome("evt", OutcomeEvent.numeric(1f).withIndex(0));
      // slotOutcomes shorter than the slots, and an empty list: both mean "no _o".
      String one = line(ccb("evt", twoSlots("{}"), List.of(List.of(o)), List.of(1f, 0f), true));
      String two = line(ccb("evt", twoSlots("{}"), List.of(List.of(o), List.of()), List.of(1f, 0f), true));
      assertThat(one).isEqualTo(two);
      assertThat(count(bytes(one), bytes("\"_o\""))).isEqualTo(1);
    }

    @Test
    void ccbNegativeNumericIndexIsWrittenAsSignedDecimal() {
      JoinedEvent o = outcome("evt", OutcomeEvent.numeric(1f).withIndex(-2));
      assertThat(line(ccb("evt", twoSlots("{}"), List.of(List.of(o)), List.of(1f, 0f), true)))
          .contains("\"Index\":\"-2\"");
      JoinedEvent min = outcome("evt", OutcomeEvent.numeric(1f).withIndex(Integer.MIN_VALUE));
      assertThat(line(ccb("evt", twoSlots("{}"), List.of(List.of(min)), List.of(1f, 0f), true)))
          .contains("\"Index\":\"-2147483648\"");
    }

    @Test
    void ccbPdropFollowsTheModel() {
      JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.CCB).withPassProbability(0.25f),
          twoSlots("{}"));
      JoinResult r = new JoinResult(interaction, T, List.of(), List.of(), List.of(0f, 0f), List.of(0f, 0f), true);
      assertThat(line(r)).endsWith("}],\"VWState\":{\"m\":\"N/A\"},\"pdrop\":0.75}\n");
    }

    @Test
    void slatesFullLineWithPdropAndSkipLearnAtTheEnd() {
      JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.SLATES).withPassProbability(0.5f),
          twoSlots("{}").withDeferredAction(true));
      JoinResult r = result(interaction, List.of(outcome("evt", OutcomeEvent.numeric(3f))), 3f, 7f, false);
      // No _label_probability and no _original_label_cost: the original reward is not written for slates.
      assertThat(line(r)).isEqualTo("{" + T_TEXT + ",\"Version\":\"1\",\"EventId\":\"evt\",\"_label_cost\":-3.0,"
          + "\"o\":[{\"v\":3.0,\"EventId\":\"evt\",\"ActionTaken\":false}],"
          + "\"_outcomes\":[{\"_a\":[0,1],\"_p\":[1.0,0.0]},{\"_a\":[1],\"_p\":[1.0]}],\"c\":{},"
          + "\"VWState\":{\"m\":\"N/A\"},\"pdrop\":0.5,\"_skipLearn\":true}\n");
    }

    @Test
    void caFullLineWithPdropAndSkipLearnAtTheEnd() {
      JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.CA).withPassProbability(0.5f),
          CaEvent.of(-0.0f, 0.25f, "{}").withDeferredAction(true));
      JoinResult r = result(interaction, List.of(outcome("evt", OutcomeEvent.numeric(3f))), 3f, 3f, false);
      assertThat(line(r)).isEqualTo("{\"_label_ca\":{\"cost\":-3.0,\"pdf_value\":0.25,\"action\":-0.0},"
          + T_TEXT + ",\"Version\":\"1\",\"EventId\":\"evt\",\"c\":{},\"VWState\":{\"m\":\"N/A\"},\"pdrop\":0.5,"
          + "\"_skipLearn\":true}\n");
    }

    @Test
    void cbSkipLearnFollowsLabelIndexAndPdropPrecedesOriginalCost() {
      JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.CB).withPassProbability(0.5f),
          CbEvent.of(List.of(2L, 1L), List.of(0.5f, 0.5f), "{}").withDeferredAction(true));
      JoinResult r = result(interaction, List.of(), 0f, 0f, false);
      assertThat(line(r)).isEqualTo("{\"_label_cost\":-0.0,\"_label_probability\":0.25,\"_label_Action\":2,"
          + "\"_labelIndex\":1,\"_skipLearn\":true,\"o\":[]," + T_TEXT + ",\"Version\":\"1\",\"EventId\":\"evt\","
          + "\"a\":[2,1],\"c\":{},\"p\":[0.5,0.5],\"VWState\":{\"m\":\"N/A\"},\"pdrop\":0.5,"
          + "\"_original_label_cost\":-0.0}\n");
    }

    @Test
    void stringsAreEscapedPerRapidJson() {
      CbEvent decision = CbEvent.of(List.of(1L), List.of(1f), "{}").withModelId("m\"\\/\u00e9\t\u0001");
      assertThat(line(cb("i\"d\n", decision, 1f, List.of(), 0f)))
          .contains("\"EventId\":\"i\\\"d\\n\"")
          .contains("\"VWState\":{\"m\":\"m\\\"\\\\/\u00e9\\t\\u0001\"}");
    }

    @Test
    void timestampsChangeFromLineToLine() {
      CbEvent decision = CbEvent.of(List.of(1L), List.of(1f), "{}");
      TimeStamp[] times = {T, T, TimeStamp.of(2020, 13, 1, 0, 0, 0), TimeStamp.of(1999, 12, 31, 23, 59, 59), T};
      String[] texts = {"2021-04-13T15:08:46", "2021-04-13T15:08:46", "2021-01-01T00:00:00", "1999-12-31T23:59:59",
          "2021-04-13T15:08:46"};
      for (int i = 0; i < times.length; i++) {
        JoinResult r = result(event(times[i], Metadata.of("id", PayloadType.CB), decision), List.of(), 0f, 0f, true);
        assertThat(line(r)).as("line %d", i).contains("\"Timestamp\":\"" + texts[i] + ".000000Z\"");
      }
    }

    @Test
    void appendsToWhatTheBufferHolds() {
      JsonBytes out = new JsonBytes(4);
      out.ascii("x\n");
      JoinResult r = cb("id", simpleCb(), 1f, List.of(), 0f);
      assertThat(writer.write(r, out)).isNull();
      assertThat(writer.write(r, out)).isNull();
      String one = line(r);
      assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("x\n" + one + one);
    }
  }

  // --------------------------------------------------------------------------- §0 item 3: no invalid line written

  @Nested
  class Rejections {

    @Test
    void nanRewardInEachType() {
      assertNonFinite(cb("id", simpleCb(), 1f, List.of(), Float.NaN), "_label_cost (final reward) is NaN");
      assertNonFinite(ccb("id", twoSlots("{}"), List.of(), List.of(0f, Float.NaN), true),
          "_outcomes[1]._label_cost (final reward) is NaN");
      assertNonFinite(slates("id", twoSlots("{}"), List.of(), Float.NaN, true), "_label_cost (final reward) is NaN");
      assertNonFinite(ca("id", CaEvent.of(1f, 1f, "{}"), Float.NaN, true), "_label_ca.cost (final reward) is NaN");
    }

    @Test
    void infiniteOriginalReward() {
      JoinResult r = result(event(T, Metadata.of("id", PayloadType.CB), simpleCb()), List.of(), 1f,
          Float.POSITIVE_INFINITY, true);
      assertNonFinite(r, "_original_label_cost (original reward) is -Infinity");
      JoinedEvent interaction = event(T, Metadata.of("id", PayloadType.CCB), twoSlots("{}"));
      JoinResult c = new JoinResult(interaction, T, List.of(), List.of(), List.of(0f, 0f),
          List.of(Float.NEGATIVE_INFINITY, 0f), true);
      assertNonFinite(c, "_outcomes[0]._original_label_cost (original reward) is Infinity");
    }

    @Test
    void infiniteProbabilities() {
      CbEvent decision = CbEvent.of(List.of(1L, 2L), List.of(0.5f, Float.POSITIVE_INFINITY), "{}");
      assertNonFinite(cb("id", decision, 1f, List.of(), 0f), "p[1] (probability) is Infinity");
      CbEvent first = CbEvent.of(List.of(1L, 2L), List.of(Float.NEGATIVE_INFINITY, 0.5f), "{}");
      assertNonFinite(cb("id", first, 1f, List.of(), 0f),
          "_label_probability (p[0] * pass probability) is -Infinity");
      MultiSlotEvent slots = MultiSlotEvent.of("{}", List.of(SlotEvent.of("a", List.of(1L), List.of(1f)),
          SlotEvent.of("b", List.of(1L, 2L), List.of(0.5f, Float.NaN))));
      assertNonFinite(ccb("id", slots, List.of(), List.of(0f, 0f), true), "_outcomes[1]._p[1] (probability) is NaN");
      assertNonFinite(slates("id", slots, List.of(), 0f, true), "_outcomes[1]._p[1] (probability) is NaN");
    }

    @Test
    void nanOutcomeValues() {
      JoinedEvent bad = outcome("id", OutcomeEvent.numeric(Float.NaN));
      JoinedEvent good = outcome("id", OutcomeEvent.numeric(1f));
      assertNonFinite(cb("id", simpleCb(), 1f, List.of(good, bad), 1f), "o[1].v (outcome value) is NaN");
      assertNonFinite(slates("id", twoSlots("{}"), List.of(bad), 1f, true), "o[0].v (outcome value) is NaN");
      JoinedEvent badSlot = outcome("id", OutcomeEvent.numeric(Float.NaN).withIndex(1));
      assertNonFinite(ccb("id", twoSlots("{}"), List.of(List.of(), List.of(good, badSlot)), List.of(0f, 1f), true),
          "_outcomes[1]._o[1].v (outcome value) is NaN");
    }

    @Test
    void nonFiniteValuesThatAreNotWrittenDoNotReject() {
      // An activation's value is not written; a CCB outcome mapped to no slot appears nowhere.
      JoinedEvent activation = outcome("id", OutcomeEvent.numeric(Float.NaN).withActionTaken(true));
      assertThat(line(cb("id", simpleCb(), 1f, List.of(activation), 0f)))
          .contains("\"o\":[{\"EventId\":\"id\",\"ActionTaken\":true}]");
      JoinedEvent unmapped = outcome("id", OutcomeEvent.numeric(Float.NaN));
      JoinedEvent interaction = event(T, Metadata.of("id", PayloadType.CCB), twoSlots("{}"));
      JoinResult r = new JoinResult(interaction, T, List.of(unmapped), List.of(), List.of(0f, 0f), List.of(0f, 0f),
          true);
      assertThat(line(r)).doesNotContain("\"_o\"");
    }

    @Test
    void caActionAndPdfValue() {
      assertNonFinite(ca("id", CaEvent.of(Float.NaN, 1f, "{}"), 0f, true), "_label_ca.action is NaN");
      assertNonFinite(ca("id", CaEvent.of(1f, Float.POSITIVE_INFINITY, "{}"), 0f, true),
          "_label_ca.pdf_value is Infinity");
    }

    @Test
    void nanPassProbabilityGivesNanPdrop() {
      JoinedEvent interaction = event(T, Metadata.of("id", PayloadType.CA).withPassProbability(Float.NaN),
          CaEvent.of(1f, 1f, "{}"));
      assertNonFinite(result(interaction, List.of(), 0f, 0f, true), "pdrop (1 - pass probability) is NaN");
      JoinedEvent slates = event(T, Metadata.of("id", PayloadType.SLATES)
          .withPassProbability(Float.NEGATIVE_INFINITY), twoSlots("{}"));
      assertNonFinite(result(slates, List.of(), 0f, 0f, true), "pdrop (1 - pass probability) is Infinity");
      // For CB the label probability comes first in the line.
      JoinedEvent cbEvent = event(T, Metadata.of("id", PayloadType.CB).withPassProbability(Float.NaN), simpleCb());
      assertNonFinite(result(cbEvent, List.of(), 0f, 0f, true),
          "_label_probability (p[0] * pass probability) is NaN");
    }

    @Test
    void emptyContext() {
      assertInvalidContext(cb("id", CbEvent.of(List.of(1L), List.of(1f), ""), 1f, List.of(), 0f),
          "the context is empty");
      assertInvalidContext(ca("id", CaEvent.of(1f, 1f, ""), 0f, true), "the context is empty");
    }

    @Test
    void contextThatIsAnArray() {
      assertInvalidContext(cb("id", CbEvent.of(List.of(1L), List.of(1f), "[1]"), 1f, List.of(), 0f),
          "the context is not one JSON object");
      assertInvalidContext(ccb("id", twoSlots("[1]"), List.of(), List.of(0f, 0f), true),
          "the context is not one JSON object");
    }

    @Test
    void contextThatIsNotClosed() {
      assertInvalidContext(slates("id", twoSlots("{"), List.of(), 0f, true), "the context is not one JSON object");
      assertInvalidContext(ca("id", CaEvent.of(1f, 1f, "{\"a\":1}{}"), 0f, true),
          "the context is not one JSON object");
    }

    @Test
    void contextWithNul() {
      assertInvalidContext(cb("id", CbEvent.of(List.of(1L), List.of(1f), "{\"a\":\"\0\"}"), 1f, List.of(), 0f),
          "the context holds a NUL byte at index 6");
      assertInvalidContext(ccb("id", twoSlots("{}\0"), List.of(), List.of(0f, 0f), true),
          "the context holds a NUL byte at index 2");
    }

    @Test
    void contextThatIsNotUtf8() {
      byte[] context = {'{', '"', 'R', '"', ':', '{', '"', (byte) 0xE6, 'r', 'i', '"', ':', '7', '8', '}', '}'};
      CbEvent decision = new CbEvent(false, List.of(1L), ByteBuffer.wrap(context), List.of(1f), "N/A",
          LearningMode.ONLINE);
      DsjsonWriter.Rejection r = rejected(cb("id", decision, 1f, List.of(), 0f));
      assertThat(r.reason()).isEqualTo(DiagnosticReason.INVALID_UTF8);
      assertThat(r.message()).isEqualTo("the context is not valid UTF-8 at byte 7");
    }

    @Test
    void cbWithoutActions() {
      DsjsonWriter.Rejection r = rejected(cb("id", CbEvent.of(List.of(), List.of(), "{}"), 1f, List.of(), 0f));
      assertThat(r.reason()).isEqualTo(DiagnosticReason.EMPTY_ACTIONS);
    }

    @Test
    void multistepRejectionNamesTheStepAndTheEpisode() {
      MultiStepEvent step = new MultiStepEvent("s2", "s1", List.of(1L), ByteBuffer.wrap(bytes("{")), List.of(1f),
          "N/A", false);
      JoinResult r = result(event(T, Metadata.of("ep", PayloadType.MULTI_STEP), step), List.of(), 0f, 0f, true);
      DsjsonWriter.Rejection rejection = rejected(r);
      assertThat(rejection).isEqualTo(new DsjsonWriter.Rejection(DiagnosticReason.INVALID_CONTEXT, "ep",
          "step s2: the context is not one JSON object"));
    }

    @Test
    void theFirstProblemInLineOrderIsReported() {
      CbEvent decision = CbEvent.of(List.of(1L, 2L), List.of(1f, Float.NaN), "[]");
      assertNonFinite(cb("id", decision, 1f, List.of(), Float.NaN), "_label_cost (final reward) is NaN");
      // "c" comes before "p".
      assertInvalidContext(cb("id", decision, 1f, List.of(), 0f), "the context is not one JSON object");
    }

    @Test
    void theWriterIsUsableAfterARejection() {
      JoinResult good = cb("id", simpleCb(), 1f, List.of(), 1f);
      String expected = line(good);
      rejected(cb("id", simpleCb(), 1f, List.of(), Float.NaN));
      assertThat(line(good)).isEqualTo(expected);
    }

    @Test
    void rejectionBecomesADiagnostic() {
      DsjsonWriter.Rejection r = rejected(cb("evt", simpleCb(), 1f, List.of(), Float.NaN));
      Diagnostic d = r.toDiagnostic(4096);
      assertThat(d.reason()).isEqualTo(DiagnosticReason.NON_FINITE_NUMBER);
      assertThat(d.offset()).isEqualTo(4096);
      assertThat(d.eventId()).isEqualTo("evt");
      assertThat(d.message()).isEqualTo("_label_cost (final reward) is NaN");
    }

    @Test
    void malformedJoinResultsAreCallerBugs() {
      JoinedEvent interaction = event(T, Metadata.of("id", PayloadType.CCB), twoSlots("{}"));
      JoinResult tooFewRewards = new JoinResult(interaction, T, List.of(), List.of(), List.of(0f), List.of(0f), true);
      assertThatThrownBy(() -> writer.write(tooFewRewards, new JsonBytes()))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 slots but 1 rewards");
      JoinedEvent notADecision = outcome("id", OutcomeEvent.numeric(1f));
      assertThatThrownBy(() -> writer.write(result(notADecision, List.of(), 0f, 0f, true), new JsonBytes()))
          .isInstanceOf(IllegalArgumentException.class);
      JoinedEvent multiSlotAsCb = event(T, new Metadata("id", null, null, PayloadType.CB, 1f, EventEncoding.IDENTITY),
          twoSlots("{}"));
      assertThatThrownBy(() -> writer.write(result(multiSlotAsCb, List.of(), 0f, 0f, true), new JsonBytes()))
          .isInstanceOf(IllegalArgumentException.class);
    }

    private void assertNonFinite(JoinResult r, String message) {
      DsjsonWriter.Rejection rejection = rejected(r);
      assertThat(rejection.reason()).isEqualTo(DiagnosticReason.NON_FINITE_NUMBER);
      assertThat(rejection.eventId()).isEqualTo(r.id());
      assertThat(rejection.message()).isEqualTo(message);
    }

    private void assertInvalidContext(JoinResult r, String message) {
      DsjsonWriter.Rejection rejection = rejected(r);
      assertThat(rejection.reason()).isEqualTo(DiagnosticReason.INVALID_CONTEXT);
      assertThat(rejection.message()).isEqualTo(message);
    }
  }

  // ------------------------------------------------------------------------------------------------ byte helpers

  static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static int count(byte[] haystack, byte b) {
    int n = 0;
    for (byte x : haystack) {
      n += x == b ? 1 : 0;
    }
    return n;
  }

  static int count(byte[] haystack, byte[] needle) {
    int n = 0;
    for (int from = 0; ; ) {
      byte[] rest = java.util.Arrays.copyOfRange(haystack, from, haystack.length);
      int at = indexOf(rest, needle);
      if (at < 0) {
        return n;
      }
      n++;
      from += at + 1;
    }
  }
}
