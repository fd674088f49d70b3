package io.github.vwbinlog.benchmarks;

import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** One in-memory benchmark log per trial: its payload type, compression and dedup are parameters. */
@State(Scope.Benchmark)
public class LogState {
  /** The payload type: CB, CCB, SLATES or CA. */
  @Param({"CB", "CCB", "SLATES", "CA"})
  public String kind;

  /** Whether event payloads are zstd-compressed. */
  @Param({"false", "true"})
  public boolean zstd;

  /** Whether each message carries a DedupInfo event. */
  @Param({"false", "true"})
  public boolean dedup;

  /** The contexts' text: ASCII, or with non-ASCII UTF-8 strings (the UTF-8 check's slow path). */
  @Param("ascii")
  public String text;

  /** The log's size in MiB. */
  @Param("16")
  public int mebibytes;

  /** The log, read-only. */
  public ByteBuffer log;

  /** Writes the log. */
  @Setup(Level.Trial)
  public void write() {
    log = ByteBuffer.wrap(SyntheticLogs.log(SyntheticLogs.Kind.valueOf(kind), zstd, dedup, text.equals("utf8"),
        (long) mebibytes << 20, 42)).asReadOnlyBuffer();
  }
}
