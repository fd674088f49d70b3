package io.github.vwbinlog.parquet;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.jspecify.annotations.Nullable;

/**
 * The Parquet file being written: rows of {@link RowBatch}es encoded into row groups, whose columns are encoded in two
 * lanes ({@link JoinedRows}), each the columns of a range of the schema's fields with its own column store and
 * compressor. With an encoding thread, one lane is encoded on it while the calling thread encodes the other, so that
 * parquet-java's encoding, which would otherwise be one thread's work, takes both cores; without, the calling thread
 * encodes both in turn. The column chunks are laid out in schema order in each row group (the first lane's, then the
 * second's) through parquet-java's {@link ParquetFileWriter}, which writes the footer.
 *
 * <p>A row group is closed as parquet-java's own writer closes one: its encoded size is checked every so many rows
 * (more often as it nears the size), and the group is written once it is within two rows' size of
 * {@code rowGroupBytes}. The rows at which the size is checked depend only on the rows written before, never on how
 * the join cut the log into parts or on the thread count, so the file's row groups, pages and bytes are the same
 * whatever the thread count (in one JVM: parquet-java orders each column chunk's list of encodings by a hash set).
 *
 * <p>Not thread-safe: one thread appends; the encoding thread is this class's own.
 */
final class JoinedFile implements AutoCloseable {
  private final ParquetFileWriter file;
  private final JoinedRows first;
  private final JoinedRows second;
  private final @Nullable ExecutorService encoder;
  private final long rowGroupBytes;
  private final long minRowsBetweenChecks;
  private final long maxRowsBetweenChecks;
  /** Rows in the row group being filled, and the row count at which its size is checked next. */
  private long rows;
  private long nextCheck;
  private boolean aborted;
  private boolean closed;

  /**
   * A file of row groups of about {@code rowGroupBytes} encoded as {@code properties} say, zstd at {@code level},
   * with a thread of its own to encode the second lane when {@code threads} is 2 or more.
   */
  JoinedFile(OutputFile out, ParquetProperties properties, long rowGroupBytes, int level, int threads)
      throws IOException {
    this.file = new ParquetFileWriter(out, JoinedSchema.SCHEMA, ParquetFileWriter.Mode.CREATE, rowGroupBytes,
        ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, properties);
    file.start();
    this.rowGroupBytes = rowGroupBytes;
    this.minRowsBetweenChecks = properties.getMinRowCountForPageSizeCheck();
    this.maxRowsBetweenChecks = properties.getMaxRowCountForPageSizeCheck();
    this.nextCheck = minRowsBetweenChecks;
    this.first = new JoinedRows(true, properties, level);
    this.second = new JoinedRows(false, properties, level);
    this.encoder = threads >= 2 ? Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "vw-binlog-parquet-encode");
      t.setDaemon(true);
      return t;
    }) : null;
  }

  /**
   * Writes the rows of {@code batch}, with {@code name} in their {@code file} column. Should the encoding fail, the
   * file is abandoned: {@link #close} then writes no footer.
   */
  void write(RowBatch batch, Binary name) throws IOException {
    if (aborted) {
      throw new IOException("the Parquet file was abandoned after an earlier error");
    }
    boolean done = false;
    try {
      int from = 0;
      while (from < batch.rows) {
        int to = (int) Math.min(batch.rows, from + (nextCheck - rows));
        encode(batch, name, from, to);
        rows += to - from;
        if (rows >= nextCheck) {
          check();
        }
        from = to;
      }
      done = true;
    } finally {
      aborted = !done;
    }
  }

  /** Encodes rows {@code from} to {@code to} in both lanes: the second on the encoding thread when there is one. */
  private void encode(RowBatch batch, Binary name, int from, int to) throws IOException {
    if (encoder == null) {
      first.write(batch, name, from, to);
      second.write(batch, name, from, to);
      return;
    }
    Future<?> other = encoder.submit(() -> second.write(batch, name, from, to));
    try {
      first.write(batch, name, from, to);
    } catch (RuntimeException | Error e) {
      // The other lane still reads the batch: wait for it before the batch is reused, then throw the first error.
      try {
        await(other);
      } catch (IOException | RuntimeException | Error suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    await(other);
  }

  private static void await(Future<?> task) throws IOException {
    try {
      task.get();
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while encoding Parquet columns");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  /** As parquet-java's writer: the row group is written when within two rows of its size, else checked again later. */
  private void check() throws IOException {
    long size = first.bufferedSize() + second.bufferedSize();
    long rowSize = Math.max(1, size / rows);
    if (size > rowGroupBytes - 2 * rowSize) {
      long written = rows;
      flush();
      nextCheck = Math.min(Math.max(minRowsBetweenChecks, written / 2), maxRowsBetweenChecks);
    } else {
      nextCheck = Math.min(Math.max(minRowsBetweenChecks, (rows + rowGroupBytes / rowSize) / 2),
          rows + maxRowsBetweenChecks);
    }
  }

  /** Writes the row group being filled, if it has rows. */
  private void flush() throws IOException {
    if (rows > 0) {
      file.startBlock(rows);
      first.flush(file);
      second.flush(file);
      file.endBlock();
      rows = 0;
    }
  }

  /**
   * Writes the last row group and the footer (none when the encoding failed: the file is then incomplete); releases the
   * lanes and the encoding thread.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (aborted) {
        file.abort();
      } else {
        flush();
        file.end(Map.of("writer", "vw-binlog"));
      }
    } finally {
      if (encoder != null) {
        encoder.shutdownNow();
      }
      first.close();
      second.close();
      file.close();
    }
  }
}
