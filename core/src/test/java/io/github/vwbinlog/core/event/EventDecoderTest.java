package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reinforcement_learning.messages.flatbuff.v2.NumericIndex;
import reinforcement_learning.messages.flatbuff.v2.NumericOutcome;

/**
 * {@link EventDecoder}: the nested {@code Event} and payload buffers of a joined event (SPEC §2, §4.4, §4.6), verified
 * before they are read (§0 item 2). Valid inputs come from the project's writer; broken ones are built with
 * FlatBufferBuilder and the generated schema classes, so that exactly one thing is wrong in each.
 */
@DisplayName("EventDecoder (SPEC §2, §4.4, §4.6)")
class EventDecoderTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final byte[] CONTEXT = "{\"U\":{\"age\":42}}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] NOT_UTF8 = {'a', (byte) 0xC3, '(', 'b'};
  private static final int CB = 0;
  private static final int CCB = 1;
  private static final int OUTCOME = 3;
  private static final int CA = 4;
  private static final int DEDUP = 5;
  private static final int MULTISTEP = 6;
  private static final int EPISODE = 7;
  private static final int IDENTITY = 0;
  private static final int ZSTD = 1;

  private final EventDecoder decoder = new EventDecoder(ReadLimits.defaults());

  // ------------------------------------------------------------------ helpers

  /** Encodes with the project's writer, then decodes: metadata and payload. */
  private Event roundTrip(Event e) throws DecodeException {
    return roundTrip(decoder, e);
  }

  private static Event roundTrip(EventDecoder decoder, Event e) throws DecodeException {
    ByteBuffer bytes = ByteBuffer.wrap(new EventEncoder().event(e));
    EventDecoder.Envelope envelope = decoder.envelope(bytes);
    return new Event(envelope.meta(), decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION));
  }

  /** An Event buffer built by hand: metadata (when {@code withMeta}) with this id (when not null), and a payload. */
  private static ByteBuffer event(boolean withMeta, byte @Nullable [] id, int payloadType, int encoding,
      byte @Nullable [] payload) {
    FlatBufferBuilder b = new FlatBufferBuilder(256);
    int idOffset = id == null ? 0 : rawString(b, id);
    int payloadOffset = payload == null ? 0
        : reinforcement_learning.messages.flatbuff.v2.Event.createPayloadVector(b, payload);
    reinforcement_learning.messages.flatbuff.v2.Metadata.startMetadata(b);
    if (id != null) {
      reinforcement_learning.messages.flatbuff.v2.Metadata.addId(b, idOffset);
    }
    reinforcement_learning.messages.flatbuff.v2.Metadata.addPayloadType(b, payloadType);
    reinforcement_learning.messages.flatbuff.v2.Metadata.addPassProbability(b, 1f);
    reinforcement_learning.messages.flatbuff.v2.Metadata.addEncoding(b, encoding);
    int meta = reinforcement_learning.messages.flatbuff.v2.Metadata.endMetadata(b);
    reinforcement_learning.messages.flatbuff.v2.Event.startEvent(b);
    if (withMeta) {
      reinforcement_learning.messages.flatbuff.v2.Event.addMeta(b, meta);
    }
    if (payload != null) {
      reinforcement_learning.messages.flatbuff.v2.Event.addPayload(b, payloadOffset);
    }
    b.finish(reinforcement_learning.messages.flatbuff.v2.Event.endEvent(b));
    return ByteBuffer.wrap(b.sizedByteArray());
  }

  private static ByteBuffer event(String id, int payloadType, byte @Nullable [] payload) {
    return event(true, utf8(id), payloadType, IDENTITY, payload);
  }

  /** One table built by {@code body}, finished as a root. */
  private static byte[] table(ToIntFunction<FlatBufferBuilder> body) {
    FlatBufferBuilder b = new FlatBufferBuilder(256);
    b.finish(body.applyAsInt(b));
    return b.sizedByteArray();
  }

  /** A string whose bytes are given as they are, valid UTF-8 or not (with the NUL flatbuffers strings end with). */
  private static int rawString(FlatBufferBuilder b, byte[] bytes) {
    return b.createString(ByteBuffer.wrap(bytes));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static ByteBuffer bytes(byte[] b) {
    return ByteBuffer.wrap(b);
  }

  private static void assertReason(ThrowingCallable call, DiagnosticReason reason) {
    assertThatThrownBy(call).isInstanceOfSatisfying(DecodeException.class,
        e -> assertThat(e.reason()).as(e.getMessage()).isEqualTo(reason));
  }

  private EventPayload payloadOf(ByteBuffer event, DiagnosticReason reason) throws DecodeException {
    return decoder.payload(decoder.envelope(event), reason);
  }

  private static byte[] cbPayload(byte @Nullable [] context, long @Nullable [] actions, float @Nullable [] probabilities,
      byte @Nullable [] modelId) {
    return table(b -> {
      int c = context == null ? 0 : reinforcement_learning.messages.flatbuff.v2.CbEvent.createContextVector(b, context);
      int a = actions == null ? 0 : reinforcement_learning.messages.flatbuff.v2.CbEvent.createActionIdsVector(b, actions);
      int p = probabilities == null ? 0
          : reinforcement_learning.messages.flatbuff.v2.CbEvent.createProbabilitiesVector(b, probabilities);
      int m = modelId == null ? 0 : rawString(b, modelId);
      reinforcement_learning.messages.flatbuff.v2.CbEvent.startCbEvent(b);
      if (c != 0) {
        reinforcement_learning.messages.flatbuff.v2.CbEvent.addContext(b, c);
      }
      if (a != 0) {
        reinforcement_learning.messages.flatbuff.v2.CbEvent.addActionIds(b, a);
      }
      if (p != 0) {
        reinforcement_learning.messages.flatbuff.v2.CbEvent.addProbabilities(b, p);
      }
      if (m != 0) {
        reinforcement_learning.messages.flatbuff.v2.CbEvent.addModelId(b, m);
      }
      return reinforcement_learning.messages.flatbuff.v2.CbEvent.endCbEvent(b);
    });
  }

  // ------------------------------------------------------------------ round trips

  @Nested
  @DisplayName("every payload type round-trips from writer-encoded bytes")
  class RoundTrips {

    private List<Event> events(EventEncoding encoding) {
      TimeStamp negativeYear = new TimeStamp(-1, 12, 31, 23, 59, 59, 0xFFFF_FFFFL);
      return List.of(
          new Event(new Metadata("cb-1", T, "app", PayloadType.CB, 0.25f, encoding),
              CbEvent.of(List.of(2L, 1L, 0xFFFF_FFFF_FFFF_FFFFL), List.of(0.5f, 0.25f, 0.25f), "{\"x\":1}")
                  .withDeferredAction(true).withLearningMode(LearningMode.APPRENTICE).withModelId("model é")),
          new Event(Metadata.of("cb-empty-model", PayloadType.CB).withEncoding(encoding),
              CbEvent.of(List.of(), List.of(), "{}").withModelId("")),
          new Event(Metadata.of("ccb-1", PayloadType.CCB).withEncoding(encoding).withClientTime(negativeYear),
              MultiSlotEvent.of("{\"_multi\":[]}", List.of(
                  SlotEvent.of("s0", List.of(0L, 0xFFFF_FFFFL), List.of(0.75f, 0.25f)),
                  SlotEvent.of(null, List.of(3L), List.of(1f))))
                  .withBaselineActions(List.of(-1, 0, 7)).withDeferredAction(true)
                  .withLearningMode(LearningMode.LOGGING_ONLY).withModelId("m")),
          new Event(Metadata.of("slates-1", PayloadType.SLATES).withEncoding(encoding),
              MultiSlotEvent.of("{}", List.of(SlotEvent.of(null, List.of(), List.of())))),
          new Event(Metadata.of("ca-1", PayloadType.CA).withEncoding(encoding).withPassProbability(0f),
              CaEvent.of(1.0148716f, 0.00050505053f, "{\"j\":{\"f\":78}}").withDeferredAction(true)
                  .withLearningMode(LearningMode.APPRENTICE)),
          new Event(Metadata.of("o-num", PayloadType.OUTCOME).withEncoding(encoding),
              OutcomeEvent.numeric(-1.5f).withIndex(-2)),
          new Event(Metadata.of("o-lit", PayloadType.OUTCOME).withEncoding(encoding),
              OutcomeEvent.literal("clicked ✓").withSlotId("slot-é")),
          new Event(Metadata.of("o-empty-lit", PayloadType.OUTCOME).withEncoding(encoding),
              OutcomeEvent.literal("").withSlotId("")),
          new Event(Metadata.of("o-act", PayloadType.OUTCOME).withEncoding(encoding), OutcomeEvent.activation()),
          new Event(Metadata.of("o-nan", PayloadType.OUTCOME).withEncoding(encoding),
              OutcomeEvent.numeric(Float.NaN).withActionTaken(true)),
          new Event(Metadata.of("dedup", PayloadType.DEDUP_INFO).withEncoding(encoding),
              new DedupInfo(List.of(1L, -1L), List.of("{\"a\":1}", "{\"b\":\"é\"}"))),
          new Event(Metadata.of("dedup-empty", PayloadType.DEDUP_INFO).withEncoding(encoding),
              new DedupInfo(List.of(), List.of())),
          new Event(Metadata.of("ep", PayloadType.MULTI_STEP).withEncoding(encoding),
              MultiStepEvent.of("step-2", "step-1", List.of(1L, 2L), List.of(0.5f, 0.5f), "{\"s\":2}")),
          new Event(Metadata.of("ep", PayloadType.MULTI_STEP).withEncoding(encoding),
              MultiStepEvent.of("step-1", null, List.of(), List.of(), "{}")),
          new Event(Metadata.of("ep", PayloadType.EPISODE).withEncoding(encoding), new EpisodeEvent("ep")),
          new Event(Metadata.of("ep-null", PayloadType.EPISODE).withEncoding(encoding), new EpisodeEvent(null)));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(EventEncoding.class)
    void everyPayloadTypeDecodesToWhatWasWritten(EventEncoding encoding) throws DecodeException {
      for (Event e : events(encoding)) {
        assertThat(roundTrip(e)).as(e.toString()).isEqualTo(e);
      }
    }

    @Test
    void theEnvelopeKeepsTheZstdPayloadCompressedUntilItIsDecoded() throws DecodeException {
      Event e = new Event(Metadata.of("z", PayloadType.CB).withEncoding(EventEncoding.ZSTD),
          CbEvent.of(List.of(1L), List.of(1f), "{\"x\":\"" + "long context ".repeat(50) + "\"}"));
      EventDecoder.Envelope envelope = decoder.envelope(bytes(new EventEncoder().event(e)));
      byte[] stored = new byte[envelope.payload().remaining()];
      envelope.payload().duplicate().get(stored);
      byte[] plain = new EventEncoder().cb((CbEvent) e.payload());
      assertThat(Zstd.getFrameContentSize(stored)).isEqualTo(plain.length);
      assertThat(stored.length).isLessThan(plain.length);
      assertThat(decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION)).isEqualTo(e.payload());
    }

    @Test
    void theEventMayStartAnywhereInItsBuffer() throws DecodeException {
      Event e = new Event(Metadata.of("offset", PayloadType.CB), CbEvent.of(List.of(1L), List.of(1f), "{}"));
      byte[] encoded = new EventEncoder().event(e);
      byte[] padded = new byte[encoded.length + 16];
      System.arraycopy(encoded, 0, padded, 8, encoded.length);
      ByteBuffer window = ByteBuffer.wrap(padded, 8, encoded.length).slice();
      ByteBuffer shifted = ByteBuffer.wrap(padded).position(8).limit(8 + encoded.length);
      for (ByteBuffer buf : List.of(window, shifted)) {
        EventDecoder.Envelope envelope = decoder.envelope(buf);
        assertThat(new Event(envelope.meta(), decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION)))
            .isEqualTo(e);
      }
    }

    @Test
    void absentOptionalFieldsTakeTheSchemaDefaults() throws DecodeException {
      // CB with no model id reads as "N/A" (SPEC §4.6); the metadata's pass probability defaults to 0 (§6.5).
      ByteBuffer ev = event("id", CB, cbPayload(CONTEXT, new long[] {1}, new float[] {1f}, null));
      EventDecoder.Envelope envelope = decoder.envelope(ev);
      assertThat(envelope.meta().clientTime()).isNull();
      assertThat(envelope.meta().appId()).isNull();
      assertThat(((CbEvent) decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION)).modelId())
          .isEqualTo("N/A");
      ByteBuffer bare = ByteBuffer.wrap(table(b -> {
        int id = b.createString("bare");
        reinforcement_learning.messages.flatbuff.v2.Metadata.startMetadata(b);
        reinforcement_learning.messages.flatbuff.v2.Metadata.addId(b, id);
        int meta = reinforcement_learning.messages.flatbuff.v2.Metadata.endMetadata(b);
        return reinforcement_learning.messages.flatbuff.v2.Event.createEvent(b, meta, 0);
      }));
      Metadata meta = decoder.envelope(bare).meta();
      assertThat(meta).isEqualTo(new Metadata("bare", null, null, PayloadType.CB, 0f, EventEncoding.IDENTITY));
      assertThat(meta.pdrop()).isEqualTo(1f);
    }

    @Test
    void absentSlotVectorsAndBaselineReadAsEmpty() throws DecodeException {
      // VW crashes on these (SPEC §11 item 2); vw-binlog reads them as empty.
      byte[] payload = table(b -> {
        int slot = reinforcement_learning.messages.flatbuff.v2.SlotEvent.createSlotEvent(b, 0, 0, 0);
        int slots = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createSlotsVector(b, new int[] {slot});
        int context = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createContextVector(b, CONTEXT);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.startMultiSlotEvent(b);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.addContext(b, context);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.addSlots(b, slots);
        return reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.endMultiSlotEvent(b);
      });
      MultiSlotEvent m = (MultiSlotEvent) payloadOf(event("ccb", CCB, payload), DiagnosticReason.MALFORMED_INTERACTION);
      assertThat(m.slots()).containsExactly(new SlotEvent(List.of(), List.of(), null));
      assertThat(m.baselineActions()).isEmpty();
      assertThat(m.modelId()).isEqualTo("N/A");
    }

    @Test
    void caActionAndPdfDefaultToZero() throws DecodeException {
      byte[] payload = table(b -> {
        int context = reinforcement_learning.messages.flatbuff.v2.CaEvent.createContextVector(b, CONTEXT);
        reinforcement_learning.messages.flatbuff.v2.CaEvent.startCaEvent(b);
        reinforcement_learning.messages.flatbuff.v2.CaEvent.addContext(b, context);
        return reinforcement_learning.messages.flatbuff.v2.CaEvent.endCaEvent(b);
      });
      CaEvent ca = (CaEvent) payloadOf(event("ca", CA, payload), DiagnosticReason.MALFORMED_INTERACTION);
      assertThat(ca.action()).isZero();
      assertThat(ca.pdfValue()).isZero();
      assertThat(ca.context()).isEqualTo(ByteBuffer.wrap(CONTEXT));
    }
  }

  // ------------------------------------------------------------------ required fields

  @Nested
  @DisplayName("a required field that is absent is a DecodeException with the caller's reason")
  class RequiredFields {

    @Test
    void eventWithoutMetadataIsMalformedEvent() {
      assertReason(() -> decoder.envelope(event(false, utf8("id"), CB, IDENTITY, new byte[8])),
          DiagnosticReason.MALFORMED_EVENT);
    }

    @Test
    void metadataWithoutIdIsMalformedEvent() {
      assertReason(() -> decoder.envelope(event(true, null, CB, IDENTITY, new byte[8])),
          DiagnosticReason.MALFORMED_EVENT);
    }

    @Test
    void anEventThatFailsVerificationIsMalformedEvent() {
      assertReason(() -> decoder.envelope(ByteBuffer.allocate(0)), DiagnosticReason.MALFORMED_EVENT);
      assertReason(() -> decoder.envelope(ByteBuffer.wrap(new byte[] {1})), DiagnosticReason.MALFORMED_EVENT);
      byte[] good = event("id", CB, cbPayload(CONTEXT, new long[] {1}, new float[] {1f}, null)).array();
      byte[] rootOutOfBounds = good.clone();
      rootOutOfBounds[0] = (byte) 0xF0; // the root offset points past the end
      assertReason(() -> decoder.envelope(ByteBuffer.wrap(rootOutOfBounds)), DiagnosticReason.MALFORMED_EVENT);
      assertReason(() -> decoder.envelope(ByteBuffer.wrap(good, 0, good.length - 4)),
          DiagnosticReason.MALFORMED_EVENT);
    }

    @Test
    void anEventWithoutPayloadFailsWithTheCallersReason() throws DecodeException {
      EventDecoder.Envelope envelope = decoder.envelope(event("id", OUTCOME, null));
      assertThat(envelope.payload()).isNull();
      assertReason(() -> decoder.payload(envelope, DiagnosticReason.MALFORMED_OUTCOME),
          DiagnosticReason.MALFORMED_OUTCOME);
      assertReason(() -> decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.MALFORMED_INTERACTION);
    }

    @Test
    void cbWithoutContextActionsOrProbabilities() {
      for (byte[] payload : List.of(cbPayload(null, new long[] {1}, new float[] {1f}, null),
          cbPayload(CONTEXT, null, new float[] {1f}, null), cbPayload(CONTEXT, new long[] {1}, null, null))) {
        assertReason(() -> payloadOf(event("id", CB, payload), DiagnosticReason.MALFORMED_INTERACTION),
            DiagnosticReason.MALFORMED_INTERACTION);
      }
    }

    @Test
    void cbWithEmptyVectorsIsNotMissingThem() throws DecodeException {
      CbEvent cb = (CbEvent) payloadOf(event("id", CB, cbPayload(new byte[0], new long[0], new float[0], utf8(""))),
          DiagnosticReason.MALFORMED_INTERACTION);
      assertThat(cb.actionIds()).isEmpty();
      assertThat(cb.probabilities()).isEmpty();
      assertThat(cb.context().remaining()).isZero();
      assertThat(cb.modelId()).isEmpty(); // present but empty stays empty (SPEC §4.6)
    }

    @Test
    void multiSlotWithoutContextOrSlots() {
      byte[] noContext = table(b -> {
        int slots = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createSlotsVector(b, new int[0]);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.startMultiSlotEvent(b);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.addSlots(b, slots);
        return reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.endMultiSlotEvent(b);
      });
      byte[] noSlots = table(b -> {
        int context = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createContextVector(b, CONTEXT);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.startMultiSlotEvent(b);
        reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.addContext(b, context);
        return reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.endMultiSlotEvent(b);
      });
      for (byte[] payload : List.of(noContext, noSlots)) {
        assertReason(() -> payloadOf(event("id", CCB, payload), DiagnosticReason.MALFORMED_INTERACTION),
            DiagnosticReason.MALFORMED_INTERACTION);
        assertReason(() -> payloadOf(event("id", 2, payload), DiagnosticReason.MALFORMED_INTERACTION),
            DiagnosticReason.MALFORMED_INTERACTION);
      }
    }

    @Test
    void caWithoutContext() {
      byte[] payload = table(b -> reinforcement_learning.messages.flatbuff.v2.CaEvent.createCaEvent(b, false, 1f, 0,
          0.5f, 0, 0));
      assertReason(() -> payloadOf(event("id", CA, payload), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.MALFORMED_INTERACTION);
    }

    @Test
    void dedupWithoutIdsOrValues() {
      byte[] noIds = table(b -> {
        int values = reinforcement_learning.messages.flatbuff.v2.DedupInfo.createValuesVector(b, new int[0]);
        return reinforcement_learning.messages.flatbuff.v2.DedupInfo.createDedupInfo(b, 0, values);
      });
      byte[] noValues = table(b -> {
        int ids = reinforcement_learning.messages.flatbuff.v2.DedupInfo.createIdsVector(b, new long[] {1});
        return reinforcement_learning.messages.flatbuff.v2.DedupInfo.createDedupInfo(b, ids, 0);
      });
      for (byte[] payload : List.of(noIds, noValues)) {
        assertReason(() -> payloadOf(event("id", DEDUP, payload), DiagnosticReason.MALFORMED_DEDUP),
            DiagnosticReason.MALFORMED_DEDUP);
      }
    }

    @Test
    void multiStepWithoutStepIdContextActionsOrProbabilities() {
      for (int missing = 0; missing < 4; missing++) {
        int skip = missing;
        byte[] payload = table(b -> {
          int id = skip == 0 ? 0 : b.createString("step");
          int context = skip == 1 ? 0
              : reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createContextVector(b, CONTEXT);
          int actions = skip == 2 ? 0
              : reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createActionIdsVector(b, new long[] {1});
          int probabilities = skip == 3 ? 0
              : reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createProbabilitiesVector(b,
                  new float[] {1f});
          return reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createMultiStepEvent(b, id, 0, actions,
              context, probabilities, 0, false);
        });
        assertReason(() -> payloadOf(event("id", MULTISTEP, payload), DiagnosticReason.MALFORMED_INTERACTION),
            DiagnosticReason.MALFORMED_INTERACTION);
      }
    }

    @Test
    void episodeWithoutIdIsAnEpisodeWithoutId() throws DecodeException {
      byte[] payload = table(b -> reinforcement_learning.messages.flatbuff.v2.EpisodeEvent.createEpisodeEvent(b, 0));
      assertThat(payloadOf(event("id", EPISODE, payload), DiagnosticReason.MALFORMED_INTERACTION))
          .isEqualTo(new EpisodeEvent(null));
    }

    @Test
    void outcomeWithATagButNoMember() {
      for (int field = 0; field < 4; field++) {
        int which = field;
        byte[] payload = table(b -> {
          reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.startOutcomeEvent(b);
          if (which < 2) {
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addValueType(b, (byte) (which + 1));
          } else {
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addIndexType(b, (byte) (which - 1));
          }
          return reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.endOutcomeEvent(b);
        });
        assertReason(() -> payloadOf(event("id", OUTCOME, payload), DiagnosticReason.MALFORMED_OUTCOME),
            DiagnosticReason.MALFORMED_OUTCOME);
      }
    }

    @Test
    void aPayloadThatFailsVerificationFailsWithTheCallersReason() {
      byte[] garbage = {(byte) 0xFF, (byte) 0xFF, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8};
      for (int type : new int[] {CB, CCB, OUTCOME, CA, DEDUP, MULTISTEP, EPISODE}) {
        assertReason(() -> payloadOf(event("id", type, garbage), DiagnosticReason.MALFORMED_OUTCOME),
            DiagnosticReason.MALFORMED_OUTCOME);
      }
      assertReason(() -> payloadOf(event("id", CB, new byte[0]), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.MALFORMED_INTERACTION);
    }

    @Test
    void anUnknownPayloadTypeHasNoPayloadTable() throws DecodeException {
      EventDecoder.Envelope envelope = decoder.envelope(event("id", 42,
          cbPayload(CONTEXT, new long[] {1}, new float[] {1f}, null)));
      assertThat(envelope.meta().payloadType()).isEqualTo(PayloadType.UNRECOGNIZED);
      assertReason(() -> decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.MALFORMED_INTERACTION);
    }
  }

  // ------------------------------------------------------------------ strings

  @Nested
  @DisplayName("strings are strict UTF-8")
  class Strings {

    @Test
    void anEventIdThatIsNotUtf8IsMalformedEvent() {
      assertReason(() -> decoder.envelope(event(true, NOT_UTF8, CB, IDENTITY, new byte[8])),
          DiagnosticReason.MALFORMED_EVENT);
    }

    @Test
    void nonAsciiEventIdsDecode() throws DecodeException {
      String id = "événement-中-😀";
      assertThat(decoder.envelope(event(true, utf8(id), CB, IDENTITY, new byte[8])).meta().id()).isEqualTo(id);
    }

    @Test
    void aModelIdThatIsNotUtf8FailsWithTheCallersReason() {
      ByteBuffer ev = event("id", CB, cbPayload(CONTEXT, new long[] {1}, new float[] {1f}, NOT_UTF8));
      assertReason(() -> payloadOf(ev, DiagnosticReason.MALFORMED_INTERACTION), DiagnosticReason.MALFORMED_INTERACTION);
    }

    @Test
    void contextsAreRawBytesAndNeedNotBeUtf8() throws DecodeException {
      ByteBuffer ev = event("id", CB, cbPayload(NOT_UTF8, new long[] {1}, new float[] {1f}, null));
      CbEvent cb = (CbEvent) payloadOf(ev, DiagnosticReason.MALFORMED_INTERACTION);
      assertThat(cb.context()).isEqualTo(ByteBuffer.wrap(NOT_UTF8));
    }

    @Test
    void aLiteralOutcomeThatIsNotUtf8IsMalformedOutcome() {
      for (boolean value : new boolean[] {true, false}) {
        byte[] payload = table(b -> {
          int literal = rawString(b, NOT_UTF8);
          reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.startOutcomeEvent(b);
          if (value) {
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addValueType(b, (byte) 2);
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addValue(b, literal);
          } else {
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addIndexType(b, (byte) 2);
            reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addIndex(b, literal);
          }
          return reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.endOutcomeEvent(b);
        });
        assertReason(() -> payloadOf(event("id", OUTCOME, payload), DiagnosticReason.MALFORMED_OUTCOME),
            DiagnosticReason.MALFORMED_OUTCOME);
      }
    }

    @Test
    void aDedupValueThatIsNotUtf8IsMalformedDedup() {
      byte[] payload = table(b -> {
        int value = rawString(b, NOT_UTF8);
        int values = reinforcement_learning.messages.flatbuff.v2.DedupInfo.createValuesVector(b, new int[] {value});
        int ids = reinforcement_learning.messages.flatbuff.v2.DedupInfo.createIdsVector(b, new long[] {7});
        return reinforcement_learning.messages.flatbuff.v2.DedupInfo.createDedupInfo(b, ids, values);
      });
      assertReason(() -> payloadOf(event("id", DEDUP, payload), DiagnosticReason.MALFORMED_DEDUP),
          DiagnosticReason.MALFORMED_DEDUP);
    }

    @Test
    void aSlotIdThatIsNotUtf8FailsWithTheCallersReason() {
      byte[] payload = table(b -> {
        int id = rawString(b, NOT_UTF8);
        int slot = reinforcement_learning.messages.flatbuff.v2.SlotEvent.createSlotEvent(b, 0, 0, id);
        int slots = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createSlotsVector(b, new int[] {slot});
        int context = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createContextVector(b, CONTEXT);
        return reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.createMultiSlotEvent(b, context, slots, 0,
            false, 0, 0);
      });
      assertReason(() -> payloadOf(event("id", CCB, payload), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.MALFORMED_INTERACTION);
    }
  }

  // ------------------------------------------------------------------ unions

  @Nested
  @DisplayName("outcome unions (SPEC §2, §4.2)")
  class Unions {

    private OutcomeEvent outcome(byte valueTag, ToIntFunction<FlatBufferBuilder> value, byte indexTag,
        ToIntFunction<FlatBufferBuilder> index) throws DecodeException {
      byte[] payload = table(b -> {
        int v = value.applyAsInt(b);
        int i = index.applyAsInt(b);
        reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.startOutcomeEvent(b);
        reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addValueType(b, valueTag);
        if (v != 0) {
          reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addValue(b, v);
        }
        reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addIndexType(b, indexTag);
        if (i != 0) {
          reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.addIndex(b, i);
        }
        return reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.endOutcomeEvent(b);
      });
      return (OutcomeEvent) payloadOf(event("o", OUTCOME, payload), DiagnosticReason.MALFORMED_OUTCOME);
    }

    @Test
    void literalMembersAreStringsReadByHand() throws DecodeException {
      OutcomeEvent o = outcome((byte) 2, b -> b.createString("clicked"), (byte) 2, b -> b.createString("slot-é"));
      assertThat(o).isEqualTo(OutcomeEvent.literal("clicked").withSlotId("slot-é"));
      assertThat(o.value()).isZero(); // a literal value counts as 0 (SPEC §4.2)
    }

    @Test
    void numericMembersAreTables() throws DecodeException {
      OutcomeEvent o = outcome((byte) 1, b -> NumericOutcome.createNumericOutcome(b, 2.5f), (byte) 1,
          b -> NumericIndex.createNumericIndex(b, 3));
      assertThat(o).isEqualTo(OutcomeEvent.numeric(2.5f).withIndex(3));
      OutcomeEvent defaults = outcome((byte) 1, b -> NumericOutcome.createNumericOutcome(b, 0f), (byte) 1,
          b -> NumericIndex.createNumericIndex(b, 0));
      assertThat(defaults).isEqualTo(OutcomeEvent.numeric(0f).withIndex(0));
    }

    @Test
    void unknownTagsReadAsNone() throws DecodeException {
      OutcomeEvent o = outcome((byte) 3, b -> NumericOutcome.createNumericOutcome(b, 2.5f), (byte) 0xFF,
          b -> b.createString("slot"));
      assertThat(o.valueKind()).isEqualTo(OutcomeEvent.Kind.NONE);
      assertThat(o.indexKind()).isEqualTo(OutcomeEvent.Kind.NONE);
      assertThat(o.value()).isZero();
      assertThat(o.literalIndex()).isNull();
      OutcomeEvent noValue = outcome((byte) 7, b -> 0, (byte) 9, b -> 0);
      assertThat(noValue).isEqualTo(new OutcomeEvent(OutcomeEvent.Kind.NONE, 0f, null, OutcomeEvent.Kind.NONE, 0, null,
          false));
    }

    @Test
    void noneTagsIgnoreAnyStoredMember() throws DecodeException {
      OutcomeEvent o = outcome((byte) 0, b -> NumericOutcome.createNumericOutcome(b, 2.5f), (byte) 0,
          b -> NumericIndex.createNumericIndex(b, 4));
      assertThat(o).isEqualTo(new OutcomeEvent(OutcomeEvent.Kind.NONE, 0f, null, OutcomeEvent.Kind.NONE, 0, null,
          false));
    }
  }

  // ------------------------------------------------------------------ zstd

  @Nested
  @DisplayName("zstd payloads (SPEC §4.4)")
  class Zstd4_4 {
    private final byte[] plain = cbPayload(CONTEXT, new long[] {1, 2}, new float[] {0.5f, 0.5f}, utf8("m"));

    private ByteBuffer zstdEvent(byte[] stored) {
      return event(true, utf8("z"), CB, ZSTD, stored);
    }

    @Test
    void aFrameThatDeclaresItsSizeDecodes() throws DecodeException {
      CbEvent cb = (CbEvent) payloadOf(zstdEvent(Zstd.compress(plain)), DiagnosticReason.MALFORMED_INTERACTION);
      assertThat(cb.actionIds()).containsExactly(1L, 2L);
      assertThat(cb.modelId()).isEqualTo("m");
    }

    @Test
    void aFrameWithoutDeclaredSizeIsDecompressionFailed() {
      byte[] frame;
      try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
        frame = ctx.setContentSize(false).compress(plain);
      }
      assertThat(Zstd.getFrameContentSize(frame)).isEqualTo(-1); // ZSTD_CONTENTSIZE_UNKNOWN
      assertReason(() -> payloadOf(zstdEvent(frame), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.DECOMPRESSION_FAILED);
    }

    @Test
    void dataThatIsNotZstdIsDecompressionFailed() {
      // The uncompressed payload under a ZSTD encoding: not a frame at all.
      assertReason(() -> payloadOf(zstdEvent(plain), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.DECOMPRESSION_FAILED);
      assertReason(() -> payloadOf(zstdEvent(new byte[0]), DiagnosticReason.MALFORMED_OUTCOME),
          DiagnosticReason.DECOMPRESSION_FAILED);
    }

    @Test
    void aCorruptOrTruncatedFrameIsDecompressionFailed() {
      byte[] frame = Zstd.compress(plain);
      byte[] truncated = Arrays.copyOf(frame, frame.length - 3);
      assertReason(() -> payloadOf(zstdEvent(truncated), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.DECOMPRESSION_FAILED);
      byte[] badBlockHeader = frame.clone();
      int header = frameHeaderSize(frame);
      badBlockHeader[header] = (byte) 0xFF; // block type 3 (reserved) is always an error
      badBlockHeader[header + 1] = (byte) 0xFF;
      badBlockHeader[header + 2] = (byte) 0xFF;
      assertReason(() -> payloadOf(zstdEvent(badBlockHeader), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.DECOMPRESSION_FAILED);
    }

    @Test
    void aFrameWhoseContentDiffersFromItsDeclaredSizeIsDecompressionFailed() {
      // Same content, but the frame declares one byte more than it holds.
      byte[] frame;
      try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
        frame = ctx.setContentSize(true).compress(plain);
      }
      int fcsAt = frameHeaderSize(frame) - fcsFieldSize(frame);
      byte[] lying = frame.clone();
      lying[fcsAt]++;
      assertThat(Zstd.getFrameContentSize(lying)).isEqualTo(plain.length + 1L);
      assertReason(() -> payloadOf(zstdEvent(lying), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.DECOMPRESSION_FAILED);
    }

    @Test
    void aDeclaredSizeAboveTheLimitIsLimitExceededAndAtTheLimitDecodes() throws DecodeException {
      byte[] frame = Zstd.compress(plain);
      EventDecoder below = new EventDecoder(ReadLimits.builder().maxDecompressedSize(plain.length - 1).build());
      assertReason(() -> below.payload(below.envelope(zstdEvent(frame)), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.LIMIT_EXCEEDED);
      EventDecoder exact = new EventDecoder(ReadLimits.builder().maxDecompressedSize(plain.length).build());
      assertThat(exact.payload(exact.envelope(zstdEvent(frame)), DiagnosticReason.MALFORMED_INTERACTION))
          .isInstanceOf(CbEvent.class);
    }

    @Test
    void aHugeDeclaredSizeIsRejectedBeforeAnythingIsAllocated() {
      // A frame header declaring 2^40 bytes, and nothing after it.
      byte[] header = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, (byte) 0xE0, 0, 0, 0, 0, 0, 1, 0, 0};
      assertThat(Zstd.getFrameContentSize(header)).isEqualTo(1L << 40);
      assertReason(() -> payloadOf(zstdEvent(header), DiagnosticReason.MALFORMED_INTERACTION),
          DiagnosticReason.LIMIT_EXCEEDED);
    }

    @Test
    void aContextAboveMaxContextSizeIsLimitExceededAndAtTheLimitDecodes() throws DecodeException {
      EventDecoder small = new EventDecoder(ReadLimits.builder().maxContextSize(CONTEXT.length).build());
      EventDecoder smaller = new EventDecoder(ReadLimits.builder().maxContextSize(CONTEXT.length - 1).build());
      String context = new String(CONTEXT, StandardCharsets.UTF_8);
      List<Event> interactions = List.of(
          new Event(Metadata.of("cb", PayloadType.CB), CbEvent.of(List.of(1L), List.of(1f), context)),
          new Event(Metadata.of("ccb", PayloadType.CCB).withEncoding(EventEncoding.ZSTD),
              MultiSlotEvent.of(context, List.of())),
          new Event(Metadata.of("slates", PayloadType.SLATES), MultiSlotEvent.of(context, List.of())),
          new Event(Metadata.of("ca", PayloadType.CA), CaEvent.of(1f, 1f, context)),
          new Event(Metadata.of("ms", PayloadType.MULTI_STEP), MultiStepEvent.of("1", null, List.of(), List.of(),
              context)));
      for (Event e : interactions) {
        assertThat(roundTrip(small, e)).isEqualTo(e);
        assertReason(() -> roundTrip(smaller, e), DiagnosticReason.LIMIT_EXCEEDED);
      }
    }

    @Test
    void anUnknownEncodingUsesThePayloadAsIs() throws DecodeException {
      EventDecoder.Envelope envelope = decoder.envelope(event(true, utf8("z"), CB, 7, plain));
      assertThat(envelope.meta().encoding()).isEqualTo(EventEncoding.IDENTITY); // any value but Zstd (SPEC §4.4)
      assertThat(decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION)).isInstanceOf(CbEvent.class);
    }

    /** The size of a zstd frame header: magic, descriptor, window descriptor, dictionary id and content size. */
    private int frameHeaderSize(byte[] frame) {
      int descriptor = frame[4] & 0xFF;
      boolean singleSegment = (descriptor & 0x20) != 0;
      int dictionary = new int[] {0, 1, 2, 4}[descriptor & 3];
      return 5 + (singleSegment ? 0 : 1) + dictionary + fcsFieldSize(frame);
    }

    private int fcsFieldSize(byte[] frame) {
      int descriptor = frame[4] & 0xFF;
      int flag = descriptor >>> 6;
      boolean singleSegment = (descriptor & 0x20) != 0;
      return flag == 0 ? (singleSegment ? 1 : 0) : new int[] {0, 2, 4, 8}[flag];
    }
  }
}
