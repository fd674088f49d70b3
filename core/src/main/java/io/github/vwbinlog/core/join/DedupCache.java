package io.github.vwbinlog.core.join;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * VW's LRU cache of deduplicated actions (SPEC §4.5): ids map to their action JSON, most recently added or updated
 * first. A DedupInfo payload adds its new ids at the front, moves cached ids to the front (keeping their first value:
 * VW ignores the new text), then evicts everything behind its first id. It lives for the whole log, across messages
 * and checkpoints. In conversion the values matter only in that they must parse; contexts keep their references.
 */
public final class DedupCache {
  /** An empty cache. */
  public DedupCache() {}

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
   * Applies one DedupInfo payload as VW does (SPEC §4.5): for each pair in order, a cached id moves to the front and
   * keeps its value (the new text is not even parsed), a new id is added at the front if its value parses; then every
   * entry behind the first id is evicted. A value that does not parse stops the payload there: the pairs before it stay
   * applied and nothing is evicted, as in VW.
   *
   * <pre>{@code
   * int failed = cache.apply(ids, values, v -> JsonSyntax.isObject(utf8(v)));
   * if (failed >= 0) dropPayload();
   * }</pre>
   *
   * @param ids the ids, as many as {@code values} (the caller checks the sizes)
   * @param parses whether a new value parses
   * @return the index of the first new value that does not parse, or -1 when the whole payload was applied
   */
  public int apply(List<Long> ids, List<String> values, Predicate<String> parses) {
    for (int i = 0; i < ids.size(); i++) {
      long id = ids.get(i);
      if (exists(id)) {
        update(id);
      } else if (parses.test(values.get(i))) {
        add(id, values.get(i));
      } else {
        return i;
      }
    }
    if (!ids.isEmpty()) {
      clearAfter(ids.get(0));
    }
    return -1;
  }
}
