package io.github.vwbinlog.parquet;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The rows of one part of a join, in columns: what {@link ParquetConverter}'s sink makes of the joined events of a
 * part ({@link JoinedEventSink}). {@link #add} copies the values of a {@link JoinedEventView} (which is valid only
 * during the sink's call) into primitive arrays and one byte arena for the texts (ids, model id, context, slot ids,
 * literal values, outcome indexes); {@link JoinedRows} writes a row from them. No record of the event is built.
 *
 * <p>Each value is defined as {@link io.github.vwbinlog.join.JoinResult}'s method of the same name defines it:
 * {@code probability} (the chosen action's: {@code probabilities[0]} of CB and multistep, the pdf value of CA, slot
 * 0's first probability of CCB and slates, else 0), {@code label_probability} (probability times the pass probability,
 * in binary32), {@code pdrop} ({@code 1 - passProbability} in binary32) and {@code weight} ({@code 1 / (1 - pdrop)}).
 *
 * <p>Memory is bounded: a batch holds one part of the join, as {@link io.github.vwbinlog.join.Joiner#run} cuts the log
 * (a few MiB of input, or a few thousand events when the log is joined on one thread), so its arrays hold about as
 * many bytes as that part's events; the writer holds the batches of the parts in flight (at most two per thread) and
 * reuses each once its rows are written. Arrays grow by doubling and are kept for the next part.
 *
 * <p>Not thread-safe: filled by one thread, then read by the writer's thread after the join hands it over.
 */
final class RowBatch {
  /** The length recorded for an absent text. */
  static final int NONE = -1;
  private static final PayloadType[] TYPES = PayloadType.values();

  // Rows.
  int rows;
  long[] offset = new long[256];
  long[] epochSecond = new long[256];
  byte[] type = new byte[256];
  /** The settings in force for the row (shared, immutable: a reference, not a copy). */
  CheckpointInfo[] settings = new CheckpointInfo[256];
  float[] probability = new float[256];
  float[] labelProbability = new float[256];
  float[] reward = new float[256];
  float[] originalReward = new float[256];
  float[] caAction = new float[256];
  float[] caPdfValue = new float[256];
  boolean[] learnable = new boolean[256];
  float[] pdrop = new float[256];
  float[] weight = new float[256];
  /** Texts in the arena: start and length of each row's event id, model id and context. */
  int[] idStart = new int[256];
  int[] idLength = new int[256];
  int[] modelStart = new int[256];
  int[] modelLength = new int[256];
  int[] contextStart = new int[256];
  int[] contextLength = new int[256];
  /** The row's own actions and probabilities (CB, multistep): first element in the flat arrays, and count. */
  int[] actionStart = new int[256];
  int[] actionCount = new int[256];
  int[] probabilityStart = new int[256];
  int[] probabilityCount = new int[256];
  /** The row's slots and outcomes: first in the slot and outcome arrays, and count. */
  int[] slotStart = new int[256];
  int[] slotCount = new int[256];
  int[] outcomeStart = new int[256];
  int[] outcomeCount = new int[256];

  // Actions and probabilities of rows and slots, one after the other.
  int actions;
  long[] action = new long[1024];
  int probabilities;
  float[] probabilityValue = new float[1024];

  // Slots.
  int slots;
  int[] slotIdStart = new int[64];
  int[] slotIdLength = new int[64];
  int[] slotActionStart = new int[64];
  int[] slotActionCount = new int[64];
  int[] slotProbabilityStart = new int[64];
  int[] slotProbabilityCount = new int[64];
  float[] slotReward = new float[64];
  float[] slotOriginalReward = new float[64];

  // Outcomes.
  int outcomes;
  boolean[] numericValue = new boolean[256];
  float[] value = new float[256];
  int[] literalStart = new int[256];
  int[] literalLength = new int[256];
  int[] indexStart = new int[256];
  int[] indexLength = new int[256];
  long[] outcomeEpochSecond = new long[256];
  boolean[] taken = new boolean[256];

  // Texts.
  int bytes;
  byte[] arena = new byte[64 << 10];

  /** The row's payload type. */
  PayloadType type(int row) {
    return TYPES[type[row]];
  }

  /** Empties the batch for another part, keeping its arrays. */
  void clear() {
    rows = 0;
    actions = 0;
    probabilities = 0;
    slots = 0;
    outcomes = 0;
    bytes = 0;
  }

  /** Copies the values of one joined event as the next row. */
  void add(JoinedEventView v) {
    if (rows == offset.length) {
      growRows();
    }
    int r = rows++;
    PayloadType t = v.type();
    offset[r] = v.offset();
    epochSecond[r] = v.epochSecond();
    type[r] = (byte) t.ordinal();
    settings[r] = v.settings();
    learnable[r] = v.learnable();
    float pass = v.passProbability();
    float drop = 1f - pass;
    pdrop[r] = drop;
    weight[r] = 1f / (1f - drop);
    reward[r] = v.reward(JoinedEventView.TOP);
    originalReward[r] = v.originalReward(JoinedEventView.TOP);
    idStart[r] = bytes;
    idLength[r] = text(v.eventId());
    modelStart[r] = bytes;
    modelLength[r] = text(v.modelId());
    contextStart[r] = bytes;
    contextLength[r] = text(v.context());

    boolean own = t == PayloadType.CB || t == PayloadType.MULTI_STEP;
    actionStart[r] = actions;
    actionCount[r] = own ? actions(v, JoinedEventView.TOP) : 0;
    probabilityStart[r] = probabilities;
    probabilityCount[r] = own ? probabilities(v, JoinedEventView.TOP) : 0;

    int n = t == PayloadType.CCB || t == PayloadType.SLATES ? v.slotCount() : 0;
    slotStart[r] = slots;
    slotCount[r] = n;
    for (int s = 0; s < n; s++) {
      slot(v, s, t == PayloadType.CCB);
    }

    float p = 0f;
    if (own) {
      p = probabilityCount[r] > 0 ? probabilityValue[probabilityStart[r]] : 0f;
    } else if (t == PayloadType.CA) {
      p = v.pdfValue();
    } else if (n > 0) {
      int first = slotStart[r];
      p = slotProbabilityCount[first] > 0 ? probabilityValue[slotProbabilityStart[first]] : 0f;
    }
    probability[r] = p;
    labelProbability[r] = p * pass;
    if (t == PayloadType.CA) {
      caAction[r] = v.caAction();
      caPdfValue[r] = v.pdfValue();
    }

    int m = v.outcomeCount(JoinedEventView.TOP);
    outcomeStart[r] = outcomes;
    outcomeCount[r] = m;
    for (int k = 0; k < m; k++) {
      outcome(v, k);
    }
  }

  private void slot(JoinedEventView v, int s, boolean ccb) {
    if (slots == slotIdStart.length) {
      int c = slots * 2;
      slotIdStart = Arrays.copyOf(slotIdStart, c);
      slotIdLength = Arrays.copyOf(slotIdLength, c);
      slotActionStart = Arrays.copyOf(slotActionStart, c);
      slotActionCount = Arrays.copyOf(slotActionCount, c);
      slotProbabilityStart = Arrays.copyOf(slotProbabilityStart, c);
      slotProbabilityCount = Arrays.copyOf(slotProbabilityCount, c);
      slotReward = Arrays.copyOf(slotReward, c);
      slotOriginalReward = Arrays.copyOf(slotOriginalReward, c);
    }
    int i = slots++;
    slotIdStart[i] = bytes;
    slotIdLength[i] = text(v.slotIdBytes(s));
    slotActionStart[i] = actions;
    slotActionCount[i] = actions(v, s);
    slotProbabilityStart[i] = probabilities;
    slotProbabilityCount[i] = probabilities(v, s);
    // A CCB slot's reward; a slate's slots have none (the decision's is the row's).
    slotReward[i] = ccb ? v.reward(s) : Float.NaN;
    slotOriginalReward[i] = ccb ? v.originalReward(s) : Float.NaN;
  }

  private void outcome(JoinedEventView v, int k) {
    if (outcomes == numericValue.length) {
      int c = outcomes * 2;
      numericValue = Arrays.copyOf(numericValue, c);
      value = Arrays.copyOf(value, c);
      literalStart = Arrays.copyOf(literalStart, c);
      literalLength = Arrays.copyOf(literalLength, c);
      indexStart = Arrays.copyOf(indexStart, c);
      indexLength = Arrays.copyOf(indexLength, c);
      outcomeEpochSecond = Arrays.copyOf(outcomeEpochSecond, c);
      taken = Arrays.copyOf(taken, c);
    }
    int i = outcomes++;
    int list = JoinedEventView.TOP;
    numericValue[i] = v.outcomeValueKind(list, k) == OutcomeEvent.Kind.NUMERIC;
    value[i] = v.outcomeValue(list, k);
    literalStart[i] = bytes;
    literalLength[i] = text(v.outcomeLiteralValue(list, k));
    indexStart[i] = bytes;
    OutcomeEvent.Kind index = v.outcomeIndexKind(list, k);
    indexLength[i] = index == OutcomeEvent.Kind.NUMERIC ? decimal(v.outcomeNumericIndex(list, k))
        : index == OutcomeEvent.Kind.LITERAL ? text(v.outcomeLiteralIndexBytes(list, k))
        : NONE;
    outcomeEpochSecond[i] = v.outcomeEpochSecond(list, k);
    taken[i] = v.outcomeTaken(list, k);
  }

  /** Copies the actions of a list; returns their count. */
  private int actions(JoinedEventView v, int list) {
    int n = v.actionCount(list);
    if (actions + n > action.length) {
      action = Arrays.copyOf(action, Math.max(action.length * 2, actions + n));
    }
    for (int k = 0; k < n; k++) {
      action[actions++] = v.action(list, k);
    }
    return n;
  }

  /** Copies the probabilities of a list; returns their count. */
  private int probabilities(JoinedEventView v, int list) {
    int n = v.probabilityCount(list);
    if (probabilities + n > probabilityValue.length) {
      probabilityValue = Arrays.copyOf(probabilityValue, Math.max(probabilityValue.length * 2, probabilities + n));
    }
    for (int k = 0; k < n; k++) {
      probabilityValue[probabilities++] = v.probability(list, k);
    }
    return n;
  }

  /** Copies a text's bytes into the arena; returns their length, or {@link #NONE} for null. */
  private int text(@Nullable ByteBuffer b) {
    if (b == null) {
      return NONE;
    }
    int n = b.remaining();
    reserve(n);
    b.get(b.position(), arena, bytes, n);
    bytes += n;
    return n;
  }

  /** Writes {@code i} in decimal (as {@link Integer#toString(int)}) into the arena; returns its length. */
  private int decimal(int i) {
    reserve(11);
    String s = Integer.toString(i);
    int n = s.length();
    for (int k = 0; k < n; k++) {
      arena[bytes + k] = (byte) s.charAt(k);
    }
    bytes += n;
    return n;
  }

  private void reserve(int n) {
    if (bytes + n > arena.length) {
      long size = Math.max(2L * arena.length, (long) bytes + n);
      arena = Arrays.copyOf(arena, (int) Math.min(Integer.MAX_VALUE - 8, size));
    }
  }

  private void growRows() {
    int c = rows * 2;
    offset = Arrays.copyOf(offset, c);
    epochSecond = Arrays.copyOf(epochSecond, c);
    type = Arrays.copyOf(type, c);
    settings = Arrays.copyOf(settings, c);
    probability = Arrays.copyOf(probability, c);
    labelProbability = Arrays.copyOf(labelProbability, c);
    reward = Arrays.copyOf(reward, c);
    originalReward = Arrays.copyOf(originalReward, c);
    caAction = Arrays.copyOf(caAction, c);
    caPdfValue = Arrays.copyOf(caPdfValue, c);
    learnable = Arrays.copyOf(learnable, c);
    pdrop = Arrays.copyOf(pdrop, c);
    weight = Arrays.copyOf(weight, c);
    idStart = Arrays.copyOf(idStart, c);
    idLength = Arrays.copyOf(idLength, c);
    modelStart = Arrays.copyOf(modelStart, c);
    modelLength = Arrays.copyOf(modelLength, c);
    contextStart = Arrays.copyOf(contextStart, c);
    contextLength = Arrays.copyOf(contextLength, c);
    actionStart = Arrays.copyOf(actionStart, c);
    actionCount = Arrays.copyOf(actionCount, c);
    probabilityStart = Arrays.copyOf(probabilityStart, c);
    probabilityCount = Arrays.copyOf(probabilityCount, c);
    slotStart = Arrays.copyOf(slotStart, c);
    slotCount = Arrays.copyOf(slotCount, c);
    outcomeStart = Arrays.copyOf(outcomeStart, c);
    outcomeCount = Arrays.copyOf(outcomeCount, c);
  }
}
