package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * An event the joiner holds until it is written: where its serialized bytes are (an index into the buffer of its
 * batch, a view of the mapped input file), a copy of its id's bytes and their hash, client time, arrival order and
 * origin. An interaction also refers to the DedupInfo of its batch, which the output writes before it where the dedup
 * cache needs it, and collects the observations joined to it.
 *
 * <p>Held events are recycled ({@link Pool}): the joiner holds some 130,000 of them at the defaults, each for minutes
 * of client time, so an object (and an id string) per event kept the garbage collector copying them for as long as
 * they were held; now the same objects serve event after event and nothing is allocated per event (see
 * docs/PERFORMANCE.md, the joiner). The id stays as bytes; {@link #id()} decodes it for diagnostics.
 */
final class Held {
  private static final int[] NO_OBSERVATIONS = new int[0];
  private static final byte[] NO_BYTES = new byte[0];
  /** The id's 8-byte words held in fields. */
  static final int WORDS = 5;

  /** The buffer holding the serialized {@code Event} (and its id) at {@link #index}, {@link #length} bytes. */
  ByteBuffer buffer = ByteBuffer.allocate(0);
  int index;
  int length;
  /**
   * The UTF-8 id, {@link #idLength} bytes: the first {@link #WORDS} × 8 in these fields, little-endian with zeros
   * after the id (an id compared in the object that holds it costs no cache miss of its own: a UUID fits), the rest in
   * {@link #idTail}.
   */
  private long id0;
  private long id1;
  private long id2;
  private long id3;
  private long id4;
  /** Bytes 40 and on of a longer id (reused; its first {@code idLength - 40} bytes). */
  private byte[] idTail = NO_BYTES;
  int idLength;
  /** The hash of the id's bytes ({@code EventFile.hash}). */
  long idHash;
  /** Client time in ticks of 100 ns since the epoch. */
  long ticks;
  /** The order in which the merge read the event: ties of {@link #ticks} are broken by it. */
  long seq;
  int payloadType;
  /** The joined event's timestamp when it is not the event's own client time, else null. */
  @Nullable TimeStamp time;
  /** The event's own client time as stored: {@code EventFile.clientTimeFields()} and {@code clientTimeSubsecond()}. */
  long ownTime;
  int ownSubsecond;
  String file = "";
  long offset;
  @Nullable Held dedup;
  /** An early observation that has joined its interaction: the expiry queue skips it. */
  boolean settled;
  /** An observation that came before its interaction: it stays in the expiry queue until it expires. */
  boolean early;
  /** An early observation that left the expiry queue. */
  boolean expired;
  /** An early observation given back before it expired (written or left out): recycled when it expires. */
  boolean done;
  /** The next early observation with the same id, in arrival order. */
  @Nullable Held nextEarly;
  /** The pool that recycles it, null for one that is not recycled (a DedupInfo: the output compares them by identity). */
  private final @Nullable Pool pool;
  /** Its number in the {@link Registry}: tables refer to held events by number, not by reference (see {@link Pool}). */
  final int handle;
  /**
   * An interaction's observations, by handle, in arrival order: the first in a field (most interactions have one or
   * none: no array to look at), the others in {@link #moreObservations}.
   */
  private int firstObservation;
  private int[] moreObservations = NO_OBSERVATIONS;
  private int observationCount;

  /** An event that is not recycled and has no handle. */
  Held() {
    this.pool = null;
    this.handle = -1;
  }

  private Held(Pool pool) {
    this.pool = pool;
    this.handle = pool.registry.add(this);
  }

  /**
   * Sets where the event is and what it is. A reference is stored only where it changes: a recycled event lives in the
   * old generation, where each store of a reference costs the collector's write barrier and later its refinement,
   * while the buffer (a mapped window, shared by many batches) and the file's name rarely change.
   */
  Held set(ByteBuffer buffer, int index, int length, int idLength, long idHash, long ticks, long seq,
      int payloadType, @Nullable TimeStamp time, String file, long offset, @Nullable Held dedup) {
    if (this.buffer != buffer) {
      this.buffer = buffer;
    }
    this.index = index;
    this.length = length;
    this.idLength = idLength;
    this.idHash = idHash;
    this.ticks = ticks;
    this.seq = seq;
    this.payloadType = payloadType;
    if (this.time != time) {
      this.time = time;
    }
    if (this.file != file) {
      this.file = file;
    }
    this.offset = offset;
    if (this.dedup != dedup) {
      this.dedup = dedup;
    }
    return this;
  }

  /**
   * Sets the id's bytes, after {@link #set}: {@code w0} to {@code w4} its first 40 bytes as words (see {@link #id0});
   * {@code bytes}, when it is longer than that, all of it.
   */
  void id(long w0, long w1, long w2, long w3, long w4, byte @Nullable [] bytes) {
    id0 = w0;
    id1 = w1;
    id2 = w2;
    id3 = w3;
    id4 = w4;
    if (idLength > 8 * WORDS) {
      int n = idLength - 8 * WORDS;
      if (idTail.length < n) {
        idTail = new byte[Math.max(n, 2 * idTail.length)];
      }
      System.arraycopy(java.util.Objects.requireNonNull(bytes), 8 * WORDS, idTail, 0, n);
    }
  }

  /** The id, decoded: for diagnostics, the join compares the bytes. */
  String id() {
    byte[] bytes = new byte[idLength];
    long[] words = {id0, id1, id2, id3, id4};
    for (int k = 0; k < idLength; k++) {
      bytes[k] = k < 8 * WORDS ? (byte) (words[k / 8] >>> (8 * (k % 8))) : idTail[k - 8 * WORDS];
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Whether the two events have the same id, byte for byte. */
  boolean sameId(Held other) {
    if (idHash != other.idHash || idLength != other.idLength || id0 != other.id0 || id1 != other.id1
        || id2 != other.id2 || id3 != other.id3 || id4 != other.id4) {
      return false;
    }
    int n = idLength - 8 * WORDS;
    return n <= 0 || Arrays.equals(idTail, 0, n, other.idTail, 0, n);
  }

  /** Orders by client time, then by arrival. */
  static int compare(Held a, Held b) {
    int c = Long.compare(a.ticks, b.ticks);
    return c != 0 ? c : Long.compare(a.seq, b.seq);
  }

  /** Joins an observation (a recycled event) to this interaction (a recycled event). */
  void add(Held observation) {
    if (observationCount > 0 && observationCount - 1 == moreObservations.length) {
      moreObservations = Arrays.copyOf(moreObservations, Math.max(2, moreObservations.length * 2));
    }
    setObservation(observationCount++, observation.handle);
  }

  private int observationHandle(int k) {
    return k == 0 ? firstObservation : moreObservations[k - 1];
  }

  private void setObservation(int k, int handle) {
    if (k == 0) {
      firstObservation = handle;
    } else {
      moreObservations[k - 1] = handle;
    }
  }

  int observationCount() {
    return observationCount;
  }

  /** Sorts the observations by client time (arrival order for ties), as they are written after the interaction. */
  void sortObservations() {
    Registry r = java.util.Objects.requireNonNull(pool).registry;
    // insertion sort: an interaction has a few observations, mostly in order already
    for (int k = 1; k < observationCount; k++) {
      int h = observationHandle(k);
      Held o = r.get(h);
      int j = k - 1;
      while (j >= 0 && compare(r.get(observationHandle(j)), o) > 0) {
        setObservation(j + 1, observationHandle(j));
        j--;
      }
      setObservation(j + 1, h);
    }
  }

  /** The {@code k}-th observation, after {@link #sortObservations()} in time order. */
  Held observation(int k) {
    return java.util.Objects.requireNonNull(pool).registry.get(observationHandle(k));
  }

  /** Gives an event back to its pool, if it has one (see {@link Pool#give}). */
  void recycle() {
    if (pool != null) {
      pool.give(this);
    }
  }

  /** Every recycled event of a join, by handle. */
  static final class Registry {
    private Held[] all = new Held[1024];
    private int count;

    int add(Held h) {
      if (count == all.length) {
        all = Arrays.copyOf(all, count * 2);
      }
      all[count] = h;
      return count++;
    }

    Held get(int handle) {
      return all[handle];
    }
  }

  /**
   * The held events of one input file to reuse: an event is given back once nothing refers to it any more (written, or
   * left out), and taken again for a later event of the same file, so that its file's name and its buffer (the file's
   * mapped window) mostly stay as they were. The tables of the join refer to held events by {@link #handle}, so that
   * recycling them stores as few references as possible into the old generation. One thread.
   */
  static final class Pool {
    private final Registry registry;
    private Held[] free = new Held[1024];
    private int size;

    Pool(Registry registry) {
      this.registry = registry;
    }

    /** A held event to {@link Held#set}: a recycled one, or a new one. */
    Held take() {
      return size == 0 ? new Held(this) : free[--size];
    }

    /**
     * Gives an event back. An early observation still in the expiry queue is only marked {@link #done}, and recycled
     * when it leaves the queue.
     */
    void give(Held h) {
      if (h.early && !h.expired) {
        h.done = true;
        return;
      }
      if (h.early) {
        h.early = false;
        h.expired = false;
        h.done = false;
        h.nextEarly = null;
      }
      // the observations' slots are overwritten by the next ones, the dedup and time by set(): no store here
      h.observationCount = 0;
      h.settled = false;
      if (size == free.length) {
        free = Arrays.copyOf(free, size * 2);
      }
      free[size++] = h;
    }
  }
}
