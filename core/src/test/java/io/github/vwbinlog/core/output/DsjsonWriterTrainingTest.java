package io.github.vwbinlog.core.output;

import static io.github.vwbinlog.core.output.DsjsonWriterTest.T;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.bytes;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.ca;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.cb;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.event;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.outcome;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.result;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.simpleCb;
import static io.github.vwbinlog.core.output.DsjsonWriterTest.twoSlots;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.text.DoubleFormatter;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The writer's two opt-in features: lines for training (what VW's binary-parser learner learns, docs/JOINING.md), and
 * copying contexts that are not UTF-8 as VW does. Each line is compared with the default writer's line for the same
 * event, so only the intended differences can pass.
 */
class DsjsonWriterTrainingTest {

  private final DsjsonWriter standard = new DsjsonWriter();
  private final DsjsonWriter training = new DsjsonWriter(true, false);
  private final DsjsonWriter copying = new DsjsonWriter(false, true);

  private static @Nullable String write(DsjsonWriter writer, JoinResult r) {
    JsonBytes out = new JsonBytes();
    return writer.write(r, out) == null ? new String(out.toByteArray(), StandardCharsets.UTF_8) : null;
  }

  private DiagnosticReason rejectedForTraining(JoinResult r) {
    JsonBytes out = new JsonBytes();
    DsjsonWriter.Rejection rejection = training.write(r, out);
    assertThat(rejection).as("rejection").isNotNull();
    assertThat(out.length()).isZero();
    return rejection.reason();
  }

