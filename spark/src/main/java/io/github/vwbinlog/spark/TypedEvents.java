package io.github.vwbinlog.spark;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.jspecify.annotations.Nullable;

/**
 * The joined events of a row whose {@code joined_events} is null, encoded from its typed columns (the inverse of
 * {@link JoinedRows}, as far as the columns go): the interaction, of the problem type's payload type, with the row's
 * id, time, actions, probabilities or CA action, slots, context and model id, its pass probability {@code 1 - pdrop},
 * deferred when the row is not learnable; then one outcome per element of {@code outcomes}, at its time. What the
 * columns do not hold is not written: client times, app ids, zstd encoding, baseline actions, sub-second times,
 * outcomes the join did not keep; an index that reads as a number is written as a numeric index.
 */
final class TypedEvents {
  private final WriteSettings settings;

  TypedEvents(WriteSettings settings) {
    this.settings = settings;
  }

  /**
   * The row's joined events.
   *
   * @throws IllegalArgumentException for a multistep row, or a column that is null where the event needs a value
   */
  List<JoinedEvent> of(InternalRow row, CheckpointInfo checkpoint) {
    String id = text(row, "event_id");
    if (id == null) {
      throw new IllegalArgumentException("vw-binlog: a row without joined_events has no event_id");
    }
    boolean deferred = !row.getBoolean(settings.column("learnable"));
    float pdrop = row.getFloat(settings.column("pdrop"));
    int c = settings.column("context");
    ByteBuffer context = ByteBuffer.wrap(row.isNullAt(c) ? new byte[0] : row.getUTF8String(c).getBytes());
    String modelId = text(row, "model_id");
    if (modelId == null) {
      modelId = "N/A";
    }
    PayloadType type;
    EventPayload payload;
    switch (checkpoint.problemType()) {
      case CB -> {
        type = PayloadType.CB;
        payload = new CbEvent(deferred, longs(row.getArray(settings.column("actions"))), context,
            floats(row.getArray(settings.column("probabilities"))), modelId, checkpoint.learningMode());
      }
      case CA -> {
        type = PayloadType.CA;
        payload = new CaEvent(deferred, floatOr0(row, "ca_action"), context, floatOr0(row, "ca_pdf_value"), modelId,
            checkpoint.learningMode());
      }
      case CCB, SLATES -> {
        type = checkpoint.problemType() == io.github.vwbinlog.ProblemType.CCB ? PayloadType.CCB : PayloadType.SLATES;
        ArrayData slots = row.getArray(settings.column("slots"));
        List<SlotEvent> list = new ArrayList<>();
        for (int k = 0; k < slots.numElements(); k++) {
          InternalRow s = slots.getStruct(k, Schemas.SLOT.size());
          list.add(new SlotEvent(longs(s.getArray(1)), floats(s.getArray(2)),
              s.isNullAt(0) ? null : s.getUTF8String(0).toString()));
        }
        payload = new MultiSlotEvent(context, list, modelId, deferred, List.of(), checkpoint.learningMode());
      }
      default -> throw new IllegalArgumentException("vw-binlog: a row of problem type "
          + checkpoint.problemType().name().toLowerCase(java.util.Locale.ROOT) + " without joined_events cannot be "
          + "written (event id " + id + "): only cb, ccb, slates and ca rows are encoded from their columns");
    }
    List<JoinedEvent> events = new ArrayList<>();
    TimeStamp time = time(row.getLong(settings.column("timestamp")));
    events.add(JoinedEvent.of(time, new Event(Metadata.of(id, type).withPassProbability(1f - pdrop), payload)));
    ArrayData outcomes = row.getArray(settings.column("outcomes"));
    for (int k = 0; k < outcomes.numElements(); k++) {
      InternalRow o = outcomes.getStruct(k, Schemas.OUTCOME.size());
      events.add(JoinedEvent.of(time(o.getLong(3)), new Event(Metadata.of(id, PayloadType.OUTCOME), outcome(o))));
    }
    return events;
  }

  private static OutcomeEvent outcome(InternalRow o) {
    OutcomeEvent.Kind valueKind = !o.isNullAt(0) ? OutcomeEvent.Kind.NUMERIC
        : !o.isNullAt(1) ? OutcomeEvent.Kind.LITERAL : OutcomeEvent.Kind.NONE;
    float value = o.isNullAt(0) ? 0f : o.getFloat(0);
    String literal = o.isNullAt(1) ? null : o.getUTF8String(1).toString();
    String index = o.isNullAt(2) ? null : o.getUTF8String(2).toString();
    OutcomeEvent.Kind indexKind = OutcomeEvent.Kind.NONE;
    int numericIndex = 0;
    String literalIndex = null;
    if (index != null) {
      try {
        numericIndex = Integer.parseInt(index);
        indexKind = OutcomeEvent.Kind.NUMERIC;
      } catch (NumberFormatException e) {
        literalIndex = index;
        indexKind = OutcomeEvent.Kind.LITERAL;
      }
    }
    return new OutcomeEvent(valueKind, value, literal, indexKind, numericIndex, literalIndex, o.getBoolean(4));
  }

  /** A Spark timestamp (microseconds since the epoch) as a schema v2 time stamp, in whole seconds. */
  static TimeStamp time(long micros) {
    ZonedDateTime t = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L)).atZone(ZoneOffset.UTC);
    return TimeStamp.of(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
  }

  private @Nullable String text(InternalRow row, String column) {
    int i = settings.column(column);
    return i < 0 || row.isNullAt(i) ? null : row.getUTF8String(i).toString();
  }

  private float floatOr0(InternalRow row, String column) {
    int i = settings.column(column);
    return i < 0 || row.isNullAt(i) ? 0f : row.getFloat(i);
  }

  private static List<Long> longs(ArrayData a) {
    List<Long> out = new ArrayList<>(a.numElements());
    for (int i = 0; i < a.numElements(); i++) {
      out.add(a.getLong(i));
    }
    return out;
  }

  private static List<Float> floats(ArrayData a) {
    List<Float> out = new ArrayList<>(a.numElements());
    for (int i = 0; i < a.numElements(); i++) {
      out.add(a.getFloat(i));
    }
    return out;
  }
}
