package io.github.vwbinlog.spark;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinedEventView;
import java.nio.ByteBuffer;
import java.util.Locale;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * The one adapter between vw-binlog and Spark rows: a joined event, as the join's view ({@link JoinedEventView}: its
 * values read in place, no record built), as an {@link InternalRow} of {@link Schemas#JOINED}, or of the columns a
 * query selected. Only the selected columns are built: without {@code context} no context is copied. The values are
 * those of the event's record ({@code JoinResult}), as the Parquet writer's rows have them (the same schema).
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class JoinedRows {
  private final UTF8String file;
  /** The selected columns, as indexes of {@link Schemas#JOINED}'s fields. */
  private final int[] columns;

  /** Rows of {@code required}'s columns for the events of {@code file}. */
  JoinedRows(String file, StructType required) {
    this.file = UTF8String.fromString(file);
    this.columns = new int[required.fields().length];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = Schemas.JOINED.fieldIndex(required.fields()[i].name());
    }
  }

  /**
   * The row of one joined event.
   *
   * @param offset the {@code offset} column: the event's message, or where its interaction came from (a cluster join)
   * @param joinedEvents the {@code joined_events} column: a {@code JoinedPayload} holding the event's joined events as
   *     the log holds them ({@code Message.Regular.joinedPayloadsById()}; for a multistep step, its message's whole
   *     payload), or null
   * @param line the event's DSJSON line, with its final newline: the {@code dsjson} column
   */
  InternalRow row(JoinedEventView v, long offset, @Nullable ByteBuffer joinedEvents, byte[] line) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = column(columns[i], v, offset, joinedEvents, line);
    }
    return new GenericInternalRow(values);
  }

  /** Whether the selected columns include {@code joined_events}: only then need a reader find the events' bytes. */
  boolean needsJoinedEvents() {
    for (int c : columns) {
      if (c == JOINED_EVENTS) {
        return true;
      }
    }
    return false;
  }

  private static final int JOINED_EVENTS = Schemas.JOINED.fieldIndex("joined_events");

  private @Nullable Object column(int column, JoinedEventView v, long offset, @Nullable ByteBuffer joinedEvents,
      byte[] line) {
    CheckpointInfo settings = v.settings();
    PayloadType type = v.type();
    boolean own = type == PayloadType.CB || type == PayloadType.MULTI_STEP;
    return switch (column) {
      case 0 -> file;
      case 1 -> offset;
      case 2 -> text(v.eventId());
      case 3 -> v.epochSecond() * 1_000_000L;
      // a step of the multistep joiner says so, whatever problem type the CHECKPOINT set (which that join ignores)
      case 4 -> UTF8String.fromString((type == PayloadType.MULTI_STEP ? ProblemType.MULTISTEP
          : settings.problemType()).name().toLowerCase(Locale.ROOT));
      case 5 -> UTF8String.fromString(settings.rewardFunction().name().toLowerCase(Locale.ROOT));
      case 6 -> UTF8String.fromString(settings.learningMode().name().toLowerCase(Locale.ROOT));
      case 7 -> text(v.modelId());
      case 8 -> own ? actions(v, JoinedEventView.TOP) : new GenericArrayData(new long[0]);
      case 9 -> own ? probabilities(v, JoinedEventView.TOP) : new GenericArrayData(new float[0]);
      case 10 -> probability(v, type, own);
      case 11 -> probability(v, type, own) * v.passProbability();
      case 12 -> v.reward(JoinedEventView.TOP);
      case 13 -> v.originalReward(JoinedEventView.TOP);
      case 14 -> slots(v, type);
      case 15 -> type == PayloadType.CA ? (Object) v.caAction() : null;
      case 16 -> type == PayloadType.CA ? (Object) v.pdfValue() : null;
      case 17 -> v.learnable();
      case 18 -> 1f - v.passProbability();
      case 19 -> 1f / (1f - (1f - v.passProbability()));
      case 20 -> text(v.context());
      case 21 -> outcomes(v);
      case 22 -> UTF8String.fromBytes(line, 0, line.length > 0 && line[line.length - 1] == '\n' ? line.length - 1
          : line.length);
      case 23 -> settings.defaultReward();
      case 24 -> settings.useClientTime();
      case 25 -> joinedEvents == null ? null : bytes(joinedEvents);
      default -> throw new IllegalStateException("no column " + column);
    };
  }

  /** The chosen action's probability: a decision's first, a CA decision's pdf value, a multi-slot's first slot's. */
  private static float probability(JoinedEventView v, PayloadType type, boolean own) {
    if (own) {
      return v.probabilityCount(JoinedEventView.TOP) > 0 ? v.probability(JoinedEventView.TOP, 0) : 0f;
    }
    if (type == PayloadType.CA) {
      return v.pdfValue();
    }
    if ((type == PayloadType.CCB || type == PayloadType.SLATES) && v.slotCount() > 0) {
      return v.probabilityCount(0) > 0 ? v.probability(0, 0) : 0f;
    }
    return 0f;
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(b.position(), out);
    return out;
  }

  private static @Nullable UTF8String text(@Nullable ByteBuffer b) {
    return b == null ? null : UTF8String.fromBytes(bytes(b));
  }

  /** CCB: each slot with its reward; slates: each slot, the reward being the decision's (null in the slot). */
  private static ArrayData slots(JoinedEventView v, PayloadType type) {
    if (type != PayloadType.CCB && type != PayloadType.SLATES) {
      return new GenericArrayData(new Object[0]);
    }
    boolean perSlot = type == PayloadType.CCB;
    Object[] out = new Object[v.slotCount()];
    for (int k = 0; k < out.length; k++) {
      Object reward = perSlot ? (Object) v.reward(k) : null;
      Object original = perSlot ? (Object) v.originalReward(k) : null;
      out[k] = new GenericInternalRow(new Object[] {text(v.slotIdBytes(k)), actions(v, k), probabilities(v, k),
          reward, original});
    }
    return new GenericArrayData(out);
  }

  private static ArrayData outcomes(JoinedEventView v) {
    int list = JoinedEventView.TOP;
    Object[] out = new Object[v.outcomeCount(list)];
    for (int k = 0; k < out.length; k++) {
      Object value = v.outcomeValueKind(list, k) == OutcomeEvent.Kind.NUMERIC ? (Object) v.outcomeValue(list, k)
          : null;
      OutcomeEvent.Kind indexKind = v.outcomeIndexKind(list, k);
      UTF8String index = indexKind == OutcomeEvent.Kind.NUMERIC
          ? UTF8String.fromString(Integer.toString(v.outcomeNumericIndex(list, k)))
          : indexKind == OutcomeEvent.Kind.LITERAL ? text(v.outcomeLiteralIndexBytes(list, k)) : null;
      out[k] = new GenericInternalRow(new Object[] {value, text(v.outcomeLiteralValue(list, k)), index,
          v.outcomeEpochSecond(list, k) * 1_000_000L, v.outcomeTaken(list, k)});
    }
    return new GenericArrayData(out);
  }

  private static ArrayData actions(JoinedEventView v, int list) {
    long[] a = new long[v.actionCount(list)];
    for (int k = 0; k < a.length; k++) {
      a[k] = v.action(list, k);
    }
    return new GenericArrayData(a);
  }

  private static ArrayData probabilities(JoinedEventView v, int list) {
    float[] a = new float[v.probabilityCount(list)];
    for (int k = 0; k < a.length; k++) {
      a[k] = v.probability(list, k);
    }
    return new GenericArrayData(a);
  }
}
