package io.github.vwbinlog.core.flatbuf;

import com.google.flatbuffers.FlatBufferBuilder;
import java.nio.charset.StandardCharsets;
import reinforcement_learning.messages.flatbuff.v2.BatchMetadata;
import reinforcement_learning.messages.flatbuff.v2.CaEvent;
import reinforcement_learning.messages.flatbuff.v2.CbEvent;
import reinforcement_learning.messages.flatbuff.v2.CheckpointInfo;
import reinforcement_learning.messages.flatbuff.v2.DedupInfo;
import reinforcement_learning.messages.flatbuff.v2.EpisodeEvent;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.EventBatch;
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
import reinforcement_learning.messages.flatbuff.v2.SerializedEvent;
import reinforcement_learning.messages.flatbuff.v2.SlotEvent;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/**
 * Valid buffers of every schema v2 table, built with flatbuffers-java's builder and the generated code, every field
 * set to a non-default value so that every slot is present. They are what a writer produces, so they must verify;
 * the corrupt-buffer tests start from them and break one thing at a time.
 */
final class Samples {

  private Samples() {}

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] finish(FlatBufferBuilder b, int root) {
    b.finish(root);
    return b.sizedByteArray();
  }

  static byte[] checkpointInfo(int rewardFunction, float defaultReward, int learningMode, int problemType,
      boolean useClientTime) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, CheckpointInfo.createCheckpointInfo(b, rewardFunction, defaultReward, learningMode, problemType,
        useClientTime));
  }

  static byte[] checkpointInfo() {
    return checkpointInfo(1, 0.3f, 1, 2, true);
  }

  static byte[] keyValue() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int k = b.createString("key");
    int v = b.createString("value");
    return finish(b, KeyValue.createKeyValue(b, k, v));
  }

  static byte[] fileHeader(String... keysAndValues) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int[] props = new int[keysAndValues.length / 2];
    for (int i = 0; i < props.length; i++) {
      int k = b.createString(keysAndValues[2 * i]);
      int v = b.createString(keysAndValues[2 * i + 1]);
      props[i] = KeyValue.createKeyValue(b, k, v);
    }
    int vector = FileHeader.createPropertiesVector(b, props);
    FileHeader.startFileHeader(b);
    FileHeader.addJoinTime(b, TimeStamp.createTimeStamp(b, 2021, 4, 13, 15, 8, 46, 123456));
    FileHeader.addProperties(b, vector);
    return finish(b, FileHeader.endFileHeader(b));
  }

  static byte[] fileHeader() {
    return fileHeader("eventhub", "joiner-1", "joiner", "vw-binlog");
  }

  static int metadata(FlatBufferBuilder b, String id, int payloadType, int encoding) {
    int idOffset = b.createString(id);
    int app = b.createString("app");
    Metadata.startMetadata(b);
    Metadata.addId(b, idOffset);
    Metadata.addClientTimeUtc(b, TimeStamp.createTimeStamp(b, 2020, 3, 30, 10, 20, 30, 7));
    Metadata.addAppId(b, app);
    Metadata.addPayloadType(b, payloadType);
    Metadata.addPassProbability(b, 0.5f);
    Metadata.addEncoding(b, encoding);
    return Metadata.endMetadata(b);
  }

  static byte[] metadata() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, metadata(b, "event-1", 3, 1));
  }

  static byte[] event(String id, int payloadType, byte[] payload) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int meta = metadata(b, id, payloadType, 0);
    int p = Event.createPayloadVector(b, payload);
    return finish(b, Event.createEvent(b, meta, p));
  }

  static byte[] joinedEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, joinedEvent(b, event("e", 0, cbEvent())));
  }

  private static int joinedEvent(FlatBufferBuilder b, byte[] event) {
    int e = JoinedEvent.createEventVector(b, event);
    JoinedEvent.startJoinedEvent(b);
    JoinedEvent.addEvent(b, e);
    JoinedEvent.addTimestamp(b, TimeStamp.createTimeStamp(b, 2020, 3, 30, 10, 20, 30, 0));
    return JoinedEvent.endJoinedEvent(b);
  }

  /** A REGULAR payload holding the given nested Event buffers. */
  static byte[] joinedPayload(byte[]... events) {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int[] offsets = new int[events.length];
    for (int i = 0; i < events.length; i++) {
      offsets[i] = joinedEvent(b, events[i]);
    }
    int vector = JoinedPayload.createEventsVector(b, offsets);
    return finish(b, JoinedPayload.createJoinedPayload(b, vector));
  }

  /** A REGULAR payload with a CB interaction and its outcome. */
  static byte[] joinedPayload() {
    return joinedPayload(event("id-1", 0, cbEvent()), event("id-1", 3, outcomeNumeric()));
  }

  static byte[] cbEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int actions = CbEvent.createActionIdsVector(b, new long[] {2, 1, 3});
    int context = CbEvent.createContextVector(b, utf8("{\"a\":1}"));
    int probs = CbEvent.createProbabilitiesVector(b, new float[] {0.8f, 0.1f, 0.1f});
    int model = b.createString("model");
    return finish(b, CbEvent.createCbEvent(b, true, actions, context, probs, model, 1));
  }

  static byte[] slotEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, slotEvent(b, "slot"));
  }

  private static int slotEvent(FlatBufferBuilder b, String id) {
    int actions = SlotEvent.createActionIdsVector(b, new long[] {1, 0});
    int probs = SlotEvent.createProbabilitiesVector(b, new float[] {0.9f, 0.1f});
    int idOffset = b.createString(id);
    return SlotEvent.createSlotEvent(b, actions, probs, idOffset);
  }

  static byte[] multiSlotEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int context = MultiSlotEvent.createContextVector(b, utf8("{\"_slots\":[{},{}]}"));
    int slots = MultiSlotEvent.createSlotsVector(b, new int[] {slotEvent(b, "s0"), slotEvent(b, "s1")});
    int model = b.createString("model");
    int baseline = MultiSlotEvent.createBaselineActionsVector(b, new int[] {0, 1});
    return finish(b, MultiSlotEvent.createMultiSlotEvent(b, context, slots, model, true, baseline, 1));
  }

  static byte[] caEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int context = CaEvent.createContextVector(b, utf8("{\"x\":1}"));
    int model = b.createString("model");
    return finish(b, CaEvent.createCaEvent(b, true, 1.5f, context, 0.25f, model, 2));
  }

  static byte[] numericOutcome() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, NumericOutcome.createNumericOutcome(b, 1.5f));
  }

  static byte[] numericIndex() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, NumericIndex.createNumericIndex(b, 7));
  }

  /** An outcome with a numeric value and a numeric index. */
  static byte[] outcomeNumeric() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int value = NumericOutcome.createNumericOutcome(b, 1.5f);
    int index = NumericIndex.createNumericIndex(b, 1);
    return finish(b, OutcomeEvent.createOutcomeEvent(b, OutcomeValue.numeric, value, IndexValue.numeric, index,
        true));
  }

  /** An outcome with a literal (string) value and a literal index. */
  static byte[] outcomeLiteral() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int value = b.createString("literal value");
    int index = b.createString("slot-id");
    return finish(b, OutcomeEvent.createOutcomeEvent(b, OutcomeValue.literal, value, IndexValue.literal, index,
        true));
  }

  static byte[] dedupInfo() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int ids = DedupInfo.createIdsVector(b, new long[] {11, 12});
    int values = DedupInfo.createValuesVector(b, new int[] {b.createString("{\"a\":1}"), b.createString("{}")});
    return finish(b, DedupInfo.createDedupInfo(b, ids, values));
  }

  static byte[] multiStepEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int id = b.createString("step-2");
    int previous = b.createString("step-1");
    int actions = MultiStepEvent.createActionIdsVector(b, new long[] {1, 2});
    int context = MultiStepEvent.createContextVector(b, utf8("{}"));
    int probs = MultiStepEvent.createProbabilitiesVector(b, new float[] {0.5f, 0.5f});
    int model = b.createString("model");
    return finish(b, MultiStepEvent.createMultiStepEvent(b, id, previous, actions, context, probs, model, true));
  }

  static byte[] episodeEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, EpisodeEvent.createEpisodeEvent(b, b.createString("episode")));
  }

  static byte[] serializedEvent() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, SerializedEvent.createSerializedEvent(b, SerializedEvent.createPayloadVector(b,
        event("e", 0, cbEvent()))));
  }

  static byte[] batchMetadata() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    return finish(b, BatchMetadata.createBatchMetadata(b, b.createString("DEDUP"), 2));
  }

  static byte[] eventBatch() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    int e0 = SerializedEvent.createSerializedEvent(b, SerializedEvent.createPayloadVector(b,
        event("e", 0, cbEvent())));
    int e1 = SerializedEvent.createSerializedEvent(b, SerializedEvent.createPayloadVector(b,
        event("e", 3, outcomeNumeric())));
    int events = EventBatch.createEventsVector(b, new int[] {e0, e1});
    int meta = BatchMetadata.createBatchMetadata(b, b.createString("IDENTITY"), 2);
    return finish(b, EventBatch.createEventBatch(b, events, meta));
  }
}
