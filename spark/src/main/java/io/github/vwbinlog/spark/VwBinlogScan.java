package io.github.vwbinlog.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.apache.spark.sql.types.StructType;

/**
 * The scan of one read: the columns the query needs (column pruning), and the input splits of the files of the paths
 * (a file, a directory's files, or what a glob matches; names starting with {@code _} or {@code .} are left out, as
 * Spark's file sources leave them out). A file larger than {@code spark.sql.files.maxPartitionBytes} is cut into byte
 * ranges of that size, each joined on its own (a {@code Joiner} of a byte range) with the rows of one pass; multistep
 * logs are one split each.
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

  @Override
  public String description() {
    return "vw-binlog " + settings.view() + " " + paths;
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    Configuration conf = hadoopConfiguration();
    long maxBytes = SparkSession.active().sessionState().conf().filesMaxPartitionBytes();
    List<InputPartition> out = new ArrayList<>();
    try {
      for (String p : paths) {
        Path path = new Path(p);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(path);
        if (matches == null || matches.length == 0) {
          throw new IllegalArgumentException("vw-binlog: path does not exist: " + p);
        }
        for (FileStatus match : matches) {
          if (match.isDirectory()) {
            for (FileStatus child : fs.listStatus(match.getPath())) {
              if (child.isFile() && visible(child.getPath())) {
                split(out, child, maxBytes);
              }
            }
          } else if (visible(match.getPath())) {
            split(out, match, maxBytes);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("vw-binlog: cannot list " + paths + ": " + e.getMessage(), e);
    }
    return out.toArray(new InputPartition[0]);
  }

  /** The splits of one file: byte ranges of {@code maxBytes} for a large file, else the whole file. */
  private void split(List<InputPartition> out, FileStatus file, long maxBytes) {
    String path = file.getPath().toString();
    long length = file.getLen();
    if (settings.multistep() || length <= maxBytes || maxBytes <= 0) {
      out.add(FilePartition.whole(path, length));
      return;
    }
    for (long start = 0; start < length; start += maxBytes) {
      out.add(new FilePartition(path, length, start, Math.min(length, start + maxBytes)));
    }
  }

  private static boolean visible(Path path) {
    String name = path.getName();
    return !name.startsWith("_") && !name.startsWith(".");
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    Map<String, String> conf = new HashMap<>();
    hadoopConfiguration().forEach(e -> conf.put(e.getKey(), e.getValue()));
    return new VwBinlogReaderFactory(settings, required, conf);
  }

  private static Configuration hadoopConfiguration() {
    return SparkSession.active().sessionState().newHadoopConf();
  }
}
