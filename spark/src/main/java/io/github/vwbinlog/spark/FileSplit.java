package io.github.vwbinlog.spark;

import io.github.vwbinlog.join.LogRange;
import java.io.Serializable;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A piece of one file that one reader reads: the REGULAR messages of a file whose first byte lies in
 * {@code [start, end)} (a whole file is {@code [0, length)}). A task reads one or more ({@link FilePartition}).
 *
 * <p>A piece of a joined log cut into several carries its plan ({@link LogRange}, made on the driver by framing the
 * file once): where its first message starts, where the message after its last one starts, and the settings in force
 * before it, so that its reader reads those bytes only.
 *
 * @param path the file's Hadoop path (with its scheme)
 * @param length its size in bytes
 * @param start the first byte of the split
 * @param end the byte after it
 * @param range the split's plan; null for a whole file and before planning
 */
record FileSplit(String path, long length, long start, long end, @Nullable LogRange range) implements Serializable {
  private static final long serialVersionUID = 2L;

  /** A split not planned yet. */
  FileSplit(String path, long length, long start, long end) {
    this(path, length, start, end, null);
  }

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

  /** This split with its plan. */
  FileSplit planned(LogRange plan) {
    return new FileSplit(path, length, start, end, plan);
  }

  /**
   * The plan of reading a whole file as one range: all of its bytes, from the first, with nothing before.
   */
  LogRange wholeRange() {
    return new LogRange(0, Long.MAX_VALUE, 0, length, List.of(), false);
  }
}
