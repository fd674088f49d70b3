package io.github.vwbinlog.join;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Collector;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * Joins a whole log: applies its CHECKPOINTs (and the sticky overrides of {@link JoinOptions}), groups the events of
 * each REGULAR message by id, and yields one {@link JoinResult} per joined event in VW's order (SPEC §3, §4). Every
 * message, event, interaction or outcome it skips is reported to the read options' listener and counted in
 * {@link #summary()}. Framing problems end the log as VW ends it, reported as errors, unless
 * {@link JoinFeature#STRICT} makes them throw.
 *
 * <p>Not thread-safe; iterate once.
 *
 * <pre>{@code
 * try (Joiner joiner = Joiner.open(Path.of("joined.log"), JoinOptions.defaults())) {
 *   for (JoinResult r : joiner) {
 *     System.out.println(r.id() + " " + r.reward());
 *   }
 *   System.out.println(joiner.summary());
 * }
 * }</pre>
 */
public interface Joiner extends Iterable<JoinResult>, AutoCloseable {

  /**
   * Opens a file. Every diagnostic, the reader's included (unknown message types, framing problems), is counted in
   * {@link #summary()} and forwarded to the read options' listener.
   */
  static Joiner open(Path file, JoinOptions options) throws IOException {
    return Providers.get().openJoiner(file, options);
  }

  /**
   * Opens a byte range of a file: joins only the REGULAR messages whose offset lies in {@code [from, to)}, each
   * exactly as {@link #open(Path, JoinOptions)} joins it in a pass over the whole file (the settings in force and the
   * dedup cache as they are there), and reports only the diagnostics of the range's messages. So ranges that cover a
   * file, one after the other, give the events and diagnostics of one pass: a large file can be joined in pieces, on
   * several machines (a Spark split is such a range). A range need not start or end at a message boundary: a message
   * belongs to the range its first byte lies in.
   *
   * <p>Reading a range plans it first ({@link LogRange#plan}: the message headers before {@code from} are read, the
   * payloads skipped, nothing mapped), then maps only the range's bytes ({@link #open(Path, JoinOptions, LogRange)});
   * only when a message's result could depend on a DedupInfo event before the range are the
   * earlier messages joined once more. Not for {@link JoinFeature#MULTISTEP}, whose episodes cross messages.
   *
   * <pre>{@code
   * long size = Files.size(log);
   * try (Joiner first = Joiner.open(log, options, 0, size / 2);
   *     Joiner second = Joiner.open(log, options, size / 2, size)) {
   *   // first's events, then second's: those of Joiner.open(log, options)
   * }
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code from} is negative or above {@code to}, or the options are multistep
   */
  static Joiner open(Path file, JoinOptions options, long from, long to) throws IOException {
    return Providers.get().openJoiner(file, options, from, to);
  }

  /**
   * Joins a byte range of a log that is not a local file (HDFS, S3...), as {@link #open(Path, JoinOptions, long, long)}
   * joins a range of a file. {@code source} opens a reader of the log from its start, with the read options it is
   * given; it is called once, and once more only when a result depends on a DedupInfo event before the range (the log
   * is then read again up to the range). The joiner closes the readers it opened.
   *
   * <pre>{@code
   * Joiner part = Joiner.of(readOptions -> BinaryLogReader.of(fileSystem.open(path), readOptions), options, from, to);
   * }</pre>
   *
   * @throws IOException if {@code source} cannot open the log
   * @throws IllegalArgumentException as {@link #open(Path, JoinOptions, long, long)}
   */
  static Joiner of(Source source, JoinOptions options, long from, long to) throws IOException {
    return Providers.get().joiner(source, options, from, to);
  }

  /**
   * Joins a planned range of a file ({@link LogRange#plan}): the REGULAR messages whose offset lies in
   * {@code [range.from(), range.to())}, as {@link #open(Path, JoinOptions, long, long)} joins them, mapping only the
   * range's bytes {@code [range.start(), range.limit())}. Nothing before the range is read, unless a message's result
   * depends on the dedup cache before it (a DedupInfo value that does not parse, for an id new to the range; with
   * {@link JoinFeature#FOR_TRAINING}, a context with {@code __aid} references): then the log before the range is
   * joined once more, silently, to rebuild the cache.
   *
   * @throws IllegalArgumentException if the options are multistep
   */
  static Joiner open(Path file, JoinOptions options, LogRange range) throws IOException {
    return of((start, limit, readOptions) -> io.github.vwbinlog.BinaryLogReader.open(file, start, limit, readOptions),
        options, range);
  }

  /**
   * Joins a planned range of a log that is not a local file (HDFS, S3...), as {@link #open(Path, JoinOptions,
   * LogRange)} joins a range of a file: {@code source} opens a reader of the range's bytes, and, only when the dedup
   * cache before the range must be rebuilt, once more a reader of the bytes before it. The joiner closes the readers.
   *
   * <pre>{@code
   * Joiner part = Joiner.of((start, limit, readOptions) -> {
   *   FSDataInputStream in = fileSystem.open(path);   // Hadoop's, or any stream that can seek
   *   in.seek(start);
   *   return BinaryLogReader.of(Channels.newChannel(in), start, readOptions);
   * }, options, range);
   * }</pre>
   *
   * <p>A reader that goes on past {@code limit} gives the same result (the join stops at the first message at or
   * after {@code range.to()}); one that ends at {@code limit} reads nothing more than the range's messages.
   *
   * @throws IOException if {@code source} cannot open the log
   * @throws IllegalArgumentException if the options are multistep
   */
  static Joiner of(RangeSource source, JoinOptions options, LogRange range) throws IOException {
    return Providers.get().joiner(source, options, range);
  }

  /** Opens a reader of a byte range of a log: see {@link #of(RangeSource, JoinOptions, LogRange)}. */
  @FunctionalInterface
  interface RangeSource {
    /**
     * A reader of the log's bytes {@code [start, limit)}, as if the log ended at {@code limit}, whose offsets are the
     * log's ({@link io.github.vwbinlog.BinaryLogReader#open(Path, long, long, io.github.vwbinlog.ReadOptions)},
     * {@link io.github.vwbinlog.BinaryLogReader#of(java.nio.channels.ReadableByteChannel, long,
     * io.github.vwbinlog.ReadOptions)}); {@code start} is a message boundary.
     */
    io.github.vwbinlog.BinaryLogReader open(long start, long limit, io.github.vwbinlog.ReadOptions options)
        throws IOException;
  }

  /** Opens a reader of a log from its start: see {@link #of(Source, JoinOptions, long, long)}. */
  @FunctionalInterface
  interface Source {
    /** A reader of the log from its start, with these read options. */
    BinaryLogReader open(io.github.vwbinlog.ReadOptions options) throws IOException;
  }

  /**
   * Joins the messages of a reader; closing the joiner closes it. Every diagnostic is counted in {@link #summary()},
   * the reader's own included, as with {@link #open(Path, JoinOptions)}; those the reader reports itself (unknown
   * message types, framing problems in lenient mode) go to the reader's listener, the others to the join options'.
   */
  static Joiner of(BinaryLogReader reader, JoinOptions options) {
    return Providers.get().joiner(reader, options);
  }

  /**
   * Joins a whole file and reduces its joined events with a collector, on {@link JoinOptions#threads()} threads: the
   * result is that of {@code Joiner.open(file, options).stream().collect(collector)}, and the summary and the
   * diagnostics (in log order, to the read options' listener, on the calling thread) are the joiner's, whatever the
   * thread count. With more than one thread (the single joiner, not strict: see {@link JoinOptions#threads()}) the log
   * is cut into parts at REGULAR messages, as {@link DsjsonConverter} cuts it; the parts are joined in parallel, each
   * into a container of its own ({@code collector.supplier()}, {@code accumulator()}, its events in log order), and
   * the containers are combined in log order, {@code combiner().apply(earlier, later)}. So, as for a parallel stream,
   * the combiner must be associative, and the collector's functions may run on several threads at once, each on
   * containers of its own.
   *
   * <pre>{@code
   * Joiner.Collected<Long> learnable = Joiner.collect(Path.of("joined.log"), JoinOptions.defaults().withThreads(2),
   *     Collectors.filtering(JoinResult::learnable, Collectors.counting()));
   * System.out.println(learnable.result() + " of " + learnable.summary().emittedTotal() + " joined events");
   * }</pre>
   *
   * @param <R> the collector's result
   * @throws IOException if the file cannot be read
   * @throws io.github.vwbinlog.BinaryLogException with {@link JoinFeature#STRICT}, at the first error
   */
  static <R> Collected<R> collect(Path file, JoinOptions options, Collector<? super JoinResult, ?, R> collector)
      throws IOException {
    return Providers.get().collect(file, options, collector);
  }

  /**
   * Joins a whole file into a sink of views, on {@link JoinOptions#threads()} threads: each joined event reaches
   * {@code sink} as a {@link JoinedEventView}, part after part ({@link JoinedEventSink}), with no record built unless
   * the sink asks for one; the finished parts come back in log order on the calling thread, and the summary and the
   * diagnostics (in log order, to the read options' listener) are the joiner's, whatever the thread count. The log is
   * cut into parts at REGULAR messages as {@link #collect} cuts it; with one thread, with {@link JoinFeature#STRICT}
   * or {@link JoinFeature#MULTISTEP}, the parts are joined one after the other on the calling thread.
   *
   * <pre>{@code
   * JoinSummary summary = Joiner.run(Path.of("joined.log"), JoinOptions.defaults(), sink);
   * }</pre>
   *
   * @param <P> what a part of the sink makes
   * @throws IOException if the file cannot be read, or the sink cannot finish a part
   * @throws io.github.vwbinlog.BinaryLogException with {@link JoinFeature#STRICT}, at the first error
   */
  static <P> JoinSummary run(Path file, JoinOptions options, JoinedEventSink<P> sink) throws IOException {
    return Providers.get().run(file, options, sink);
  }

  /**
   * {@link #run(Path, JoinOptions, JoinedEventSink)} over the messages of a reader (a log read from a stream), which is
   * read to its end but not closed.
   *
   * @param <P> what a part of the sink makes
   * @throws IOException if the sink cannot finish a part
   * @throws io.github.vwbinlog.BinaryLogException with {@link JoinFeature#STRICT}, at the first error
   */
  static <P> JoinSummary run(BinaryLogReader reader, JoinOptions options, JoinedEventSink<P> sink)
      throws IOException {
    return Providers.get().run(reader, options, sink);
  }

  /**
   * What {@link #collect} returns.
   *
   * @param result the collector's result
   * @param summary what the join read, emitted and skipped, as {@link #summary()} says it
   * @param <R> the collector's result
   */
  record Collected<R>(R result, JoinSummary summary) {}

  /**
   * The joined events in order.
   *
   * @throws IllegalStateException if called a second time
   */
  @Override
  Iterator<JoinResult> iterator();

  /** The joined events as a sequential stream; closing the stream closes the joiner. */
  default Stream<JoinResult> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(),
        Spliterator.ORDERED | Spliterator.NONNULL), false).onClose(this::close);
  }

  /**
   * Joins the next REGULAR message of the log into one part of {@code sink}, the pull form of {@link #run}: reads the
   * messages up to it (applying CHECKPOINTs), opens a part, hands it the message's joined events in log order as views
   * (each valid during its {@link JoinedEventSink#accept} call only) and finishes it, on the calling thread. A message
   * joined again (a byte range rebuilding its dedup cache) gets a new part; the first is dropped unfinished. For a
   * reader that yields rows one by one without a record per event, holding one message's worth at a time.
   *
   * <pre>{@code
   * try (Joiner joiner = Joiner.open(log, options)) {
   *   while (joiner.joinNext(sink)) {
   *     // sink.finish(part) has taken the message's events
   *   }
   * }
   * }</pre>
   *
   * <p>A joiner is iterated ({@link #iterator()}) or joined message by message, not both.
   *
   * @return false at the end of the log (or of the range), when no message was joined
   * @throws IOException if the sink's {@code finish} throws it
   * @throws IllegalStateException if the joiner was iterated
   */
  <P> boolean joinNext(JoinedEventSink<P> sink) throws IOException;

  /** What was read, emitted and skipped so far. */
  JoinSummary summary();

  /**
   * Where the event the iterator returned last came from: the offset of its REGULAR message and the settings in force
   * for it (the last CHECKPOINT before it, with the sticky overrides of {@link JoinOptions} applied); null before the
   * first event. For a consumer that stores events with their origin (a Spark row has the message's offset and the
   * reward function).
   *
   * <pre>{@code
   * for (JoinResult r : joiner) {
   *   Joiner.Position at = joiner.position();
   *   System.out.println(r.id() + " at " + at.offset() + " " + at.settings().rewardFunction());
   * }
   * }</pre>
   */
  @Nullable Position position();

  /**
   * See {@link #position()}.
   *
   * @param offset the offset of the REGULAR message the event was joined from
   * @param settings the settings in force for it
   */
  record Position(long offset, CheckpointInfo settings) {}

  /** Closes the reader. */
  @Override
  void close();
}
