package io.github.vwbinlog.core.write;

import static io.github.vwbinlog.core.write.FlatFields.addFloat;
import static io.github.vwbinlog.core.write.FlatFields.code;
import static io.github.vwbinlog.core.write.FlatFields.nestedBuffer;
import static io.github.vwbinlog.core.write.FlatFields.optionalString;
import static io.github.vwbinlog.core.write.FlatFields.timeStamp;

import com.github.luben.zstd.Zstd;
import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.EventPayload;
import java.util.List;
import java.util.Objects;
import reinforcement_learning.messages.flatbuff.v2.CaEvent;
import reinforcement_learning.messages.flatbuff.v2.CbEvent;
import reinforcement_learning.messages.flatbuff.v2.DedupInfo;
import reinforcement_learning.messages.flatbuff.v2.EpisodeEvent;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.IndexValue;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;
import reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent;
import reinforcement_learning.messages.flatbuff.v2.MultiStepEvent;
import reinforcement_learning.messages.flatbuff.v2.NumericIndex;
import reinforcement_learning.messages.flatbuff.v2.NumericOutcome;
import reinforcement_learning.messages.flatbuff.v2.OutcomeEvent;
import reinforcement_learning.messages.flatbuff.v2.OutcomeValue;
import reinforcement_learning.messages.flatbuff.v2.SlotEvent;

/**
 * Encodes joined events into the payload of a REGULAR message, as VW's joiner lays it out (SPEC §2): a
 * {@code JoinedPayload} whose {@code JoinedEvent}s each hold an {@code Event} flatbuffer as bytes, whose payload bytes
 * hold the payload table of its {@code payload_type}, zstd-compressed when the metadata says so.
 *
 * <p>Each buffer is finished without a file identifier. Nested buffers start 8-byte aligned within their parent.
 * Absent optional values (null strings, a null client time) are not stored; scalars equal to their schema default
 * are not stored either, as the C++ builders do, except a negative zero. An instance reuses its builders: use one per
 * thread.
 *
 * <pre>{@code
 * byte[] payload = new EventEncoder().joinedPayload(events);   // the bytes of a REGULAR message
 * }</pre>
 */
public final class EventEncoder {
  /** zstd's default level: what rlclientlib uses. */
  private static final int ZSTD_LEVEL = 3;

  private final FlatBufferBuilder joined = new FlatBufferBuilder(1024);
  private final FlatBufferBuilder event = new FlatBufferBuilder(512);
  private final FlatBufferBuilder payload = new FlatBufferBuilder(512);

  /** Creates one. */
  public EventEncoder() {}

  /**
   * A {@code JoinedPayload} flatbuffer holding these joined events, in order.
   *
   * @throws IllegalArgumentException if an event cannot be written (see {@link #event})
   */
  public byte[] joinedPayload(List<io.github.vwbinlog.event.JoinedEvent> events) {
    int[] offsets = new int[events.size()];
    byte[][] encoded = new byte[offsets.length][];
    for (int i = 0; i < offsets.length; i++) {
      encoded[i] = event(events.get(i).event());
    }
    FlatBufferBuilder b = joined;
    b.clear();
    for (int i = 0; i < offsets.length; i++) {
      int bytes = nestedBuffer(b, encoded[i]);
      JoinedEvent.startJoinedEvent(b);
      JoinedEvent.addEvent(b, bytes);
      JoinedEvent.addTimestamp(b, timeStamp(b, events.get(i).timestamp()));
      offsets[i] = JoinedEvent.endJoinedEvent(b);
    }
    int vector = JoinedPayload.createEventsVector(b, offsets);
    b.finish(JoinedPayload.createJoinedPayload(b, vector));
    return b.sizedByteArray();
  }

