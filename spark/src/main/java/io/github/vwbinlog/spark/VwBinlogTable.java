package io.github.vwbinlog.spark;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.jspecify.annotations.Nullable;

/**
 * The logs of one read or one write. A read has the schema of its view (a schema given by the user is refused); a
 * write takes the rows of the joined view, or any rows with the columns {@link WriteSettings} needs
 * ({@code ACCEPT_ANY_SCHEMA}: the columns are checked by name when the write is planned).
 */
final class VwBinlogTable implements SupportsRead, SupportsWrite {
  private final Map<String, String> properties;
  /** The schema Spark gave: inferred for a read, the user's for a read with a schema, the rows' for a write. */
  private final @Nullable StructType given;
  private final Transform[] partitioning;

  VwBinlogTable(@Nullable StructType given, Transform[] partitioning, Map<String, String> properties) {
    this.given = given;
    this.partitioning = partitioning.clone();
    this.properties = properties;
  }

  @Override
  public String name() {
    return "vw-binlog " + Paths.of(properties);
  }

  @Override
  @SuppressWarnings("deprecation") // Table.schema() is what DataSource V2 tables of Spark 4 still implement
  public StructType schema() {
    return given != null ? given : Schemas.of(ReadSettings.of(properties).view());
  }

  @Override
  public Transform[] partitioning() {
    return partitioning.clone();
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE,
        TableCapability.ACCEPT_ANY_SCHEMA);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    ReadSettings settings = ReadSettings.of(properties);
    StructType view = Schemas.of(settings.view());
    if (given != null && !given.asNullable().equals(view.asNullable())) {
      throw new IllegalArgumentException("vw-binlog: the schema is the view's (option view=" + settings.view()
          + "); a user-given schema is refused: read without .schema(...)");
    }
    return new VwBinlogScan(settings, Paths.of(properties), view);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new VwBinlogWrite.Builder(WriteSettings.of(properties, info.schema(), partitioning), info.queryId());
  }
}
