package io.github.vwbinlog.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input split: the REGULAR messages of a file whose first byte lies in {@code [start, end)} (a whole file is
 * {@code [0, length)}).
 *
 * @param path the file's Hadoop path (with its scheme)
 * @param length its size in bytes
 * @param start the first byte of the split
 * @param end the byte after it
 */
record FilePartition(String path, long length, long start, long end) implements InputPartition {
  private static final long serialVersionUID = 1L;

  /** A whole file. */
  static FilePartition whole(String path, long length) {
    return new FilePartition(path, length, 0, Long.MAX_VALUE);
  }

  /** Whether this is the whole file. */
  boolean isWhole() {
    return start == 0 && end >= length;
  }
}
