package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * An event the joiner holds until it is written: its id, client time, arrival order and serialized bytes (a view of
 * the mapped input file). An interaction also refers to the DedupInfo of its batch, which the output writes before
 * it where the dedup cache needs it.
 */
final class Held {
  final String id;
  /** Client time in ticks of 100 ns since the epoch. */
  final long ticks;
  /** The order in which the merge read the event: ties of {@link #ticks} are broken by it. */
  final long seq;
  final int payloadType;
  final ByteBuffer bytes;
  /** The client time as stored: the joined event's timestamp. */
  final TimeStamp time;
  final String file;
  final long offset;
  final @Nullable Held dedup;

  Held(String id, long ticks, long seq, int payloadType, ByteBuffer bytes, TimeStamp time, String file, long offset,
      @Nullable Held dedup) {
    this.id = id;
    this.ticks = ticks;
    this.seq = seq;
    this.payloadType = payloadType;
    this.bytes = bytes;
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
}