  /**
   * An {@code Event} flatbuffer: the metadata and the payload, compressed when the encoding is ZSTD.
   *
   * @throws IllegalArgumentException if the payload record is not the one {@code meta.payloadType()} names, or a value
   *     has no stored form (an {@code UNRECOGNIZED} enum, a slot action id outside the unsigned 32-bit range)
   */
  public byte[] event(io.github.vwbinlog.event.Event e) {
    io.github.vwbinlog.event.Metadata meta = e.meta();
    byte[] body = payload(meta.payloadType(), e.payload());
    if (meta.encoding() == EventEncoding.ZSTD) {
      body = compress(body);
    }
    FlatBufferBuilder b = event;
    b.clear();
    int id = b.createString(meta.id());
    int appId = optionalString(b, meta.appId());
    int payloadBytes = nestedBuffer(b, body);
    Metadata.startMetadata(b);
    Metadata.addId(b, id);
    if (meta.clientTime() != null) {
      Metadata.addClientTimeUtc(b, timeStamp(b, meta.clientTime()));
    }
    if (appId != 0) {
      Metadata.addAppId(b, appId);
    }
    Metadata.addPayloadType(b, code(meta.payloadType().code(), meta.payloadType()));
    addFloat(b, 4, meta.passProbability());
    Metadata.addEncoding(b, meta.encoding().code());
    int metadata = Metadata.endMetadata(b);
    b.finish(Event.createEvent(b, metadata, payloadBytes));
    return b.sizedByteArray();
  }

  /**
   * One zstd frame that declares its content size, as VW requires (SPEC §4.4): zstd-jni's one-shot compression writes
   * it.
   */
  static byte[] compress(byte[] body) {
    return Zstd.compress(body, ZSTD_LEVEL);
  }

  /**
   * The uncompressed payload flatbuffer of an event.
   *
   * @throws IllegalArgumentException if the record is not the one this payload type takes
   */
  public byte[] payload(PayloadType type, EventPayload p) {
    switch (type) {
      case CB: return cb(expect(type, p, io.github.vwbinlog.event.CbEvent.class));
      case CCB:
      case SLATES: return multiSlot(expect(type, p, io.github.vwbinlog.event.MultiSlotEvent.class));
      case OUTCOME: return outcome(expect(type, p, io.github.vwbinlog.event.OutcomeEvent.class));
      case CA: return ca(expect(type, p, io.github.vwbinlog.event.CaEvent.class));
      case DEDUP_INFO: return dedupInfo(expect(type, p, io.github.vwbinlog.event.DedupInfo.class));
      case MULTI_STEP: return multiStep(expect(type, p, io.github.vwbinlog.event.MultiStepEvent.class));
      case EPISODE: return episode(expect(type, p, io.github.vwbinlog.event.EpisodeEvent.class));
      default: throw new IllegalArgumentException("PayloadType." + type.name() + " has no stored code");
    }
  }

  private static <T extends EventPayload> T expect(PayloadType type, EventPayload p, Class<T> record) {
    if (!record.isInstance(p)) {
      throw new IllegalArgumentException("payload type " + type.name() + " takes a " + record.getSimpleName()
          + ", not a " + p.getClass().getSimpleName());
    }
    return record.cast(p);
  }

  /** A {@code CbEvent} flatbuffer. */
  public byte[] cb(io.github.vwbinlog.event.CbEvent cb) {
    FlatBufferBuilder b = start();
    int actionIds = CbEvent.createActionIdsVector(b, FlatFields.longs(cb.actionIds()));
    int context = FlatFields.bytes(b, cb.context());
    int probabilities = CbEvent.createProbabilitiesVector(b, FlatFields.floats(cb.probabilities()));
    int modelId = b.createString(cb.modelId());
    b.finish(CbEvent.createCbEvent(b, cb.deferredAction(), actionIds, context, probabilities, modelId,
        code(cb.learningMode())));
    return b.sizedByteArray();
  }

  /** A {@code MultiSlotEvent} flatbuffer (CCB or slates). */
  public byte[] multiSlot(io.github.vwbinlog.event.MultiSlotEvent ms) {
    FlatBufferBuilder b = start();
    int context = FlatFields.bytes(b, ms.context());
    int[] slotOffsets = new int[ms.slots().size()];
    for (int i = 0; i < slotOffsets.length; i++) {
      slotOffsets[i] = slot(b, ms.slots().get(i));
    }
    int slots = MultiSlotEvent.createSlotsVector(b, slotOffsets);
    int modelId = b.createString(ms.modelId());
    int baseline = MultiSlotEvent.createBaselineActionsVector(b, FlatFields.ints(ms.baselineActions()));
    b.finish(MultiSlotEvent.createMultiSlotEvent(b, context, slots, modelId, ms.deferredAction(), baseline,
        code(ms.learningMode())));
    return b.sizedByteArray();
  }

