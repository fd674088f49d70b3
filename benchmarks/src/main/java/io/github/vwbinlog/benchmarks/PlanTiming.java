package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.LogRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Times the plan of a log's byte ranges ({@code LogRange.plan}, what the Spark source's driver does once per file it
 * cuts): the log framed from its start, headers only, with a cut every {@code split} bytes. Prints, for each of
 * three rounds, the wall time and the largest range's bytes (its own plus the message across its end).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.PlanTiming LOG [split bytes, 1 MiB]</pre>
 */
public final class PlanTiming {
  private PlanTiming() {}

  /** Arguments: the log, then the split size in bytes (default 1 MiB). */
  public static void main(String[] args) throws IOException {
    Path log = Path.of(args[0]);
    long split = args.length > 1 ? Long.parseLong(args[1]) : 1 << 20;
    long size = Files.size(log);
    int n = (int) ((size + split - 1) / split);
    long[] cuts = new long[n + 1];
    for (int i = 0; i < n; i++) {
      cuts[i] = i * split;
    }
    cuts[n] = size;
    for (int round = 0; round < 3; round++) {
      long t0 = System.nanoTime();
      List<LogRange> ranges = LogRange.plan(log, ReadOptions.defaults(), cuts);
      long t1 = System.nanoTime();
      long largest = ranges.stream().mapToLong(LogRange::bytes).max().orElse(0);
      long empty = ranges.stream().filter(LogRange::isEmpty).count();
      System.out.printf("plan of %d bytes in %d ranges of %d: %.3f s (largest range read %d bytes, %d empty)%n",
          size, ranges.size(), split, (t1 - t0) / 1e9, largest, empty);
    }
  }
}
