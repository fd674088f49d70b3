package io.github.vwbinlog.spark;

import java.util.Iterator;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * {@link VwBinlogJoin}'s DedupInfo attached in the scan's own partitions: over the rows of the {@code events} view's
 * {@link VwBinlogJoin#COLUMNS} in file order, as a split of the view yields them (a batch's events together, its
 * DedupInfo first), each interaction of a {@code DEDUP} batch gets the payload of its batch's DedupInfo (the event at
 * index 0 of stream {@code dedup} with the same {@code file} and {@code batch_offset}, when it came before it in the
 * partition), every other interaction, observation and episode null; the DedupInfo events and the events of stream
 * {@code unknown} are left out. The same rows as the join on {@code file} and {@code batch_offset} gives when each
 * batch's events are together in one partition in file order, which {@link VwBinlogJoin} checks of the plan before
 * taking this path.
 *
 * <p>Holds one DedupInfo at a time (the last one read); the rows out are the rows in with one more column, not copied
 * (the consumer projects them, as Spark's operators do).
 */
final class BatchDedup implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
  private static final long serialVersionUID = 1L;
  private static final UTF8String INTERACTION = UTF8String.fromString("interaction");
  private static final UTF8String OBSERVATION = UTF8String.fromString("observation");
  private static final UTF8String EPISODE = UTF8String.fromString("episode");
  private static final UTF8String DEDUP = UTF8String.fromString("dedup");
  private static final UTF8String DEDUP_ENCODING = UTF8String.fromString("DEDUP");
  private static final int FILE = VwBinlogJoin.COLUMNS.indexOf("file");
  private static final int BATCH_OFFSET = VwBinlogJoin.COLUMNS.indexOf("batch_offset");
  private static final int BATCH_ENCODING = VwBinlogJoin.COLUMNS.indexOf("batch_encoding");
  private static final int EVENT_INDEX = VwBinlogJoin.COLUMNS.indexOf("event_index");
  private static final int STREAM = VwBinlogJoin.COLUMNS.indexOf("stream");
  private static final int PAYLOAD = VwBinlogJoin.COLUMNS.indexOf("payload");

  @Override
  public Iterator<InternalRow> call(Iterator<InternalRow> rows) {
    return new Attached(rows);
  }

  private static final class Attached extends Lookahead<InternalRow> {
    private final Iterator<InternalRow> rows;
    /** The last DedupInfo read: its file (null before the first), its batch and its payload. */
    private @Nullable UTF8String dedupFile;
    private long dedupBatch;
    private byte @Nullable [] dedup;

    Attached(Iterator<InternalRow> rows) {
      this.rows = rows;
    }

    @Override
    @Nullable InternalRow advance() {
      while (rows.hasNext()) {
        InternalRow r = rows.next();
        UTF8String stream = r.isNullAt(STREAM) ? null : r.getUTF8String(STREAM);
        if (stream == null) {
          continue;
        }
        if (stream.equals(DEDUP)) {
          if (!r.isNullAt(EVENT_INDEX) && r.getInt(EVENT_INDEX) == 0 && !r.isNullAt(FILE)
              && !r.isNullAt(BATCH_OFFSET)) {
            // the row may be reused by the scan: keep copies
            dedupFile = r.getUTF8String(FILE).clone();
            dedupBatch = r.getLong(BATCH_OFFSET);
            dedup = r.isNullAt(PAYLOAD) ? null : r.getBinary(PAYLOAD);
          }
          continue;
        }
        boolean interaction = stream.equals(INTERACTION);
        if (!interaction && !stream.equals(OBSERVATION) && !stream.equals(EPISODE)) {
          continue;
        }
        byte[] attached = null;
        if (interaction) {
          if (r.isNullAt(BATCH_ENCODING)) {
            continue; // neither a dedup batch nor not one, as the join's conditions read a null
          }
          if (r.getUTF8String(BATCH_ENCODING).equals(DEDUP_ENCODING)) {
            attached = ofBatch(r);
          }
        }
        return new JoinedRow(r, new GenericInternalRow(new Object[] {attached}));
      }
      return null;
    }

    /** The payload of the interaction's batch's DedupInfo, when it is the last one read. */
    private byte @Nullable [] ofBatch(InternalRow r) {
      UTF8String file = dedupFile;
      return file != null && !r.isNullAt(FILE) && !r.isNullAt(BATCH_OFFSET) && r.getLong(BATCH_OFFSET) == dedupBatch
          && r.getUTF8String(FILE).equals(file) ? dedup : null;
    }
  }
}
