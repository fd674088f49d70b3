package io.github.vwbinlog.spark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The program {@link SparkJarIT} runs in a JVM of its own, on a class path of Spark's jars, the shaded jar and a newer
 * flatbuffers-java: it reads a log through the data source and writes the {@code dsjson} column to a file, then the
 * jar each flatbuffers {@code Constants} class came from.
 */
public final class JarCheck {
  private JarCheck() {}

  /** Arguments: the log, the output file. */
  public static void main(String[] args) throws Exception {
    SparkSession spark = SparkSession.builder().master("local[1]").appName("vw-binlog jar check")
        .config("spark.ui.enabled", "false").getOrCreate();
    try {
      List<Row> rows = spark.read().format("vw-binlog").load(args[0]).select("dsjson").collectAsList();
      StringBuilder out = new StringBuilder();
      for (Row r : rows) {
        out.append(r.getString(0)).append('\n');
      }
      out.append("relocated: ").append(where("io.github.vwbinlog.shaded.flatbuffers.Constants")).append('\n');
      out.append("spark's: ").append(where("com.google.flatbuffers.Constants")).append('\n');
      out.append("vw's generated classes: ").append(where("reinforcement_learning.messages.flatbuff.v2.Event"))
          .append('\n');
      Files.writeString(Path.of(args[1]), out, StandardCharsets.UTF_8);
    } finally {
      spark.stop();
    }
  }

  private static String where(String className) throws ClassNotFoundException {
    return Class.forName(className).getProtectionDomain().getCodeSource().getLocation().getPath();
  }
}
