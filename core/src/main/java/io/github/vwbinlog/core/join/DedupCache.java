package io.github.vwbinlog.core.join;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * VW's LRU cache of deduplicated actions (SPEC §4.5): ids map to their action JSON, most recently added or updated
 * first. A DedupInfo payload adds its new ids at the front, moves cached ids to the front (keeping their first value:
 * VW ignores the new text), then evicts everything behind its first id. It lives for the whole log, across messages
 * and checkpoints. In conversion the values matter only in that they must parse; contexts keep their references.
 */
final class DedupCache {
  /** An empty cache. */
  DedupCache() {}

  /** Access order would reorder on get(); insertion order with explicit re-insertion mirrors VW's list exactly. */
  private final LinkedHashMap<Long, String> entries = new LinkedHashMap<>();

  /** Whether an id is cached. */
  boolean exists(long id) {
    return entries.containsKey(id);
  }

  /** The cached value of an id, or null. */
  @Nullable String get(long id) {
    return entries.get(id);
  }

  /** The number of cached ids. */
  int size() {
    return entries.size();
  }

  /** Adds an id at the front (most recent). */
  void add(long id, String value) {
    entries.remove(id);
    entries.put(id, value);
  }

  /** Moves a cached id to the front, keeping its value. */
  void update(long id) {
    String value = entries.remove(id);
    if (value != null) {
      entries.put(id, value);
    }
  }

  /** Evicts every entry less recent than {@code id} (behind it in the list). Nothing happens if it is not cached. */
  void clearAfter(long id) {
    if (!entries.containsKey(id)) {
      return;
    }
    // The map iterates oldest first; everything before id is behind it in VW's most-recent-first list.
    Iterator<Map.Entry<Long, String>> it = entries.entrySet().iterator();
    while (it.hasNext()) {
      if (it.next().getKey() == id) {
        return;
      }
      it.remove();
    }
  }

  /**
   * Applies one DedupInfo payload whose values all parsed: add or update each id in order, then evict behind the
   * first. (The caller checks sizes and parses values first; VW keeps the entries added before a parse error, and so
   * does {@link #applyUntil}.)
   */
  void apply(List<Long> ids, List<String> values) {
    for (int i = 0; i < ids.size(); i++) {
      long id = ids.get(i);
      if (exists(id)) {
        update(id);
      } else {
        add(id, values.get(i));
      }
    }
    if (!ids.isEmpty()) {
      clearAfter(ids.get(0));
    }
  }

  /** Applies the first {@code count} pairs without evicting: what VW leaves behind when pair {@code count} fails. */
  void applyUntil(List<Long> ids, List<String> values, int count) {
    for (int i = 0; i < count; i++) {
      long id = ids.get(i);
      if (exists(id)) {
        update(id);
      } else {
        add(id, values.get(i));
      }
    }
  }
}
