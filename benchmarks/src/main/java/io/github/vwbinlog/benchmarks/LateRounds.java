package io.github.vwbinlog.benchmarks;

import java.util.Arrays;

/**
 * Statistics of the rounds of an in-turn comparison ({@link JsonCheckInTurn}, {@link ConvertInTurn}) after the first
 * third, which is the JIT's warm-up.
 */
final class LateRounds {
  private LateRounds() {}

  /** The number of rounds left out at the start. */
  static int warmUp(int rounds) {
    return rounds / 3;
  }

  static double median(double[] values, int rounds) {
    double[] late = Arrays.copyOfRange(values, warmUp(rounds), rounds);
    Arrays.sort(late);
    return late[late.length / 2];
  }

  static double min(double[] values, int rounds) {
    return Arrays.stream(values, warmUp(rounds), rounds).min().orElseThrow();
  }

  static double max(double[] values, int rounds) {
    return Arrays.stream(values, warmUp(rounds), rounds).max().orElseThrow();
  }
}
