package io.github.vwbinlog.spark;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The logs of one read: batch reads only, with the schema of the read's view. */
final class VwBinlogTable implements SupportsRead {
  private final ReadSettings settings;
  private final Map<String, String> properties;

  VwBinlogTable(ReadSettings settings, Map<String, String> properties) {
    this.settings = settings;
    this.properties = properties;
  }

  @Override
  public String name() {
    return "vw-binlog " + settings.view();
  }

  @Override
  @SuppressWarnings("deprecation") // Table.schema() is what DataSource V2 tables of Spark 4 still implement
  public StructType schema() {
    return Schemas.of(settings.view());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new VwBinlogScan(settings, Paths.of(properties), Schemas.of(settings.view()));
  }
}
