package io.github.vwbinlog.core.flatbuf;

import com.google.flatbuffers.Table;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import reinforcement_learning.messages.flatbuff.v2.BatchMetadata;
import reinforcement_learning.messages.flatbuff.v2.CaEvent;
import reinforcement_learning.messages.flatbuff.v2.CbEvent;
import reinforcement_learning.messages.flatbuff.v2.CheckpointInfo;
import reinforcement_learning.messages.flatbuff.v2.DedupInfo;
import reinforcement_learning.messages.flatbuff.v2.EpisodeEvent;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.EventBatch;
import reinforcement_learning.messages.flatbuff.v2.FileHeader;
import reinforcement_learning.messages.flatbuff.v2.JoinedEvent;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.KeyValue;
import reinforcement_learning.messages.flatbuff.v2.Metadata;
import reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent;
import reinforcement_learning.messages.flatbuff.v2.MultiStepEvent;
import reinforcement_learning.messages.flatbuff.v2.NumericIndex;
import reinforcement_learning.messages.flatbuff.v2.NumericOutcome;
import reinforcement_learning.messages.flatbuff.v2.OutcomeEvent;
import reinforcement_learning.messages.flatbuff.v2.SerializedEvent;
import reinforcement_learning.messages.flatbuff.v2.SlotEvent;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/**
 * Reads every field of a verified buffer through the flatc-generated accessors, the way the layers above will. The
 * point of the verifier is that this never throws on a buffer it accepted; the fuzz test checks exactly that.
 *
 * <p>The one exception allowed is flatbuffers-java's own {@code IllegalArgumentException("Invalid UTF-8...")} from
 * its String getters: malformed UTF-8 is content, not structure, and vw-binlog reads strings as bytes.
 */
final class GeneratedReads {

  private GeneratedReads() {}

  /** Sums what it reads, so that nothing can be optimised away. */
  private static long sink;

  /** Exposes a union value's position, which flatc's Java accessors hide, to read a string member by hand. */
  private static final class Raw extends Table {
    int position() {
      return bb_pos;
    }
  }

  /** Reads every field of a verified buffer whose root is {@code root}. */
  static void readAll(TableType root, ByteBuffer verified) {
    ByteBuffer b = verified.slice();
    if (root == Schema.JOINED_PAYLOAD) {
      JoinedPayload p = JoinedPayload.getRootAsJoinedPayload(b);
      for (int i = 0; i < p.eventsLength(); i++) {
        read(p.events(i));
      }
    } else if (root == Schema.JOINED_EVENT) {
      read(JoinedEvent.getRootAsJoinedEvent(b));
    } else if (root == Schema.FILE_HEADER) {
      FileHeader h = FileHeader.getRootAsFileHeader(b);
      read(h.joinTime());
      for (int i = 0; i < h.propertiesLength(); i++) {
        read(h.properties(i));
      }
    } else if (root == Schema.KEY_VALUE) {
      read(KeyValue.getRootAsKeyValue(b));
    } else if (root == Schema.CHECKPOINT_INFO) {
      CheckpointInfo c = CheckpointInfo.getRootAsCheckpointInfo(b);
      sink += c.rewardFunctionType() + (long) c.defaultReward() + c.learningModeConfig() + c.problemTypeConfig()
          + (c.useClientTime() ? 1 : 0);
    } else if (root == Schema.EVENT) {
      Event e = Event.getRootAsEvent(b);
      read(e.meta());
      bytes(e.payloadAsByteBuffer());
    } else if (root == Schema.METADATA) {
      read(Metadata.getRootAsMetadata(b));
    } else if (root == Schema.CB_EVENT) {
      CbEvent c = CbEvent.getRootAsCbEvent(b);
      sink += (c.deferredAction() ? 1 : 0) + c.learningMode();
      for (int i = 0; i < c.actionIdsLength(); i++) {
        sink += c.actionIds(i);
      }
      for (int i = 0; i < c.probabilitiesLength(); i++) {
        sink += (long) c.probabilities(i);
      }
      bytes(c.contextAsByteBuffer());
      bytes(c.modelIdAsByteBuffer());
    } else if (root == Schema.MULTI_SLOT_EVENT) {
      MultiSlotEvent m = MultiSlotEvent.getRootAsMultiSlotEvent(b);
      bytes(m.contextAsByteBuffer());
      for (int i = 0; i < m.slotsLength(); i++) {
        read(m.slots(i));
      }
      bytes(m.modelIdAsByteBuffer());
      sink += (m.deferredAction() ? 1 : 0) + m.learningMode();
      for (int i = 0; i < m.baselineActionsLength(); i++) {
        sink += m.baselineActions(i);
      }
    } else if (root == Schema.SLOT_EVENT) {
      read(SlotEvent.getRootAsSlotEvent(b));
    } else if (root == Schema.CA_EVENT) {
      CaEvent c = CaEvent.getRootAsCaEvent(b);
      sink += (c.deferredAction() ? 1 : 0) + (long) c.action() + (long) c.pdfValue() + c.learningMode();
      bytes(c.contextAsByteBuffer());
      bytes(c.modelIdAsByteBuffer());
    } else if (root == Schema.OUTCOME_EVENT) {
      read(OutcomeEvent.getRootAsOutcomeEvent(b));
    } else if (root == Schema.NUMERIC_OUTCOME) {
      sink += (long) NumericOutcome.getRootAsNumericOutcome(b).value();
    } else if (root == Schema.NUMERIC_INDEX) {
      sink += NumericIndex.getRootAsNumericIndex(b).index();
    } else if (root == Schema.DEDUP_INFO) {
      DedupInfo d = DedupInfo.getRootAsDedupInfo(b);
      for (int i = 0; i < d.idsLength(); i++) {
        sink += d.ids(i);
      }
      for (int i = 0; i < d.valuesLength(); i++) {
        int j = i;
        string(() -> d.values(j));
      }
    } else if (root == Schema.MULTI_STEP_EVENT) {
      MultiStepEvent m = MultiStepEvent.getRootAsMultiStepEvent(b);
      bytes(m.eventIdAsByteBuffer());
      bytes(m.previousIdAsByteBuffer());
      for (int i = 0; i < m.actionIdsLength(); i++) {
        sink += m.actionIds(i);
      }
      bytes(m.contextAsByteBuffer());
      for (int i = 0; i < m.probabilitiesLength(); i++) {
        sink += (long) m.probabilities(i);
      }
      bytes(m.modelIdAsByteBuffer());
      sink += m.deferredAction() ? 1 : 0;
    } else if (root == Schema.EPISODE_EVENT) {
      bytes(EpisodeEvent.getRootAsEpisodeEvent(b).episodeIdAsByteBuffer());
    } else if (root == Schema.EVENT_BATCH) {
      EventBatch e = EventBatch.getRootAsEventBatch(b);
      for (int i = 0; i < e.eventsLength(); i++) {
        bytes(e.events(i).payloadAsByteBuffer());
      }
      read(e.metadata());
    } else if (root == Schema.SERIALIZED_EVENT) {
      bytes(SerializedEvent.getRootAsSerializedEvent(b).payloadAsByteBuffer());
    } else if (root == Schema.BATCH_METADATA) {
      read(BatchMetadata.getRootAsBatchMetadata(b));
    } else {
      throw new IllegalArgumentException("no reader for " + root);
    }
  }

