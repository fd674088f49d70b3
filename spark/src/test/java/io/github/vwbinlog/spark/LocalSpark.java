package io.github.vwbinlog.spark;

import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The local Spark session of one test class: started before its first test (no UI, the given master, app name and
 * number of shuffle partitions, and Hadoop settings such as a test file system), handed to the class, and stopped
 * after its last test. Register it on a static field:
 *
 * <pre>{@code
 * private static SparkSession spark;
 * @RegisterExtension
 * static final LocalSpark SPARK = new LocalSpark("local[2]", "vw-binlog tests", 2, s -> spark = s);
 * }</pre>
 */
final class LocalSpark implements BeforeAllCallback, AfterAllCallback {
  private final String master;
  private final String appName;
  private final int shufflePartitions;
  private final Map<String, String> hadoop;
  private final Consumer<SparkSession> started;
  private SparkSession session;

  LocalSpark(String master, String appName, int shufflePartitions, Consumer<SparkSession> started) {
    this(master, appName, shufflePartitions, Map.of(), started);
  }

  LocalSpark(String master, String appName, int shufflePartitions, Map<String, String> hadoop,
      Consumer<SparkSession> started) {
    this.master = master;
    this.appName = appName;
    this.shufflePartitions = shufflePartitions;
    this.hadoop = Map.copyOf(hadoop);
    this.started = started;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    session = SparkSession.builder().master(master).appName(appName).config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", Integer.toString(shufflePartitions)).getOrCreate();
    hadoop.forEach(session.sparkContext().hadoopConfiguration()::set);
    started.accept(session);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    session.stop();
  }
}
