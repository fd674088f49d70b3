package io.github.vwbinlog.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The queries benchmarks/spark-write.sh times, in one session: reading the joined view ({@code count()}, and a full
 * read of every column into Spark's {@code noop} sink), and writing it back as joined logs (one per task), each timed
 * after one warm-up run of the same query (so that the JIT is not what is measured). Arguments: master
 * ({@code local[1]}, {@code local[2]}), output directory, then the paths to read.
 */
public final class SparkWriteTiming {
  private SparkWriteTiming() {}

  public static void main(String[] args) {
    String master = args[0];
    String out = args[1];
    String[] paths = java.util.Arrays.copyOfRange(args, 2, args.length);
    TimingSession.warmUpThenTimed(master, "vw-binlog write timing", (spark, what) -> {
      long t0 = System.nanoTime();
      long rows = spark.read().format("vw-binlog").load(paths).count();
      long t1 = System.nanoTime();
      spark.read().format("vw-binlog").load(paths).write().format("noop").mode("overwrite").save();
      long t2 = System.nanoTime();
      Dataset<Row> joined = spark.read().format("vw-binlog").load(paths);
      joined.write().format("vw-binlog").mode("overwrite").save(out);
      long t3 = System.nanoTime();
      System.out.printf("%s %s: %d rows: count() %.2f s, full read %.2f s, write joined logs %.2f s%n", master,
          what, rows, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    });
  }
}
