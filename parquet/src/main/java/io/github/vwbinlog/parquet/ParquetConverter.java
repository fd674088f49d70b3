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
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;

/**
 * Converts joined logs to Parquet: one row per joined event, with the columns of the Spark source's {@code joined}
 * view (docs/PARQUET.md), zstd-compressed, in row groups of {@link #rowGroupBytes()} (64 MiB by default). The sibling
 * of {@link io.github.vwbinlog.join.DsjsonConverter}: the same join, the same options, the same {@link JoinSummary};
 * an event is a row whether or not its DSJSON line could be written (a context that is not JSON is kept as text).
 *
 * <p>Memory is bounded by the row group being filled: a log of any size is written with a heap of a few row groups.
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
    private long count;

    Writer(ParquetConverter converter, OutputFile file) throws IOException {
      this.options = converter.options;
      this.parquet = new Builder(file, rows)
          .withConf(new PlainParquetConfiguration())
          .withCodecFactory(new ZstdCodecs(converter.level))
          .withCompressionCodec(CompressionCodecName.ZSTD)
          .withRowGroupSize(converter.rowGroupBytes)
          .withPageSize(1 << 20)
          .withDictionaryEncoding(true)
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
      Iterator<JoinResult> events = joiner.iterator();
      try {
        while (events.hasNext()) {
          JoinResult r = events.next();
          rows.at(name, Objects.requireNonNull(joiner.position(), "a joined event has a position"));
          parquet.write(r);
          count++;
        }
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      return joiner.summary();
    }

    /** The rows written so far. */
    public long rows() {
      return count;
    }

    /** Writes the last row group and the file's footer. */
    @Override
    public void close() throws IOException {
      parquet.close();
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
