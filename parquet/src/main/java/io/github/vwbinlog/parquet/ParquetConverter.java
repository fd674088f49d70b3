package io.github.vwbinlog.parquet;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.jspecify.annotations.Nullable;

/**
 * Converts joined logs to Parquet: one row per joined event, with the columns of the Spark source's {@code joined}
 * view (docs/PARQUET.md), zstd-compressed, in row groups of {@link #rowGroupBytes()} (64 MiB by default). The sibling
 * of {@link io.github.vwbinlog.join.DsjsonConverter}: the same join, the same options, the same {@link JoinSummary};
 * an event is a row whether or not its DSJSON line could be written (a context that is not JSON is kept as text).
 *
 * <p>Memory is bounded by the row group being filled: a log of any size is written with a heap of a few row groups.
 * With {@code options.threads()} of 2 or more (the default on a machine of several cores), the join runs on a thread
 * of its own beside the encoding; the file is the same.
 * Immutable and thread-safe; each {@link Writer} is a file of its own.
 *
 * <pre>{@code
 * ParquetConverter converter = ParquetConverter.of(JoinOptions.defaults());
 * try (OutputStream out = Files.newOutputStream(Path.of("events.parquet"));
 *     ParquetConverter.Writer writer = converter.open(out)) {
 *   writer.append(Path.of("day1.log"));
 *   writer.append(Path.of("day2.log"));   // one file, the logs one after the other, each joined on its own
 * }
 * }</pre>
 */
public final class ParquetConverter {
  /** 64 MiB: large enough for readers to read a column in long runs, small enough to hold in memory. */
  public static final long DEFAULT_ROW_GROUP_BYTES = 64L << 20;

  private final JoinOptions options;
  private final long rowGroupBytes;
  private final int level;

  private ParquetConverter(JoinOptions options, long rowGroupBytes, int level) {
    this.options = Objects.requireNonNull(options, "options");
    this.rowGroupBytes = rowGroupBytes;
    this.level = level;
  }

  /** A converter with these join options, 64 MiB row groups and zstd at level 3. */
  public static ParquetConverter of(JoinOptions options) {
    return new ParquetConverter(options, DEFAULT_ROW_GROUP_BYTES, 3);
  }

  /**
   * The same converter with row groups of about {@code bytes} (compressed) each.
   *
   * @throws IllegalArgumentException if {@code bytes} is below 1 MiB
   */
  public ParquetConverter withRowGroupBytes(long bytes) {
    if (bytes < (1L << 20)) {
      throw new IllegalArgumentException("a row group of at least 1 MiB, not " + bytes + " bytes");
    }
    return new ParquetConverter(options, bytes, level);
  }

  /**
   * The same converter with zstd at {@code level}.
   *
   * @throws IllegalArgumentException if {@code level} is not within 1 to 19
   */
  public ParquetConverter withCompressionLevel(int level) {
    if (level < 1 || level > 19) {
      throw new IllegalArgumentException("a zstd level from 1 to 19, not " + level);
    }
    return new ParquetConverter(options, rowGroupBytes, level);
  }

  /** The join options. */
  public JoinOptions options() {
    return options;
  }

  /** The size of a row group, in bytes. */
  public long rowGroupBytes() {
    return rowGroupBytes;
  }

  /** The zstd level. */
  public int compressionLevel() {
    return level;
  }

  /** Converts one log into a whole Parquet file written to {@code out} (which is flushed, not closed). */
  public JoinSummary convert(Path log, OutputStream out) throws IOException {
    try (Writer writer = open(out)) {
      return writer.append(log);
    }
  }

  /**
   * A Parquet file written to {@code out}, to which logs are appended one after another; the file is complete when
   * the writer is closed ({@code out} is then flushed, not closed).
   */
  public Writer open(OutputStream out) throws IOException {
    return new Writer(this, new StreamOutputFile(Objects.requireNonNull(out, "out")));
  }

  @Override
  public String toString() {
    return "ParquetConverter[" + options + ", row groups of " + rowGroupBytes + " bytes, zstd " + level + "]";
  }

  /**
   * One Parquet file being written. Each appended log is joined on its own, with a fresh joiner, as each VW run reads
   * one file; its rows carry its name in the {@code file} column.
   *
   * <p>Not thread-safe.
   */
  public static final class Writer implements AutoCloseable {
    private final JoinOptions options;
    private final JoinedRows rows = new JoinedRows();
    private final ParquetWriter<JoinResult> parquet;
    /** Volatile: a progress bar may read it from the thread that reads the log. */
    private volatile long count;

    Writer(ParquetConverter converter, OutputFile file) throws IOException {
      this.options = converter.options;
      this.parquet = new Builder(file, rows)
          .withConf(new PlainParquetConfiguration())
          .withCodecFactory(new ZstdCodecs(converter.level))
          .withCompressionCodec(CompressionCodecName.ZSTD)
          .withRowGroupSize(converter.rowGroupBytes)
          .withPageSize(1 << 20)
          .withDictionaryEncoding(true)
          // Contexts and ids hardly repeat: hashing each into a dictionary cost a third of the conversion, and the
          // dictionary is given up after its first megabyte anyway. Min and max of a context help no reader.
          .withDictionaryEncoding("context", false)
          .withDictionaryEncoding("event_id", false)
          .withStatisticsEnabled("context", false)
          .build();
    }

