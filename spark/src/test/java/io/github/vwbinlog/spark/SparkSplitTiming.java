package io.github.vwbinlog.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One query of benchmarks/spark-splits.sh, timed in a JVM of its own (so that the process's peak RSS is the query's):
 * {@code count} of the joined view with the default splits, {@code count1m} with 1 MiB splits
 * ({@code maxPartitionBytes} 1m), or {@code write}: the {@code dsjson} column written as text files (the joined view
 * written out, as {@code convert} writes its lines). For a floor that is Spark's own, not ours: {@code text} and
 * {@code text1m}, the same file's {@code count()} through Spark's built-in text source with its default splits and with
 * 1 MiB splits ({@code spark.sql.files.maxPartitionBytes}), and {@code empty1m}: as many empty tasks as the log has
 * 1 MiB splits, each doing nothing but being scheduled, run and reported. Arguments: the query, the master
 * ({@code local[2]}), the output directory (for {@code write}), the log, and optionally the number of runs in the
 * session (1 by default: the cold query, the JIT compiling Spark's code and ours while it runs; with 2 the second run
 * is the warm session's figure).
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
      case "text" -> spark.read().text(log).count() + " lines";
      case "text1m" -> {
        spark.conf().set("spark.sql.files.maxPartitionBytes", "1m");
        try {
          yield spark.read().text(log).count() + " lines";
        } finally {
          spark.conf().unset("spark.sql.files.maxPartitionBytes");
        }
      }
      case "empty1m" -> {
        int tasks = splits1m(log);
        yield spark.range(0, tasks, 1, tasks).count() + " empty tasks";
      }
      default -> throw new IllegalArgumentException(
          "query: count, count1m, write, text, text1m or empty1m, not " + query);
    };
  }

  /** How many tasks the query's scan ran. */
  private static int tasks(SparkSession spark, String query, String log) {
    switch (query) {
      case "text":
        return spark.read().text(log).rdd().getNumPartitions();
      case "text1m":
        spark.conf().set("spark.sql.files.maxPartitionBytes", "1m");
        try {
          return spark.read().text(log).rdd().getNumPartitions();
        } finally {
          spark.conf().unset("spark.sql.files.maxPartitionBytes");
        }
      case "empty1m":
        return splits1m(log);
      default:
        org.apache.spark.sql.DataFrameReader reader = spark.read().format("vw-binlog");
        if (query.equals("count1m")) {
          reader = reader.option("maxPartitionBytes", "1m");
        }
        return reader.load(log).rdd().getNumPartitions();
    }
  }

  /** How many 1 MiB splits the log has: its size in MiB, rounded up, as Spark cuts a file into splits. */
  private static int splits1m(String log) {
    long size = new java.io.File(log).length();
    return (int) ((size + (1 << 20) - 1) >> 20);
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
        int tasks = tasks(spark, query, log);
        System.out.printf("timed %s %s (run %d of %d): %s, %d tasks, %.2f s%n", master, query, run, runs, what, tasks,
            (t1 - t0) / 1e9);
      }
    } finally {
      spark.stop();
    }
  }
}
