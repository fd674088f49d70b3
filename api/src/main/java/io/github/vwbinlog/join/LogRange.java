package io.github.vwbinlog.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.io.Serializable;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A byte range of a joined log, planned so that it can be joined on its own reading only its own bytes: the REGULAR
 * messages whose offset lies in {@code [from, to)}, joined as a pass over the whole log joins them
 * ({@link Joiner#open(Path, JoinOptions, LogRange)}). {@link #plan} frames the log once, reading message headers only
 * (8 bytes a message, the payloads skipped by seeking) and the CHECKPOINT payloads, and records for each range where
 * its first message starts, where the message after its last one starts, and what a join needs from before the range:
 * the settings in force (the CHECKPOINTs that set them) and whether a REGULAR message came before it (the dedup cache
 * may then hold ids). A large file is planned once (a Spark driver), and its ranges joined anywhere (executors).
 *
 * <pre>{@code
 * List<LogRange> ranges = LogRange.plan(log, ReadOptions.defaults(), 0, size / 2, size);
 * try (Joiner first = Joiner.open(log, options, ranges.get(0))) {
 *   // the events of the messages that start in the first half, reading only those bytes
 * }
 * }</pre>
 *
 * @param from the first byte of the range
 * @param to the byte after it
 * @param start where the range's first message starts (the first message boundary at or after {@code from});
 *     {@code start == limit} when no message starts in the range (nothing to read)
 * @param limit where the reading of the range ends: the first message boundary at or after {@code to}, or the size of
 *     the log when there is none (its last message, or a framing problem that ends the log, lies in the range)
 * @param checkpoints the CHECKPOINT settings to apply before the range, in order, which give the settings in force at
 *     {@code start}: none, the last well-formed CHECKPOINT before it, or the last one with a recognized reward
 *     function followed by the last one (an unrecognized reward function leaves the earlier one in force); at most two
 * @param regularBefore whether a REGULAR message lies before {@code start}
 */
public record LogRange(long from, long to, long start, long limit, List<CheckpointInfo> checkpoints,
    boolean regularBefore) implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * Checks the range.
   *
   * @throws IllegalArgumentException if the offsets are not in order or more than two checkpoints are given
   */
  public LogRange {
    checkpoints = List.copyOf(checkpoints);
    if (from < 0 || to < from || start < 0 || limit < start || checkpoints.size() > 2) {
      throw new IllegalArgumentException("not a planned range: [" + from + ", " + to + "), bytes [" + start + ", "
          + limit + "), " + checkpoints.size() + " checkpoints");
    }
  }

  /** Whether no message starts in the range: its join reads nothing and yields nothing. */
  public boolean isEmpty() {
    return start == limit;
  }

  /** The bytes a join of the range reads: {@code limit - start}. */
  public long bytes() {
    return limit - start;
  }

  /**
   * Plans the ranges {@code [cuts[i], cuts[i + 1])} of a log read through a seekable channel (a local file, a Hadoop
   * stream), framing it once from its start with the read options' limits, as a reader frames it. The channel is read
   * from offset 0 and left open.
   *
   * @param cuts the ranges' bounds, ascending, at least two
   * @throws IllegalArgumentException if the cuts are not ascending or fewer than two
   * @throws IOException if the channel cannot be read
   */
  public static List<LogRange> plan(SeekableByteChannel log, ReadOptions options, long... cuts) throws IOException {
    if (cuts.length < 2) {
      throw new IllegalArgumentException("a plan needs at least two cuts, got " + cuts.length);
    }
    for (int i = 0; i + 1 < cuts.length; i++) {
      if (cuts[i] < 0 || cuts[i + 1] < cuts[i]) {
        throw new IllegalArgumentException("cuts not ascending at " + i + ": " + cuts[i] + ", " + cuts[i + 1]);
      }
    }
    return Providers.get().planRanges(log, options, cuts.clone());
  }

  /** Plans the ranges of a file: {@link #plan(SeekableByteChannel, ReadOptions, long...)} over the file. */
  public static List<LogRange> plan(Path file, ReadOptions options, long... cuts) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return plan(channel, options, cuts);
    }
  }
}
