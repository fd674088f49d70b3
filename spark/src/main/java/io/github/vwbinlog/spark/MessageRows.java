package io.github.vwbinlog.spark;

import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LineRefusedException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.jspecify.annotations.Nullable;

/**
 * The joined events of a split as rows, one REGULAR message at a time ({@link Joiner#joinNext}): the sink every
 * reader of joined events in the Spark module pulls through, so that no record is built per event and no more than a
 * message's rows are held. Each event's DSJSON line is written once, from the view: an event whose line
 * {@code convert} refuses is not a row but a refusal (a diagnostic, or a failure in strict mode, as the reader
 * decides), and the line of an event that is a row is its {@code dsjson} column.
 *
 * <pre>{@code
 * MessageRows rows = new MessageRows(converter, (view, line) -> joinedRows.row(view, view.offset(), null, line));
 * while (rows.next(joiner)) {
 *   for (InternalRow row : rows.rows()) { ... }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one per partition reader.
 */
final class MessageRows implements JoinedEventSink<MessageRows.Part> {
  /** Makes the row of an event whose line was written; null when the reader wants no row (the diagnostics view). */
  @FunctionalInterface
  interface RowMaker {
    @Nullable InternalRow row(JoinedEventView view, byte[] line);
  }

  /** An event whose line convert refuses, at the offset of its message. */
  record Refusal(LineRefusedException refused, long offset) {}

  /** The rows and refusals of one message, in log order. */
  static final class Part {
    final List<InternalRow> rows = new ArrayList<>();
    final List<Refusal> refusals = new ArrayList<>();
  }

  private final DsjsonConverter converter;
  private final RowMaker maker;
  private @Nullable Part finished;

  MessageRows(DsjsonConverter converter, RowMaker maker) {
    this.converter = converter;
    this.maker = maker;
  }

  /**
   * Joins the next REGULAR message of {@code joiner} into {@link #rows()} and {@link #refusals()}.
   *
   * @return false at the end of the split
   */
  boolean next(Joiner joiner) throws IOException {
    finished = null;
    return joiner.joinNext(this);
  }

  /** The rows of the message joined last. */
  List<InternalRow> rows() {
    Part p = finished;
    return p == null ? List.of() : p.rows;
  }

  /** The refused events of the message joined last. */
  List<Refusal> refusals() {
    Part p = finished;
    return p == null ? List.of() : p.refusals;
  }

  @Override
  public Part open() {
    return new Part();
  }

  @Override
  public void accept(Part part, JoinedEventView event) {
    byte[] line;
    try {
      line = converter.line(event);
    } catch (LineRefusedException e) {
      part.refusals.add(new Refusal(e, event.offset()));
      return;
    }
    InternalRow row = maker.row(event, line);
    if (row != null) {
      part.rows.add(row);
    }
  }

  @Override
  public void finish(Part part) {
    finished = part;
  }
}
