package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.view.EventCursor;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.Message;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Event decode: every field of every event of a log (JoinedEvent, metadata, the payload table of each type, slots,
 * outcomes' unions, DedupInfo ids and values), verified first. {@code flyweight} is the zero-allocation path (the
 * framing cursor and one reused {@link EventCursor}); {@code records} decodes the public records
 * ({@code Message.Regular#joinedEvents()}). The {@code events} counter gives events per second; {@code -prof gc}
 * gives the bytes allocated per operation (one whole log).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EventDecodeBenchmark {

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

  /** The reused cursors. */
  @State(Scope.Thread)
  public static class Cursors {
    final EventCursor events = new EventCursor(ReadLimits.defaults());
    final ReadOptions quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());

    /** Gives back the cursor's zstd context. */
    @TearDown
    public void close() {
      events.close();
    }
  }

  /** Every field of every event, through the flyweight cursor: 0 B per message and per event. */
  @Benchmark
  public long flyweight(LogState state, Cursors cursors, Counters counters) {
    long sum = 0;
    EventCursor c = cursors.events;
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, cursors.quiet)) {
      MessageReader messages = (MessageReader) reader;
      FrameCursor frame = messages.cursor();
      while (messages.advance()) {
        if (frame.type() != MessageType.REGULAR
            || !c.reset(frame.payloadBuffer(), frame.payloadIndex(), frame.size())) {
          continue;
        }
        for (int i = 0, n = c.size(); i < n; i++) {
          if (c.select(i)) {
            sum += visit(c);
            counters.events++;
          }
        }
      }
    }
    return sum;
  }

  /** Reads every field of the selected event. */
  static long visit(EventCursor c) {
    long sum = c.enqueuedSecond() + c.enqueuedSubsecond() + c.idIndex() + c.idLength() + c.clientSecond()
        + c.appIdIndex() + c.appIdLength() + c.payloadType().ordinal() + Float.floatToRawIntBits(c.passProbability())
        + (c.zstd() ? 1 : 0);
    switch (c.payloadType()) {
      case CB:
        sum += (c.deferred() ? 1 : 0) + c.learningMode().ordinal() + c.contextIndex() + c.contextLength()
            + c.modelIdIndex() + c.modelIdLength();
        for (int k = 0, n = c.actionCount(); k < n; k++) {
          sum += c.action(k);
        }
        for (int k = 0, n = c.probabilityCount(); k < n; k++) {
          sum += Float.floatToRawIntBits(c.probability(k));
        }
        break;
      case CCB:
      case SLATES:
        sum += (c.deferred() ? 1 : 0) + c.learningMode().ordinal() + c.contextIndex() + c.contextLength()
            + c.modelIdIndex() + c.modelIdLength();
        for (int s = 0, slots = c.slotCount(); s < slots; s++) {
          c.slot(s);
          sum += c.slotIdIndex() + c.slotIdLength();
          for (int k = 0, n = c.slotActionCount(); k < n; k++) {
            sum += c.slotAction(k);
          }
          for (int k = 0, n = c.slotProbabilityCount(); k < n; k++) {
            sum += Float.floatToRawIntBits(c.slotProbability(k));
          }
        }
        for (int k = 0, n = c.baselineCount(); k < n; k++) {
          sum += c.baseline(k);
        }
        break;
      case CA:
        sum += (c.deferred() ? 1 : 0) + c.learningMode().ordinal() + c.contextIndex() + c.contextLength()
            + c.modelIdIndex() + c.modelIdLength() + Float.floatToRawIntBits(c.caAction())
            + Float.floatToRawIntBits(c.pdfValue());
        break;
      case OUTCOME:
        sum += c.valueTag() + Float.floatToRawIntBits(c.numericValue()) + c.literalValueIndex()
            + c.literalValueLength() + c.indexTag() + c.numericIndex() + c.literalIndexIndex()
            + c.literalIndexLength() + (c.actionTaken() ? 1 : 0);
        break;
      case DEDUP_INFO:
        for (int k = 0, n = c.dedupIdCount(); k < n; k++) {
          sum += c.dedupId(k);
        }
        for (int k = 0, n = c.dedupValueCount(); k < n; k++) {
          sum += c.dedupValueIndex(k) + c.dedupValueLength(k);
        }
        break;
      default:
        break;
    }
    return sum;
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
