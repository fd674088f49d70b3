package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.MessageReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The framing scan over one in-memory CB log made by the project's writer, against the ceiling of merely summing the
 * same bytes from the same buffer. Each operation is the whole log: its size divided by the time is bytes per second.
 * {@code scanCursorAndSumPayloads} frames and sums every payload byte, the like-for-like comparison with the ceiling.
 * {@code scanCursor} is the zero-allocation path (the reusable {@link FrameCursor}, payloads as index and length in
 * the input buffer); {@code scanMessages} makes a {@link Message} record and a payload view per message.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FramingBenchmark extends Defaults {

  /** The log's size in MiB. */
  @Param("64")
  public int mebibytes;

  private ByteBuffer log;
  private ReadOptions quiet;

  /** Writes the log once per trial. */
  @Setup
  public void setUp() {
    log = ByteBuffer.wrap(SyntheticLogs.cb((long) mebibytes << 20, 42)).asReadOnlyBuffer();
    quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());
  }

  /** The ceiling: read every byte of the log once, as longs. */
  @Benchmark
  public long sumBytes() {
    ByteBuffer b = log.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    return sum(b, 0, b.limit());
  }

  /** The framing scan on the reusable cursor: offset, type, size and payload location of every message, 0 B each. */
  @Benchmark
  public long scanCursor() {
    long sum = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(log, quiet)) {
      MessageReader messages = (MessageReader) reader;
      FrameCursor cursor = messages.cursor();
      while (messages.advance()) {
        sum += cursor.offset() + cursor.typeCode() + cursor.size() + cursor.payloadIndex();
      }
    }
    return sum;
  }

  /**
   * The framing scan that also reads every payload byte, as longs, from the payload's place in the input: against
   * {@link #sumBytes()} it shows what framing adds to merely reading the log.
   */
  @Benchmark
  public long scanCursorAndSumPayloads() {
    long sum = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(log, quiet)) {
      MessageReader messages = (MessageReader) reader;
      FrameCursor cursor = messages.cursor();
      while (messages.advance()) {
        int i = cursor.payloadIndex();
        sum += sum(cursor.payloadBuffer(), i, i + cursor.size());
      }
    }
    return sum;
  }

  /**
   * The sum of bytes {@code [from, to)} of {@code b}, read as longs: the same loop for {@link #sumBytes()} and
   * {@link #scanCursorAndSumPayloads()}. Not inlined, so that both run the same compiled loop: inlined into the
   * framing loop, C2 compiled it to code twice as slow as its first (on-stack) compilation, which measured the JIT's
   * choice rather than the framing.
   */
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  private static long sum(ByteBuffer b, int from, int to) {
    long sum = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      sum += b.getLong(i);
    }
    for (; i < to; i++) {
      sum += b.get(i);
    }
    return sum;
  }

  /** The framing scan through the record API: a {@link Message} and a payload view per message. */
  @Benchmark
  public long scanMessages() {
    long payloadBytes = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(log, quiet)) {
      for (Message m : reader) {
        payloadBytes += m.payloadSize();
      }
    }
    return payloadBytes;
  }
}
