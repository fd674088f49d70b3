package io.github.vwbinlog.parquet;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;

/**
 * Converts joined logs to Parquet: one row per joined event, with the columns of the Spark source's {@code joined}
 * view (docs/PARQUET.md), zstd-compressed, in row groups of {@link #rowGroupBytes()} (64 MiB by default). The sibling
 * of {@link io.github.vwbinlog.join.DsjsonConverter}: the same join, the same options, the same {@link JoinSummary};
 * an event is a row whether or not its DSJSON line could be written (a context that is not JSON is kept as text).
 *
 * <p>The joined events reach the writer as the join's views ({@link JoinedEventSink}, as the DSJSON converter reads
 * them), never as records: each part of the join is copied into a columnar batch, whose rows are written in log
 * order. With {@code options.threads()} of 2 or more (the default on a machine of several cores), the parts are
 * joined on worker threads beside the encoding, and the columns are encoded in two halves on two threads (the
 * appending one and one of the writer's own); the file is the same byte for byte whatever the thread count.
 * Memory is bounded: the batches of the parts in flight (a part is a few MiB of the log) and the row group being
 * filled, so a log of any size is written with a heap of a few row groups.
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
   * <p>An appended log is joined by {@link Joiner#run} into a sink of the join's views ({@link JoinedEventSink}): each
   * part of the join (a few MiB of the log, joined on a worker thread when {@code options.threads()} is 2 or more)
   * copies its events' values into a columnar batch of its own ({@code RowBatch}), and the finished batches are written
   * as rows, in log order, from the thread that appends: half of the columns encoded on it, the other half on the
   * writer's encoding thread when {@code options.threads()} is 2 or more ({@code JoinedFile}). No record of an event
   * is built. Memory is bounded by the
   * batches of the parts in flight (at most two per thread, each about its part's input) and the row group being
   * filled; batches are reused from part to part.
   *
   * <p>Not thread-safe.
   */
  public static final class Writer implements AutoCloseable {
    private final JoinOptions options;
    private final JoinedFile parquet;
    /** Batches whose rows are written, for the next parts: taken on any thread, returned on the appending one. */
    private final Queue<RowBatch> free = new ConcurrentLinkedQueue<>();
    /** Volatile: a progress bar may read it from the thread that reads the log. */
    private volatile long count;

    Writer(ParquetConverter converter, OutputFile file) throws IOException {
      this.options = converter.options;
      ParquetProperties properties = ParquetProperties.builder()
          .withPageSize(1 << 20)
          // No dictionaries: zstd takes the repeats out of each page as well (the file of the benchmark's 1 GiB log
          // is as large without them, 16.4 MB), and a dictionary costs a hash, a lookup and a fallback check per value
          // (a sixth of the conversion's CPU, docs/PERFORMANCE.md). Ids and contexts hardly repeat anyway.
          .withDictionaryEncoding(false)
          // Min and max of a context or of random ids help no reader; nor do the per-page size statistics (level
          // histograms, unencoded sizes) that pandas, DuckDB and Polars do not read: each costs a call per value.
          .withStatisticsEnabled("context", false)
          .withStatisticsEnabled("event_id", false)
          .withSizeStatisticsEnabled(false)
          .build();
      this.parquet = new JoinedFile(file, properties, converter.rowGroupBytes, converter.level, options.threads());
    }

    /** Joins a log and writes its events, named by the log's path. */
    public JoinSummary append(Path log) throws IOException {
      return Joiner.run(log, options, new Rows(log.toString()));
    }

    /**
     * Joins the messages of a reader and writes its events with {@code file} in their {@code file} column; the reader
     * is read to its end but not closed.
     */
    public JoinSummary append(BinaryLogReader reader, String file) throws IOException {
      return Joiner.run(reader, options, new Rows(file));
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

    /** The sink of one appended log: its parts are batches, written as rows when finished. */
    private final class Rows implements JoinedEventSink<RowBatch> {
      private final Binary file;

      Rows(String file) {
        this.file = Binary.fromConstantByteArray(file.getBytes(StandardCharsets.UTF_8));
      }

      @Override
      public RowBatch open() {
        RowBatch batch = free.poll();
        return batch != null ? batch : new RowBatch();
      }

      @Override
      public void accept(RowBatch batch, JoinedEventView event) {
        batch.add(event);
      }

      @Override
      public void finish(RowBatch batch) throws IOException {
        parquet.write(batch, file);
        count += batch.rows;
        batch.clear();
        free.add(batch);
      }
    }
  }
}
