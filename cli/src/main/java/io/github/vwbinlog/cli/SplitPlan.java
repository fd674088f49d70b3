package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Where {@code split} cuts a log: the first pass, which reads the framing only and keeps, for the two kinds of cut, the
 * message numbers and offsets where one may be made.
 *
 * <p>A cut is made before a message. It may be made before a CHECKPOINT or a REGULAR message that has at least one
 * REGULAR message between it and the previous place to cut of its kind (or the start), so that every part holds a
 * REGULAR message; a CHECKPOINT after which no REGULAR follows is no place to cut either. When there are at least
 * N−1 places before CHECKPOINTs, the cuts are made there (each part then looks like a log of its own: its
 * checkpoint, its REGULARs); otherwise before REGULAR messages. Among the places, each of the N−1 cuts takes the one
 * nearest to an equal share of the bytes.
 */
final class SplitPlan {

  /** The kind of message cuts are made before. */
  enum CutKind { CHECKPOINT, REGULAR }

  private final Places checkpoints = new Places();
  private final Places regulars = new Places();
  private long messages;
  private long endOffset;
  private @Nullable BinaryLogException problem;

  /**
   * Scans a reader to its end, or to its first framing problem. EOF is not counted as a message: reading stops at it
   * and parts end with their own.
   */
  static SplitPlan scan(BinaryLogReader reader) {
    SplitPlan plan = new SplitPlan();
    boolean regularSinceCheckpointPlace = false;
    boolean regularSinceRegularPlace = false;
    boolean seenRegular = false;
    try {
      for (Message m : reader) {
        if (m.type() == MessageType.EOF) {
          break;
        }
        long index = plan.messages++;
        if (m.type() == MessageType.CHECKPOINT && regularSinceCheckpointPlace) {
          plan.checkpoints.add(index, m.offset());
          regularSinceCheckpointPlace = false;
        } else if (m.type() == MessageType.REGULAR) {
          if (seenRegular && regularSinceRegularPlace) {
            plan.regulars.add(index, m.offset());
          }
          seenRegular = true;
          regularSinceCheckpointPlace = true;
          regularSinceRegularPlace = true;
        }
        plan.endOffset = m.offset() + m.encodedLength();
      }
    } catch (BinaryLogException e) {
      plan.problem = e;
    }
    if (!regularSinceCheckpointPlace) {
      // no REGULAR after the last CHECKPOINT place: a part starting there would join nothing
      plan.checkpoints.removeLast();
    }
    return plan;
  }

  /** The messages read, EOF excluded. */
  long messages() {
    return messages;
  }

  /** The framing problem that ended the scan, or null when the log was read to its end or its EOF. */
  @Nullable BinaryLogException problem() {
    return problem;
  }

  /** The kind of cut for {@code parts} parts: CHECKPOINT when there are enough places before CHECKPOINTs. */
  CutKind kind(int parts) {
    return checkpoints.size() >= parts - 1 ? CutKind.CHECKPOINT : CutKind.REGULAR;
  }

  /** How many parts there will be when {@code parts} are asked for: fewer when there are not enough places. */
  int partCount(int parts) {
    Places places = kind(parts) == CutKind.CHECKPOINT ? checkpoints : regulars;
    return (int) Math.min(parts, places.size() + 1L);
  }

  /**
   * The message numbers to cut before, in increasing order: {@code partCount(parts) - 1} of them, each the place
   * nearest to its share of the bytes, after the previous cut and leaving enough places for the cuts still to make.
   */
  long[] cuts(int parts) {
    Places places = kind(parts) == CutKind.CHECKPOINT ? checkpoints : regulars;
    int count = partCount(parts) - 1;
    long[] cuts = new long[count];
    int previous = -1;
    for (int k = 0; k < count; k++) {
      long target = Math.round((double) endOffset * (k + 1) / (count + 1));
      int lo = previous + 1;
      int hi = places.size() - (count - k); // inclusive: the cuts after this one need a place each
      int j = places.firstAtOrAfter(target, lo, hi);
      if (j > lo && target - places.offset(j - 1) <= places.offset(j) - target) {
        j--;
      }
      cuts[k] = places.index(j);
      previous = j;
    }
    return cuts;
  }

  /** Message numbers and their offsets, in increasing order. */
  private static final class Places {
    private long[] indexes = new long[16];
    private long[] offsets = new long[16];
    private int size;

    void add(long index, long offset) {
      if (size == indexes.length) {
        indexes = Arrays.copyOf(indexes, size * 2);
        offsets = Arrays.copyOf(offsets, size * 2);
      }
      indexes[size] = index;
      offsets[size] = offset;
      size++;
    }

    void removeLast() {
      if (size > 0) {
        size--;
      }
    }

    int size() {
      return size;
    }

    long index(int i) {
      return indexes[i];
    }

    long offset(int i) {
      return offsets[i];
    }

    /** The first place in {@code [lo, hi]} whose offset is at least {@code target}, or {@code hi}. */
    int firstAtOrAfter(long target, int lo, int hi) {
      int a = lo;
      int b = hi;
      while (a < b) {
        int mid = (a + b) >>> 1;
        if (offsets[mid] < target) {
          a = mid + 1;
        } else {
          b = mid;
        }
      }
      return a;
    }
  }
}