    /** Joins a log and writes its events, named by the log's path. */
    public JoinSummary append(Path log) throws IOException {
      try (Joiner joiner = Joiner.open(log, options)) {
        return write(joiner, log.toString());
      }
    }

    /**
     * Joins the messages of a reader and writes its events with {@code file} in their {@code file} column; the reader
     * is read to its end but not closed.
     */
    public JoinSummary append(BinaryLogReader reader, String file) throws IOException {
      Joiner joiner = Joiner.of(reader, options);
      return write(joiner, file);
    }

    private JoinSummary write(Joiner joiner, String file) throws IOException {
      Binary name = Binary.fromString(file);
      if (options.threads() < 2) {
        Iterator<JoinResult> events = joiner.iterator();
        try {
          while (events.hasNext()) {
            JoinResult r = events.next();
            row(name, r, Objects.requireNonNull(joiner.position(), "a joined event has a position"));
          }
        } catch (UncheckedIOException e) {
          throw e.getCause();
        }
      } else {
        JoinThread join = new JoinThread(joiner);
        join.start();
        boolean done = false;
        try {
          for (Batch batch = join.take(); batch != Batch.END; batch = join.take()) {
            for (int i = 0; i < batch.size; i++) {
              row(name, batch.results[i], batch.positions[i]);
            }
          }
          done = true;
        } finally {
          join.finish(!done);
        }
        join.rethrow();
      }
      return joiner.summary();
    }

    private void row(Binary name, JoinResult r, Joiner.Position at) throws IOException {
      rows.at(name, at);
      parquet.write(r);
      count++;
    }

    /** The rows written so far; may be read from any thread. */
    public long rows() {
      return count;
    }

    /** Writes the last row group and the file's footer. */
    @Override
    public void close() throws IOException {
      parquet.close();
    }
  }

  /** Joined events handed from the join's thread to the writer's, with their positions. */
  private static final class Batch {
    static final int SIZE = 512;
    static final Batch END = new Batch();
    final JoinResult[] results = new JoinResult[SIZE];
    final Joiner.Position[] positions = new Joiner.Position[SIZE];
    int size;
  }

  /**
   * The join of one log on a thread of its own, so that joining and encoding run side by side (with {@code threads}
   * of 2 or more): batches of events go through a queue of four, which bounds the memory. A failure of the join
   * (strict mode, an I/O error) ends the batches and is rethrown on the writer's thread.
   */
  private static final class JoinThread extends Thread {
    private final Joiner joiner;
    private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(4);
    private volatile @Nullable Throwable failure;

    JoinThread(Joiner joiner) {
      super("vw-binlog-parquet-join");
      setDaemon(true);
      this.joiner = joiner;
    }

    @Override
    public void run() {
      try {
        Iterator<JoinResult> events = joiner.iterator();
        Batch batch = new Batch();
        while (events.hasNext()) {
          batch.results[batch.size] = events.next();
          batch.positions[batch.size] = Objects.requireNonNull(joiner.position(), "a joined event has a position");
          if (++batch.size == Batch.SIZE) {
            queue.put(batch);
            batch = new Batch();
          }
        }
        if (batch.size > 0) {
          queue.put(batch);
        }
      } catch (InterruptedException e) {
        return; // the writer stopped: nobody takes the end
      } catch (Throwable t) {
        failure = t;
      }
      try {
        queue.put(Batch.END);
      } catch (InterruptedException e) {
        // the writer stopped
      }
    }

    Batch take() throws IOException {
      try {
        return queue.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while writing Parquet");
      }
    }

    /** Waits for the join to end, having stopped it first when the writer failed. */
    void finish(boolean stop) throws IOException {
      if (stop) {
        interrupt();
      }
      try {
        join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while writing Parquet");
      }
    }

    /** Rethrows the join's failure, if any, as the one-thread writer would have thrown it. */
    void rethrow() throws IOException {
      Throwable t = failure;
      if (t == null) {
        return;
      }
      if (t instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error e) {
        throw e;
      }
      throw new IOException(t);
    }
  }

  /** parquet-java's builder, over our write support and without Hadoop's configuration. */
  private static final class Builder extends ParquetWriter.Builder<JoinResult, Builder> {
    private final JoinedRows rows;

    Builder(OutputFile file, JoinedRows rows) {
      super(file);
      this.rows = rows;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<JoinResult> getWriteSupport(Configuration conf) {
      return rows;
    }

    @Override
    protected WriteSupport<JoinResult> getWriteSupport(ParquetConfiguration conf) {
      return rows;
    }
  }
}
