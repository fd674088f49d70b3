package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.run.MessageLoop;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.core.output.DsjsonWriter;
import io.github.vwbinlog.core.output.DsjsonSink;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.join.JoinOptions;
import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Event decode, the hot loop of conversion: every REGULAR message of a log read from its bytes. {@code fastPath} is
 * what the converter runs on one thread (the framing cursor, then the fast path's scan, which verifies every nested
 * buffer and reads each event's fields into reused arrays, and its line writer, into one reused buffer that is cleared
 * after each message), with no I/O; {@code records} decodes the public records ({@code Message.Regular#joinedEvents()})
 * for comparison. The {@code events} counter gives events per second; {@code -prof gc} gives the bytes allocated per
 * operation (one whole log).
 */
public class EventDecodeBenchmark extends Defaults {

  /** Events decoded, reported as a rate. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counters {
    /** Events visited. */
    public long events;

    /** Cleared before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      events = 0;
    }
  }

  /** The reused joiner and output buffer. */
  @State(Scope.Thread)
  public static class Cursors {
    final ReadOptions quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());
    final JsonBytes out = JsonBytes.forOutput(1 << 20);
  }

  /** Every REGULAR message through the conversion fast path, lines written to a buffer cleared per message. */
  @Benchmark
  public long fastPath(LogState state, Cursors cursors, Counters counters) {
    JoinOptions options = JoinOptions.defaults().withReadOptions(cursors.quiet);
    JoinCounters joinCounters = new JoinCounters(DiagnosticListener.ignoring(), false);
    StickyConfig config = new StickyConfig(options);
    ReadLimits limits = ReadLimits.defaults();
    long bytes = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, cursors.quiet);
        ZstdContexts zstd = new ZstdContexts(1);
        MessageJoiner joiner = MessageJoiner.of(config, joinCounters, limits, zstd)) {
      MessageReader messages = (MessageReader) reader;
      FrameCursor frame = messages.cursor();
      JsonBytes out = cursors.out;
      DsjsonSink lines = new DsjsonSink(out, joinCounters, frame::offset, DsjsonWriter.of(options));
      while (messages.advance()) {
        if (frame.type() == MessageType.CHECKPOINT) {
          MessageLoop.checkpoint((Message.Checkpoint) messages.current(), config, limits, joinCounters);
        } else if (frame.type() == MessageType.REGULAR) {
          ByteBuffer payload = frame.payloadBuffer().duplicate();
          payload.position(frame.payloadIndex()).limit(frame.payloadIndex() + frame.size());
          joiner.regular(frame.offset(), payload, lines);
          bytes += out.length();
          out.reset();
        }
      }
    }
    counters.events += joinCounters.summary().interactionsSeen();
    return bytes;
  }

  /** The same events decoded into the public records, for comparison. */
  @Benchmark
  public long records(LogState state, Cursors cursors, Counters counters) {
    long sum = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, cursors.quiet)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular r) {
          for (JoinedEvent e : r.joinedEvents()) {
            sum += e.event().meta().id().length();
            counters.events++;
          }
        }
      }
    }
    return sum;
  }
}
