package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.event.JoinedEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.jspecify.annotations.Nullable;

/**
 * The writer of one task attempt: a joined log per value of the {@code partitionBy} columns (one log without them),
 * each complete (FILEMAGIC, HEADER, CHECKPOINT, REGULAR messages, EOF) under the attempt's temporary directory, named
 * in its commit message ({@link VwBinlogWrite}).
 *
 * <p>The rows' events go into REGULAR messages in row order. A row's {@code joined_events} (the events as the log held
 * them) are copied unchanged ({@link BinaryLogWriter#regularCopying}); the rows that came from one REGULAR message
 * (the same {@code file} and {@code offset}, one after the other) go into one message again, so a log read and
 * written whole gives its messages back. Rows without {@code file} and {@code offset} are packed into messages of at
 * most {@link #MAX_ROWS} rows and about {@link #MAX_BYTES} bytes, a new message for each new dedup batch, as the
 * joiner packs them. A row whose
 * {@code joined_events} is null is encoded from its typed columns ({@link TypedEvents}). A CHECKPOINT is written where
 * a row's settings differ from those in force.
 *
 * <p>A multistep row (problem type {@code multistep}) stands for its batch: its {@code joined_events} are the whole
 * REGULAR message its step was joined from, which every step of the batch carries, since the multistep joiner rewards
 * a message's steps together (SPEC §7). The batch is written once per task, as its own REGULAR message, byte for byte
 * as read, into the file of the first of its rows; the task's later rows of the same batch (the same bytes, and the
 * same {@code file} and {@code offset} when the rows have them) are already written. The batches' keys go to the
 * driver in the commit message, which fails the write where two tasks wrote one batch ({@link VwBinlogWrite}).
 */
final class LogFileWriter implements DataWriter<InternalRow> {
  /** The most rows in a REGULAR message of rows that do not say which message they came from. */
  static final int MAX_ROWS = 1024;
  /** The size of joined events above which such a message is not given another row. */
  static final int MAX_BYTES = 1 << 20;
  private static final DateTimeFormatter HOUR =
      DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final FileHeader HEADER =
      new FileHeader(null, List.of(new FileHeader.Property("writer", "vw-binlog spark")));

  private final WriteSettings settings;
  private final Configuration conf;
  private final Path dir;
  private final String name;
  private final long failAfter;
  private final TypedEvents typed;
  private final WriteSettings.Checkpoints checkpoints;
  private final Map<String, Log> logs = new LinkedHashMap<>();
  private final int fileColumn;
  private final int offsetColumn;
  private final int eventsColumn;
  private long rows;
  /** The SHA-256 of each multistep batch this task wrote (its source and bytes), to write it once. */
  private final java.util.Set<ByteBuffer> batches = new java.util.HashSet<>();
  /** The first 8 bytes of each, for the driver's check across tasks, in the order written. */
  private long[] batchKeys = new long[16];
  /** The multistep rows whose batch this task had written already. */
  private long merged;
  private final MessageDigest digest;

