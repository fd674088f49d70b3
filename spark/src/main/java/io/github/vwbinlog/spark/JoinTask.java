package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoinInput;
import io.github.vwbinlog.join.LogJoinSummary;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.spark.SparkFiles;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.jspecify.annotations.Nullable;

/**
 * One task of {@link VwBinlogJoin}: its events (every event of its ids, sorted as the joiner merges files) through the
 * single-machine joiner into a joined log in Spark's local directory, read back as the {@code joined} view reads a log:
 * each joined event that {@code convert} writes a line for becomes a row ({@link JoinedRows}), whose {@code file} and
 * {@code offset} are the interaction's event file and its offset there. The log is deleted when the task ends.
 */
final class JoinTask implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(VwBinlogJoin.class.getName());

  private final JoinSettings settings;
  /** file, batch_offset, offset, payload, _dedup, stream, event_id, payload_type in the task's input rows. */
  private final int[] at;

  JoinTask(JoinSettings settings, int[] ordinals) {
    this.settings = settings;
    this.at = ordinals.clone();
  }

  /** Where a joined event's interaction was read. */
  private record Source(String file, long offset) {}

  @Override
  public Iterator<InternalRow> call(Iterator<InternalRow> rows) throws IOException {
    Path log = Files.createTempFile(Path.of(SparkFiles.getRootDirectory()), "vw-binlog-join-", ".log");
    TaskContext task = TaskContext.get();
    if (task != null) {
      task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> delete(log));
    }
    Map<String, Source> interactions = new HashMap<>();
    Map<DiagnosticReason, Long> skipped = new EnumMap<>(DiagnosticReason.class);
    LogJoinSummary summary;
    try {
      summary = settings.joiner(d -> skipped.merge(d.reason(), 1L, Long::sum))
          .writeTo(new Inputs(rows, interactions), log);
    } catch (IOException | RuntimeException e) {
      delete(log);
      throw e;
    }
    if (!skipped.isEmpty()) {
      LOG.log(System.Logger.Level.INFO, "vw-binlog join: task " + (task == null ? "" : task.partitionId()) + ": "
          + summary.interactionsWritten() + " of " + summary.interactionsRead() + " interactions written, "
          + summary.observationsJoined() + " of " + summary.observationsRead() + " observations joined; left out: "
          + skipped);
    }
    return new Rows(log, interactions);
  }

  private static void delete(Path log) {
    try {
      Files.deleteIfExists(log);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "vw-binlog join: cannot delete " + log + ": " + e);
    }
  }

  /** The task's rows as the joiner's input, noting where each interaction was read. */
  private final class Inputs implements Iterator<LogJoinInput> {
    private final Iterator<InternalRow> rows;
    private final Map<String, Source> interactions;
    /** The file of the row before, kept so that the rows of one file share its name. */
    private org.apache.spark.unsafe.types.@Nullable UTF8String lastFile;
    private String lastName = "";

    Inputs(Iterator<InternalRow> rows, Map<String, Source> interactions) {
      this.rows = rows;
      this.interactions = interactions;
    }

    @Override
    public boolean hasNext() {
      return rows.hasNext();
    }

    @Override
    public LogJoinInput next() {
      InternalRow r = rows.next();
      org.apache.spark.unsafe.types.UTF8String f = r.getUTF8String(at[0]);
      if (!f.equals(lastFile)) {
        lastFile = f.clone();
        lastName = f.toString();
      }
      String file = lastName;
      long offset = r.getLong(at[2]);
      String stream = r.getUTF8String(at[5]).toString();
      if (stream.equals("interaction") || r.getUTF8String(at[7]).toString().equals("episode")) {
        interactions.putIfAbsent(r.getUTF8String(at[6]).toString(), new Source(file, offset));
      }
      ByteBuffer dedup = r.isNullAt(at[4]) ? null : ByteBuffer.wrap(r.getBinary(at[4]));
      return new LogJoinInput(file, r.getLong(at[1]), offset, ByteBuffer.wrap(r.getBinary(at[3])), dedup);
    }
  }

  /** The joined log's events as rows; the log is closed and deleted after the last. */
  private static final class Rows extends Lookahead<InternalRow> {
    private final Path log;
    private final Map<String, Source> interactions;
    private final Joiner joiner;
    /** The task log's messages cut by event id for the {@code joined_events} column (a multistep step: its message). */
    private final RegularTap tap;
    private final boolean multistep;
    private final MessageRows messages;
    private final Map<String, JoinedRows> byFile = new HashMap<>();
    private Iterator<InternalRow> rows = java.util.Collections.emptyIterator();
    private boolean closed;

    Rows(Path log, Map<String, Source> interactions) throws IOException {
      this.log = log;
      this.interactions = interactions;
      JoinOptions options = JoinOptions.defaults()
          .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
      this.multistep = problemType(log) == ProblemType.MULTISTEP;
      if (multistep) {
        options = options.with(JoinFeature.MULTISTEP);
      }
      // as the joined view reads a log: its events' bytes from the message that holds them
      this.tap = new RegularTap((start, limit, readOptions) -> BinaryLogReader.open(log, start, limit, readOptions));
      this.joiner = multistep ? Joiner.of(tap.whole(BinaryLogReader.open(log, options.readOptions())), options)
          : Joiner.of(tap, options, new io.github.vwbinlog.join.LogRange(0, Long.MAX_VALUE, 0,
              java.nio.file.Files.size(log), java.util.List.of(), false));
      // an event whose line convert refuses is not a row, as in the joined view
      this.messages = new MessageRows(DsjsonConverter.of(options), this::row);
    }

    /** The row of an event, with the file and offset its interaction came from. */
    private InternalRow row(JoinedEventView view, byte[] line) {
      String id = VwBinlogReaderFactory.id(view);
      Source source = interactions.get(id);
      String file = source == null ? "" : source.file();
      long offset = source == null ? -1 : source.offset();
      return byFile.computeIfAbsent(file, f -> new JoinedRows(f, Schemas.JOINED))
          .row(view, offset, multistep ? tap.batch(view.offset()) : tap.joinedEvents(view.offset(), id), line);
    }

    private static @Nullable ProblemType problemType(Path log) throws IOException {
      try (BinaryLogReader reader = BinaryLogReader.open(log)) {
        for (Message m : reader) {
          if (m instanceof Message.Checkpoint c) {
            return c.checkpointInfo().problemType();
          }
        }
      }
      return null;
    }

    @Override
    @Nullable InternalRow advance() {
      if (closed) {
        return null;
      }
      try {
        while (!rows.hasNext()) {
          if (!messages.next(joiner)) {
            close();
            return null;
          }
          rows = messages.rows().iterator();
        }
        return rows.next();
      } catch (BinaryLogException e) {
        close();
        throw new IllegalStateException("vw-binlog join: reading the task's joined log: " + e.getMessage(), e);
      } catch (IOException e) {
        close();
        throw new java.io.UncheckedIOException("vw-binlog join: reading the task's joined log", e);
      }
    }

    private void close() {
      if (!closed) {
        closed = true;
        joiner.close();
        delete(log);
      }
    }
  }
}
