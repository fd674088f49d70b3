package io.github.vwbinlog.core.testing;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Field-by-field comparison of two readings of one joined event (the view against the record, a Parquet row batch
 * against the record), collecting every difference so that a test reports them all at once.
 */
public final class Mismatches {
  private Mismatches() {}

  /**
   * Adds a line to {@code out} when {@code value} (read as {@code side}: "view", "batch") and {@code record} differ.
   * Floats compare as {@link Float#compare} does, so NaN equals NaN and -0 differs from 0; everything else with
   * {@link Objects#equals}.
   */
  public static void check(List<String> out, String id, String what, String side, @Nullable Object value,
      @Nullable Object record) {
    boolean same = value instanceof Float f && record instanceof Float g ? Float.compare(f, g) == 0
        : Objects.equals(value, record);
    if (!same) {
      out.add(id + ": " + what + ": " + side + " " + value + ", record " + record);
    }
  }
}
