package io.github.vwbinlog;

import java.time.Duration;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Durations as every vw-binlog command and option writes them: a whole number above 0 and a unit, {@code s},
 * {@code m}, {@code h} or {@code d} ({@code 30s}, {@code 10m}, {@code 2h}, {@code 7d}), case and surrounding blanks
 * ignored. The CLI ({@code join --eud}, {@code evaluate --window}) and the Spark options ({@code eud},
 * {@code backward}) read them here, so that a duration means the same wherever it is written.
 *
 * <pre>{@code
 * DurationText.parse("10m");                       // PT10M
 * DurationText.parse("unlimited", true, false);    // null: no limit
 * DurationText.parse("0", false, true);            // PT0S
 * }</pre>
 */
public final class DurationText {
  /** The grammar, as error messages name it. */
  private static final String GRAMMAR = "a number and s, m, h or d (30s, 10m, 2h, 7d)";

  private DurationText() {}

  /**
   * A duration: a whole number above 0 (at most 9 digits) and {@code s}, {@code m}, {@code h} or {@code d}.
   *
   * @throws IllegalArgumentException if {@code text} is not one, saying what a duration is
   */
  public static Duration parse(String text) {
    Duration d = parseOrNull(text.trim().toLowerCase(Locale.ROOT));
    if (d == null) {
      throw new IllegalArgumentException("must be " + GRAMMAR + ": " + text);
    }
    return d;
  }

  /**
   * A duration as {@link #parse(String)} reads it, or also {@code unlimited} (null) when {@code unlimited} is allowed,
   * or also {@code 0} when {@code zero} is allowed.
   *
   * @return the duration, or null for {@code unlimited}
   * @throws IllegalArgumentException if {@code text} is none of the allowed forms, saying which are
   */
  public static @Nullable Duration parse(String text, boolean unlimited, boolean zero) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (unlimited && t.equals("unlimited")) {
      return null;
    }
    if (zero && t.equals("0")) {
      return Duration.ZERO;
    }
    Duration d = parseOrNull(t);
    if (d == null) {
      throw new IllegalArgumentException("must be " + (unlimited ? "unlimited or " : "") + (zero ? "0 or " : "")
          + GRAMMAR + ": " + text);
    }
    return d;
  }

  private static @Nullable Duration parseOrNull(String t) {
    if (t.length() < 2 || t.length() > 10) {
      return null;
    }
    String digits = t.substring(0, t.length() - 1);
    if (!digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return null;
    }
    long n = Long.parseLong(digits);
    if (n == 0) {
      return null;
    }
    return switch (t.charAt(t.length() - 1)) {
      case 's' -> Duration.ofSeconds(n);
      case 'm' -> Duration.ofMinutes(n);
      case 'h' -> Duration.ofHours(n);
      case 'd' -> Duration.ofDays(n);
      default -> null;
    };
  }
}
