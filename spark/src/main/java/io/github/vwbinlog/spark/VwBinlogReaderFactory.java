package io.github.vwbinlog.spark;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.Severity;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LineRefusedException;
import io.github.vwbinlog.join.LogRange;
import java.io.IOException;
import java.io.Serializable;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * Makes, on an executor, the reader of one file for the read's view. A local file ({@code file:} scheme) is mapped
 * into memory, as {@code Joiner.open} maps it; any other file system is read as a stream through Hadoop's
 * {@link FileSystem} with the session's Hadoop configuration.
 */
final class VwBinlogReaderFactory implements PartitionReaderFactory, Serializable {
  private static final long serialVersionUID = 1L;

  private final ReadSettings settings;
  private final StructType required;
  private final Broadcast<SharedHadoopConf> hadoopConf;
  private final ReadReport report;

  /**
   * A factory for one read.
   *
   * @param report where a task notes, for the driver's log, what it skipped that no row shows
   */
  VwBinlogReaderFactory(ReadSettings settings, StructType required, Broadcast<SharedHadoopConf> hadoopConf,
      ReadReport report) {
    this.settings = settings;
    this.required = required;
    this.hadoopConf = hadoopConf;
    this.report = report;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    return new TaskReader(((FilePartition) partition).splits());
  }

