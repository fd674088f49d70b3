package io.github.vwbinlog.spark;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * The one adapter between vw-binlog and Spark rows: a joined event ({@link JoinResult}, with where it came from,
 * {@link Joiner.Position}) as an {@link InternalRow} of {@link Schemas#JOINED}, or of the columns a query selected.
 * Only the selected columns are built: without {@code dsjson} no line is written, without {@code context} no context
 * is copied.
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class JoinedRows {
  private final UTF8String file;
  private final DsjsonConverter converter;
  /** The selected columns, as indexes of {@link Schemas#JOINED}'s fields. */
  private final int[] columns;

  /**
   * Rows of {@code required}'s columns for the events of {@code file}.
   *
   * @param converter the conversion whose line the {@code dsjson} column holds (the read's join options)
   */
  JoinedRows(String file, DsjsonConverter converter, StructType required) {
    this.file = UTF8String.fromString(file);
    this.converter = converter;
    this.columns = new int[required.fields().length];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = Schemas.JOINED.fieldIndex(required.fields()[i].name());
    }
  }

  /** The row of one joined event, without its events' bytes (a null {@code joined_events}). */
  InternalRow row(JoinResult r, Joiner.Position at) {
    return row(r, at, null);
  }

  /**
   * The row of one joined event.
   *
   * @param joinedEvents the {@code joined_events} column: a {@code JoinedPayload} holding the event's joined events as
   *     the log holds them ({@code Message.Regular.joinedPayloadsById()}), or null
   */
  InternalRow row(JoinResult r, Joiner.Position at, @Nullable ByteBuffer joinedEvents) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = column(columns[i], r, at, joinedEvents);
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

  private @Nullable Object column(int column, JoinResult r, Joiner.Position at, @Nullable ByteBuffer joinedEvents) {
    EventPayload payload = r.interaction().event().payload();
    CheckpointInfo settings = at.settings();
    return switch (column) {
      case 0 -> file;
      case 1 -> at.offset();
      case 2 -> text(r.id());
      case 3 -> micros(r.timestamp());
      case 4 -> text(settings.problemType().name().toLowerCase(Locale.ROOT));
      case 5 -> text(settings.rewardFunction().name().toLowerCase(Locale.ROOT));
      case 6 -> text(settings.learningMode().name().toLowerCase(Locale.ROOT));
      case 7 -> text(modelId(payload));
      case 8 -> longs(actions(payload));
      case 9 -> floats(probabilities(payload));
      case 10 -> r.probability();
      case 11 -> r.labelProbability();
      case 12 -> r.reward();
      case 13 -> r.originalReward();
      case 14 -> slots(r, payload);
      case 15 -> payload instanceof CaEvent ca ? (Object) ca.action() : null;
      case 16 -> payload instanceof CaEvent ca ? (Object) ca.pdfValue() : null;
      case 17 -> r.learnable();
      case 18 -> r.pdrop();
      case 19 -> r.weight();
      case 20 -> context(payload);
      case 21 -> outcomes(r.outcomes());
      case 22 -> dsjson(r);
      case 23 -> settings.defaultReward();
      case 24 -> settings.useClientTime();
      case 25 -> joinedEvents == null ? null : bytes(joinedEvents);
      default -> throw new IllegalStateException("no column " + column);
    };
  }

  private @Nullable UTF8String dsjson(JoinResult r) {
    byte[] line;
    try {
      line = converter.line(r);
    } catch (IllegalArgumentException e) {
      return null; // convert writes no line for this event (it counts and reports it instead)
    }
    int length = line.length > 0 && line[line.length - 1] == '\n' ? line.length - 1 : line.length;
    return UTF8String.fromBytes(line, 0, length);
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(b.position(), out);
    return out;
  }

  private static @Nullable UTF8String text(@Nullable String s) {
    return s == null ? null : UTF8String.fromString(s);
  }

  private static long micros(TimeStamp t) {
    return t.epochSecond() * 1_000_000L;
  }

  private static @Nullable String modelId(EventPayload p) {
    if (p instanceof CbEvent cb) {
      return cb.modelId();
    }
    if (p instanceof MultiSlotEvent ms) {
      return ms.modelId();
    }
    if (p instanceof CaEvent ca) {
      return ca.modelId();
    }
    if (p instanceof MultiStepEvent step) {
      return step.modelId();
    }
    return null;
  }

  private static List<Long> actions(EventPayload p) {
    if (p instanceof CbEvent cb) {
      return cb.actionIds();
    }
    if (p instanceof MultiStepEvent step) {
      return step.actionIds();
    }
    return List.of();
  }

  private static List<Float> probabilities(EventPayload p) {
    if (p instanceof CbEvent cb) {
      return cb.probabilities();
    }
    if (p instanceof MultiStepEvent step) {
      return step.probabilities();
    }
    return List.of();
  }

  private static @Nullable UTF8String context(EventPayload p) {
    ByteBuffer c = p instanceof CbEvent cb ? cb.context()
        : p instanceof MultiSlotEvent ms ? ms.context()
        : p instanceof CaEvent ca ? ca.context()
        : p instanceof MultiStepEvent step ? step.context()
        : null;
    if (c == null) {
      return null;
    }
    byte[] bytes = new byte[c.remaining()];
    c.get(c.position(), bytes);
    return UTF8String.fromBytes(bytes);
  }

  /** CCB: each slot with its reward; slates: each slot, the reward being the decision's (null in the slot). */
  private static ArrayData slots(JoinResult r, EventPayload p) {
    if (!(p instanceof MultiSlotEvent ms)) {
      return new GenericArrayData(new Object[0]);
    }
    boolean perSlot = r.payloadType() == io.github.vwbinlog.PayloadType.CCB;
    Object[] out = new Object[ms.slots().size()];
    for (int k = 0; k < out.length; k++) {
      SlotEvent s = ms.slots().get(k);
      Object reward = perSlot && k < r.rewards().size() ? (Object) r.rewards().get(k) : null;
      Object original = perSlot && k < r.originalRewards().size() ? (Object) r.originalRewards().get(k) : null;
      out[k] = new GenericInternalRow(new Object[] {text(s.id()), longs(s.actionIds()), floats(s.probabilities()),
          reward, original});
    }
    return new GenericArrayData(out);
  }

  private static ArrayData outcomes(List<JoinedEvent> outcomes) {
    Object[] out = new Object[outcomes.size()];
    for (int i = 0; i < out.length; i++) {
      JoinedEvent e = outcomes.get(i);
      Object value = null;
      UTF8String literal = null;
      UTF8String index = null;
      boolean taken = false;
      if (e.event().payload() instanceof OutcomeEvent o) {
        value = o.valueKind() == OutcomeEvent.Kind.NUMERIC ? (Object) o.numericValue() : null;
        literal = text(o.literalValue());
        index = o.indexKind() == OutcomeEvent.Kind.NUMERIC ? text(Integer.toString(o.numericIndex()))
            : text(o.literalIndex());
        taken = o.actionTaken();
      }
      out[i] = new GenericInternalRow(new Object[] {value, literal, index, micros(e.timestamp()), taken});
    }
    return new GenericArrayData(out);
  }

  private static ArrayData longs(List<Long> values) {
    long[] a = new long[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    return new GenericArrayData(a);
  }

  private static ArrayData floats(List<Float> values) {
    float[] a = new float[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    return new GenericArrayData(a);
  }
}
