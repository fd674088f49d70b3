package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Converts one log file several times in one JVM to a discarding sink and prints, per run, the wall time, the
 * calling thread's CPU time and the whole process's CPU time (all threads: workers, JIT, GC): on a shared machine
 * the CPU times are the steadier figures.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.ConvertTiming /tmp/cb-256m.log 5 [threads]</pre>
 */
public final class ConvertTiming {
  private ConvertTiming() {}

  /** Arguments: the log, the number of runs, optionally the number of threads. */
  public static void main(String[] args) throws IOException {
    Path log = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    double mb = Files.size(log) / 1e6;
    JoinOptions options = JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    options = options.withThreads(threads);
    DsjsonConverter converter = DsjsonConverter.of(options);
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    for (int i = 0; i < runs; i++) {
      long cpu0 = bean.getCurrentThreadCpuTime();
      long process0 = os.getProcessCpuTime();
      long t0 = System.nanoTime();
      JoinSummary summary = converter.convert(log, OutputStream.nullOutputStream());
      long wall = System.nanoTime() - t0;
      long cpu = bean.getCurrentThreadCpuTime() - cpu0;
      long process = os.getProcessCpuTime() - process0;
      System.out.printf("run %d: %d events, wall %.0f ms (%.0f MB/s), thread cpu %.0f ms (%.0f MB/s), process cpu %.0f"
          + " ms%n", i, summary.emittedTotal(), wall / 1e6, mb / (wall / 1e9), cpu / 1e6, mb / (cpu / 1e9),
          process / 1e6);
    }
  }
}
