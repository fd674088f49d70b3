package io.github.vwbinlog.core.write;

import com.github.luben.zstd.Zstd;
import com.google.flatbuffers.Table;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.OutcomeEvent.Kind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.CaEvent;
import reinforcement_learning.messages.flatbuff.v2.CbEvent;
import reinforcement_learning.messages.flatbuff.v2.CheckpointInfo;
import reinforcement_learning.messages.flatbuff.v2.DedupInfo;
import reinforcement_learning.messages.flatbuff.v2.EpisodeEvent;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.FileHeader;
import reinforcement_learning.messages.flatbuff.v2.IndexValue;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.KeyValue;
import reinforcement_learning.messages.flatbuff.v2.Metadata;
import reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent;
import reinforcement_learning.messages.flatbuff.v2.MultiStepEvent;
import reinforcement_learning.messages.flatbuff.v2.NumericIndex;
import reinforcement_learning.messages.flatbuff.v2.NumericOutcome;
import reinforcement_learning.messages.flatbuff.v2.OutcomeEvent;
import reinforcement_learning.messages.flatbuff.v2.OutcomeValue;
import reinforcement_learning.messages.flatbuff.v2.SlotEvent;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/**
 * Test-only: reads the generated flatbuffer classes back into the public records, without verification, so that the
 * writer's output can be compared with its input. The production decoder (verified views) will replace it.
 */
final class TestDecoder {
  private TestDecoder() {}

  /** The joined events of a REGULAR payload, zstd payloads decompressed. */
  static List<io.github.vwbinlog.event.JoinedEvent> joinedPayload(ByteBuffer payload) {
    JoinedPayload root = JoinedPayload.getRootAsJoinedPayload(payload.slice().order(ByteOrder.LITTLE_ENDIAN));
    List<io.github.vwbinlog.event.JoinedEvent> events = new ArrayList<>();
    for (int i = 0; i < root.eventsLength(); i++) {
      JoinedEvent je = root.events(i);
      events.add(new io.github.vwbinlog.event.JoinedEvent(timeStamp(je.timestamp()),
          event(je.eventAsByteBuffer().slice())));
    }
    return events;
  }

  /** An {@code Event} buffer. */
  static io.github.vwbinlog.event.Event event(ByteBuffer bytes) {
    Event e = Event.getRootAsEvent(bytes.order(ByteOrder.LITTLE_ENDIAN));
    Metadata m = e.meta();
    PayloadType type = PayloadType.of(m.payloadType());
    EventEncoding encoding = EventEncoding.of(m.encoding());
    io.github.vwbinlog.event.Metadata meta = new io.github.vwbinlog.event.Metadata(m.id(),
        m.clientTimeUtc() == null ? null : timeStamp(m.clientTimeUtc()), m.appId(), type, m.passProbability(),
        encoding);
    ByteBuffer body = e.payloadAsByteBuffer().slice();
    if (encoding == EventEncoding.ZSTD) {
      body = ByteBuffer.wrap(decompress(body));
    }
    return new io.github.vwbinlog.event.Event(meta, payload(type, body.order(ByteOrder.LITTLE_ENDIAN)));
  }

  /** One zstd frame that declares its content size, as SPEC §4.4 requires. */
  static byte[] decompress(ByteBuffer compressed) {
    byte[] frame = new byte[compressed.remaining()];
    compressed.duplicate().get(frame);
    long contentSize = Zstd.getFrameContentSize(frame);
    if (contentSize < 0 || Zstd.findFrameCompressedSize(frame) != frame.length) {
      throw new IllegalStateException("not one zstd frame with a declared content size: " + contentSize);
    }
    return Zstd.decompress(frame, (int) contentSize);
  }