  private static int slot(FlatBufferBuilder b, io.github.vwbinlog.event.SlotEvent slot) {
    long[] ids = FlatFields.longs(slot.actionIds());
    for (long id : ids) {
      if (id < 0 || id > 0xFFFF_FFFFL) {
        throw new IllegalArgumentException("slot action id " + id + " is not an unsigned 32-bit value");
      }
    }
    int actionIds = SlotEvent.createActionIdsVector(b, ids);
    int probabilities = SlotEvent.createProbabilitiesVector(b, FlatFields.floats(slot.probabilities()));
    int id = optionalString(b, slot.id());
    return SlotEvent.createSlotEvent(b, actionIds, probabilities, id);
  }

  /** A {@code CaEvent} flatbuffer. */
  public byte[] ca(io.github.vwbinlog.event.CaEvent ca) {
    FlatBufferBuilder b = start();
    int context = FlatFields.bytes(b, ca.context());
    int modelId = b.createString(ca.modelId());
    CaEvent.startCaEvent(b);
    CaEvent.addDeferredAction(b, ca.deferredAction());
    addFloat(b, 1, ca.action());
    CaEvent.addContext(b, context);
    addFloat(b, 3, ca.pdfValue());
    CaEvent.addModelId(b, modelId);
    CaEvent.addLearningMode(b, code(ca.learningMode()));
    b.finish(CaEvent.endCaEvent(b));
    return b.sizedByteArray();
  }

  /** An {@code OutcomeEvent} flatbuffer; each union is stored as its kind says (nothing for NONE). */
  public byte[] outcome(io.github.vwbinlog.event.OutcomeEvent o) {
    FlatBufferBuilder b = start();
    int value = 0;
    byte valueType = OutcomeValue.NONE;
    switch (o.valueKind()) {
      case NUMERIC:
        NumericOutcome.startNumericOutcome(b);
        addFloat(b, 0, o.numericValue());
        value = NumericOutcome.endNumericOutcome(b);
        valueType = OutcomeValue.numeric;
        break;
      case LITERAL:
        value = b.createString(Objects.requireNonNull(o.literalValue()));
        valueType = OutcomeValue.literal;
        break;
      default:
        break;
    }
    int index = 0;
    byte indexType = IndexValue.NONE;
    switch (o.indexKind()) {
      case NUMERIC:
        index = NumericIndex.createNumericIndex(b, o.numericIndex());
        indexType = IndexValue.numeric;
        break;
      case LITERAL:
        index = b.createString(Objects.requireNonNull(o.literalIndex()));
        indexType = IndexValue.literal;
        break;
      default:
        break;
    }
    b.finish(OutcomeEvent.createOutcomeEvent(b, valueType, value, indexType, index, o.actionTaken()));
    return b.sizedByteArray();
  }

  /** A {@code DedupInfo} flatbuffer. */
  public byte[] dedupInfo(io.github.vwbinlog.event.DedupInfo d) {
    FlatBufferBuilder b = start();
    int ids = DedupInfo.createIdsVector(b, FlatFields.longs(d.ids()));
    int values = DedupInfo.createValuesVector(b, FlatFields.strings(b, d.values()));
    b.finish(DedupInfo.createDedupInfo(b, ids, values));
    return b.sizedByteArray();
  }

  /** A {@code MultiStepEvent} flatbuffer. */
  public byte[] multiStep(io.github.vwbinlog.event.MultiStepEvent ms) {
    FlatBufferBuilder b = start();
    int eventId = b.createString(ms.eventId());
    int previousId = optionalString(b, ms.previousId());
    int actionIds = MultiStepEvent.createActionIdsVector(b, FlatFields.longs(ms.actionIds()));
    int context = FlatFields.bytes(b, ms.context());
    int probabilities = MultiStepEvent.createProbabilitiesVector(b, FlatFields.floats(ms.probabilities()));
    int modelId = b.createString(ms.modelId());
    b.finish(MultiStepEvent.createMultiStepEvent(b, eventId, previousId, actionIds, context, probabilities, modelId,
        ms.deferredAction()));
    return b.sizedByteArray();
  }

  /** An {@code EpisodeEvent} flatbuffer. */
  public byte[] episode(io.github.vwbinlog.event.EpisodeEvent e) {
    FlatBufferBuilder b = start();
    int episodeId = optionalString(b, e.episodeId());
    b.finish(EpisodeEvent.createEpisodeEvent(b, episodeId));
    return b.sizedByteArray();
  }

  private FlatBufferBuilder start() {
    payload.clear();
    return payload;
  }
}