  /**
   * @param dir the attempt's temporary directory
   * @param name the name of each file
   * @param failAfter for tests: fail after this many rows (-1: never)
   */
  LogFileWriter(WriteSettings settings, Configuration conf, Path dir, String name, long failAfter) {
    this.settings = settings;
    this.conf = conf;
    this.dir = dir;
    this.name = name;
    this.failAfter = failAfter;
    this.typed = new TypedEvents(settings);
    this.checkpoints = settings.checkpoints();
    this.fileColumn = settings.column("file");
    this.offsetColumn = settings.column("offset");
    this.eventsColumn = settings.column("joined_events");
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** One log being written, and the REGULAR message being gathered for it. */
  private final class Log {
    final String relative;
    final Path temporary;
    final BinaryLogWriter writer;
    CheckpointInfo checkpoint;
    final List<ByteBuffer> raw = new ArrayList<>();
    final List<JoinedEvent> events = new ArrayList<>();
    long rawBytes;
    /** The file and offset of the message whose rows the message being gathered holds (a copy), or null. */
    org.apache.spark.unsafe.types.@Nullable UTF8String sourceFile;
    long sourceOffset = -1;

    Log(String relative, CheckpointInfo checkpoint) throws IOException {
      this.relative = relative;
      this.temporary = new Path(dir, relative);
      FileSystem fs = temporary.getFileSystem(conf);
      this.writer = BinaryLogWriter.to(fs.create(temporary, false));
      this.checkpoint = checkpoint;
      writer.fileMagic().header(HEADER).checkpoint(checkpoint);
    }

    void flush() {
      if (!raw.isEmpty()) {
        writer.regularCopying(raw);
        raw.clear();
        rawBytes = 0;
      }
      if (!events.isEmpty()) {
        writer.regular(events);
        events.clear();
      }
    }
  }

  @Override
  public void write(InternalRow row) throws IOException {
    if (rows == failAfter) {
      throw new IOException("vw-binlog: option testFailFirstAttemptAfterRows: the first attempt of this task fails "
          + "after " + failAfter + " rows");
    }
    CheckpointInfo checkpoint = checkpoints.of(row);
    byte[] batch = null;
    if (checkpoint.problemType() == ProblemType.MULTISTEP) {
      batch = batch(row);
      if (batch == null) {
        merged++;
        rows++;
        return;
      }
    }
    String relative = partitionDirectory(row) + name;
    Log log = logs.get(relative);
    if (log == null) {
      log = new Log(relative, checkpoint);
      logs.put(relative, log);
    } else if (!checkpoint.equals(log.checkpoint)) {
      log.flush();
      log.writer.checkpoint(checkpoint);
      log.checkpoint = checkpoint;
    }
    if (batch != null) {
      log.flush();
      log.writer.regular(ByteBuffer.wrap(batch));
      log.sourceFile = null;
      log.sourceOffset = -1;
    } else if (eventsColumn >= 0 && !row.isNullAt(eventsColumn)) {
      ByteBuffer bytes = ByteBuffer.wrap(row.getBinary(eventsColumn));
      boolean keyed = fileColumn >= 0 && offsetColumn >= 0 && !row.isNullAt(fileColumn) && !row.isNullAt(offsetColumn);
      if (!log.events.isEmpty()) {
        log.flush();
      }
      if (keyed) {
        org.apache.spark.unsafe.types.UTF8String file = row.getUTF8String(fileColumn);
        long offset = row.getLong(offsetColumn);
        if (!file.equals(log.sourceFile) || offset != log.sourceOffset) {
          log.flush();
          log.sourceFile = file.clone();
          log.sourceOffset = offset;
        }
      } else if (log.sourceFile != null || log.raw.size() >= MAX_ROWS
          || (!log.raw.isEmpty() && log.rawBytes + bytes.remaining() > MAX_BYTES)) {
        log.flush();
        log.sourceFile = null;
        log.sourceOffset = -1;
      }
      log.raw.add(bytes);
      log.rawBytes += bytes.remaining();
    } else {
      if (!log.raw.isEmpty()) {
        log.flush();
      }
      List<JoinedEvent> events = typed.of(row, checkpoint);
      if (!log.events.isEmpty() && log.events.size() + events.size() > MAX_ROWS) {
        log.flush();
      }
      log.events.addAll(events);
      log.sourceFile = null;
      log.sourceOffset = -1;
    }
    rows++;
  }

  /**
   * The batch of a multistep row, checked, when this task has not written it yet; else null (its batch is written).
   *
   * @throws IllegalArgumentException if the row has no {@code joined_events}, or they are not a REGULAR message's
   *     payload whose events can be read, naming the event id
   */
  private byte @Nullable [] batch(InternalRow row) {
    int idColumn = settings.column("event_id");
    String id = idColumn < 0 || row.isNullAt(idColumn) ? "(none)" : row.getUTF8String(idColumn).toString();
    if (eventsColumn < 0 || row.isNullAt(eventsColumn)) {
      throw new IllegalArgumentException("vw-binlog: a multistep row without joined_events cannot be written (event "
          + "id " + id + "): a step's reward comes from its whole batch, which only joined_events holds (read the "
          + "logs with multistep=true and keep the column)");
    }
    byte[] bytes = row.getBinary(eventsColumn);
    digest.reset();
    if (fileColumn >= 0 && offsetColumn >= 0 && !row.isNullAt(fileColumn) && !row.isNullAt(offsetColumn)) {
      digest.update(row.getUTF8String(fileColumn).getBytes());
      digest.update(ByteBuffer.allocate(9).put((byte) 0).putLong(row.getLong(offsetColumn)).array());
    }
    digest.update(bytes);
    ByteBuffer key = ByteBuffer.wrap(digest.digest());
    if (batches.contains(key)) {
      return null;
    }
    try {
      new Message.Regular(0, ByteBuffer.wrap(bytes)).joinedPayloadsById();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("vw-binlog: the joined_events of multistep row (event id " + id + ") are "
          + "not a REGULAR message's payload: " + e.getMessage(), e);
    }
    batches.add(key);
    if (batches.size() > batchKeys.length) {
      batchKeys = java.util.Arrays.copyOf(batchKeys, batchKeys.length * 2);
    }
    batchKeys[batches.size() - 1] = key.getLong(0);
    return bytes;
  }

  /** The {@code COLUMN=VALUE/} directories of the row's {@code partitionBy} values, or "" without partitionBy. */
  private String partitionDirectory(InternalRow row) {
    int[] columns = settings.partitionColumns();
    if (columns.length == 0) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < columns.length; i++) {
      b.append(escape(settings.partitionNames()[i])).append('=')
          .append(value(row, columns[i], settings.partitionTypes()[i])).append('/');
    }
    return b.toString();
  }

