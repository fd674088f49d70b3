package io.github.vwbinlog.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * How the files of a read become tasks, by the rule of Spark's file sources: a file is cut into splits of at most
 * {@code maxSplitBytes}, and consecutive splits are packed into one task while their bytes, plus
 * {@code openCostInBytes} for each split already in it (the estimated cost of opening a file), stay within
 * {@code maxSplitBytes}. So a directory of many small files is read by a few tasks, not one task per file.
 *
 * <p>{@code maxSplitBytes} is Spark's too: {@code maxPartitionBytes}, lowered to the bytes per core (the files' bytes
 * plus an open cost for each, over {@code spark.sql.files.minPartitionNum} or the default parallelism) so that a small
 * read still uses every core, but never below {@code openCostInBytes}. Unlike Spark's file sources, which pack the
 * largest splits first, splits are packed in the order of the files (the CLI's order), so rows come in that order.
 *
 * <pre>{@code
 * List<FilePartition> tasks = new SplitPlan(128 << 20, 4 << 20, 2).plan(files, false);
 * }</pre>
 *
 * @param maxPartitionBytes the most bytes of a task ({@code spark.sql.files.maxPartitionBytes}), positive
 * @param openCostInBytes the cost of opening a file, in bytes ({@code spark.sql.files.openCostInBytes}), 0 or more
 * @param minPartitions the number of tasks a read should at least have, to use the cores (positive)
 */
record SplitPlan(long maxPartitionBytes, long openCostInBytes, int minPartitions) {

  /** A file to read: its Hadoop path and length. */
  record File(String path, long length) {}

  SplitPlan {
    if (maxPartitionBytes <= 0 || openCostInBytes < 0 || minPartitions <= 0) {
      throw new IllegalArgumentException("maxPartitionBytes " + maxPartitionBytes + ", openCostInBytes "
          + openCostInBytes + ", minPartitions " + minPartitions);
    }
  }

  /** The largest split of this read, as Spark computes it for file sources. */
  long maxSplitBytes(List<File> files) {
    long total = 0;
    for (File f : files) {
      total += f.length() + openCostInBytes;
    }
    long perCore = total / minPartitions;
    return Math.min(maxPartitionBytes, Math.max(openCostInBytes, perCore));
  }

  /**
   * The tasks of a read of {@code files}, in their order.
   *
   * @param whole whether files are read whole, never cut (multistep logs: episodes cross messages)
   */
  List<FilePartition> plan(List<File> files, boolean whole) {
    long maxSplit = Math.max(1, maxSplitBytes(files));
    List<FilePartition> tasks = new ArrayList<>();
    List<FileSplit> current = new ArrayList<>();
    long currentBytes = 0;
    for (File f : files) {
      for (FileSplit split : splits(f, maxSplit, whole)) {
        if (!current.isEmpty() && currentBytes + split.size() > maxSplit) {
          tasks.add(new FilePartition(current));
          current = new ArrayList<>();
          currentBytes = 0;
        }
        current.add(split);
        currentBytes += split.size() + openCostInBytes;
      }
    }
    if (!current.isEmpty()) {
      tasks.add(new FilePartition(current));
    }
    return tasks;
  }

  private static List<FileSplit> splits(File f, long maxSplit, boolean whole) {
    if (whole || f.length() <= maxSplit) {
      return List.of(FileSplit.whole(f.path(), f.length()));
    }
    List<FileSplit> out = new ArrayList<>();
    for (long start = 0; start < f.length(); start += maxSplit) {
      out.add(new FileSplit(f.path(), f.length(), start, Math.min(f.length(), start + maxSplit)));
    }
    return out;
  }
}
