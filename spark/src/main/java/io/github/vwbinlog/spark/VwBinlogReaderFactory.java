package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
  private final Map<String, String> hadoopConf;

  VwBinlogReaderFactory(ReadSettings settings, StructType required, Map<String, String> hadoopConf) {
    this.settings = settings;
    this.required = required;
    this.hadoopConf = hadoopConf;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    FilePartition split = (FilePartition) partition;
    String file = split.path();
    try {
      return switch (settings.view()) {
        case ReadSettings.MESSAGES -> new MessageReader(split);
        case ReadSettings.DIAGNOSTICS -> new DiagnosticReader(split);
        default -> new JoinedReader(split);
      };
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("vw-binlog: cannot open " + file + ": " + e.getMessage(), e);
    }
  }

  private Configuration configuration() {
    Configuration conf = new Configuration(false);
    hadoopConf.forEach(conf::set);
    return conf;
  }

  /**
   * The joiner of a split: of the whole file, or of a byte range of it (each mapped when the file is local, else read
   * as a stream from its start).
   */
  private Joiner joiner(FilePartition split, JoinOptions options) throws IOException {
    if (split.isWhole()) {
      return Joiner.of(open(split.path(), options.readOptions()), options);
    }
    Path path = new Path(split.path());
    FileSystem fs = path.getFileSystem(configuration());
    if ("file".equals(fs.getScheme())) {
      return Joiner.open(java.nio.file.Path.of(fs.makeQualified(path).toUri()), options, split.start(), split.end());
    }
    return Joiner.of(readOptions -> BinaryLogReader.of(fs.open(path), readOptions), options, split.start(),
        split.end());
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

  /** What a failed read says: the file, and the library's message (offset and event id included). */
  private static IOException failure(String file, BinaryLogException e) {
    return new IOException("vw-binlog: " + file + ": " + e.getMessage(), e);
  }

  /** One row per joined event, in the order the library's Joiner yields them. */
  private final class JoinedReader implements PartitionReader<InternalRow> {
    private final String file;
    private final Joiner joiner;
    private final Iterator<JoinResult> events;
    private final JoinedRows rows;
    private @Nullable InternalRow current;

    JoinedReader(FilePartition split) throws IOException {
      this.file = split.path();
      JoinOptions options = settings.joinOptions(DiagnosticListener.ignoring());
      // The joiner counts the reader's own diagnostics; the reader reports to the join's listener.
      this.joiner = joiner(split, options);
      this.events = joiner.iterator();
      this.rows = new JoinedRows(split.path(), DsjsonConverter.of(options), required);
    }

    @Override
    public boolean next() throws IOException {
      try {
        if (events.hasNext()) {
          JoinResult r = events.next();
          current = rows.row(r, java.util.Objects.requireNonNull(joiner.position()));
          return true;
        }
      } catch (BinaryLogException e) {
        throw failure(file, e);
      }
      notALog(file, joiner.summary());
      return false;
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

  /**
   * A file of which not one message could be read, with an error: not a joined binary log (a wrong file in a
   * directory), said plainly rather than as zero rows.
   */
  private static void notALog(String file, JoinSummary summary) throws IOException {
    long messages = summary.messages().values().stream().mapToLong(Long::longValue).sum();
    if (messages == 0 && summary.errors() > 0) {
      throw new IOException("vw-binlog: " + file + " is not a joined binary log: no message can be read ("
          + summary.diagnostics() + "); read it with option view=diagnostics to see why");
    }
  }

  /** One row per message of the split (whose first byte lies in it): its offset, type, size and payload. */
  private final class MessageReader implements PartitionReader<InternalRow> {
    private final String file;
    private final FilePartition split;
    private final UTF8String name;
    private final BinaryLogReader reader;
    private final Iterator<Message> messages;
    private @Nullable InternalRow current;

    MessageReader(FilePartition split) throws IOException {
      this.file = split.path();
      this.split = split;
      this.name = UTF8String.fromString(file);
      ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);
      this.reader = open(file, settings.strict() ? options : options.with(ReadFeature.LENIENT)
          .withListener(DiagnosticListener.ignoring()));
      this.messages = reader.iterator();
    }

    @Override
    public boolean next() throws IOException {
      try {
        Message m;
        do {
          if (!messages.hasNext()) {
            return false;
          }
          m = messages.next();
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
      reader.close();
    }
  }

  /** The payload's bytes; none for FILEMAGIC and EOF. */
  private static byte[] payload(Message m) {
    java.nio.ByteBuffer payload;
    if (m instanceof Message.Header h) {
      payload = h.payload();
    } else if (m instanceof Message.Checkpoint c) {
      payload = c.payload();
    } else if (m instanceof Message.Regular r) {
      payload = r.payload();
    } else if (m instanceof Message.Unknown u) {
      payload = u.payload();
    } else {
      return new byte[0];
    }
    byte[] bytes = new byte[payload.remaining()];
    payload.get(payload.position(), bytes);
    return bytes;
  }

  /** One row per diagnostic of joining the file, in the order they were reported. */
  private final class DiagnosticReader implements PartitionReader<InternalRow> {
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final UTF8String name;
    private int next = -1;

    DiagnosticReader(FilePartition split) throws IOException {
      String file = split.path();
      this.name = UTF8String.fromString(file);
      JoinOptions options = settings.joinOptions(diagnostics::add);
      try (Joiner joiner = joiner(split, options)) {
        for (JoinResult ignored : joiner) {
          // joined events are not this view's rows; joining them reports what is skipped
        }
      } catch (BinaryLogException e) {
        throw failure(file, e);
      }
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
