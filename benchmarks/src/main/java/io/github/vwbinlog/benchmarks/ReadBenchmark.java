package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot loops over one in-memory CB log made by the project's writer: the framing scan against the ceiling of
 * merely summing the same bytes, and DSJSON conversion to a discarding sink. Each operation is one whole log; divide
 * its size by the time for bytes per second.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar ReadBenchmark -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ReadBenchmark {

  /** The log's size in MiB. */
  @Param("32")
  public int mebibytes;

  private ByteBuffer log;
  private ReadOptions quiet;
  private DsjsonConverter converter;

  /** Writes the log once per trial. */
  @Setup
  public void setUp() {
    log = ByteBuffer.wrap(SyntheticLogs.cb((long) mebibytes << 20, 42)).asReadOnlyBuffer();
    quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());
    converter = DsjsonConverter.of(JoinOptions.defaults().withReadOptions(quiet));
  }

  /** The ceiling: read every byte of the log once, as longs. */
  @Benchmark
  public long sumBytes() {
    ByteBuffer b = log.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    long sum = 0;
    while (b.remaining() >= 8) {
      sum += b.getLong();
    }
    while (b.hasRemaining()) {
      sum += b.get();
    }
    return sum;
  }

  /** The framing scan: every message, as records, with its payload view. */
  @Benchmark
  public long scanMessages() {
    long payloadBytes = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(log.duplicate(), quiet)) {
      for (Message m : reader) {
        payloadBytes += m.payloadSize();
      }
    }
    return payloadBytes;
  }

  /** Join, rewards and DSJSON of the whole log, to a sink that discards the bytes. */
  @Benchmark
  public long convert() throws IOException {
    try (BinaryLogReader reader = BinaryLogReader.of(log.duplicate(), quiet)) {
      JoinSummary summary = converter.convert(reader, OutputStream.nullOutputStream());
      return summary.emittedTotal();
    }
  }
}
