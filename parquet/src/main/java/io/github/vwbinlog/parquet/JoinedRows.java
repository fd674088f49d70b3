package io.github.vwbinlog.parquet;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The one adapter from a joined event to a Parquet row of {@link JoinedSchema}: each column from the values a
 * {@link RowBatch} copied out of the join's view of the event (numbers, ids, actions, probabilities, outcomes, slots),
 * the texts as their UTF-8 bytes as the log holds them, never through a record or a DSJSON line. The file name and the
 * row of the batch are set before each row is written ({@link #at}, {@link #row}).
 *
 * <p>Not thread-safe: one per writer.
 */
final class JoinedRows extends WriteSupport<RowBatch> {
  private @Nullable RecordConsumer out;
  private Binary file = Binary.EMPTY;
  private int row;
  /** The few texts that repeat on every row (the settings' lower-case names), encoded once. */
  private final Binary[] problemTypes = names(ProblemType.values());
  private final Binary[] rewardFunctions = names(RewardFunction.values());
  private final Binary[] learningModes = names(LearningMode.values());

  /** The file of the rows that follow. */
  void at(Binary file) {
    this.file = file;
  }

  /** The row of the batch that the next {@link #write} writes. */
  void row(int row) {
    this.row = row;
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

  /** Writes row {@link #row} of {@code b}. */
  @Override
  public void write(RowBatch b) {
    RecordConsumer o = Objects.requireNonNull(out, "prepareForWrite was not called");
    int r = row;
    byte[] a = b.arena;
    CheckpointInfo settings = b.settings[r];
    PayloadType type = b.type(r);
    o.startMessage();
    binary(o, "file", JoinedSchema.FILE, file);
    int64(o, "offset", JoinedSchema.OFFSET, b.offset[r]);
    binary(o, "event_id", JoinedSchema.EVENT_ID, text(a, b.idStart[r], b.idLength[r]));
    int64(o, "timestamp", JoinedSchema.TIMESTAMP, micros(b.epochSecond[r]));
    binary(o, "problem_type", JoinedSchema.PROBLEM_TYPE, problemTypes[settings.problemType().ordinal()]);
    binary(o, "reward_function", JoinedSchema.REWARD_FUNCTION, rewardFunctions[settings.rewardFunction().ordinal()]);
    binary(o, "learning_mode", JoinedSchema.LEARNING_MODE, learningModes[settings.learningMode().ordinal()]);
    binary(o, "model_id", JoinedSchema.MODEL_ID, text(a, b.modelStart[r], b.modelLength[r]));
    longs(o, "actions", JoinedSchema.ACTIONS, b.action, b.actionStart[r], b.actionCount[r]);
    floats(o, "probabilities", JoinedSchema.PROBABILITIES, b.probabilityValue, b.probabilityStart[r],
        b.probabilityCount[r]);
    float32(o, "probability", JoinedSchema.PROBABILITY, b.probability[r]);
    float32(o, "label_probability", JoinedSchema.LABEL_PROBABILITY, b.labelProbability[r]);
    float32(o, "reward", JoinedSchema.REWARD, b.reward[r]);
    float32(o, "original_reward", JoinedSchema.ORIGINAL_REWARD, b.originalReward[r]);
    slots(o, b, r, type == PayloadType.CCB);
    if (type == PayloadType.CA) {
      float32(o, "ca_action", JoinedSchema.CA_ACTION, b.caAction[r]);
      float32(o, "ca_pdf_value", JoinedSchema.CA_PDF_VALUE, b.caPdfValue[r]);
    }
    o.startField("learnable", JoinedSchema.LEARNABLE);
    o.addBoolean(b.learnable[r]);
    o.endField("learnable", JoinedSchema.LEARNABLE);
    float32(o, "pdrop", JoinedSchema.PDROP, b.pdrop[r]);
    float32(o, "weight", JoinedSchema.WEIGHT, b.weight[r]);
    binary(o, "context", JoinedSchema.CONTEXT, text(a, b.contextStart[r], b.contextLength[r]));
    outcomes(o, b, r);
    o.endMessage();
  }

  /**
   * The lower-case names of a setting's values, as the Spark source writes them, by ordinal. Backed by arrays, as the
   * file name: parquet-java hashes and compares every row's value (dictionary, statistics), faster on an array.
   */
  private static Binary[] names(Enum<?>[] values) {
    Binary[] names = new Binary[values.length];
    for (Enum<?> v : values) {
      byte[] name = v.name().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
      names[v.ordinal()] = Binary.fromConstantByteArray(name);
    }
    return names;
  }

  /**
   * Bytes of the arena, reused: parquet-java copies what it keeps beyond the call (dictionary entries, statistics),
   * and the arena is not changed while the batch's rows are written.
   */
  private static Binary text(byte[] arena, int start, int length) {
    return Binary.fromReusedByteArray(arena, start, length);
  }

  private static long micros(long epochSecond) {
    return epochSecond * 1_000_000L;
  }

  /** CCB: each slot with its reward; slates: each slot, the reward being the decision's (null in the slot). */
  private static void slots(RecordConsumer o, RowBatch b, int r, boolean perSlot) {
    int n = b.slotCount[r];
    startList(o, "slots", JoinedSchema.SLOTS, n);
    for (int s = b.slotStart[r], end = s + n; s < end; s++) {
      startElement(o);
      o.startGroup();
      if (b.slotIdLength[s] != RowBatch.NONE) {
        binary(o, "slot_id", 0, text(b.arena, b.slotIdStart[s], b.slotIdLength[s]));
      }
      longs(o, "actions", 1, b.action, b.slotActionStart[s], b.slotActionCount[s]);
      floats(o, "probabilities", 2, b.probabilityValue, b.slotProbabilityStart[s], b.slotProbabilityCount[s]);
      if (perSlot) {
        float32(o, "reward", 3, b.slotReward[s]);
        float32(o, "original_reward", 4, b.slotOriginalReward[s]);
      }
      o.endGroup();
      endElement(o);
    }
    endList(o, "slots", JoinedSchema.SLOTS, n);
  }

  private static void outcomes(RecordConsumer o, RowBatch b, int r) {
    int n = b.outcomeCount[r];
    startList(o, "outcomes", JoinedSchema.OUTCOMES, n);
    for (int k = b.outcomeStart[r], end = k + n; k < end; k++) {
      startElement(o);
      o.startGroup();
      if (b.numericValue[k]) {
        float32(o, "value", 0, b.value[k]);
      }
      if (b.literalLength[k] != RowBatch.NONE) {
        binary(o, "literal_value", 1, text(b.arena, b.literalStart[k], b.literalLength[k]));
      }
      if (b.indexLength[k] != RowBatch.NONE) {
        binary(o, "index", 2, text(b.arena, b.indexStart[k], b.indexLength[k]));
      }
      int64(o, "time", 3, micros(b.outcomeEpochSecond[k]));
      o.startField("action_taken", 4);
      o.addBoolean(b.taken[k]);
      o.endField("action_taken", 4);
      o.endGroup();
      endElement(o);
    }
    endList(o, "outcomes", JoinedSchema.OUTCOMES, n);
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

  /** A required three-level {@code LIST} of {@code count} longs of {@code values} from {@code start}. */
  private static void longs(RecordConsumer o, String name, int index, long[] values, int start, int count) {
    startList(o, name, index, count);
    for (int k = start, end = start + count; k < end; k++) {
      startElement(o);
      o.addLong(values[k]);
      endElement(o);
    }
    endList(o, name, index, count);
  }

  /** A required three-level {@code LIST} of {@code count} floats of {@code values} from {@code start}. */
  private static void floats(RecordConsumer o, String name, int index, float[] values, int start, int count) {
    startList(o, name, index, count);
    for (int k = start, end = start + count; k < end; k++) {
      startElement(o);
      o.addFloat(values[k]);
      endElement(o);
    }
    endList(o, name, index, count);
  }

  /** Opens a required three-level {@code LIST} field of {@code count} elements (no {@code list} group when empty). */
  private static void startList(RecordConsumer o, String name, int index, int count) {
    o.startField(name, index);
    o.startGroup();
    if (count > 0) {
      o.startField("list", 0);
    }
  }

  /** Closes what {@link #startList} opened. */
  private static void endList(RecordConsumer o, String name, int index, int count) {
    if (count > 0) {
      o.endField("list", 0);
    }
    o.endGroup();
    o.endField(name, index);
  }

  /** Opens one element of a list: its repeated group and its {@code element} field. */
  private static void startElement(RecordConsumer o) {
    o.startGroup();
    o.startField("element", 0);
  }

  /** Closes what {@link #startElement} opened. */
  private static void endElement(RecordConsumer o) {
    o.endField("element", 0);
    o.endGroup();
  }
}
