package io.github.vwbinlog.core.logjoin;

import org.jspecify.annotations.Nullable;

/**
 * Held events by id (the open interactions; the early observations): a hash table with open addressing (linear
 * probing) in one array of longs, each entry an id's 32-bit hash and an event's handle. A lookup reads that array and
 * looks at an event only where the hash matches, comparing the ids' bytes ({@link Held#sameId}); an entry is one
 * long, not a node object: the joiner holds some 130,000 interactions at the defaults, so a {@code HashMap}'s node per
 * entry was a cache miss per lookup and an object the garbage collector copied for the whole window. A removal shifts
 * the entries after it back (no tombstones), so that lookups stay short however many entries come and go.
 */
final class IdTable {
  /** Marks an empty slot: no entry is 0, since {@link #hash(Held)} never returns 0. */
  private static final long EMPTY = 0;

  private final Held.Registry registry;
  /**
   * The entries: the id's 32-bit hash in the high half, the event's handle ({@link Held#handle}) in the low half. One
   * array of longs, so that a probe is one cache miss, and no entry stores a reference the collector tracks.
   */
  private long[] slots;
  private int mask;
  private int size;

  /**
   * @param capacity the initial number of slots, a power of two
   * @param registry the events by handle
   */
  IdTable(int capacity, Held.Registry registry) {
    this.registry = registry;
    slots = new long[capacity];
    mask = capacity - 1;
  }

  /** The id's hash in 32 bits (the slot is its low bits), never 0. */
  private static int hash(Held e) {
    int h = (int) (e.idHash ^ (e.idHash >>> 32));
    return h == 0 ? 1 : h;
  }

  private static long entry(int hash, int handle) {
    return ((long) hash << 32) | (handle & 0xFFFF_FFFFL);
  }

  private static int hashOf(long entry) {
    return (int) (entry >>> 32);
  }

  private static int handleOf(long entry) {
    return (int) entry;
  }

  int size() {
    return size;
  }

  /** The event with the id of {@code key}, or null. */
  @Nullable Held get(Held key) {
    int h = hash(key);
    for (int s = h & mask; slots[s] != EMPTY; s = (s + 1) & mask) {
      if (hashOf(slots[s]) == h) {
        Held e = registry.get(handleOf(slots[s]));
        if (e.sameId(key)) {
          return e;
        }
      }
    }
    return null;
  }

  /** Adds an event unless one with its id is held, which is then returned (and the table left unchanged). */
  @Nullable Held putIfAbsent(Held event) {
    int h = hash(event);
    int s = h & mask;
    for (; slots[s] != EMPTY; s = (s + 1) & mask) {
      if (hashOf(slots[s]) == h) {
        Held e = registry.get(handleOf(slots[s]));
        if (e.sameId(event)) {
          return e;
        }
      }
    }
    slots[s] = entry(h, event.handle);
    if (++size * 2 > slots.length) {
      grow();
    }
    return null;
  }

  /** Puts {@code replacement}, which has the same id, in the place of {@code held}, which the table holds. */
  void replace(Held held, Held replacement) {
    int s = slot(held);
    slots[s] = entry(hashOf(slots[s]), replacement.handle);
  }

  /** Removes this event, which the table holds. */
  void remove(Held event) {
    int s = slot(event);
    // Shift back each later entry of the run that may sit in the freed slot: one whose home slot is not cyclically
    // after the freed slot (up to its own slot).
    int free = s;
    for (int j = (s + 1) & mask; slots[j] != EMPTY; j = (j + 1) & mask) {
      int home = hashOf(slots[j]) & mask;
      if (((j - home) & mask) >= ((j - free) & mask)) {
        slots[free] = slots[j];
        free = j;
      }
    }
    slots[free] = EMPTY;
    size--;
  }

  private int slot(Held event) {
    long e = entry(hash(event), event.handle);
    int s = hashOf(e) & mask;
    while (slots[s] != e) {
      s = (s + 1) & mask;
    }
    return s;
  }

  private void grow() {
    long[] old = slots;
    slots = new long[old.length * 2];
    mask = slots.length - 1;
    for (long e : old) {
      if (e != EMPTY) {
        int s = hashOf(e) & mask;
        while (slots[s] != EMPTY) {
          s = (s + 1) & mask;
        }
        slots[s] = e;
      }
    }
  }
}