  /**
   * A partition value as a directory name: a timestamp in UTC as {@code 20261124T100000Z} (the joiner's roll names),
   * a date as {@code 2026-11-24}, anything else as Spark prints it; null as Spark's {@code __HIVE_DEFAULT_PARTITION__}.
   */
  private static String value(InternalRow row, int column, DataType type) {
    if (row.isNullAt(column)) {
      return "__HIVE_DEFAULT_PARTITION__";
    }
    if (type.equals(DataTypes.TimestampType) || type.equals(DataTypes.TimestampNTZType)) {
      long micros = row.getLong(column);
      return HOUR.format(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L)));
    }
    if (type.equals(DataTypes.DateType)) {
      return java.time.LocalDate.ofEpochDay(row.getInt(column)).toString();
    }
    return escape(String.valueOf(row.get(column, type)));
  }

  /** Characters a path name cannot hold, as {@code %XX} (as Spark's partition directories escape them). */
  private static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c < 0x20 || c == '/' || c == '\\' || c == ':' || c == '=' || c == '%' || c == '"' || c == '*' || c == '?'
          || c == '#' || c == '{' || c == '}' || c == '[' || c == ']' || c == '^' || c == 0x7F) {
        b.append('%').append(String.format("%02X", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    List<String> temporary = new ArrayList<>();
    List<String> relative = new ArrayList<>();
    for (Log log : logs.values()) {
      log.flush();
      log.writer.eof();
      log.writer.close();
      temporary.add(log.temporary.toString());
      relative.add(log.relative);
    }
    logs.clear();
    return new VwBinlogWrite.Committed(temporary, relative, rows, java.util.Arrays.copyOf(batchKeys, batches.size()),
        merged);
  }

  @Override
  public void abort() throws IOException {
    for (Log log : logs.values()) {
      try {
        log.writer.close();
      } catch (RuntimeException e) {
        // the failure being handled is the one to report
      }
    }
    logs.clear();
    dir.getFileSystem(conf).delete(dir, true);
  }

  @Override
  public void close() {
    // commit() or abort() has closed the files
  }
}