  /** The reader of one split, for the read's view. */
  private PartitionReader<InternalRow> open(FileSplit split) throws IOException {
    try {
      return switch (settings.view()) {
        case ReadSettings.MESSAGES -> new MessageReader(split);
        case ReadSettings.DIAGNOSTICS -> new DiagnosticReader(split.path(),
            isEventFile(split) ? eventFileDiagnostics(split) : joinDiagnostics(split));
        case ReadSettings.EVENTS -> new EventReader(split);
        default -> new JoinedReader(split);
      };
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("vw-binlog: ")) {
        throw e; // names the file already
      }
      throw new IOException("vw-binlog: cannot open " + split.path() + ": " + e.getMessage(), e);
    }
  }

  /** The rows of a task's splits, one split after the other. */
  private final class TaskReader implements PartitionReader<InternalRow> {
    private final Iterator<FileSplit> splits;
    private @Nullable PartitionReader<InternalRow> current;

    TaskReader(List<FileSplit> splits) {
      this.splits = splits.iterator();
    }

    @Override
    public boolean next() throws IOException {
      while (true) {
        PartitionReader<InternalRow> reader = current;
        if (reader != null) {
          if (reader.next()) {
            return true;
          }
          current = null;
          reader.close();
        }
        if (!splits.hasNext()) {
          return false;
        }
        current = open(splits.next());
      }
    }

    @Override
    public InternalRow get() {
      return java.util.Objects.requireNonNull(current).get();
    }

    @Override
    public void close() throws IOException {
      PartitionReader<InternalRow> reader = current;
      current = null;
      if (reader != null) {
        reader.close();
      }
    }
  }

  private Configuration configuration() {
    return hadoopConf.value().get();
  }

  /**
   * The joiner of a split: of the whole file, or of its planned range (see {@link #range}), whose bytes only are read
   * (mapped when the file is local, else a Hadoop stream seeked to the range).
   */
  private Joiner joiner(FileSplit split, JoinOptions options) throws IOException {
    if (split.isWhole()) {
      return Joiner.of(open(split.path(), options.readOptions()), options);
    }
    return Joiner.of(LogBytes.source(split.path(), configuration()), options, range(split, options.readOptions()));
  }

  /**
   * The plan of a split: the driver's ({@link LogBytes#plan}); the whole file's for a whole file; else (the driver
   * could not read the file) made here, framing the file's headers from its start.
   */
  private LogRange range(FileSplit split, ReadOptions options) throws IOException {
    LogRange planned = split.range();
    if (planned != null) {
      return planned;
    }
    if (split.isWhole()) {
      return split.wholeRange();
    }
    try (SeekableByteChannel channel = LogBytes.channel(split.path(), split.length(), configuration())) {
      return LogRange.plan(channel, options, split.start(), Math.max(split.start(),
          Math.min(split.end(), split.length()))).get(0);
    }
  }

  /** A reader of the file, mapped when it is local. */
  private BinaryLogReader open(String file, ReadOptions options) throws IOException {
    Path path = new Path(file);
    FileSystem fs = path.getFileSystem(configuration());
    if ("file".equals(fs.getScheme())) {
      return BinaryLogReader.open(java.nio.file.Path.of(fs.makeQualified(path).toUri()), options);
    }
    return BinaryLogReader.of(fs.open(path), options);
  }

  /**
   * The batches of an event file's split: those whose preamble lies in the split, read through a channel (the local
   * file's, or a Hadoop stream's, seeked to the split), never from the file's start.
   */
  private EventBatchReader eventBatches(FileSplit split, ReadOptions options) throws IOException {
    Path path = new Path(split.path());
    FileSystem fs = path.getFileSystem(configuration());
    SeekableByteChannel channel = "file".equals(fs.getScheme())
        ? FileChannel.open(java.nio.file.Path.of(fs.makeQualified(path).toUri()))
        : new HadoopChannel(fs.open(path), split.length());
    try {
      return EventBatchReader.open(channel, java.nio.file.Path.of(path.getName()), split.start(),
          Math.min(split.end(), split.length()), options);
    } catch (RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Whether the split's file starts like an rlclientlib event file (its first 4 bytes, as the CLI tells them). */
  private boolean isEventFile(FileSplit split) throws IOException {
    Path path = new Path(split.path());
    try (java.io.InputStream in = path.getFileSystem(configuration()).open(path)) {
      return EventBatchReader.isEventFile(in);
    }
  }

  /** What a failed read says: the file, and the library's message (offset and event id included). */
  private static IOException failure(String file, BinaryLogException e) {
    return new IOException("vw-binlog: " + file + ": " + e.getMessage(), e);
  }

  /**
   * One row per joined event, in the order the library's Joiner yields them, less those whose DSJSON line convert
   * refuses: those are diagnostics ({@link DiagnosticReader}), and in strict mode they fail the read. The split is
   * joined one REGULAR message at a time ({@link MessageRows}), from the join's views.
   */
  private final class JoinedReader implements PartitionReader<InternalRow> {
    private final FileSplit split;
    private final Joiner joiner;
    private final MessageRows messages;
    private final @Nullable MultistepCheck multistep;
    private Iterator<InternalRow> rows = java.util.Collections.emptyIterator();
    private @Nullable InternalRow current;
    private boolean finished;

    JoinedReader(FileSplit split) throws IOException {
      this.split = split;
      this.multistep = settings.multistep() ? null : new MultistepCheck(DiagnosticListener.ignoring(),
          settings.strict());
      JoinOptions options = settings.joinOptions(multistep == null ? DiagnosticListener.ignoring() : multistep);
      JoinedRows columns = new JoinedRows(split.path(), required);
      // The joiner counts the reader's own diagnostics; the reader reports to the join's listener.
      if (columns.needsJoinedEvents()) {
        // Through a source whose reader notes each REGULAR message, read as a range (the whole file is one): the
        // message being joined is the one it noted last. A multistep step's events are its whole message (its batch).
        RegularTap tap = new RegularTap(LogBytes.source(split.path(), configuration()));
        boolean batches = settings.multistep();
        this.joiner = batches ? Joiner.of(tap.whole(open(split.path(), options.readOptions())), options)
            : Joiner.of(tap, options, range(split, options.readOptions()));
        this.messages = new MessageRows(DsjsonConverter.of(options), (view, line) -> columns.row(view, view.offset(),
            batches ? tap.batch(view.offset()) : tap.joinedEvents(view.offset(), id(view)), line));
      } else {
        this.joiner = joiner(split, options);
        this.messages = new MessageRows(DsjsonConverter.of(options),
            (view, line) -> columns.row(view, view.offset(), null, line));
      }
    }

    @Override
    public boolean next() throws IOException {
      try {
        while (!rows.hasNext()) {
          if (!messages.next(joiner)) {
            if (!finished) {
              finished = true;
              finish(split, joiner.summary(), multistep == null ? 0 : multistep.skipped());
            }
            return false;
          }
          if (settings.strict() && !messages.refusals().isEmpty()) {
            MessageRows.Refusal r = messages.refusals().get(0);
            throw strict(r.refused(), r.offset());
          }
          rows = messages.rows().iterator();
        }
      } catch (BinaryLogException e) {
        throw failure(split.path(), e);
      }
      current = rows.next();
      return true;
    }

    @Override
    public InternalRow get() {
      return java.util.Objects.requireNonNull(current);
    }

    @Override
    public void close() {
      joiner.close();
    }
  }

  /** A view's event id, decoded. */
  static String id(io.github.vwbinlog.join.JoinedEventView view) {
    java.nio.ByteBuffer b = view.eventId();
    byte[] bytes = new byte[b.remaining()];
    b.get(b.position(), bytes);
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * One row per event of an rlclientlib event file's split ({@link EventRows}), in file order. The payload is decoded
   * when a decoded column is selected, and always in strict mode, which fails at the first problem {@code validate}
   * reports. In lenient mode a truncated last batch and a malformed batch are skipped (the diagnostics view lists
   * them), an event whose payload does not decode keeps its row with null decoded columns, and a file that is not a
   * protocol v2 event file (protocol v1, another format) is noted for the driver's log and read no further.
   */
  private final class EventReader implements PartitionReader<InternalRow> {
    private final FileSplit split;
    private final EventRows rows;
    private final boolean decode;
    private final EventBatchReader reader;
    private final Iterator<EventBatch> batches;
    private @Nullable EventBatch batch;
    private int next;
    private @Nullable InternalRow current;

    EventReader(FileSplit split) throws IOException {
      this.split = split;
      this.rows = new EventRows(split.path(), required);
      this.decode = rows.decodes() || settings.strict();
      ReadOptions options = ReadOptions.defaults();
      this.reader = eventBatches(split, settings.strict() ? options : options.with(ReadFeature.LENIENT));
      this.batches = reader.iterator();
    }

    @Override
    public boolean next() throws IOException {
      try {
        while (true) {
          EventBatch b = batch;
          if (b != null && next < b.events().size()) {
            int index = next++;
            BatchedEvent e = b.events().get(index);
            EventPayload payload = null;
            if (decode) {
              try {
                payload = e.event().payload();
              } catch (BinaryLogException x) {
                if (settings.strict()) {
                  throw x;
                }
              }
            }
            current = rows.row(b, index, e, payload);
            return true;
          }
          if (!batches.hasNext()) {
            return false;
          }
          batch = batches.next();
          next = 0;
        }
      } catch (BinaryLogIOException e) {
        throw failure(split.path(), e);
      } catch (BinaryLogException e) {
        if (settings.strict()) {
          throw failure(split.path(), e);
        }
        report.add("vw-binlog: " + split.path() + ": " + e.getMessage() + "; the rest of the file is skipped"
            + " (mode=lenient); read it with option view=diagnostics to see why");
        return false;
      }
    }

    @Override
    public InternalRow get() {
      return java.util.Objects.requireNonNull(current);
    }

    @Override
    public void close() {
      reader.close();
    }
  }

  /**
   * The diagnostics of an rlclientlib event file's split: what {@code vw-binlog validate} of the file reports, with
   * the same reasons and offsets (a truncated last batch, a malformed batch or event, a payload that does not decode,
   * a protocol v1 or foreign preamble, which ends the file). Strict mode fails at the first.
   */
  private List<Diagnostic> eventFileDiagnostics(FileSplit split) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    ReadOptions options = settings.strict() ? ReadOptions.defaults()
        : ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(diagnostics::add);
    try (EventBatchReader reader = eventBatches(split, options)) {
      for (EventBatch b : reader) {
        for (BatchedEvent e : b.events()) {
          try {
            e.event();
          } catch (BinaryLogException x) {
            if (settings.strict()) {
              throw x;
            }
            diagnostics.add(new Diagnostic(x.reason(), e.offset(), e.meta().id(), x.getMessage()));
          }
        }
      }
    } catch (BinaryLogIOException e) {
      throw failure(split.path(), e);
    } catch (BinaryLogException e) {
      if (settings.strict()) {
        throw failure(split.path(), e);
      }
      diagnostics.add(e.toDiagnostic());
    }
    return diagnostics;
  }

  /** What convert's strict mode throws for a refused line. */
  private static BinaryLogException strict(LineRefusedException refused, long offset) {
    return new BinaryLogException(refused.reason(), offset, BinaryLogException.NO_MESSAGE_TYPE, "strict mode",
        refused.getMessage() + " (event id " + refused.eventId() + ")", refused);
  }

  /**
   * At the end of a split of the joined view, what the rows cannot show: a file of which not one message could be
   * read, with an error, is not a joined binary log (a wrong file in a directory); a multistep log read without
   * {@code multistep=true} has no rows, its interactions and episodes being skipped ({@link MultistepCheck}). In
   * lenient mode both are noted for the driver's log ({@link ReadReport}); in strict mode the first fails the read
   * (the second has failed it already, at its first multistep event).
   *
   * @param multistepSkipped the multistep events the join skipped
   */
  private void finish(FileSplit split, JoinSummary summary, long multistepSkipped) throws IOException {
    long messages = summary.messages().values().stream().mapToLong(Long::longValue).sum();
    if (messages == 0 && summary.errors() > 0) {
      notALog(split.path(), summary.diagnostics().toString());
    }
    if (multistepSkipped > 0) {
      // One note per file, whatever its splits: the counts are the diagnostics view's.
      report.add("vw-binlog: " + split.path() + " is a multistep log: without option multistep=true its multistep "
          + "interactions and episodes are skipped and give no rows (PROBLEM_TYPE_MISMATCH, EPISODE_WITHOUT_MULTISTEP "
          + "in the diagnostics view); read it with option multistep=true");
    }
  }

  /**
   * A file of which not one message can be read: reported for the driver's log and skipped in lenient mode, as
   * {@code convert} reports it and converts the other files; an error in strict mode.
   */
  private void notALog(String file, String why) throws IOException {
    String message = "vw-binlog: " + file + " is not a joined binary log: no message can be read (" + why
        + "); read it with option view=diagnostics to see why";
    if (settings.strict()) {
      throw new IOException(message);
    }
    report.add(message + "; skipped (mode=lenient)");
  }

  /** One row per message of the split (whose first byte lies in it): its offset, type, size and payload. */
  private final class MessageReader implements PartitionReader<InternalRow> {
    private final String file;
    private final FileSplit split;
    private final UTF8String name;
    /** The split's reader; null for a split in which no message starts. */
    private final @Nullable BinaryLogReader reader;
    private final Iterator<Message> messages;
    private final List<Diagnostic> errors = new ArrayList<>();
    private long read;
    private @Nullable InternalRow current;

    MessageReader(FileSplit split) throws IOException {
      this.file = split.path();
      this.split = split;
      this.name = UTF8String.fromString(file);
      ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);
      options = settings.strict() ? options : options.with(ReadFeature.LENIENT).withListener(d -> {
        if (d.severity() == Severity.ERROR) {
          errors.add(d);
        }
      });
      if (split.isWhole()) {
        this.reader = open(file, options);
      } else {
        // The split's planned bytes only: from its first message to the one after its last.
        LogRange range = range(split, options);
        this.reader = range.isEmpty() ? null
            : LogBytes.source(file, configuration()).open(range.start(), range.limit(), options);
      }
      this.messages = reader == null ? java.util.Collections.emptyIterator() : reader.iterator();
    }

    @Override
    public boolean next() throws IOException {
      try {
        Message m;
        do {
          if (!messages.hasNext()) {
            if (read == 0 && !errors.isEmpty() && split.start() == 0) {
              // Only the first split of a file says it, once.
              notALog(file, errors.get(0).toString());
            }
            return false;
          }
          m = messages.next();
          read++;
          if (m.offset() >= split.end()) {
            return false;
          }
        } while (m.offset() < split.start());
        byte[] bytes = payload(m);
        current = new GenericInternalRow(project(new Object[] {name, m.offset(), UTF8String.fromString(
            m.typeName()), bytes.length, bytes}, Schemas.MESSAGES));
        return true;
      } catch (BinaryLogException e) {
        throw failure(file, e);
      }
    }

    @Override
    public InternalRow get() {
      return java.util.Objects.requireNonNull(current);
    }

    @Override
    public void close() {
      BinaryLogReader r = reader;
      if (r != null) {
        r.close();
      }
    }
  }

  /** The payload's bytes; none for FILEMAGIC and EOF. */
  private static byte[] payload(Message m) {
    java.nio.ByteBuffer payload = m.payload();
    byte[] bytes = new byte[payload.remaining()];
    payload.get(payload.position(), bytes);
    return bytes;
  }

  /** The diagnostics of joining a joined log's split, in the order they were reported. */
  private List<Diagnostic> joinDiagnostics(FileSplit split) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions options = settings.joinOptions(settings.multistep() ? diagnostics::add
        : new MultistepCheck(diagnostics::add, settings.strict()));
    // A joined event is not this view's row; one whose line convert refuses is reported, as convert reports it.
    MessageRows messages = new MessageRows(DsjsonConverter.of(options), (view, line) -> null);
    try (Joiner joiner = joiner(split, options)) {
      while (messages.next(joiner)) {
        for (MessageRows.Refusal r : messages.refusals()) {
          if (settings.strict()) {
            throw strict(r.refused(), r.offset());
          }
          diagnostics.add(r.refused().toDiagnostic(r.offset()));
        }
      }
    } catch (BinaryLogException e) {
      throw failure(split.path(), e);
    }
    return diagnostics;
  }

  /** One row per diagnostic of a split (of an event file or of a joined log), in the order they were reported. */
  private final class DiagnosticReader implements PartitionReader<InternalRow> {
    private final List<Diagnostic> diagnostics;
    private final UTF8String name;
    private int next = -1;

    DiagnosticReader(String file, List<Diagnostic> diagnostics) {
      this.name = UTF8String.fromString(file);
      this.diagnostics = diagnostics;
    }

    @Override
    public boolean next() {
      return ++next < diagnostics.size();
    }

    @Override
    public InternalRow get() {
      Diagnostic d = diagnostics.get(next);
      return new GenericInternalRow(project(new Object[] {name, d.offset(),
          d.eventId() == null ? null : UTF8String.fromString(d.eventId()),
          UTF8String.fromString(d.severity().name()), UTF8String.fromString(d.reason().name()),
          UTF8String.fromString(d.message())}, Schemas.DIAGNOSTICS));
    }

    @Override
    public void close() {}
  }

  /** The values of a full row of {@code schema} reduced to the required columns. */
  private Object[] project(Object[] full, StructType schema) {
    Object[] out = new Object[required.fields().length];
    for (int i = 0; i < out.length; i++) {
      out[i] = full[schema.fieldIndex(required.fields()[i].name())];
    }
    return out;
  }
}
