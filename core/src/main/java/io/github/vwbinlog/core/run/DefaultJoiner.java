package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.EventSink;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The {@link Joiner} of a whole log: the one loop over its messages ({@link MessageLoop}: framing, checkpoints, strict
 * mode) joins each REGULAR message with the single joiner, or the multistep joiner when {@link JoinFeature#MULTISTEP}
 * is on, into the caller's {@link EventSink} ({@link #step}: the conversion's DSJSON sink) or into records, buffering
 * the joined events of one message at a time ({@link #iterator}).
 */
public final class DefaultJoiner extends LoopJoiner {
  private final BinaryLogReader reader;
  private final JoinOptions options;
  /** The single joiner, or the multistep joiner with {@link JoinFeature#MULTISTEP}. */
  private final MessageJoiner joiner;

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
    super(counters, new StickyConfig(options));
    this.reader = reader;
    this.options = options;
    this.joiner = options.isEnabled(JoinFeature.MULTISTEP)
        ? MessageJoiner.multistep(config, counters, options.readOptions().limits(), zstd)
        : MessageJoiner.of(config, counters, options.readOptions().limits(), zstd).readingFrom(reader);
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

  /** The counters, for a converter that skips some results at output. */
  public JoinCounters counters() {
    return counters;
  }

  /**
   * Reads one message of the reader, handing the joined events of a REGULAR message to {@code sink}; a joiner is
   * stepped through by one caller, or iterated, not both.
   *
   * @return false at the end of the log
   */
  public boolean step(EventSink sink) {
    return loop().step(r -> joiner.regular(r.offset(), r.payload(), sink));
  }

  @Override
  MessageLoop newLoop() {
    return MessageLoop.whole(reader.iterator(), config, options.readOptions().limits(), counters, counters,
        options.isEnabled(JoinFeature.STRICT));
  }

  @Override
  <P> P regular(MessageLoop l, Message.Regular r, JoinedEventSink<P> sink) {
    P part = sink.open();
    joiner.regular(r.offset(), r.payload(), into(sink, part));
    return part;
  }

  @Override
  JoinedEvents newEvents() {
    return new JoinedEvents(ready -> step(EventSink.records(ready::add)), config, this::currentOffset);
  }

  /** Gives back what the join borrowed (a zstd context); the joiner can go on. */
  public void release() {
    joiner.close();
  }

  @Override
  public void close() {
    release();
    reader.close();
  }
}
