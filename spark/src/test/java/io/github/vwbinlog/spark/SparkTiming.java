package io.github.vwbinlog.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The queries benchmarks/spark-read.sh times, in one session: {@code count()}, and writing the {@code dsjson} column
 * as text, each timed after one warm-up run of the same query (so that the JIT is not what is measured).
 * Arguments: master ({@code local[1]}, {@code local[2]}), output directory, then the paths to read.
 */
public final class SparkTiming {
  private SparkTiming() {}

  public static void main(String[] args) {
    String master = args[0];
    String out = args[1];
    String[] paths = java.util.Arrays.copyOfRange(args, 2, args.length);
    TimingSession.warmUpThenTimed(master, "vw-binlog timing", (spark, what) -> {
      long t0 = System.nanoTime();
      long rows = spark.read().format("vw-binlog").load(paths).count();
      long t1 = System.nanoTime();
      Dataset<Row> lines = spark.read().format("vw-binlog").load(paths).select("dsjson").filter("dsjson IS NOT NULL");
      lines.write().mode("overwrite").text(out);
      long t2 = System.nanoTime();
      System.out.printf("%s %s: count() %d rows %.2f s, write dsjson %.2f s%n", master, what, rows,
          (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    });
  }
}
