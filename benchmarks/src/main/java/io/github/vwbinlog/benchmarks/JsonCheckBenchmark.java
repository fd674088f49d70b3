package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.core.event.JsonSyntax;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The JSON check of contexts that the conversion makes before it writes a line
 * ({@link JsonSyntax#isObjectReplacingNewlines}), ns per context: 64 different contexts of the benchmarks' synthetic
 * logs (about 560 bytes each: short keys, five-digit numbers, a few string values), ASCII or with non-ASCII strings.
 * Different contexts, so that the branch predictor cannot learn one context by heart, as it can in the CB log of the
 * whole-process timings, whose contexts are all the same.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonCheckBenchmark extends Defaults {
  private static final int N = 64;

  @Param({"ascii", "utf8"})
  public String text;

  private final byte[][] contexts = new byte[N][];

  @Setup
  public void setUp() {
    Random random = new Random(42);
    for (int i = 0; i < N; i++) {
      String context = text.equals("utf8") ? SyntheticLogs.nonAsciiContext(random) : SyntheticLogs.context(random);
      contexts[i] = context.getBytes(StandardCharsets.UTF_8);
    }
  }

  /** Checks each context in place, as the writer checks a context it has just copied into its output. */
  @Benchmark
  @OperationsPerInvocation(N)
  public int check() {
    int valid = 0;
    for (byte[] c : contexts) {
      if (JsonSyntax.isObjectReplacingNewlines(c, 0, c.length)) {
        valid++;
      }
    }
    if (valid != N) {
      throw new IllegalStateException("a context did not check");
    }
    return valid;
  }
}
