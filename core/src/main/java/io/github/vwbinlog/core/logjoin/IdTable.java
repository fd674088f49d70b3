package io.github.vwbinlog.core.logjoin;

import org.jspecify.annotations.Nullable;

/**
 * The open interactions by id: a hash table with open addressing (linear probing) in two parallel arrays, the ids'
 * hashes and the interactions. A lookup reads the array of hashes and looks at an interaction's id only where the hash
 * matches, and an entry is two array slots, not a node object: the joiner holds some 130,000 interactions at the
 * defaults, so a {@code HashMap}'s node per entry was a cache miss per lookup and an object the garbage collector
 * copied for the whole window. A removal shifts the entries after it back (no tombstones), so that lookups stay short
 * however many entries come and go.
 */
final class IdTable {
  /** Marks an empty slot in {@link #hashes}: {@link #hash(String)} never returns it. */
  private static final int EMPTY = 0;

  private int[] hashes;
  private @Nullable Held[] values;
  private int mask;
  private int size;

  /** @param capacity the initial number of slots, a power of two */
  IdTable(int capacity) {
    hashes = new int[capacity];
    values = new Held[capacity];
    mask = capacity - 1;
  }

  /** The id's hash, spread over all bits (the slot is its low bits), never {@link #EMPTY}. */
  private static int hash(String id) {
    int h = id.hashCode() * 0x9E3779B9;
    h ^= h >>> 16;
    return h == EMPTY ? 1 : h;
  }

  int size() {
    return size;
  }

  /** The interaction with this id, or null. */
  @Nullable Held get(String id) {
    int h = hash(id);
    for (int s = h & mask; hashes[s] != EMPTY; s = (s + 1) & mask) {
      if (hashes[s] == h && values[s].id.equals(id)) {
        return values[s];
      }
    }
    return null;
  }

  /** Adds an interaction unless one with its id is held, which is then returned (and the table left unchanged). */
  @Nullable Held putIfAbsent(Held interaction) {
    int h = hash(interaction.id);
    int s = h & mask;
    for (; hashes[s] != EMPTY; s = (s + 1) & mask) {
      if (hashes[s] == h && values[s].id.equals(interaction.id)) {
        return values[s];
      }
    }
    hashes[s] = h;
    values[s] = interaction;
    if (++size * 2 > hashes.length) {
      grow();
    }
    return null;
  }

  /** Removes this interaction, which the table holds. */
  void remove(Held interaction) {
    int s = hash(interaction.id) & mask;
    while (values[s] != interaction) {
      s = (s + 1) & mask;
    }
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
    values[free] = null;
    size--;
  }

  private void grow() {
    int[] oldHashes = hashes;
    @Nullable Held[] oldValues = values;
    hashes = new int[oldHashes.length * 2];
    values = new Held[oldHashes.length * 2];
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
