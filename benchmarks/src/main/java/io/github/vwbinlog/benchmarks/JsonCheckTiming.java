package io.github.vwbinlog.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@link JsonCheckBenchmark}'s check timed by the thread's CPU time rather than the wall clock: on a shared machine,
 * where other processes take the cores for part of each second, the CPU time per context byte is the steadier figure.
 * Prints, per kind of context, the CPU nanoseconds per context and per byte of each round (the first rounds are the
 * JIT's warm-up), then the median of the second half. Run it with and without
 * {@code --add-modules jdk.incubator.vector} to compare the vector path with the scalar one, alternating the two.
 *
 * <pre>java [--add-modules jdk.incubator.vector] -cp benchmarks/target/benchmarks.jar \
 *     io.github.vwbinlog.benchmarks.JsonCheckTiming [rounds, default 20] [kinds, default ascii utf8 prose]</pre>
 */
public final class JsonCheckTiming {
  private JsonCheckTiming() {}

  /** Arguments: the number of rounds of about 0.2 s of CPU each, then the kinds of context. */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    String[] kinds = args.length > 1 ? java.util.Arrays.copyOfRange(args, 1, args.length)
        : new String[] {"ascii", "utf8", "prose"};
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    boolean vector = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    for (String kind : kinds) {
      JsonCheckBenchmark b = new JsonCheckBenchmark();
      b.text = kind;
      b.setUp();
      long bytes = b.contextBytes();
      double[] perByte = new double[rounds];
      int calls = 1;
      for (int r = 0; r < rounds; r++) {
        long cpu0 = bean.getCurrentThreadCpuTime();
        long cpu;
        int done = 0;
        do {
          for (int k = 0; k < calls; k++) {
            b.check();
          }
          done += calls;
          cpu = bean.getCurrentThreadCpuTime() - cpu0;
          if (r == 0 && cpu < 20_000_000L) {
            calls *= 2;
          }
        } while (cpu < 200_000_000L);
        perByte[r] = (double) cpu / done / bytes;
        System.out.printf("%s %s round %d: %.0f ns per context, %.3f ns per byte%n", vector ? "vector" : "scalar", kind,
            r, perByte[r] * bytes / JsonCheckBenchmark.CONTEXTS, perByte[r]);
      }
      double[] late = java.util.Arrays.copyOfRange(perByte, rounds / 2, rounds);
      java.util.Arrays.sort(late);
      double median = late[late.length / 2];
      System.out.printf("%s %s: median %.3f CPU ns per byte (%d bytes per context)%n", vector ? "vector" : "scalar",
          kind, median, bytes / JsonCheckBenchmark.CONTEXTS);
    }
  }
}
