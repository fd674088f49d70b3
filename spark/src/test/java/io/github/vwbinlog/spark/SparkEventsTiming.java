package io.github.vwbinlog.spark;

/**
 * The queries benchmarks/spark-events.sh times, in one session: {@code count()} of the {@code events} view with the
 * default splits and with 1 MiB splits, and a count of the observations by their decoded {@code value} (the payloads
 * decoded), each timed after one warm-up run of the same query. Arguments: master ({@code local[1]},
 * {@code local[2]}), then the paths to read.
 */
public final class SparkEventsTiming {
  private SparkEventsTiming() {}

  public static void main(String[] args) {
    String master = args[0];
    String[] paths = java.util.Arrays.copyOfRange(args, 1, args.length);
    TimingSession.warmUpThenTimed(master, "vw-binlog events timing", (spark, what) -> {
      long t0 = System.nanoTime();
      long rows = spark.read().format("vw-binlog").option("view", "events").load(paths).count();
      long t1 = System.nanoTime();
      long small = spark.read().format("vw-binlog").option("view", "events").option("maxPartitionBytes", "1m")
          .load(paths).count();
      long t2 = System.nanoTime();
      long rewarded = spark.read().format("vw-binlog").option("view", "events").load(paths)
          .where("stream = 'observation' and value > 0").count();
      long t3 = System.nanoTime();
      int tasks = spark.read().format("vw-binlog").option("view", "events").option("maxPartitionBytes", "1m")
          .load(paths).rdd().getNumPartitions();
      System.out.printf("%s %s: count() %d rows %.2f s; with 1 MiB splits (%d tasks) %d rows %.2f s;"
          + " observations with value > 0 (payloads decoded) %d %.2f s%n", master, what, rows, (t1 - t0) / 1e9,
          tasks, small, (t2 - t1) / 1e9, rewarded, (t3 - t2) / 1e9);
    });
  }
}
