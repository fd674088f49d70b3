package io.github.vwbinlog.spark;

import java.io.Serializable;

/**
 * A piece of one file that one reader reads: the REGULAR messages of a file whose first byte lies in
 * {@code [start, end)} (a whole file is {@code [0, length)}). A task reads one or more ({@link FilePartition}).
 *
 * @param path the file's Hadoop path (with its scheme)
 * @param length its size in bytes
 * @param start the first byte of the split
 * @param end the byte after it
 */
record FileSplit(String path, long length, long start, long end) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** A whole file. */
  static FileSplit whole(String path, long length) {
    return new FileSplit(path, length, 0, Long.MAX_VALUE);
  }

  /** Whether this is the whole file. */
  boolean isWhole() {
    return start == 0 && end >= length;
  }

  /** The bytes of the file the split owns, as the packing of splits into tasks counts them. */
  long size() {
    return Math.min(end, length) - start;
  }
}
