package io.github.vwbinlog.spark;

import io.github.vwbinlog.DiagnosticListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * The scan of one read: the columns the query needs (column pruning), and the input splits of the files of the paths
 * (a file, a directory's files, or what a glob matches; names starting with {@code _} or {@code .} are left out, as
 * Spark's file sources leave them out), in the CLI's order. {@link SplitPlan} cuts large files into byte ranges, each
 * joined on its own (a {@code Joiner} of a byte range) with the rows of one pass, and packs small files into one task
 * (multistep logs are not cut).
 */
final class VwBinlogScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
  private final ReadSettings settings;
  private final List<String> paths;
  private StructType required;

  VwBinlogScan(ReadSettings settings, List<String> paths, StructType schema) {
    this.settings = settings;
    this.paths = paths;
    this.required = schema;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    required = requiredSchema;
  }

  @Override
  public Scan build() {
    return this;
  }

  @Override
  public StructType readSchema() {
    return required;
  }

  /**
   * Whether this is a scan of the {@code events} view: its splits are cut at batches and yield each batch's events
   * together in file order (what {@link VwBinlogJoin} relies on to attach DedupInfo in the scan's partitions).
   */
  boolean readsEvents() {
    return settings.view().equals(ReadSettings.EVENTS);
  }

  @Override
  public String description() {
    return "vw-binlog " + settings.view() + " " + paths;
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /** The tasks, planned once: Spark may ask more than once for one query, and a plan frames the cut files. */
  private InputPartition @org.jspecify.annotations.Nullable [] planned;

  @Override
  public InputPartition[] planInputPartitions() {
    InputPartition[] p = planned;
    if (p == null) {
      p = plan();
      planned = p;
    }
    return p.clone();
  }

  private InputPartition[] plan() {
    SQLConf conf = SparkSession.active().sessionState().conf();
    long maxBytes = settings.maxPartitionBytes() > 0 ? settings.maxPartitionBytes() : conf.filesMaxPartitionBytes();
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("vw-binlog: spark.sql.files.maxPartitionBytes must be positive: " + maxBytes);
    }
    long openCost = settings.openCostInBytes() >= 0 ? settings.openCostInBytes() : conf.filesOpenCostInBytes();
    if (openCost < 0) {
      throw new IllegalArgumentException("vw-binlog: spark.sql.files.openCostInBytes must be 0 or more: " + openCost);
    }
    int minPartitions = conf.filesMinPartitionNum().isDefined() ? (Integer) conf.filesMinPartitionNum().get()
        : SparkSession.active().sparkContext().defaultParallelism();
    SplitPlan plan = new SplitPlan(maxBytes, openCost, Math.max(1, minPartitions));
    // Multistep logs are read whole (episodes cross messages); event files are cut at batches whatever the option.
    boolean whole = settings.multistep() && !settings.view().equals(ReadSettings.EVENTS);
    List<FilePartition> tasks = plan.plan(files(), whole);
    if (!settings.view().equals(ReadSettings.EVENTS)) {
      // Each joined log cut into several splits is framed once, here, so that a split reads its own bytes only.
      try {
        tasks = LogBytes.plan(tasks, settings.joinOptions(DiagnosticListener.ignoring()).readOptions(),
            hadoopConfiguration());
      } catch (IOException e) {
        // The splits plan themselves on the executors, which report the file (as a lenient read reports it).
      }
    }
    return tasks.toArray(new InputPartition[0]);
  }

  /**
   * The files of the paths, in the CLI's order: the paths in the order given; a directory's files by name, a glob's
   * matches by path (names compared as strings, so time-stamped names come in time order).
   */
  private List<SplitPlan.File> files() {
    Configuration conf = hadoopConfiguration();
    List<SplitPlan.File> out = new ArrayList<>();
    try {
      for (String p : paths) {
        Path path = new Path(p);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(path);
        if (matches == null || matches.length == 0) {
          throw new IllegalArgumentException("vw-binlog: path does not exist: " + p);
        }
        for (FileStatus match : sorted(matches, false)) {
          if (match.isDirectory()) {
            for (FileStatus child : sorted(fs.listStatus(match.getPath()), true)) {
              if (child.isFile() && visible(child.getPath())) {
                out.add(new SplitPlan.File(child.getPath().toString(), child.getLen()));
              }
            }
          } else if (visible(match.getPath())) {
            out.add(new SplitPlan.File(match.getPath().toString(), match.getLen()));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("vw-binlog: cannot list " + paths + ": " + e.getMessage(), e);
    }
    return out;
  }

  private static boolean visible(Path path) {
    String name = path.getName();
    return !name.startsWith("_") && !name.startsWith(".");
  }

  private static List<FileStatus> sorted(FileStatus[] files, boolean byName) {
    return Arrays.stream(files).sorted(Comparator.comparing(f -> byName ? f.getPath().getName()
        : f.getPath().toString())).toList();
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new VwBinlogReaderFactory(settings, required, SharedHadoopConf.broadcast(),
        ReadReport.registered(description()));
  }

  private static Configuration hadoopConfiguration() {
    return SparkSession.active().sessionState().newHadoopConf();
  }
}
