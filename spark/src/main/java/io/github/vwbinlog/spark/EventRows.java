package io.github.vwbinlog.spark;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * The one adapter between rlclientlib's events and Spark rows: an event of an event file ({@link BatchedEvent}, as
 * {@link io.github.vwbinlog.EventBatchReader} reads it) as an {@link InternalRow} of {@link Schemas#EVENTS}, or of the
 * columns a query selected. The payload is decoded (decompressed, verified) only when a decoded column is selected.
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class EventRows {
  /** The first of the columns read from the decoded payload. */
  static final int FIRST_DECODED = Schemas.EVENTS.fieldIndex("model_id");
  private static final long TICKS_PER_MICROSECOND = 10;
  private static final long TICKS_PER_SECOND = 10_000_000L;

  private final UTF8String file;
  private final int[] columns;
  private final boolean decodes;

  EventRows(String file, StructType required) {
    this.file = UTF8String.fromString(file);
    this.columns = new int[required.fields().length];
    boolean decoded = false;
    for (int i = 0; i < columns.length; i++) {
      columns[i] = Schemas.EVENTS.fieldIndex(required.fields()[i].name());
      decoded |= columns[i] >= FIRST_DECODED;
    }
    this.decodes = decoded;
  }

  /** Whether the selected columns need the decoded payload. */
  boolean decodes() {
    return decodes;
  }

  /**
   * The row of one event.
   *
   * @param index the event's position among the batch's events
   * @param payload the decoded payload, or null when no decoded column is selected or it does not decode
   */
  InternalRow row(EventBatch batch, int index, BatchedEvent e, @Nullable EventPayload payload) {
    Object[] values = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = column(columns[i], batch, index, e, payload);
    }
    return new GenericInternalRow(values);
  }

  /**
   * The stream of a payload type: {@code interaction} (CB, CCB, slates, CA decisions), {@code observation} (outcomes,
   * activations included), {@code episode} (episode starts and multistep steps, which the joiner joins under the
   * episode's id), {@code dedup} (DedupInfo), {@code unknown} (a code outside the schema).
   */
  static String stream(PayloadType type) {
    return switch (type) {
      case CB, CCB, SLATES, CA -> "interaction";
      case OUTCOME -> "observation";
      case EPISODE, MULTI_STEP -> "episode";
      case DEDUP_INFO -> "dedup";
      case UNRECOGNIZED -> "unknown";
    };
  }

  private @Nullable Object column(int column, EventBatch batch, int index, BatchedEvent e,
      @Nullable EventPayload p) {
    Metadata meta = e.meta();
    return switch (column) {
      case 0 -> file;
      case 1 -> batch.offset();
      case 2 -> text(batch.contentEncoding());
      case 3 -> index;
      case 4 -> e.offset();
      case 5 -> text(stream(meta.payloadType()));
      case 6 -> text(meta.id());
      case 7 -> text(meta.payloadType().name().toLowerCase(Locale.ROOT));
      case 8 -> ticks(meta.clientTime()) == null ? null : Math.floorDiv(ticks(meta.clientTime()),
          TICKS_PER_MICROSECOND);
      case 9 -> ticks(meta.clientTime());
      case 10 -> meta.passProbability();
      case 11 -> text(meta.encoding().name().toLowerCase(Locale.ROOT));
      case 12 -> text(meta.appId());
      case 13 -> bytes(e.bytes());
      case 14 -> text(modelId(p));
      case 15 -> deferred(p);
      case 16 -> text(learningMode(p));
      case 17 -> p instanceof CbEvent cb ? longs(cb.actionIds()) : p instanceof MultiStepEvent s
          ? longs(s.actionIds()) : null;
      case 18 -> p instanceof CbEvent cb ? floats(cb.probabilities()) : p instanceof MultiStepEvent s
          ? floats(s.probabilities()) : null;
      case 19 -> p instanceof CaEvent ca ? (Object) ca.action() : null;
      case 20 -> p instanceof CaEvent ca ? (Object) ca.pdfValue() : null;
      case 21 -> context(p);
      case 22 -> p instanceof OutcomeEvent o && o.valueKind() == OutcomeEvent.Kind.NUMERIC
          ? (Object) o.numericValue() : null;
      case 23 -> p instanceof OutcomeEvent o ? text(o.literalValue()) : null;
      case 24 -> p instanceof OutcomeEvent o ? index(o) : null;
      case 25 -> p instanceof OutcomeEvent o ? (Object) o.actionTaken() : null;
      case 26 -> p instanceof MultiStepEvent s ? text(s.eventId()) : null;
      case 27 -> p instanceof MultiStepEvent s ? text(s.previousId()) : null;
      default -> throw new IllegalStateException("no column " + column);
    };
  }

  /**
   * Client time in ticks of 100 ns since the epoch, or null when the event has none (absent, or all of year to second
   * 0: VW's "empty", as the joiner reads it).
   */
  static @Nullable Long ticks(@Nullable TimeStamp t) {
    if (t == null || t.year() == 0 && t.month() == 0 && t.day() == 0 && t.hour() == 0 && t.minute() == 0
        && t.second() == 0) {
      return null;
    }
    return Math.addExact(Math.multiplyExact(t.epochSecond(), TICKS_PER_SECOND), t.subsecond());
  }

  private static @Nullable UTF8String index(OutcomeEvent o) {
    return switch (o.indexKind()) {
      case NUMERIC -> UTF8String.fromString(Integer.toString(o.numericIndex()));
      case LITERAL -> text(o.literalIndex());
      default -> null;
    };
  }

  private static @Nullable String modelId(@Nullable EventPayload p) {
    return p instanceof CbEvent cb ? cb.modelId() : p instanceof MultiSlotEvent ms ? ms.modelId()
        : p instanceof CaEvent ca ? ca.modelId() : p instanceof MultiStepEvent s ? s.modelId() : null;
  }

  private static @Nullable Object deferred(@Nullable EventPayload p) {
    return p instanceof CbEvent cb ? (Object) cb.deferredAction() : p instanceof MultiSlotEvent ms
        ? (Object) ms.deferredAction() : p instanceof CaEvent ca ? (Object) ca.deferredAction()
        : p instanceof MultiStepEvent s ? (Object) s.deferredAction() : null;
  }

  private static @Nullable String learningMode(@Nullable EventPayload p) {
    var mode = p instanceof CbEvent cb ? cb.learningMode() : p instanceof MultiSlotEvent ms ? ms.learningMode()
        : p instanceof CaEvent ca ? ca.learningMode() : null;
    return mode == null ? null : mode.name().toLowerCase(Locale.ROOT);
  }

  private static @Nullable UTF8String context(@Nullable EventPayload p) {
    ByteBuffer c = p instanceof CbEvent cb ? cb.context() : p instanceof MultiSlotEvent ms ? ms.context()
        : p instanceof CaEvent ca ? ca.context() : p instanceof MultiStepEvent s ? s.context() : null;
    return c == null ? null : UTF8String.fromBytes(bytes(c));
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(b.position(), out);
    return out;
  }

  private static @Nullable UTF8String text(@Nullable String s) {
    return s == null ? null : UTF8String.fromString(s);
  }

  private static GenericArrayData longs(List<Long> values) {
    long[] a = new long[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    return new GenericArrayData(a);
  }

  private static GenericArrayData floats(List<Float> values) {
    float[] a = new float[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    return new GenericArrayData(a);
  }
}
