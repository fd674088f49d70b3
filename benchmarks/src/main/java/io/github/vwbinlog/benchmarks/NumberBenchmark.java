package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.core.text.DoubleFormatter;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Number formatting, ns per number: vw-binlog's Grisu2 (RapidJSON's digits, floats widened to double) into a byte
 * array, against {@link Double#toString(double)} for scale. 1024 random floats of all magnitudes per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class NumberBenchmark extends Defaults {
  private static final int N = 1024;
  private final float[] values = new float[N];
  private final byte[] out = new byte[64];

  /** Random finite floats: probabilities in [0, 1) and full-range values. */
  @Setup
  public void setUp() {
    Random random = new Random(42);
    for (int i = 0; i < N; i++) {
      float f;
      do {
        f = i % 2 == 0 ? random.nextFloat() : Float.intBitsToFloat(random.nextInt());
      } while (!Float.isFinite(f));
      values[i] = f;
    }
  }

  /** Grisu2 into a byte array, allocation-free. */
  @Benchmark
  @OperationsPerInvocation(N)
  public int grisu2() {
    int sum = 0;
    for (float v : values) {
      sum += DoubleFormatter.write(v, out, 0);
    }
    return sum;
  }

  /** {@code Double.toString} of the widened float, for scale (allocates a String). */
  @Benchmark
  @OperationsPerInvocation(N)
  public int doubleToString() {
    int sum = 0;
    for (float v : values) {
      sum += Double.toString(v).length();
    }
    return sum;
  }
}
