/**
 * A Spark DataSource V2 for joined binary logs: {@code spark.read.format("vw-binlog").load(paths)} gives one row per
 * joined event ({@code view} {@code joined}, the default), per message ({@code messages}) or per diagnostic
 * ({@code diagnostics}); {@code view} {@code events} reads rlclientlib's raw event files, one row per event, which
 * {@link io.github.vwbinlog.spark.VwBinlogJoin#join} joins on the cluster into the {@code joined} view's rows.
 * {@link io.github.vwbinlog.spark.VwBinlogDataSource} is the entry point Spark finds by its short name;
 * {@link io.github.vwbinlog.spark.VwBinlogJoin} the join's; everything else is internal to the module. The schema, the options and the partitioning are in
 * docs/SPARK.md.
 *
 * <pre>{@code
 * Dataset<Row> events = spark.read().format("vw-binlog").option("rewardFunction", "sum").load("logs/2026/11/*");
 * events.groupBy("model_id").avg("reward").show();
 * }</pre>
 */
@NullMarked
package io.github.vwbinlog.spark;

import org.jspecify.annotations.NullMarked;
