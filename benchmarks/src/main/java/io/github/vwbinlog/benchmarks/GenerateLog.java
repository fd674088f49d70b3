package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the benchmarks' synthetic CB log to a file, for timing whole processes (VW's converter, vw-binlog's CLI).
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog 256 /tmp/cb-256m.log</pre>
 */
public final class GenerateLog {
  private GenerateLog() {}

  /** Arguments: size in MiB, output path. */
  public static void main(String[] args) throws IOException {
    long mebibytes = Long.parseLong(args[0]);
    Path out = Path.of(args[1]);
    SyntheticLogs.cb(BinaryLogWriter.to(out), mebibytes << 20, 42);
    System.out.println(out + ": " + Files.size(out) + " bytes");
  }
}
