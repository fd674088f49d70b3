package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.core.flatbuf.LittleEndian;
import java.util.Random;

/**
 * The cost of one little-endian 32-bit read at each of the JVM's tiers: {@link LittleEndian#i32} (a byte-array view
 * {@code VarHandle}) against the four byte loads, shifts and ors it replaced. Run it once per tier, for the warm-up's
 * share of a short conversion, which runs interpreted and C1-compiled code before C2's:
 *
 * <pre>
 * java -Xint -Dpasses=10 -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.FieldReadTiming 3
 * java -XX:TieredStopAtLevel=3 -cp ... FieldReadTiming    (C1 with full profiling, where methods wait for C2)
 * java -XX:TieredStopAtLevel=1 -cp ... FieldReadTiming    (C1 without profiling)
 * java -cp ... FieldReadTiming                            (C2)
 * </pre>
 *
 * <p>Prints, per round, the wall time per read of each (the two in turn within a round); the last rounds are the
 * compiled code's. {@code -Dpasses=N}: the passes over the 64 KiB array a round makes with each (200; a read costs
 * about a microsecond interpreted, so fewer with {@code -Xint}).
 */
public final class FieldReadTiming {
  private FieldReadTiming() {}

  /** Arguments: the number of rounds (default 6). */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 6;
    byte[] a = new byte[1 << 16];
    new Random(1).nextBytes(a);
    // Unaligned positions, three bytes apart, as a flatbuffer's fields often are relative to a heap copy.
    int reads = (a.length - 4) / 3 + 1;
    int passes = Math.max(1, Integer.getInteger("passes", 200));
    for (int r = 0; r < rounds; r++) {
      long t0 = System.nanoTime();
      int s1 = 0;
      for (int p = 0; p < passes; p++) {
        s1 += sumVarHandle(a);
      }
      long t1 = System.nanoTime();
      int s2 = 0;
      for (int p = 0; p < passes; p++) {
        s2 += sumBytes(a);
      }
      long t2 = System.nanoTime();
      if (s1 != s2) {
        throw new IllegalStateException("the two reads disagree");
      }
      System.out.printf("round %d: VarHandle %.2f ns a read, bytes %.2f ns a read%n", r,
          (t1 - t0) / (double) passes / reads, (t2 - t1) / (double) passes / reads);
    }
  }

  private static int sumVarHandle(byte[] a) {
    int s = 0;
    for (int i = 0; i + 4 <= a.length; i += 3) {
      s += LittleEndian.i32(a, i);
    }
    return s;
  }

  private static int sumBytes(byte[] a) {
    int s = 0;
    for (int i = 0; i + 4 <= a.length; i += 3) {
      s += (a[i] & 0xFF) | (a[i + 1] & 0xFF) << 8 | (a[i + 2] & 0xFF) << 16 | a[i + 3] << 24;
    }
    return s;
  }
}
