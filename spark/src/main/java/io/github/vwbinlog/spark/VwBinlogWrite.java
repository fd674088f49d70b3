package io.github.vwbinlog.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A write of joined logs, committed as Spark's file sources commit theirs: each task attempt writes its files under
 * {@code PATH/_temporary/QUERY/ATTEMPT/}, and tells their names in its commit message; Spark's commit coordinator lets
 * one attempt of each task commit (a speculative or retried attempt that loses is aborted, and deletes its files);
 * the driver then renames the committed files into place ({@code part-TASK-QUERY.log}, under
 * {@code COLUMN=VALUE/} directories with {@code partitionBy}) and deletes {@code _temporary/QUERY}. So a failed task
 * leaves no file under a final name, and every row is written exactly once. In {@code overwrite} mode the files
 * already in the directory are deleted at commit, before the new ones are renamed into place.
 */
final class VwBinlogWrite implements Write, BatchWrite {
  private static final Logger LOG = LoggerFactory.getLogger("io.github.vwbinlog.spark");

  private final WriteSettings settings;
  private final String queryId;
  private final boolean truncate;

  private VwBinlogWrite(WriteSettings settings, String queryId, boolean truncate) {
    this.settings = settings;
    this.queryId = queryId;
    this.truncate = truncate;
  }

  /** Spark's builder of the write: {@code append} adds files, {@code overwrite} (truncate) replaces the directory's. */
  static final class Builder implements WriteBuilder, SupportsTruncate {
    private final WriteSettings settings;
    private final String queryId;
    private boolean truncate;

    Builder(WriteSettings settings, String queryId) {
      this.settings = settings;
      this.queryId = queryId;
    }

    @Override
    public WriteBuilder truncate() {
      truncate = true;
      return this;
    }

    @Override
    public Write build() {
      return new VwBinlogWrite(settings, queryId, truncate);
    }
  }

  @Override
  public String description() {
    return "vw-binlog joined logs to " + settings.path();
  }

  @Override
  public BatchWrite toBatch() {
    return this;
  }

  /** The directory of this query's uncommitted files. */
  private Path temporary() {
    return new Path(new Path(settings.path(), "_temporary"), queryId);
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new Factory(settings, SharedHadoopConf.broadcast(), temporary().toString(), queryId.length() > 8 ? queryId.substring(0, 8)
        : queryId);
  }

  /** Makes each task's writer, on the executors. */
  private record Factory(WriteSettings settings, Broadcast<SharedHadoopConf> conf, String temporary, String name)
      implements DataWriterFactory, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
      org.apache.spark.TaskContext task = org.apache.spark.TaskContext.get();
      int attempt = task == null ? 0 : task.attemptNumber();
      Path dir = new Path(temporary, partitionId + "-" + taskId + "-" + attempt);
      return new LogFileWriter(settings, conf.value().get(), dir, String.format("part-%05d-%s.log", partitionId, name),
          attempt == 0 ? settings.failFirstAttemptAfter() : -1);
    }
  }

  /**
   * What a committed task wrote: each file's temporary path and its final path relative to the output directory.
   *
   * @param rows the rows it wrote
   * @param batches the key of each multistep batch it wrote (the first 8 bytes of its SHA-256), for the check that no
   *     two tasks wrote one batch
   * @param merged its multistep rows whose batch it had written already, for another row
   */
  record Committed(List<String> temporary, List<String> relative, long rows, long[] batches, long merged)
      implements WriterCommitMessage {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Fails the write, before any file is renamed into place, when two tasks wrote one multistep batch: each task writes
   * a batch whole, once, from any of its rows, so a batch whose rows were in two tasks would be written twice, and its
   * steps read back twice.
   */
  static void checkBatches(WriterCommitMessage[] messages) {
    Map<Long, Integer> writer = new HashMap<>();
    long twice = 0;
    for (int t = 0; t < messages.length; t++) {
      if (messages[t] instanceof Committed c) {
        for (long key : c.batches()) {
          Integer before = writer.putIfAbsent(key, t);
          if (before != null && before != t) {
            twice++;
          }
        }
      }
    }
    if (twice > 0) {
      throw new IllegalStateException("vw-binlog: " + twice + " multistep batch(es) had rows in more than one task, "
          + "and each such task wrote the batch whole: the write is not committed, since their steps would be "
          + "written twice. Give each batch's rows to one task: repartition(col(\"joined_events\")) (every row of a "
          + "batch holds the same joined_events), or coalesce(1), before the write");
    }
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    Path out = new Path(settings.path());
    checkBatches(messages);
    try {
      FileSystem fs = out.getFileSystem(hadoopConfiguration());
      fs.mkdirs(out); // as Spark's file sources do, even when no task wrote a row
      if (truncate) {
        for (FileStatus old : fs.listStatus(out)) {
          if (!old.getPath().getName().equals("_temporary")) {
            fs.delete(old.getPath(), true);
          }
        }
      }
      long rows = 0;
      long batches = 0;
      long merged = 0;
      int files = 0;
      for (WriterCommitMessage m : messages) {
        if (m instanceof Committed c) {
          for (int i = 0; i < c.temporary().size(); i++) {
            Path target = new Path(out, c.relative().get(i));
            fs.mkdirs(target.getParent());
            if (!fs.rename(new Path(c.temporary().get(i)), target)) {
              throw new IOException("cannot rename " + c.temporary().get(i) + " to " + target);
            }
            files++;
          }
          rows += c.rows();
          batches += c.batches().length;
          merged += c.merged();
        }
      }
      cleanUp(fs);
      if (batches == 0) {
        LOG.info("vw-binlog: {} rows written to {} joined logs in {}", rows, files, out);
      } else {
        LOG.info("vw-binlog: {} rows written to {} joined logs in {}: {} multistep batches, each written whole from "
            + "the first of its rows, whose {} other rows were in it already", rows, files, out, batches, merged);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("vw-binlog: cannot commit the write to " + out + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      cleanUp(new Path(settings.path()).getFileSystem(hadoopConfiguration()));
    } catch (IOException e) {
      LOG.warn("vw-binlog: cannot delete the uncommitted files of an aborted write in {}: {}", temporary(),
          e.getMessage());
    }
  }

  /** Deletes this query's temporary files, and {@code _temporary} when no other write uses it. */
  private void cleanUp(FileSystem fs) throws IOException {
    fs.delete(temporary(), true);
    Path parent = temporary().getParent();
    FileStatus[] others = fs.exists(parent) ? fs.listStatus(parent) : new FileStatus[0];
    if (others.length == 0) {
      fs.delete(parent, true);
    }
  }

  private static Configuration hadoopConfiguration() {
    return SparkSession.active().sessionState().newHadoopConf();
  }
}
