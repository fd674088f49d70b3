package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The decoder on buffers a hostile or broken writer makes (docs/ROBUSTNESS.md): limits are enforced with
 * {@link DiagnosticReason#LIMIT_EXCEEDED} and value and limit named, and whatever verifies decodes without a JDK or
 * flatbuffers exception.
 */
class EventDecoderHostileTest {

  private static byte[] cb(String context) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int ctx = reinforcement_learning.messages.flatbuff.v2.CbEvent.createContextVector(b,
        context.getBytes(StandardCharsets.UTF_8));
    int actions = reinforcement_learning.messages.flatbuff.v2.CbEvent.createActionIdsVector(b, new long[] {1, 2});
    int probabilities = reinforcement_learning.messages.flatbuff.v2.CbEvent.createProbabilitiesVector(b,
        new float[] {0.9f, 0.1f});
    b.finish(reinforcement_learning.messages.flatbuff.v2.CbEvent.createCbEvent(b, false, actions, ctx, probabilities,
        0, (byte) 0));
    return b.sizedByteArray();
  }

  private static EventDecoder.Envelope envelope(PayloadType type, byte[] payload) {
    return new EventDecoder.Envelope(new Metadata("id", null, null, type, 1f, EventEncoding.IDENTITY),
        ByteBuffer.wrap(payload));
  }

  @Test
  void aContextAboveMaxContextSizeIsALimitWithValueAndMaximum() throws DecodeException {
    String context = "{\"a\":\"" + "x".repeat(100) + "\"}";
    EventDecoder small = new EventDecoder(ReadLimits.builder().maxContextSize(context.length() - 1).build());
    assertThatThrownBy(() -> small.payload(envelope(PayloadType.CB, cb(context)),
        DiagnosticReason.MALFORMED_INTERACTION))
        .isInstanceOf(DecodeException.class)
        .hasMessage("context size (" + context.length() + ") exceeds the maximum (" + (context.length() - 1) + ")")
        .satisfies(e -> assertThat(((DecodeException) e).reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED));
    EventDecoder exact = new EventDecoder(ReadLimits.builder().maxContextSize(context.length()).build());
    CbEvent event = (CbEvent) exact.payload(envelope(PayloadType.CB, cb(context)),
        DiagnosticReason.MALFORMED_INTERACTION);
    assertThat(event.context().remaining()).isEqualTo(context.length());
  }

  @Test
  void aVerifierLimitIsReportedAsLimitExceeded() {
    EventDecoder decoder = new EventDecoder(ReadLimits.builder().maxVectorLength(1).build());
    assertThatThrownBy(() -> decoder.payload(envelope(PayloadType.CB, cb("{}")),
        DiagnosticReason.MALFORMED_INTERACTION))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("(2) exceeds the maximum (1)")
        .satisfies(e -> assertThat(((DecodeException) e).reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED));
  }

  @Test
  void aLiteralOutcomeLongerThanItsPositionDecodes() throws DecodeException {
    // Found by fuzzing: the union string was reset as a table, reading its length as a vtable offset; a string
    // longer than its position made that read fail with IndexOutOfBoundsException.
    String literal = "y".repeat(3000);
    FlatBufferBuilder b = new FlatBufferBuilder();
    int value = b.createString(literal);
    int index = b.createString("slot-1");
    b.finish(reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.createOutcomeEvent(b, (byte) 2, value, (byte) 2,
        index, true));
    OutcomeEvent o = (OutcomeEvent) new EventDecoder(ReadLimits.defaults())
        .payload(envelope(PayloadType.OUTCOME, b.sizedByteArray()), DiagnosticReason.MALFORMED_OUTCOME);
    assertThat(o.literalValue()).isEqualTo(literal);
    assertThat(o.literalIndex()).isEqualTo("slot-1");
    assertThat(o.actionTaken()).isTrue();
  }
}
