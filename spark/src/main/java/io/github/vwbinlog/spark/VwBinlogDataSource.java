package io.github.vwbinlog.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The data source Spark finds by its short name {@code vw-binlog} (a {@code META-INF/services} entry): joined binary
 * logs as rows, and rows of the joined view written back as joined binary logs. The schema of a read is fixed by the
 * {@code view} option; a user-given schema is refused.
 *
 * <pre>{@code
 * Dataset<Row> events = spark.read().format("vw-binlog").load("/data/joined/2026-11-24");
 * Dataset<Row> problems = spark.read().format("vw-binlog").option("view", "diagnostics").load("/data/joined");
 * events.filter("learnable").write().format("vw-binlog").mode("append").save("/data/learnable");
 * }</pre>
 */
public final class VwBinlogDataSource implements TableProvider, DataSourceRegister {

  /** Spark makes one with this constructor. */
  public VwBinlogDataSource() {}

  @Override
  public String shortName() {
    return "vw-binlog";
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return Schemas.of(ReadSettings.of(options.asCaseSensitiveMap()).view());
  }

  /**
   * True: Spark then hands {@link #getTable} the schema and the {@code partitionBy} columns of a write (and the schema
   * a read was given, which the read refuses unless it is the view's).
   */
  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new VwBinlogTable(schema, partitioning, properties);
  }
}
