package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * DSJSON conversion of a whole log: to a sink that discards the bytes, and to a file. The {@code inputBytes} and
 * {@code outputBytes} counters give input and output bytes per second; {@code threads} is
 * {@code JoinOptions.withThreads}.
 */
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class ConvertBenchmark extends Defaults {

  /** Bytes in and out, reported as rates. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counters {
    /** Input bytes converted. */
    public long inputBytes;
    /** DSJSON bytes written. */
    public long outputBytes;

    /** Cleared before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      inputBytes = 0;
      outputBytes = 0;
    }
  }

  /** The converter and the output file. */
  @State(Scope.Benchmark)
  public static class Setting {
    /** Conversion threads. */
    @Param({"1", "2"})
    public int threads;

    DsjsonConverter converter;
    ReadOptions quiet;
    Path file;

    /** Makes the converter and a temporary output file. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());
      converter = DsjsonConverter.of(JoinOptions.defaults().withReadOptions(quiet).withThreads(threads));
      file = Files.createTempFile("vw-binlog-bench", ".dsjson");
    }

    /** Deletes the output file. */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      Files.deleteIfExists(file);
    }
  }

  /** Counts the bytes written, discarding them. */
  static final class CountingSink extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }

  /** Conversion to a sink that discards the bytes. */
  @Benchmark
  public long toSink(LogState state, Setting setting, Counters counters) throws IOException {
    CountingSink sink = new CountingSink();
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, setting.quiet)) {
      JoinSummary summary = setting.converter.convert(reader, sink);
      counters.inputBytes += state.log.remaining();
      counters.outputBytes += sink.count;
      return summary.emittedTotal();
    }
  }

  /** Conversion to a file (truncated each time), as the CLI writes it. */
  @Benchmark
  public long toFile(LogState state, Setting setting, Counters counters) throws IOException {
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, setting.quiet);
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(setting.file), 1 << 16)) {
      JoinSummary summary = setting.converter.convert(reader, out);
      out.flush();
      counters.inputBytes += state.log.remaining();
      counters.outputBytes += Files.size(setting.file);
      return summary.emittedTotal();
    }
  }
}
