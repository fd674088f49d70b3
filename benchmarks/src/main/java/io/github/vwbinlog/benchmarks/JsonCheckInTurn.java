package io.github.vwbinlog.benchmarks;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The JSON check of two builds in one JVM, round after round: {@link JsonCheckBenchmark}'s contexts checked by the
 * {@code JsonSyntax} of each jar (each loaded by a class loader of its own, so the JIT compiles each apart), the two
 * in turn within every round (each first in every other round), timed by the thread's CPU time. Separate JVMs run
 * seconds apart on this shared host differ by 20–40% with the same code; two checks measured within the same second
 * differ by a few per cent. Prints, per kind of context, the median CPU ns per byte of each build and of the
 * per-round ratios (second against first) over the rounds after the first third (the JIT's warm-up), and a floor: the
 * same contexts read by a loop that only adds one table entry per byte, without a branch, what any check that looks at
 * each byte once costs at least.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.JsonCheckInTurn \
 *     before/benchmarks.jar benchmarks/target/benchmarks.jar [rounds, default 30] [kinds, default ascii utf8 prose]</pre>
 *
 * <p>Either jar may be any build's {@code benchmarks.jar} or core jar: only its {@code JsonSyntax} (and what that
 * uses) is loaded from it.
 */
public final class JsonCheckInTurn {
  /** One entry per byte value: 1 for the bytes a JSON check stops at most ('"', ',', ':'), 0 for the others. */
  private static final int[] MARKS = new int[256];

  static {
    MARKS['"'] = 1;
    MARKS[','] = 1;
    MARKS[':'] = 1;
  }

  /** Where the floor's sums go. */
  static int sink;

  private JsonCheckInTurn() {}

  /** Arguments: the first jar, the second jar, the number of rounds, then the kinds of context. */
  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      System.err.println("usage: JsonCheckInTurn FIRST.jar SECOND.jar [rounds] [kinds...]");
      System.exit(2);
    }
    MethodHandle[] checks = {check(Path.of(args[0])), check(Path.of(args[1]))};
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
    String[] kinds = args.length > 3 ? Arrays.copyOfRange(args, 3, args.length) : new String[] {"ascii", "utf8", "prose"};
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    for (String kind : kinds) {
      JsonCheckBenchmark b = new JsonCheckBenchmark();
      b.text = kind;
      b.setUp();
      byte[][] contexts = b.contexts();
      long bytes = b.contextBytes();
      // Calls per round: about 0.1 s of CPU for each build.
      int calls = 1;
      while (true) {
        long cpu0 = bean.getCurrentThreadCpuTime();
        run(checks[0], contexts, calls);
        if (bean.getCurrentThreadCpuTime() - cpu0 > 100_000_000L) {
          break;
        }
        calls *= 2;
      }
      double[][] perByte = new double[2][rounds];
      double[] ratio = new double[rounds];
      double[] floor = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        for (int s = 0; s < 2; s++) {
          int which = (s + r) % 2;
          long cpu0 = bean.getCurrentThreadCpuTime();
          run(checks[which], contexts, calls);
          perByte[which][r] = (double) (bean.getCurrentThreadCpuTime() - cpu0) / calls / bytes;
        }
        ratio[r] = perByte[1][r] / perByte[0][r];
        long cpu0 = bean.getCurrentThreadCpuTime();
        floorPass(contexts, calls);
        floor[r] = (double) (bean.getCurrentThreadCpuTime() - cpu0) / calls / bytes;
      }
      int warmUp = InTurn.warmUp(rounds);
      System.out.printf("%s: first %.3f, second %.3f CPU ns per byte; second / first per round: median %.3f"
          + " (%.3f to %.3f), %d rounds after %d of warm-up%n", kind, InTurn.median(perByte[0], rounds),
          InTurn.median(perByte[1], rounds), InTurn.median(ratio, rounds), InTurn.min(ratio, rounds),
          InTurn.max(ratio, rounds), rounds - warmUp, warmUp);
      System.out.printf("%s: floor %.3f CPU ns per byte (one table entry added per byte, no branch)%n", kind,
          InTurn.median(floor, rounds));
    }
  }

  private static void floorPass(byte[][] contexts, int calls) {
    int sum = 0;
    for (int k = 0; k < calls; k++) {
      for (byte[] c : contexts) {
        for (int i = 0; i < c.length - JsonCheckBenchmark.ROOM; i++) {
          sum += MARKS[c[i] & 0xFF];
        }
      }
    }
    sink += sum; // a field written: the JIT keeps the loop
  }

  /** The jar's {@code JsonSyntax.isObjectReplacingNewlines}, from a class loader that sees only that jar. */
  private static MethodHandle check(Path jar) throws ReflectiveOperationException, java.io.IOException {
    URLClassLoader loader = InTurn.loader(jar);
    Class<?> syntax = Class.forName("io.github.vwbinlog.core.event.JsonSyntax", true, loader);
    return MethodHandles.publicLookup().findStatic(syntax, "isObjectReplacingNewlines",
        MethodType.methodType(boolean.class, byte[].class, int.class, int.class));
  }

  private static void run(MethodHandle check, byte[][] contexts, int calls) throws Throwable {
    for (int k = 0; k < calls; k++) {
      for (byte[] c : contexts) {
        if (!(boolean) check.invokeExact(c, 0, c.length - JsonCheckBenchmark.ROOM)) {
          throw new IllegalStateException("a context did not check");
        }
      }
    }
  }
}
