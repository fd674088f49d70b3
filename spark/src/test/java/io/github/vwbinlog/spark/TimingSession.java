package io.github.vwbinlog.spark;

import java.util.function.BiConsumer;
import org.apache.spark.sql.SparkSession;

/**
 * The session of the benchmark scripts' timing programs ({@link SparkTiming}, {@link SparkWriteTiming},
 * {@link SparkEventsTiming}, {@link SparkSplitTiming}, {@link SparkJoinTiming}): no UI, Spark's own logging at
 * {@code ERROR} only so that the timing lines are what the scripts read.
 */
final class TimingSession {
  private TimingSession() {}

  /** A session on {@code master}; {@code config} is pairs of a Spark setting's key and value. */
  static SparkSession start(String master, String appName, String... config) {
    SparkSession.Builder b = SparkSession.builder().master(master).appName(appName).config("spark.ui.enabled", "false");
    for (int i = 0; i < config.length; i += 2) {
      b = b.config(config[i], config[i + 1]);
    }
    SparkSession spark = b.getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  /**
   * Runs {@code queries} twice in one session, first as the {@code "warm-up"} (so that the JIT is not what is
   * measured), then as the {@code "timed"} run, and stops the session.
   */
  static void warmUpThenTimed(String master, String appName, BiConsumer<SparkSession, String> queries) {
    SparkSession spark = start(master, appName);
    try {
      queries.accept(spark, "warm-up");
      queries.accept(spark, "timed");
    } finally {
      spark.stop();
    }
  }
}
