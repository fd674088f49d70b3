package io.github.vwbinlog.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The input of one task: splits of files read one after the other, in order. Small files are packed together into
 * one task, as Spark's file sources pack them ({@link SplitPlan}).
 *
 * @param splits the pieces of files, in the order their rows come
 */
record FilePartition(List<FileSplit> splits) implements InputPartition {
  private static final long serialVersionUID = 1L;

  FilePartition {
    splits = List.copyOf(splits);
  }
}
