package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * An event the joiner holds until it is written: its id, client time, arrival order and where its serialized bytes
 * are (an index into the buffer of its batch, a view of the mapped input file, so that holding an event allocates
 * nothing but this object and its id). An interaction also refers to the DedupInfo of its batch, which the output
 * writes before it where the dedup cache needs it, and collects the observations joined to it.
 */
final class Held {
  private static final Held[] NONE = new Held[0];

  final String id;
  /** Client time in ticks of 100 ns since the epoch. */
  final long ticks;
  /** The order in which the merge read the event: ties of {@link #ticks} are broken by it. */
  final long seq;
  final int payloadType;
  final ByteBuffer buffer;
  final int index;
  final int length;
  /** The joined event's timestamp when it is not the event's own client time (which the output reads), else null. */
  final @Nullable TimeStamp time;
  final String file;
  final long offset;
  final @Nullable Held dedup;
  /** An early observation that has joined its interaction: the expiry queue skips it. */
  boolean settled;
  /** An interaction's observations, in arrival order: the first {@link #observationCount}. */
  private Held[] observations = NONE;
  private int observationCount;

  Held(String id, long ticks, long seq, int payloadType, ByteBuffer buffer, int index, int length,
      @Nullable TimeStamp time, String file, long offset, @Nullable Held dedup) {
    this.id = id;
    this.ticks = ticks;
    this.seq = seq;
    this.payloadType = payloadType;
    this.buffer = buffer;
    this.index = index;
    this.length = length;
    this.time = time;
    this.file = file;
    this.offset = offset;
    this.dedup = dedup;
  }

  /** Orders by client time, then by arrival. */
  static int compare(Held a, Held b) {
    int c = Long.compare(a.ticks, b.ticks);
    return c != 0 ? c : Long.compare(a.seq, b.seq);
  }

  void add(Held observation) {
    if (observationCount == observations.length) {
      observations = Arrays.copyOf(observations, Math.max(2, observationCount * 2));
    }
    observations[observationCount++] = observation;
  }

  int observationCount() {
    return observationCount;
  }

  /** The observations sorted by client time (arrival order for ties), as written after the interaction. */
  Held[] observationsInTimeOrder() {
    Arrays.sort(observations, 0, observationCount, Held::compare);
    return observations;
  }
}
