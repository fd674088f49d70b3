package io.github.vwbinlog.benchmarks;

import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link ConvertTiming} for two builds in one JVM: the log converted by each jar's {@code DsjsonConverter} (one thread,
 * a discarding sink), each jar loaded by a class loader of its own so that the JIT compiles each apart, the two in
 * turn within every round (each first in every other round), timed by the calling thread's CPU time. Separate JVMs on
 * this shared host differ by 20–40% with the same code, more than most changes to the steady state save; two
 * conversions within the same second compare. Prints each build's median CPU time per run and MB/s, and the median,
 * lowest and highest per-round ratio (second against first), over the rounds after the first third (the JIT's
 * warm-up).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.ConvertInTurn \
 *     before/benchmarks.jar benchmarks/target/benchmarks.jar cb-256m.log [rounds, default 15]</pre>
 *
 * <p>Either jar may be any build's {@code benchmarks.jar} (it holds the API and the core); a jar run against itself
 * shows the harness's own spread.
 */
public final class ConvertInTurn {
  private ConvertInTurn() {}

  /** Arguments: the first jar, the second jar, the log, the number of rounds. */
  public static void main(String[] args) throws Throwable {
    if (args.length < 3) {
      System.err.println("usage: ConvertInTurn FIRST.jar SECOND.jar LOG [rounds]");
      System.exit(2);
    }
    Path log = Path.of(args[2]);
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 15;
    MethodHandle[] converts = {convert(Path.of(args[0])), convert(Path.of(args[1]))};
    double mb = Files.size(log) / 1e6;
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    double[][] ms = new double[2][rounds];
    double[] ratio = new double[rounds];
    long[] events = new long[2];
    for (int r = 0; r < rounds; r++) {
      for (int s = 0; s < 2; s++) {
        int which = (s + r) % 2;
        long cpu0 = bean.getCurrentThreadCpuTime();
        long emitted = (long) converts[which].invokeExact(log);
        ms[which][r] = (bean.getCurrentThreadCpuTime() - cpu0) / 1e6;
        if (r > 0 && emitted != events[which]) {
          throw new IllegalStateException("run " + r + " of jar " + which + " wrote " + emitted + " events, not "
              + events[which]);
        }
        events[which] = emitted;
      }
      ratio[r] = ms[1][r] / ms[0][r];
      System.out.printf("round %d: first %.0f ms, second %.0f ms, second / first %.3f%n", r, ms[0][r], ms[1][r],
          ratio[r]);
    }
    if (events[0] != events[1]) {
      throw new IllegalStateException("the jars wrote " + events[0] + " and " + events[1] + " events");
    }
    double first = InTurn.median(ms[0], rounds);
    double second = InTurn.median(ms[1], rounds);
    int warmUp = InTurn.warmUp(rounds);
    System.out.printf("first %.0f ms (%.0f MB/s), second %.0f ms (%.0f MB/s) of CPU a run, %d events; second / first"
        + " per round: median %.3f (%.3f to %.3f), %d rounds after %d of warm-up%n", first, mb / (first / 1e3),
        second, mb / (second / 1e3), events[0], InTurn.median(ratio, rounds), InTurn.min(ratio, rounds),
        InTurn.max(ratio, rounds), rounds - warmUp, warmUp);
  }

  /**
   * A handle {@code (Path) -> long} that converts the log with the jar's converter, one thread, diagnostics ignored,
   * to a discarding sink, and returns the number of lines written. Built by reflection from a class loader that sees
   * only that jar, as {@link ConvertTiming} builds it with the API.
   */
  private static MethodHandle convert(Path jar) throws ReflectiveOperationException, java.io.IOException {
    URLClassLoader loader = InTurn.loader(jar);
    Class<?> listenerType = Class.forName("io.github.vwbinlog.DiagnosticListener", true, loader);
    Class<?> readType = Class.forName("io.github.vwbinlog.ReadOptions", true, loader);
    Class<?> joinType = Class.forName("io.github.vwbinlog.join.JoinOptions", true, loader);
    Class<?> converterType = Class.forName("io.github.vwbinlog.join.DsjsonConverter", true, loader);
    Class<?> summaryType = Class.forName("io.github.vwbinlog.join.JoinSummary", true, loader);
    Object ignoring = listenerType.getMethod("ignoring").invoke(null);
    Object read = readType.getMethod("withListener", listenerType).invoke(readType.getMethod("defaults").invoke(null),
        ignoring);
    Object options = joinType.getMethod("defaults").invoke(null);
    options = joinType.getMethod("withReadOptions", readType).invoke(options, read);
    options = joinType.getMethod("withThreads", int.class).invoke(options, 1);
    Object converter = converterType.getMethod("of", joinType).invoke(null, options);
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    MethodHandle convert = lookup.findVirtual(converterType, "convert",
        MethodType.methodType(summaryType, Path.class, OutputStream.class)).bindTo(converter);
    MethodHandle emitted = lookup.findVirtual(summaryType, "emittedTotal", MethodType.methodType(long.class));
    // (Path) -> summary -> long, with the sink fixed.
    convert = MethodHandles.insertArguments(convert, 1, OutputStream.nullOutputStream());
    return MethodHandles.filterReturnValue(convert, emitted).asType(MethodType.methodType(long.class, Path.class));
  }
}