  static EventPayload payload(PayloadType type, ByteBuffer bb) {
    switch (type) {
      case CB: {
        CbEvent cb = CbEvent.getRootAsCbEvent(bb);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < cb.actionIdsLength(); i++) {
          ids.add(cb.actionIds(i));
        }
        List<Float> probabilities = new ArrayList<>();
        for (int i = 0; i < cb.probabilitiesLength(); i++) {
          probabilities.add(cb.probabilities(i));
        }
        return new io.github.vwbinlog.event.CbEvent(cb.deferredAction(), ids, bytes(cb.contextAsByteBuffer()),
            probabilities, modelId(cb.modelId()), LearningMode.of(cb.learningMode()));
      }
      case CCB:
      case SLATES: {
        MultiSlotEvent ms = MultiSlotEvent.getRootAsMultiSlotEvent(bb);
        List<io.github.vwbinlog.event.SlotEvent> slots = new ArrayList<>();
        for (int i = 0; i < ms.slotsLength(); i++) {
          SlotEvent s = ms.slots(i);
          List<Long> ids = new ArrayList<>();
          for (int j = 0; j < s.actionIdsLength(); j++) {
            ids.add(s.actionIds(j));
          }
          List<Float> probabilities = new ArrayList<>();
          for (int j = 0; j < s.probabilitiesLength(); j++) {
            probabilities.add(s.probabilities(j));
          }
          slots.add(new io.github.vwbinlog.event.SlotEvent(ids, probabilities, s.id()));
        }
        List<Integer> baseline = new ArrayList<>();
        for (int i = 0; i < ms.baselineActionsLength(); i++) {
          baseline.add(ms.baselineActions(i));
        }
        return new io.github.vwbinlog.event.MultiSlotEvent(bytes(ms.contextAsByteBuffer()), slots,
            modelId(ms.modelId()), ms.deferredAction(), baseline, LearningMode.of(ms.learningMode()));
      }
      case CA: {
        CaEvent ca = CaEvent.getRootAsCaEvent(bb);
        return new io.github.vwbinlog.event.CaEvent(ca.deferredAction(), ca.action(), bytes(ca.contextAsByteBuffer()),
            ca.pdfValue(), modelId(ca.modelId()), LearningMode.of(ca.learningMode()));
      }
      case OUTCOME:
        return outcome(OutcomeEvent.getRootAsOutcomeEvent(bb));
      case DEDUP_INFO: {
        DedupInfo d = DedupInfo.getRootAsDedupInfo(bb);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < d.idsLength(); i++) {
          ids.add(d.ids(i));
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < d.valuesLength(); i++) {
          values.add(d.values(i));
        }
        return new io.github.vwbinlog.event.DedupInfo(ids, values);
      }
      case MULTI_STEP: {
        MultiStepEvent ms = MultiStepEvent.getRootAsMultiStepEvent(bb);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < ms.actionIdsLength(); i++) {
          ids.add(ms.actionIds(i));
        }
        List<Float> probabilities = new ArrayList<>();
        for (int i = 0; i < ms.probabilitiesLength(); i++) {
          probabilities.add(ms.probabilities(i));
        }
        return new io.github.vwbinlog.event.MultiStepEvent(String.valueOf(ms.eventId()), ms.previousId(), ids,
            bytes(ms.contextAsByteBuffer()), probabilities, modelId(ms.modelId()), ms.deferredAction());
      }
      case EPISODE:
        return new io.github.vwbinlog.event.EpisodeEvent(EpisodeEvent.getRootAsEpisodeEvent(bb).episodeId());
      default:
        throw new IllegalArgumentException("unsupported payload type " + type);
    }
  }

  private static io.github.vwbinlog.event.OutcomeEvent outcome(OutcomeEvent o) {
    Kind valueKind = Kind.NONE;
    float numericValue = 0f;
    String literalValue = null;
    if (o.valueType() == OutcomeValue.numeric) {
      valueKind = Kind.NUMERIC;
      numericValue = ((NumericOutcome) o.value(new NumericOutcome())).value();
    } else if (o.valueType() == OutcomeValue.literal) {
      valueKind = Kind.LITERAL;
      literalValue = ((UnionString) o.value(new UnionString())).text();
    }
    Kind indexKind = Kind.NONE;
    int numericIndex = 0;
    String literalIndex = null;
    if (o.indexType() == IndexValue.numeric) {
      indexKind = Kind.NUMERIC;
      numericIndex = ((NumericIndex) o.index(new NumericIndex())).index();
    } else if (o.indexType() == IndexValue.literal) {
      indexKind = Kind.LITERAL;
      literalIndex = ((UnionString) o.index(new UnionString())).text();
    }
    return new io.github.vwbinlog.event.OutcomeEvent(valueKind, numericValue, literalValue, indexKind, numericIndex,
        literalIndex, o.actionTaken());
  }

  /** A string union member: flatc's Java gives only a {@code Table} accessor, so the string is read by hand. */
  static final class UnionString extends Table {
    String text() {
      int length = bb.getInt(bb_pos);
      byte[] utf8 = new byte[length];
      bb.duplicate().position(bb_pos + 4).get(utf8);
      return new String(utf8, StandardCharsets.UTF_8);
    }
  }

  /** A HEADER payload. */
  static io.github.vwbinlog.FileHeader fileHeader(ByteBuffer payload) {
    FileHeader h = FileHeader.getRootAsFileHeader(payload.slice().order(ByteOrder.LITTLE_ENDIAN));
    List<io.github.vwbinlog.FileHeader.Property> properties = new ArrayList<>();
    for (int i = 0; i < h.propertiesLength(); i++) {
      KeyValue kv = h.properties(i);
      properties.add(new io.github.vwbinlog.FileHeader.Property(kv.key(), kv.value()));
    }
    return new io.github.vwbinlog.FileHeader(h.joinTime() == null ? null : timeStamp(h.joinTime()), properties);
  }

  /** A CHECKPOINT payload. */
  static io.github.vwbinlog.CheckpointInfo checkpointInfo(ByteBuffer payload) {
    CheckpointInfo c = CheckpointInfo.getRootAsCheckpointInfo(payload.slice().order(ByteOrder.LITTLE_ENDIAN));
    return new io.github.vwbinlog.CheckpointInfo(RewardFunction.of(c.rewardFunctionType()), c.defaultReward(),
        LearningMode.of(c.learningModeConfig()), ProblemType.of(c.problemTypeConfig()), c.useClientTime());
  }

  private static io.github.vwbinlog.TimeStamp timeStamp(TimeStamp t) {
    return new io.github.vwbinlog.TimeStamp((short) t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second(),
        t.subsecond());
  }

  private static ByteBuffer bytes(@Nullable ByteBuffer vector) {
    return vector == null ? ByteBuffer.allocate(0) : vector.slice();
  }

  private static String modelId(@Nullable String id) {
    return id == null ? "N/A" : id;
  }
}
