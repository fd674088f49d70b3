package io.github.vwbinlog.parquet;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The one adapter from a joined event to a Parquet row of {@link JoinedSchema}: each column from the record's values
 * (numbers, ids, actions, probabilities, outcomes, slots), the context as its UTF-8 bytes, never through a DSJSON line.
 * The file name and the position of the event are set before each row ({@link #at}).
 *
 * <p>Not thread-safe: one per writer.
 */
final class JoinedRows extends WriteSupport<JoinResult> {
  private @Nullable RecordConsumer out;
  private Binary file = Binary.EMPTY;
  private Joiner.@Nullable Position position;
  /** The few texts that repeat on every row (enum names), encoded once. */
  private final Map<Enum<?>, Binary> names = new HashMap<>();

  /** The file and position of the rows that follow. */
  void at(Binary file, Joiner.Position position) {
    this.file = file;
    this.position = position;
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(JoinedSchema.SCHEMA, Map.of("writer", "vw-binlog"));
  }

  @Override
  public WriteContext init(Configuration configuration) {
    throw new UnsupportedOperationException("written without Hadoop's configuration");
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.out = recordConsumer;
  }

  @Override
  public void write(JoinResult r) {
    RecordConsumer o = java.util.Objects.requireNonNull(out, "prepareForWrite was not called");
    Joiner.Position at = java.util.Objects.requireNonNull(position, "at was not called");
    EventPayload payload = r.interaction().event().payload();
    CheckpointInfo settings = at.settings();
    o.startMessage();
    binary(o, "file", JoinedSchema.FILE, file);
    int64(o, "offset", JoinedSchema.OFFSET, at.offset());
    binary(o, "event_id", JoinedSchema.EVENT_ID, Binary.fromString(r.id()));
    int64(o, "timestamp", JoinedSchema.TIMESTAMP, micros(r.timestamp()));
    binary(o, "problem_type", JoinedSchema.PROBLEM_TYPE, name(settings.problemType()));
    binary(o, "reward_function", JoinedSchema.REWARD_FUNCTION, name(settings.rewardFunction()));
    binary(o, "learning_mode", JoinedSchema.LEARNING_MODE, name(settings.learningMode()));
    String model = r.modelId();
    if (model != null) {
      binary(o, "model_id", JoinedSchema.MODEL_ID, Binary.fromString(model));
    }
    list(o, "actions", JoinedSchema.ACTIONS, r.actionIds(), RecordConsumer::addLong);
    list(o, "probabilities", JoinedSchema.PROBABILITIES, r.probabilities(), RecordConsumer::addFloat);
    float32(o, "probability", JoinedSchema.PROBABILITY, r.probability());
    float32(o, "label_probability", JoinedSchema.LABEL_PROBABILITY, r.labelProbability());
    float32(o, "reward", JoinedSchema.REWARD, r.reward());
    float32(o, "original_reward", JoinedSchema.ORIGINAL_REWARD, r.originalReward());
    slots(o, r, payload);
    if (payload instanceof CaEvent ca) {
      float32(o, "ca_action", JoinedSchema.CA_ACTION, ca.action());
      float32(o, "ca_pdf_value", JoinedSchema.CA_PDF_VALUE, ca.pdfValue());
    }
    o.startField("learnable", JoinedSchema.LEARNABLE);
    o.addBoolean(r.learnable());
    o.endField("learnable", JoinedSchema.LEARNABLE);
    float32(o, "pdrop", JoinedSchema.PDROP, r.pdrop());
    float32(o, "weight", JoinedSchema.WEIGHT, r.weight());
    ByteBuffer context = r.context();
    if (context != null) {
      binary(o, "context", JoinedSchema.CONTEXT, Binary.fromConstantByteBuffer(context.slice()));
    }
    outcomes(o, r.outcomes());
    o.endMessage();
  }

  /** The lower-case name of a setting, as the Spark source writes it. */
  private Binary name(Enum<?> value) {
    return names.computeIfAbsent(value, v -> Binary.fromString(v.name().toLowerCase(Locale.ROOT)));
  }

  private static long micros(TimeStamp t) {
    return t.epochSecond() * 1_000_000L;
  }

  /** CCB: each slot with its reward; slates: each slot, the reward being the decision's (null in the slot). */
  private static void slots(RecordConsumer o, JoinResult r, EventPayload p) {
    List<SlotEvent> slots = p instanceof MultiSlotEvent ms ? ms.slots() : List.of();
    boolean perSlot = r.payloadType() == PayloadType.CCB;
    int[] k = {0};
    list(o, "slots", JoinedSchema.SLOTS, slots, (c, s) -> {
      c.startGroup();
      if (s.id() != null) {
        binary(c, "slot_id", 0, Binary.fromString(s.id()));
      }
      list(c, "actions", 1, s.actionIds(), RecordConsumer::addLong);
      list(c, "probabilities", 2, s.probabilities(), RecordConsumer::addFloat);
      if (perSlot && k[0] < r.rewards().size()) {
        float32(c, "reward", 3, r.rewards().get(k[0]));
      }
      if (perSlot && k[0] < r.originalRewards().size()) {
        float32(c, "original_reward", 4, r.originalRewards().get(k[0]));
      }
      c.endGroup();
      k[0]++;
    });
  }

  private static void outcomes(RecordConsumer o, List<JoinedEvent> outcomes) {
    list(o, "outcomes", JoinedSchema.OUTCOMES, outcomes, (c, e) -> {
      c.startGroup();
      boolean taken = false;
      if (e.event().payload() instanceof OutcomeEvent oe) {
        if (oe.valueKind() == OutcomeEvent.Kind.NUMERIC) {
          float32(c, "value", 0, oe.numericValue());
        }
        if (oe.literalValue() != null) {
          binary(c, "literal_value", 1, Binary.fromString(oe.literalValue()));
        }
        String index = oe.indexKind() == OutcomeEvent.Kind.NUMERIC ? Integer.toString(oe.numericIndex())
            : oe.literalIndex();
        if (index != null) {
          binary(c, "index", 2, Binary.fromString(index));
        }
        taken = oe.actionTaken();
      }
      int64(c, "time", 3, micros(e.timestamp()));
      c.startField("action_taken", 4);
      c.addBoolean(taken);
      c.endField("action_taken", 4);
      c.endGroup();
    });
  }

  private static void binary(RecordConsumer o, String name, int index, Binary value) {
    o.startField(name, index);
    o.addBinary(value);
    o.endField(name, index);
  }

  private static void int64(RecordConsumer o, String name, int index, long value) {
    o.startField(name, index);
    o.addLong(value);
    o.endField(name, index);
  }

  private static void float32(RecordConsumer o, String name, int index, float value) {
    o.startField(name, index);
    o.addFloat(value);
    o.endField(name, index);
  }

  /** A required three-level {@code LIST} of values, each written as its {@code element} by {@code add}. */
  private static <T> void list(RecordConsumer o, String name, int index, List<T> values,
      BiConsumer<RecordConsumer, T> add) {
    o.startField(name, index);
    o.startGroup();
    if (!values.isEmpty()) {
      o.startField("list", 0);
      for (T v : values) {
        o.startGroup();
        o.startField("element", 0);
        add.accept(o, v);
        o.endField("element", 0);
        o.endGroup();
      }
      o.endField("list", 0);
    }
    o.endGroup();
    o.endField(name, index);
  }
}