  private static void read(JoinedEvent e) {
    bytes(e.eventAsByteBuffer());
    read(e.timestamp());
  }

  private static void read(KeyValue kv) {
    bytes(kv.keyAsByteBuffer());
    bytes(kv.valueAsByteBuffer());
    string(kv::key);
    string(kv::value);
  }

  private static void read(Metadata m) {
    if (m == null) {
      return;
    }
    bytes(m.idAsByteBuffer());
    read(m.clientTimeUtc());
    bytes(m.appIdAsByteBuffer());
    sink += m.payloadType() + (long) m.passProbability() + m.encoding();
  }

  private static void read(SlotEvent s) {
    for (int i = 0; i < s.actionIdsLength(); i++) {
      sink += s.actionIds(i);
    }
    for (int i = 0; i < s.probabilitiesLength(); i++) {
      sink += (long) s.probabilities(i);
    }
    bytes(s.idAsByteBuffer());
  }

  private static void read(OutcomeEvent o) {
    sink += o.actionTaken() ? 1 : 0;
    // A tag with an absent value is valid (C++'s VerifyTable(nullptr) is true): the accessors then return null.
    switch (o.valueType()) {
      case 1 -> {
        NumericOutcome n = (NumericOutcome) o.value(new NumericOutcome());
        sink += n == null ? 0 : (long) n.value();
      }
      case 2 -> unionString((Raw) o.value(new Raw()));
      default -> { }
    }
    switch (o.indexType()) {
      case 1 -> {
        NumericIndex n = (NumericIndex) o.index(new NumericIndex());
        sink += n == null ? 0 : n.index();
      }
      case 2 -> unionString((Raw) o.index(new Raw()));
      default -> { }
    }
  }

  private static void read(BatchMetadata m) {
    if (m == null) {
      return;
    }
    bytes(m.contentEncodingAsByteBuffer());
    sink += m.originalEventCount();
  }

  private static void read(TimeStamp t) {
    if (t != null) {
      sink += t.year() + t.month() + t.day() + t.hour() + t.minute() + t.second() + t.subsecond();
    }
  }

  /** A union's string member, read as SPEC §2 says: the u32 length, then that many bytes. */
  private static void unionString(Raw at) {
    if (at == null) {
      return;
    }
    ByteBuffer bb = at.getByteBuffer();
    int length = bb.getInt(at.position());
    for (int i = 0; i < length; i++) {
      sink += bb.get(at.position() + 4 + i);
    }
  }

  private static void bytes(ByteBuffer b) {
    if (b != null) {
      while (b.hasRemaining()) {
        sink += b.get();
      }
    }
  }

  private static void string(Supplier<String> getter) {
    try {
      String s = getter.get();
      sink += s == null ? 0 : s.length();
    } catch (IllegalArgumentException e) {
      if (e.getMessage() == null || !e.getMessage().startsWith("Invalid UTF-8")) {
        throw e;
      }
    }
  }
}
