package io.github.vwbinlog.benchmarks;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the comparisons of two builds in one JVM ({@link JsonCheckInTurn}, {@link ConvertInTurn}) share: a class loader
 * of its own for each build's jar, so that the JIT compiles each apart, and the statistics of the rounds after the
 * first third, which is the JIT's warm-up.
 */
final class InTurn {
  private InTurn() {}

  /** A class loader that sees only {@code jar} (and the platform's classes). */
  static URLClassLoader loader(Path jar) throws java.io.IOException {
    return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
  }

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
