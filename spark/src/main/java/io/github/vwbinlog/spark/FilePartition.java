package io.github.vwbinlog.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input split: a whole file.
 *
 * @param path the file's Hadoop path (with its scheme)
 * @param length its size in bytes
 */
record FilePartition(String path, long length) implements InputPartition {
  private static final long serialVersionUID = 1L;
}
