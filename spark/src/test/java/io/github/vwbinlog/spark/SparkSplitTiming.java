package io.github.vwbinlog.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One query of benchmarks/spark-splits.sh, timed in a JVM of its own (so that the process's peak RSS is the query's):
 * {@code count} of the joined view with the default splits, {@code count1m} with 1 MiB splits
 * ({@code maxPartitionBytes} 1m), or {@code write}: the {@code dsjson} column written as text files (the joined view
 * written out, as {@code convert} writes its lines). Arguments: the query, the master ({@code local[2]}), the output
 * directory (for {@code write}), the log, and optionally the number of runs in the session (1 by default: the cold
 * query, the JIT compiling Spark's code and ours while it runs; with 2 the second run is the warm session's figure).
 */
public final class SparkSplitTiming {
  private SparkSplitTiming() {}

  private static String query(SparkSession spark, String query, String out, String log) {
    return switch (query) {
      case "count" -> spark.read().format("vw-binlog").load(log).count() + " rows";
      case "count1m" -> spark.read().format("vw-binlog").option("maxPartitionBytes", "1m").load(log).count() + " rows";
      case "write" -> {
        spark.read().format("vw-binlog").load(log).select("dsjson").where("dsjson is not null").write()
            .mode("overwrite").text(out);
        yield "dsjson written";
      }
      default -> throw new IllegalArgumentException("query: count, count1m or write, not " + query);
    };
  }

  public static void main(String[] args) {
    String query = args[0];
    String master = args[1];
    String out = args[2];
    String log = args[3];
    int runs = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    SparkSession spark = TimingSession.start(master, "vw-binlog split timing");
    try {
      for (int run = 1; run <= runs; run++) {
        long t0 = System.nanoTime();
        String what = query(spark, query, out, log);
        long t1 = System.nanoTime();
        org.apache.spark.sql.DataFrameReader reader = spark.read().format("vw-binlog");
        if (query.equals("count1m")) {
          reader = reader.option("maxPartitionBytes", "1m");
        }
        int tasks = reader.load(log).rdd().getNumPartitions();
        System.out.printf("timed %s %s (run %d of %d): %s, %d tasks, %.2f s%n", master, query, run, runs, what, tasks,
            (t1 - t0) / 1e9);
      }
    } finally {
      spark.stop();
    }
  }
}
