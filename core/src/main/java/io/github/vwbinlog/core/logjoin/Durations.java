package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.core.eventfile.EventFile;
import java.time.Duration;

/** Client time ticks (100 ns) and durations. */
final class Durations {
  private Durations() {}

  /** A duration in ticks, saturated at {@link Long#MAX_VALUE}. */
  static long ticks(Duration d) {
    try {
      return Math.addExact(Math.multiplyExact(d.getSeconds(), EventFile.TICKS_PER_SECOND), d.getNano() / 100);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Ticks as a readable duration, for messages. */
  static String text(long ticks) {
    return Duration.ofSeconds(ticks / EventFile.TICKS_PER_SECOND, (ticks % EventFile.TICKS_PER_SECOND) * 100)
        .toString();
  }
}
