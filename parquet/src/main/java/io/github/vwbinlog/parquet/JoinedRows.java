package io.github.vwbinlog.parquet;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The one adapter from a joined event to a Parquet row of {@link JoinedSchema}, for the columns of one range of the
 * schema's fields (a <em>lane</em>: {@link JoinedFile} encodes the row group's columns in two lanes, on two threads):
 * each column from the values a {@link RowBatch} copied out of the join's view of the event (numbers, ids, actions,
 * probabilities, outcomes, slots), the texts as their UTF-8 bytes as the log holds them, never through a record or a
 * DSJSON line.
 *
 * <p>The values go straight to parquet-java's column writers with their repetition and definition levels (the levels
 * of the three-level {@code LIST}s of {@link JoinedSchema}: an element's definition level is its list's depth, its
 * repetition level 0 for a row's first value and the depth of the list that repeats otherwise; an empty list is one
 * null at its parent's levels), as parquet-java's record consumer would compute them from a row's fields, without the
 * record consumer's bookkeeping of fields and groups. The lane's columns are buffered in its own column store (pages
 * encoded and zstd-compressed as they fill) until {@link #flush} writes them as column chunks of the row group.
 *
 * <p>Not thread-safe: one thread writes a lane at a time.
 */
final class JoinedRows implements AutoCloseable {
  /**
   * The first field of the second lane: the lanes split the encoding work about evenly, as measured on the benchmark's
   * CB log (the first holds the file, offset, ids, time, settings, actions and probabilities; the second the chosen
   * probability, the rewards, slots, CA values, flags, context and outcomes). parquet-java's plain encoding writes
   * numbers a byte at a time, so a lane's work is about its bytes per row, the context's aside (copied and compressed
   * in bulk).
   */
  static final int SPLIT = JoinedSchema.SCHEMA.getFieldIndex("probability");

  /** The few texts that repeat on every row (the settings' lower-case names), encoded once. */
  private static final Binary[] PROBLEM_TYPES = names(ProblemType.values());
  private static final Binary[] REWARD_FUNCTIONS = names(RewardFunction.values());
  private static final Binary[] LEARNING_MODES = names(LearningMode.values());

  private final MessageType schema;
  private final ParquetProperties properties;
  private final ZstdCodecs codecs;
  /** Whether this is the first lane (fields before {@link #SPLIT}) or the second (from it). */
  private final boolean first;
  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore columns;
  /** The column writers of the lane, by the leaf's index in {@link JoinedSchema#SCHEMA} (null when not in it). */
  private final ColumnWriter[] leaves;

  /**
   * The first lane (the fields of {@link JoinedSchema#SCHEMA} before {@link #SPLIT}) or the second (from it on), its
   * pages encoded as {@code properties} say and compressed with zstd at {@code level}.
   */
  JoinedRows(boolean first, ParquetProperties properties, int level) {
    List<Type> fields = JoinedSchema.SCHEMA.getFields();
    this.first = first;
    this.schema = new MessageType(JoinedSchema.SCHEMA.getName(),
        first ? fields.subList(0, SPLIT) : fields.subList(SPLIT, fields.size()));
    this.properties = properties;
    this.codecs = new ZstdCodecs(level);
    this.leaves = new ColumnWriter[JoinedSchema.SCHEMA.getColumns().size()];
    open();
  }

  /** A fresh column store for the next row group. */
  private void open() {
    pages = new ColumnChunkPageWriteStore(codecs.getCompressor(CompressionCodecName.ZSTD), schema,
        properties.getAllocator(), properties.getColumnIndexTruncateLength(),
        properties.getPageWriteChecksumEnabled());
    columns = properties.newColumnWriteStore(schema, pages, pages);
    List<ColumnDescriptor> all = JoinedSchema.SCHEMA.getColumns();
    for (int i = 0; i < all.size(); i++) {
      ColumnDescriptor c = all.get(i);
      leaves[i] = schema.containsPath(c.getPath()) ? columns.getColumnWriter(c) : null;
    }
  }

  /** The bytes the lane buffers for the row group being filled (encoded pages and the pages being filled). */
  long bufferedSize() {
    return columns.getBufferedSize();
  }

  /** Writes the lane's column chunks of the row group (after {@link ParquetFileWriter#startBlock}); starts the next. */
  void flush(ParquetFileWriter file) throws IOException {
    columns.flush();
    pages.flushToFileWriter(file);
    columns.close();
    pages.close();
    open();
  }

  /** Releases the compressor; the lane's buffered rows are dropped. */
  @Override
  public void close() {
    columns.close();
    pages.close();
    codecs.release();
  }

  /** Writes this lane's columns of rows {@code from} (inclusive) to {@code to} (exclusive) of {@code b}. */
  void write(RowBatch b, Binary file, int from, int to) {
    ColumnWriter[] w = leaves;
    if (first) {
      for (int r = from; r < to; r++) {
        first(w, b, file, r);
        columns.endRecord();
      }
    } else {
      for (int r = from; r < to; r++) {
        second(w, b, r);
        columns.endRecord();
      }
    }
  }

  /** The columns of the first lane: {@code file} to {@code probabilities}. */
  private static void first(ColumnWriter[] w, RowBatch b, Binary file, int r) {
    byte[] a = b.arena;
    CheckpointInfo settings = b.settings[r];
    w[Leaf.FILE].write(file, 0, 0);
    w[Leaf.OFFSET].write(b.offset[r], 0, 0);
    w[Leaf.EVENT_ID].write(text(a, b.idStart[r], b.idLength[r]), 0, 0);
    w[Leaf.TIMESTAMP].write(micros(b.epochSecond[r]), 0, 0);
    // a step of the multistep joiner says so, whatever problem type the CHECKPOINT set (which that join ignores)
    w[Leaf.PROBLEM_TYPE].write(PROBLEM_TYPES[(b.type(r) == PayloadType.MULTI_STEP ? ProblemType.MULTISTEP
        : settings.problemType()).ordinal()], 0, 0);
    w[Leaf.REWARD_FUNCTION].write(REWARD_FUNCTIONS[settings.rewardFunction().ordinal()], 0, 0);
    w[Leaf.LEARNING_MODE].write(LEARNING_MODES[settings.learningMode().ordinal()], 0, 0);
    optional(w[Leaf.MODEL_ID], a, b.modelStart[r], b.modelLength[r], 0, 0);
    longs(w[Leaf.ACTIONS], b.action, b.actionStart[r], b.actionCount[r], 0, 0, 1);
    floats(w[Leaf.PROBABILITIES], b.probabilityValue, b.probabilityStart[r], b.probabilityCount[r], 0, 0, 1);
  }

  /** The columns of the second lane: {@code probability} to {@code outcomes}. */
  private static void second(ColumnWriter[] w, RowBatch b, int r) {
    w[Leaf.PROBABILITY].write(b.probability[r], 0, 0);
    w[Leaf.LABEL_PROBABILITY].write(b.labelProbability[r], 0, 0);
    w[Leaf.REWARD].write(b.reward[r], 0, 0);
    w[Leaf.ORIGINAL_REWARD].write(b.originalReward[r], 0, 0);
    PayloadType type = b.type(r);
    slots(w, b, r, type == PayloadType.CCB);
    boolean ca = type == PayloadType.CA;
    optional(w[Leaf.CA_ACTION], ca, b.caAction[r], 0, 1);
    optional(w[Leaf.CA_PDF_VALUE], ca, b.caPdfValue[r], 0, 1);
    w[Leaf.LEARNABLE].write(b.learnable[r], 0, 0);
    w[Leaf.PDROP].write(b.pdrop[r], 0, 0);
    w[Leaf.WEIGHT].write(b.weight[r], 0, 0);
    optional(w[Leaf.CONTEXT], b.arena, b.contextStart[r], b.contextLength[r], 0, 0);
    outcomes(w, b, r);
  }

  /**
   * CCB: each slot with its reward; slates: each slot, the reward being the decision's (null in the slot). Levels: a
   * slot is at definition level 1 and repeats at level 1; its optional fields are defined at 2; its lists' elements
   * are at definition level 2 and repeat at level 2.
   */
  private static void slots(ColumnWriter[] w, RowBatch b, int r, boolean perSlot) {
    int n = b.slotCount[r];
    if (n == 0) {
      emptyList(w, Leaf.SLOT_ID, Leaf.SLOT_ORIGINAL_REWARD);
      return;
    }
    int first = b.slotStart[r];
    for (int s = first, end = first + n; s < end; s++) {
      int rep = s == first ? 0 : 1;
      optional(w[Leaf.SLOT_ID], b.arena, b.slotIdStart[s], b.slotIdLength[s], rep, 1);
      longs(w[Leaf.SLOT_ACTIONS], b.action, b.slotActionStart[s], b.slotActionCount[s], rep, 1, 2);
      floats(w[Leaf.SLOT_PROBABILITIES], b.probabilityValue, b.slotProbabilityStart[s], b.slotProbabilityCount[s],
          rep, 1, 2);
      optional(w[Leaf.SLOT_REWARD], perSlot, b.slotReward[s], rep, 2);
      optional(w[Leaf.SLOT_ORIGINAL_REWARD], perSlot, b.slotOriginalReward[s], rep, 2);
    }
  }

  /** An empty list of structs: a null at level 0 in each of its leaf columns, {@code first} to {@code last}. */
  private static void emptyList(ColumnWriter[] w, int first, int last) {
    for (int c = first; c <= last; c++) {
      w[c].writeNull(0, 0);
    }
  }

  /** Each outcome: at definition level 1, repeating at level 1; its optional fields defined at 2. */
  private static void outcomes(ColumnWriter[] w, RowBatch b, int r) {
    int n = b.outcomeCount[r];
    if (n == 0) {
      emptyList(w, Leaf.OUTCOME_VALUE, Leaf.OUTCOME_TAKEN);
      return;
    }
    int first = b.outcomeStart[r];
    for (int k = first, end = first + n; k < end; k++) {
      int rep = k == first ? 0 : 1;
      optional(w[Leaf.OUTCOME_VALUE], b.numericValue[k], b.value[k], rep, 2);
      optional(w[Leaf.OUTCOME_LITERAL], b.arena, b.literalStart[k], b.literalLength[k], rep, 1);
      optional(w[Leaf.OUTCOME_INDEX], b.arena, b.indexStart[k], b.indexLength[k], rep, 1);
      w[Leaf.OUTCOME_TIME].write(micros(b.outcomeEpochSecond[k]), rep, 1);
      w[Leaf.OUTCOME_TAKEN].write(b.taken[k], rep, 1);
    }
  }

  /**
   * An optional text of the arena ({@link RowBatch#NONE} when absent): defined at {@code parent + 1}, or a null at the
   * parent's definition level.
   */
  private static void optional(ColumnWriter w, byte[] arena, int start, int length, int rep, int parent) {
    if (length == RowBatch.NONE) {
      w.writeNull(rep, parent);
    } else {
      w.write(text(arena, start, length), rep, parent + 1);
    }
  }

  /** An optional float: {@code value} at definition level {@code defined} when present, else a null one below. */
  private static void optional(ColumnWriter w, boolean present, float value, int rep, int defined) {
    if (present) {
      w.write(value, rep, defined);
    } else {
      w.writeNull(rep, defined - 1);
    }
  }

  /**
   * A required three-level {@code LIST} of {@code count} longs of {@code values} from {@code start}, whose parent is
   * at repetition level {@code rep} and definition level {@code parent}; its elements are at {@code depth} (the list's
   * repetition and definition level). An empty list is one null at the parent's levels.
   */
  private static void longs(ColumnWriter w, long[] values, int start, int count, int rep, int parent, int depth) {
    if (count == 0) {
      w.writeNull(rep, parent);
      return;
    }
    w.write(values[start], rep, depth);
    for (int k = start + 1, end = start + count; k < end; k++) {
      w.write(values[k], depth, depth);
    }
  }

  /** As {@link #longs}, of floats. */
  private static void floats(ColumnWriter w, float[] values, int start, int count, int rep, int parent, int depth) {
    if (count == 0) {
      w.writeNull(rep, parent);
      return;
    }
    w.write(values[start], rep, depth);
    for (int k = start + 1, end = start + count; k < end; k++) {
      w.write(values[k], depth, depth);
    }
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

  /** The index of each leaf column in {@link JoinedSchema#SCHEMA}'s columns (depth first, in schema order). */
  static final class Leaf {
    private Leaf() {}

    static final int FILE = 0;
    static final int OFFSET = 1;
    static final int EVENT_ID = 2;
    static final int TIMESTAMP = 3;
    static final int PROBLEM_TYPE = 4;
    static final int REWARD_FUNCTION = 5;
    static final int LEARNING_MODE = 6;
    static final int MODEL_ID = 7;
    static final int ACTIONS = 8;
    static final int PROBABILITIES = 9;
    static final int PROBABILITY = 10;
    static final int LABEL_PROBABILITY = 11;
    static final int REWARD = 12;
    static final int ORIGINAL_REWARD = 13;
    static final int SLOT_ID = 14;
    static final int SLOT_ACTIONS = 15;
    static final int SLOT_PROBABILITIES = 16;
    static final int SLOT_REWARD = 17;
    static final int SLOT_ORIGINAL_REWARD = 18;
    static final int CA_ACTION = 19;
    static final int CA_PDF_VALUE = 20;
    static final int LEARNABLE = 21;
    static final int PDROP = 22;
    static final int WEIGHT = 23;
    static final int CONTEXT = 24;
    static final int OUTCOME_VALUE = 25;
    static final int OUTCOME_LITERAL = 26;
    static final int OUTCOME_INDEX = 27;
    static final int OUTCOME_TIME = 28;
    static final int OUTCOME_TAKEN = 29;
  }
}
