package io.github.vwbinlog.spark;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Spark's options of a read or a write, whose names Spark passes in any case: checked against the known ones. */
final class OptionNames {
  private OptionNames() {}

  /**
   * The options by their names in lower case.
   *
   * @param known the options there are, in any case
   * @param unknown the message for a name that is not one of them, given that name as the user wrote it
   * @throws IllegalArgumentException with that message, for the first unknown name
   */
  static Map<String, String> lowerCased(Map<String, String> options, List<String> known,
      Function<String, String> unknown) {
    Map<String, String> lower = new TreeMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey().toLowerCase(Locale.ROOT);
      if (known.stream().noneMatch(k -> k.equalsIgnoreCase(key))) {
        throw new IllegalArgumentException(unknown.apply(e.getKey()));
      }
      lower.put(key, e.getValue());
    }
    return lower;
  }
}
