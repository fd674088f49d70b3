package io.github.vwbinlog.spark;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeSet;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The join of rlclientlib's raw events on a cluster: the {@code events} view's rows of every stream (interactions,
 * observations, episodes and the DedupInfo events of dedup batches) in, the {@code joined} view's rows out, joined by
 * the single-machine joiner's rules ({@link io.github.vwbinlog.join.LogJoiner}, docs/JOINER.md) applied per event id:
 * the experimental unit duration, the backward tolerance, the order of observations, the first interaction of an id
 * kept, activations of deferred actions, multistep episodes.
 *
 * <pre>{@code
 * Dataset<Row> events = spark.read().format("vw-binlog").option("view", "events").load("raw/2026/11/26/*");
 * Dataset<Row> joined = VwBinlogJoin.join(events, Map.of("eud", "10m", "reward-function", "average"));
 * joined.groupBy("model_id").avg("reward").show();
 * }</pre>
 *
 * <p>How: each interaction of a {@code DEDUP} batch takes its batch's DedupInfo, so that it can resolve its
 * {@code "__aid"} references wherever it goes: in the scan's own partitions when the events are the {@code events}
 * view as read, with columns selected and rows filtered (one scan of the input), else by a join on {@code file} and
 * {@code batch_offset} (three scans: docs/SPARK.md, "One scan, or three"); the events are
 * repartitioned by {@code event_id} ({@code spark.sql.shuffle.partitions}) and sorted in each partition as the
 * single-machine joiner merges its files (client time, then interactions, episodes, observations, then file and
 * position in the file); each task runs the joiner over its events ({@code LogJoiner.writeTo(Iterator, Path)}) into a joined log in
 * Spark's local directory, which the task reads back as the {@code joined} view reads a log ({@link JoinedRows}).
 * Every event of an id is in one task, so the join of an id does not depend on the partitioning; the disorder
 * tolerance is moot (a task's events are sorted). docs/SPARK.md says where the result differs from the
 * single-machine joiner's and why.
 *
 * <p>Runs in the driver's JVM with Spark's classic API (Scala, Java, PySpark through {@code _jvm}); not through Spark
 * Connect.
 */
public final class VwBinlogJoin {
  /** The columns of the {@code events} view the join reads. */
  static final List<String> COLUMNS = List.of("file", "batch_offset", "batch_encoding", "event_index", "offset",
      "stream", "event_id", "payload_type", "client_time_ticks", "payload");

  private VwBinlogJoin() {}

  /**
   * Joins the events.
   *
   * @param events rows of the {@code events} view (filtered or not: every event of an id that should be joined, and
   *     the DedupInfo events of dedup batches, must be among them); scanned once when they are the view as read
   *     under column selections and filters, three times otherwise (repartitioned, sorted, unioned, ...)
   * @param options the CLI {@code join}'s options: {@code eud} ({@code 10m} by default, or {@code unlimited}),
   *     {@code backward} ({@code 2m}), {@code reward-function}, {@code default-reward}, {@code learning-mode},
   *     {@code problem-type}, {@code use-client-time}
   * @return the {@code joined} view's rows of the joined events ({@code file} and {@code offset}: the interaction's
   *     event file and offset in it, a multistep step's those of its episode), lazily: the join runs when an action
   *     asks for the rows
   * @throws IllegalArgumentException for an unknown option or one whose value does not parse (naming it), or when a
   *     column of the {@code events} view is missing
   * @throws UnsupportedOperationException through Spark Connect
   */
  public static Dataset<Row> join(Dataset<Row> events, Map<String, String> options) {
    JoinSettings settings = JoinSettings.of(options);
    List<String> missing = new ArrayList<>();
    for (String c : COLUMNS) {
      if (!List.of(events.columns()).contains(c)) {
        missing.add(c);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("vw-binlog join: the events have no column " + String.join(", ", missing)
          + ": give the rows of spark.read.format(\"vw-binlog\").option(\"view\", \"events\")");
    }
    if (!(events.sparkSession() instanceof org.apache.spark.sql.classic.SparkSession session)) {
      throw new UnsupportedOperationException("vw-binlog join runs in the driver's JVM (Spark's classic API), not "
          + "through Spark Connect");
    }
    Dataset<Row> ev = events.select(COLUMNS.stream().map(org.apache.spark.sql.functions::col).toArray(Column[]::new));
    Dataset<Row> sorted = withDedup(ev, session)
        .withColumn("_ticks", coalesce(col("client_time_ticks"), lit(0L)))
        .withColumn("_rank", when(col("payload_type").equalTo("episode"), 1)
            .when(col("payload_type").equalTo("outcome"), 2).otherwise(0))
        .repartition(col("event_id"))
        .sortWithinPartitions("_ticks", "_rank", "file", "batch_offset", "event_index");
    StructType schema = sorted.schema();
    int[] ordinals = {schema.fieldIndex("file"), schema.fieldIndex("batch_offset"), schema.fieldIndex("offset"),
        schema.fieldIndex("payload"), schema.fieldIndex("_dedup"), schema.fieldIndex("stream"), schema.fieldIndex("event_id"),
        schema.fieldIndex("payload_type")};
    RDD<InternalRow> input = ((org.apache.spark.sql.classic.Dataset<Row>) sorted).queryExecution().toRdd();
    RDD<InternalRow> joined = input.toJavaRDD().mapPartitions(new JoinTask(settings, ordinals)).rdd();
    return session.internalCreateDataFrame(joined, Schemas.JOINED, false);
  }

  /**
   * The interactions, observations and episodes of the events ({@link #COLUMNS}), each with {@code _dedup}: for an
   * interaction of a {@code DEDUP} batch the payload of its batch's DedupInfo (the event of stream {@code dedup} at
   * index 0 with the same {@code file} and {@code batch_offset}), else null. When the events are the {@code events}
   * view's scan under column selections and filters only ({@link #batchesTogether}), the scan's partitions hold each
   * batch's events together in file order, DedupInfo first: it is attached there ({@link BatchDedup}), in one scan.
   * Otherwise (repartitioned, sorted, unioned, joined, sampled, cached or computed columns) a batch's events may be
   * anywhere: the DedupInfo events are joined to the interactions of dedup batches on {@code file} and
   * {@code batch_offset} (the input scanned three times: the DedupInfo events, those interactions, the rest).
   */
  static Dataset<Row> withDedup(Dataset<Row> ev, org.apache.spark.sql.classic.SparkSession session) {
    if (batchesTogether(ev)) {
      RDD<InternalRow> rows = ((org.apache.spark.sql.classic.Dataset<Row>) ev).queryExecution().toRdd();
      StructType schema = ev.schema().add("_dedup", DataTypes.BinaryType, true).asNullable();
      return session.internalCreateDataFrame(rows.toJavaRDD().mapPartitions(new BatchDedup()).rdd(), schema, false);
    }
    Column stream = col("stream");
    Column dedupBatch = stream.equalTo("interaction").and(col("batch_encoding").equalTo("DEDUP"));
    Dataset<Row> dedups = ev.where(stream.equalTo("dedup").and(col("event_index").equalTo(0)))
        .select(col("file").as("_dedup_file"), col("batch_offset").as("_dedup_batch"), col("payload").as("_dedup"));
    Dataset<Row> plain = ev.where(stream.isin("interaction", "observation", "episode").and(dedupBatch.unary_$bang()))
        .withColumn("_dedup", lit(null).cast(DataTypes.BinaryType));
    Dataset<Row> withDedup = ev.where(dedupBatch).join(dedups, col("file").equalTo(col("_dedup_file"))
        .and(col("batch_offset").equalTo(col("_dedup_batch"))), "left_outer").drop("_dedup_file", "_dedup_batch");
    return plain.unionByName(withDedup);
  }

  /**
   * Whether the rows ({@link #COLUMNS} selected) are those of a scan of the {@code events} view under column
   * selections and filters only, its columns unchanged: then each partition holds the rows of its split in file order
   * (a filter keeps a partition's rows and their order), so a batch's events, its DedupInfo first, are in one
   * partition and in order. Judged on the optimized plan; anything else (a repartition, coalesce, sort, union, join,
   * sample, limit, cache, a column computed) answers false.
   */
  static boolean batchesTogether(Dataset<Row> ev) {
    LogicalPlan plan = ((org.apache.spark.sql.classic.Dataset<Row>) ev).queryExecution().optimizedPlan();
    LogicalPlan p = plan;
    while (p instanceof Project || p instanceof Filter) {
      p = p.children().head();
    }
    if (!(p instanceof DataSourceV2ScanRelation scan && scan.scan() instanceof VwBinlogScan s && s.readsEvents())) {
      return false;
    }
    AttributeSet scanned = scan.outputSet();
    for (Attribute a : CollectionConverters.asJava(plan.output())) {
      if (!scanned.contains(a)) {
        return false;
      }
    }
    return true;
  }
}
