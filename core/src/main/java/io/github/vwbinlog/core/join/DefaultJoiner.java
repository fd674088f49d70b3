package io.github.vwbinlog.core.join;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.Joiner.Position;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Joiner}: pulls messages from a reader, applies checkpoints, and joins REGULAR messages with the single
 * joiner, or the multistep joiner when {@link JoinFeature#MULTISTEP} is on, buffering the joined events of one
 * message at a time. A framing problem ends the log as VW ends it (SPEC §1), reported as an error; in strict mode it is
 * thrown.
 */
public final class DefaultJoiner implements Joiner {
  private final BinaryLogReader reader;
  private final JoinOptions options;
  private final JoinCounters counters;
  private final StickyConfig config;
  private final MessageJoiner single;
  private final MultistepJoiner multistep;
  private long currentOffset = -1;
  /** The events being iterated; null before {@link #iterator()}. */
  private @Nullable JoinedEvents events;

  /**
   * Joins the messages of {@code reader}. The diagnostics the reader reports itself (unknown message types, framing
   * problems in lenient mode) still go to its own listener, and are counted here too when it is one of core's readers.
   */
  public static DefaultJoiner of(BinaryLogReader reader, JoinOptions options, @Nullable ZstdContexts zstd) {
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), options.isEnabled(JoinFeature.STRICT));
    counters.countDiagnosticsOf(reader);
    return new DefaultJoiner(reader, options, counters, zstd);
  }

  private DefaultJoiner(BinaryLogReader reader, JoinOptions options, JoinCounters counters,
      @Nullable ZstdContexts zstd) {
    this.reader = reader;
    this.options = options;
    this.counters = counters;
    this.config = new StickyConfig(options);
    this.single = MessageJoiner.of(config, counters, options.readOptions().limits(), zstd);
    this.multistep = new MultistepJoiner(config, counters, options.readOptions().limits(), zstd);
  }

  /**
   * Opens a file with a reader that reports to this joiner's counters, so its notices are counted too. The join
   * borrows zstd contexts from {@code zstd}, or, without a pool, decompresses as the record decoder does.
   */
  public static DefaultJoiner open(Path file, JoinOptions options, @Nullable ZstdContexts zstd) throws IOException {
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), options.isEnabled(JoinFeature.STRICT));
    BinaryLogReader reader = BinaryLogReader.open(file, options.readOptions().withListener(counters));
    return new DefaultJoiner(reader, options, counters, zstd);
  }

  /** The offset of the message being joined, for diagnostics raised after joining. */
  public long currentOffset() {
    return currentOffset;
  }

  /** The messages of the reader this joiner was opened on; to be iterated once, by one caller. */
  public Iterator<Message> readerMessages() {
    return reader.iterator();
  }

  /** The counters, for a converter that skips some results at output. */
  public JoinCounters counters() {
    return counters;
  }

  /**
   * Reads one message, handing the joined events of a REGULAR message to {@code sink}.
   *
   * @return false at the end of the log
   */
  public boolean step(Iterator<Message> messages, EventSink sink) {
    Message m;
    try {
      if (!messages.hasNext()) {
        return false;
      }
      m = messages.next();
    } catch (BinaryLogException e) {
      if (options.isEnabled(JoinFeature.STRICT)) {
        throw e;
      }
      counters.report(e.toDiagnostic());
      return false;
    }
    currentOffset = m.offset();
    counters.message(m.type());
    if (m instanceof Message.Checkpoint c) {
      checkpoint(c);
    } else if (m instanceof Message.Regular r) {
      if (options.isEnabled(JoinFeature.MULTISTEP)) {
        multistep.regular(r.offset(), r.payload(), sink);
      } else {
        single.regular(r.offset(), r.payload(), sink);
      }
    }
    return true;
  }

  private void checkpoint(Message.Checkpoint c) {
    checkpoint(c, config, options.readOptions().limits(), counters);
  }

  /**
   * Applies a CHECKPOINT to {@code config}; a malformed one is reported and ignored (one beyond a verifier limit as
   * {@link DiagnosticReason#LIMIT_EXCEEDED}).
   */
  public static void checkpoint(Message.Checkpoint c, StickyConfig config, ReadLimits limits,
      DiagnosticListener listener) {
    try {
      config.apply(Decoders.checkpointInfo(c.payload(), c.offset(), limits));
    } catch (BinaryLogException e) {
      listener.report(new Diagnostic(e instanceof LimitExceededException ? DiagnosticReason.LIMIT_EXCEEDED
          : DiagnosticReason.MALFORMED_CHECKPOINT, c.offset(), null, "checkpoint ignored: " + e.getMessage()));
    }
  }

  @Override
  public Iterator<JoinResult> iterator() {
    if (events != null) {
      throw new IllegalStateException("a Joiner can be iterated only once");
    }
    Iterator<Message> messages = reader.iterator();
    JoinedEvents e = new JoinedEvents(ready -> step(messages, EventSink.records(ready::add)), config,
        () -> currentOffset);
    events = e;
    return e;
  }

  @Override
  public JoinSummary summary() {
    return counters.summary();
  }

  @Override
  public @Nullable Position position() {
    JoinedEvents e = events;
    return e == null ? null : e.position();
  }

  /** Gives back what the join borrowed (a zstd context); the joiner can go on. */
  public void release() {
    single.close();
    multistep.close();
  }

  @Override
  public void close() {
    release();
    reader.close();
  }
}
