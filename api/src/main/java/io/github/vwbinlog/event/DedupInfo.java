package io.github.vwbinlog.event;

import java.util.List;

/**
 * Deduplicated actions ({@code DedupInfo}): each id stands for the JSON action object at the same position; contexts
 * refer to them as {@code {"__aid": id}}.
 *
 * <pre>{@code
 * DedupInfo dedup = new DedupInfo(List.of(7L), List.of("{\"TAction\":{\"a1\":\"f1\"}}"));
 * }</pre>
 *
 * @param ids the action ids (unsigned 64-bit)
 * @param values the JSON action objects, one per id
 */
public record DedupInfo(List<Long> ids, List<String> values) implements EventPayload {
  /** Copies the lists. */
  public DedupInfo {
    ids = List.copyOf(ids);
    values = List.copyOf(values);
  }
}
