package io.github.vwbinlog.core.logjoin;

import org.jspecify.annotations.Nullable;

/**
 * Held events by id (the open interactions; the early observations): a hash table with open addressing (linear
 * probing) in two parallel arrays, the ids' hashes and the events. The ids are compared as bytes where the events lie
 * ({@link Held#sameId}), with no string per event. A lookup reads the array of hashes and looks at an event only where
 * the hash matches, and an entry is two array slots, not a node object: the joiner holds some 130,000 interactions at
 * the defaults, so a {@code HashMap}'s node per entry was a cache miss per lookup and an object the garbage collector
 * copied for the whole window. A removal shifts the entries after it back (no tombstones), so that lookups stay short
 * however many entries come and go.
 */
final class IdTable {
  /** Marks an empty slot in {@link #hashes}: {@link #hash(Held)} never returns it. */
  private static final int EMPTY = 0;

  private final Held.Registry registry;
  private int[] hashes;
  /** The events' handles ({@link Held#handle}): ints, so that no entry stores a reference the collector tracks. */
  private int[] values;
  private int mask;
  private int size;

  /**
   * @param capacity the initial number of slots, a power of two
   * @param registry the events by handle
   */
  IdTable(int capacity, Held.Registry registry) {
    this.registry = registry;
    hashes = new int[capacity];
    values = new int[capacity];
    mask = capacity - 1;
  }

  /** The id's hash in 32 bits (the slot is its low bits), never {@link #EMPTY}. */
  private static int hash(Held e) {
    int h = (int) (e.idHash ^ (e.idHash >>> 32));
    return h == EMPTY ? 1 : h;
  }

  int size() {
    return size;
  }

  /** The event with the id of {@code key}, or null. */
  @Nullable Held get(Held key) {
    int h = hash(key);
    for (int s = h & mask; hashes[s] != EMPTY; s = (s + 1) & mask) {
      if (hashes[s] == h && registry.get(values[s]).sameId(key)) {
        return registry.get(values[s]);
      }
    }
    return null;
  }

  /** Adds an event unless one with its id is held, which is then returned (and the table left unchanged). */
  @Nullable Held putIfAbsent(Held event) {
    int h = hash(event);
    int s = h & mask;
    for (; hashes[s] != EMPTY; s = (s + 1) & mask) {
      if (hashes[s] == h && registry.get(values[s]).sameId(event)) {
        return registry.get(values[s]);
      }
    }
    hashes[s] = h;
    values[s] = event.handle;
    if (++size * 2 > hashes.length) {
      grow();
    }
    return null;
  }

  /** Puts {@code replacement}, which has the same id, in the place of {@code held}, which the table holds. */
  void replace(Held held, Held replacement) {
    values[slot(held)] = replacement.handle;
  }

  /** Removes this event, which the table holds. */
  void remove(Held event) {
    int s = slot(event);
    // Shift back each later entry of the run that may sit in the freed slot: one whose home slot is not cyclically
    // after the freed slot (up to its own slot).
    int free = s;
    for (int j = (s + 1) & mask; hashes[j] != EMPTY; j = (j + 1) & mask) {
      int home = hashes[j] & mask;
      if (((j - home) & mask) >= ((j - free) & mask)) {
        hashes[free] = hashes[j];
        values[free] = values[j];
        free = j;
      }
    }
    hashes[free] = EMPTY;
    size--;
  }

  private int slot(Held event) {
    int s = hash(event) & mask;
    while (hashes[s] == EMPTY || values[s] != event.handle) {
      s = (s + 1) & mask;
    }
    return s;
  }

  private void grow() {
    int[] oldHashes = hashes;
    int[] oldValues = values;
    hashes = new int[oldHashes.length * 2];
    values = new int[oldHashes.length * 2];
    mask = hashes.length - 1;
    for (int k = 0; k < oldHashes.length; k++) {
      if (oldHashes[k] != EMPTY) {
        int s = oldHashes[k] & mask;
        while (hashes[s] != EMPTY) {
          s = (s + 1) & mask;
        }
        hashes[s] = oldHashes[k];
        values[s] = oldValues[k];
      }
    }
  }
}