  private static JoinResult ccbWithPass(float pass) {
    JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.CCB).withPassProbability(pass),
        twoSlots("{}"));
    return new JoinResult(interaction, T, List.of(), List.of(), List.of(0f, 1f), List.of(0f, 1f), true);
  }

  private static JoinResult slatesWithPass(float pass) {
    return result(event(T, Metadata.of("evt", PayloadType.SLATES).withPassProbability(pass), twoSlots("{}")),
        List.of(), 1f, 1f, true);
  }

  private static JoinResult caWithPass(float pass, boolean learnable) {
    return result(event(T, Metadata.of("evt", PayloadType.CA).withPassProbability(pass),
        CaEvent.of(2f, 0.25f, "{}")), List.of(), 1f, 1f, learnable);
  }

  private static JoinResult step(float pass, List<Float> probabilities, boolean learnable) {
    MultiStepEvent s = new MultiStepEvent("s1", null, List.of(2L, 1L), ByteBuffer.wrap(bytes("{\"A\":1}")),
        probabilities, "model", false);
    return result(event(T, Metadata.of("ep", PayloadType.MULTI_STEP).withPassProbability(pass), s),
        List.of(outcome("ep", OutcomeEvent.numeric(2f))), 2f, 0f, learnable);
  }

  @Test
  void withoutPdropEveryTypeWritesTheDefaultLine() {
    List<JoinResult> results = List.of(cb("id", simpleCb(), 1f, List.of(outcome("id", OutcomeEvent.numeric(1.5f))),
        1.5f), ccbWithPass(1f), slatesWithPass(1f), caWithPass(1f, true), caWithPass(1f, false),
        step(1f, List.of(0.5f, 0.5f), true));
    for (JoinResult r : results) {
      assertThat(write(training, r)).as(r.id()).isNotNull().isEqualTo(write(standard, r));
    }
  }

  @Test
  void cbLabelProbabilityIsTheLearnersFirstProbability() {
    JoinResult r = cb("id", CbEvent.of(List.of(1L), List.of(0.3f), "{}"), 0.7f, List.of(), 0f);
    String line = write(training, r);
    // p[0], not p[0] * pass probability; pdrop stays, since VW's DSJSON parser weighs by it as the learner does.
    assertThat(line).isEqualTo(write(standard, r).replace(
        "\"_label_probability\":" + DoubleFormatter.toString(0.3f * 0.7f) + ",",
        "\"_label_probability\":" + DoubleFormatter.toString(0.3f) + ","));
    assertThat(line).contains("\"_label_probability\":0.30000001192092898,")
        .contains(",\"pdrop\":" + DoubleFormatter.toString(1f - 0.7f) + ",");
  }

  @Test
  void cbDecisionsTheLearnerDropsAreNotWritten() {
    CbEvent decision = CbEvent.of(List.of(1L), List.of(0.5f), "{}");
    assertThat(rejectedForTraining(cb("id", decision, 0f, List.of(), 0f))).isEqualTo(DiagnosticReason.NOT_LEARNED);
    assertThat(rejectedForTraining(cb("id", decision, 1.5f, List.of(), 0f))).isEqualTo(DiagnosticReason.NOT_LEARNED);
    assertThat(rejectedForTraining(cb("id", CbEvent.of(List.of(1L), List.of(), "{}"), 1f, List.of(), 0f)))
        .isEqualTo(DiagnosticReason.NOT_LEARNED);
    // pdrop 1 - 2^-24, the largest below 1, is learned.
    assertThat(write(training, cb("id", decision, 0x1p-24f, List.of(), 0f))).isNotNull();
    assertThat(write(standard, cb("id", decision, 0f, List.of(), 0f))).isNotNull();
  }

  @Test
  void ccbAndSlatesWithPdropOneAreNotWritten() {
    assertThat(rejectedForTraining(ccbWithPass(0f))).isEqualTo(DiagnosticReason.NOT_LEARNED);
    assertThat(rejectedForTraining(slatesWithPass(0f))).isEqualTo(DiagnosticReason.NOT_LEARNED);
    // Any other pdrop weighs the same in both of VW's parsers (slates: see docs/DIFFERENCES.md).
    assertThat(write(training, ccbWithPass(0.25f))).isEqualTo(write(standard, ccbWithPass(0.25f)));
    assertThat(write(training, ccbWithPass(2f))).isEqualTo(write(standard, ccbWithPass(2f)));
    assertThat(write(training, slatesWithPass(0.5f))).isEqualTo(write(standard, slatesWithPass(0.5f)));
  }

  @Test
  void ccbSlotsWithMoreActionsThanProbabilitiesAreNotWritten() {
    JoinedEvent interaction = event(T, Metadata.of("evt", PayloadType.CCB), io.github.vwbinlog.event.MultiSlotEvent.of(
        "{}", List.of(io.github.vwbinlog.event.SlotEvent.of("s0", List.of(0L), List.of(1f)),
            io.github.vwbinlog.event.SlotEvent.of("s1", List.of(0L, 1L), List.of(1f)))));
    JoinResult r = new JoinResult(interaction, T, List.of(), List.of(), List.of(0f, 1f), List.of(0f, 1f), true);
    assertThat(write(standard, r)).isNotNull();
    assertThat(rejectedForTraining(r)).isEqualTo(DiagnosticReason.NOT_LEARNED);
    // Empty probabilities are not a mismatch: both parsers leave such a slot unlabelled.
    JoinedEvent empty = event(T, Metadata.of("evt", PayloadType.CCB), io.github.vwbinlog.event.MultiSlotEvent.of(
        "{}", List.of(io.github.vwbinlog.event.SlotEvent.of("s0", List.of(0L, 1L), List.of()))));
    JoinResult e = new JoinResult(empty, T, List.of(), List.of(), List.of(0f), List.of(0f), true);
    assertThat(write(training, e)).isEqualTo(write(standard, e));
  }

  @Test
  void caLinesCarryNoPdrop() {
    for (float pass : new float[] {0f, 0.5f}) {
      for (boolean learnable : new boolean[] {true, false}) {
        JoinResult r = caWithPass(pass, learnable);
        String pdrop = ",\"pdrop\":" + DoubleFormatter.toString(1f - pass);
        assertThat(write(standard, r)).contains(pdrop);
        assertThat(write(training, r)).isEqualTo(write(standard, r).replace(pdrop, ""));
      }
    }
  }

  @Test
  void multistepStepsTheLearnerCannotLabelAreWrittenWithoutALabel() {
    String labelled = write(standard, step(1f, List.of(0.5f, 0.5f), true));
    String unlabelled = "{" + labelled.substring(labelled.indexOf("\"o\":["));
    assertThat(write(training, step(0f, List.of(0.5f, 0.5f), true))).isEqualTo(unlabelled);
    assertThat(write(training, step(1.5f, List.of(0.5f, 0.5f), true))).isEqualTo(unlabelled);
    assertThat(write(training, step(0f, List.of(0.5f, 0.5f), false)))
        .isEqualTo("{\"_skipLearn\":true," + unlabelled.substring(1));
    assertThat(write(training, step(1f, List.of(), true)))
        .isEqualTo(unlabelled.replace("\"p\":[0.5,0.5]", "\"p\":[]"));
    // A step the learner labels has p[0] and its pdrop.
    assertThat(write(training, step(0.5f, List.of(0.5f, 0.5f), true)))
        .startsWith("{\"_label_cost\":-2.0,\"_label_probability\":0.5,\"_label_Action\":2,")
        .contains(",\"pdrop\":0.5,");
  }

  @Test
  void copyingInvalidUtf8WritesTheContextsBytes() {
    byte[] context = {'{', '"', 'R', '"', ':', '{', '"', (byte) 0xE6, 'r', 'i', '"', ':', '7', '8', '}', '}'};
    CbEvent decision = new CbEvent(false, List.of(1L), ByteBuffer.wrap(context), List.of(1f), "N/A",
        LearningMode.ONLINE);
    JoinResult r = cb("id", decision, 1f, List.of(), 0f);
    assertThat(write(standard, r)).isNull();
    JsonBytes out = new JsonBytes();
    assertThat(copying.write(r, out)).isNull();
    assertThat(DsjsonWriterTest.indexOf(out.toByteArray(), context)).isPositive();
    // Only the encoding is waived: the syntax, NUL bytes and emptiness are still checked.
    for (String bad : new String[] {"{", "{\"a\":\"\0\"}", ""}) {
      JoinResult b = cb("id", CbEvent.of(List.of(1L), List.of(1f), bad), 1f, List.of(), 0f);
      DsjsonWriter.Rejection rejection = copying.write(b, new JsonBytes());
      assertThat(rejection).as(bad).isNotNull();
      assertThat(rejection.reason()).isEqualTo(DiagnosticReason.INVALID_CONTEXT);
    }
  }
}
