package io.github.vwbinlog.spark;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What benchmarks/spark-join.sh times: {@link VwBinlogJoin#join} of a pair of event files (EUD 10m, the defaults),
 * every row built ({@code write.format("noop")}), timed after one warm-up run in the same session, with the bytes the
 * shuffles wrote, the largest peak execution memory of a task and the JVM's peak heap; or, with master
 * {@code single}, the single-machine joiner on the same files (also after a warm-up run). Arguments: master
 * ({@code local[1]}, {@code local[2]}, {@code single}), the interaction file, the observation file, a scratch
 * directory, and optionally the number of runs (2 by default: a warm-up run, then the timed one; 1: one cold run,
 * for inputs too large to join twice).
 */
public final class SparkJoinTiming {
  private SparkJoinTiming() {}

  public static void main(String[] args) throws Exception {
    String master = args[0];
    Path interactions = Path.of(args[1]);
    Path observations = Path.of(args[2]);
    Path scratch = Files.createDirectories(Path.of(args[3]));
    int runs = args.length > 4 ? Integer.parseInt(args[4]) : 2;
    if (master.equals("single")) {
      for (int run = 0; run < runs; run++) {
        resetPeaks();
        long c0 = cpu();
        long t0 = System.nanoTime();
        LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring())
            .interactions(List.of(interactions)).observations(List.of(observations))
            .writeTo(scratch.resolve("single.log"));
        long t1 = System.nanoTime();
        System.out.printf("single %s: %d interactions written, %d observations joined, %.2f s (CPU %.2f s), peak heap"
            + " %d MiB%n", label(run, runs), s.interactionsWritten(), s.observationsJoined(),
            (t1 - t0) / 1e9, (cpu() - c0) / 1e9, peakHeap() >> 20);
        Files.deleteIfExists(scratch.resolve("single.log"));
      }
      return;
    }
    SparkSession spark = TimingSession.start(master, "vw-binlog join timing", "spark.local.dir", scratch.toString());
    AtomicLong shuffle = new AtomicLong();
    AtomicLong peakTask = new AtomicLong();
    AtomicLong tasks = new AtomicLong();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) {
          shuffle.addAndGet(end.taskMetrics().shuffleWriteMetrics().bytesWritten());
          peakTask.accumulateAndGet(end.taskMetrics().peakExecutionMemory(), Math::max);
          tasks.incrementAndGet();
        }
      }
    });
    try {
      Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events")
          .load(interactions.toString(), observations.toString());
      long eventCount = events.count();
      for (int run = 0; run < runs; run++) {
        shuffle.set(0);
        peakTask.set(0);
        tasks.set(0);
        resetPeaks();
        long c0 = cpu();
        long t0 = System.nanoTime();
        VwBinlogJoin.join(events, Map.of()).write().format("noop").mode("overwrite").save();
        long t1 = System.nanoTime();
        long c1 = cpu();
        spark.sparkContext().listenerBus().waitUntilEmpty();
        // the join's own figures, read before the first run counts its rows (a second job, with a shuffle of its own)
        long shuffled = shuffle.get();
        long taskCount = tasks.get();
        long largestTask = peakTask.get();
        long heap = peakHeap();
        long rows = run == 0 ? VwBinlogJoin.join(events, Map.of()).count() : -1;
        System.out.printf("%s %s: %.2f s (CPU %.2f s), %d events, %s shuffle written %d MiB (%.0f bytes per event), %d tasks, "
            + "largest task peak execution memory %d MiB, JVM peak heap %d MiB%n", master,
            label(run, runs), (t1 - t0) / 1e9, (c1 - c0) / 1e9, eventCount, rows < 0 ? "" : rows + " joined rows,",
            shuffled >> 20, (double) shuffled / eventCount, taskCount, largestTask >> 20, heap >> 20);
        // the other way to the same rows: the single-machine joiner, then the joined view of its output
        long c2 = cpu();
        long t2 = System.nanoTime();
        Path log = scratch.resolve("single.log");
        LogJoiner.builder().listener(DiagnosticListener.ignoring()).interactions(List.of(interactions))
            .observations(List.of(observations)).writeTo(log);
        long t3 = System.nanoTime();
        long c3 = cpu();
        spark.read().format("vw-binlog").load(log.toString()).write().format("noop").mode("overwrite").save();
        long t4 = System.nanoTime();
        long c4 = cpu();
        Files.deleteIfExists(log);
        System.out.printf("%s %s: LogJoiner %.2f s (CPU %.2f s), then the joined view of its output %.2f s (CPU"
            + " %.2f s)%n", master, label(run, runs), (t3 - t2) / 1e9, (c3 - c2) / 1e9, (t4 - t3) / 1e9,
            (c4 - c3) / 1e9);
      }
    } finally {
      spark.stop();
    }
  }

  /** What a run is called in the output: the last one is timed, the ones before it warm up; a lone run is cold. */
  private static String label(int run, int runs) {
    return runs == 1 ? "cold" : run < runs - 1 ? "warm-up" : "timed";
  }

  /** The process's CPU time in nanoseconds (every thread: the tasks', the JIT's, the collector's). */
  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      p.resetPeakUsage();
    }
  }

  /** The sum of the heap pools' peaks since the reset (an upper bound of the peak heap in use). */
  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
