package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.join.DedupCache;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.LogRange;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The join of a byte range of a log: the REGULAR messages whose offset lies in {@code [from, to)}, each joined exactly
 * as a join of the whole log joins it, with the same diagnostics; so that ranges that cover a log give, one after
 * the other, the events and diagnostics of one pass (a Spark split of a large file is such a range).
 *
 * <p>A planned range ({@link LogRange}, {@link RangePlanner}) is read from its first message to the message after its
 * last one, and nothing before it: the plan gives the settings in force (the CHECKPOINTs applied before the range)
 * and whether a REGULAR message came before. A range of a log that can only be read from its start (a stream) frames
 * the messages before {@code from} and applies their CHECKPOINTs (silently: their diagnostics are the earlier
 * ranges'). Either is read by the one loop over messages ({@link MessageLoop}, in its range mode). The one state that crosses messages besides the settings is the dedup cache
 * (SPEC §4.5), and it decides only whether a DedupInfo value fails and, for training, how {@code __aid} references
 * expand. So the range starts with an empty cache that journals what it applies, as a part of the parallel
 * conversion does ({@code ParallelJoin}); only when a message's result could depend on an id cached before
 * {@code from} is the log read again from its start to the range (a second reader from the source) and joined
 * silently, to rebuild the whole log's cache, and that message joined again with it. Nothing before the range is
 * kept in memory. That re-reading is not bounded by the range: the cache's ids can reach back to the log's first
 * DedupInfo event; but it happens at most once per range, and only for a malformed log (a DedupInfo value that is not
 * a JSON object, for an id new to the range) or with {@link JoinFeature#FOR_TRAINING} and {@code __aid} references
 * (docs/SPARK.md). Each message is joined with counters of its own, so that a message joined again reports once.
 *
 * <p>Not thread-safe; iterate once. The multistep joiner is not supported (its episodes cross messages).
 */
public final class RangeJoiner extends LoopJoiner {
  /** The range's reader; null for a planned range in which no message starts. */
  private final @Nullable BinaryLogReader reader;
  private final Joiner.RangeSource source;
  /** The read options of the range's readers: the join's, with a listener that keeps the range's own reports. */
  private final ReadOptions readOptions;
  private final JoinOptions options;
  private final LogRange range;
  private final long from;
  private final long to;
  private final ReadLimits limits;
  /** The DedupInfo events the range's messages applied, in order, while the cache is not the whole file's. */
  private final List<DedupInfo> journal = new ArrayList<>();
  private DedupCache cache = new DedupCache();
  /** Whether {@link #cache} is the whole file's: no REGULAR message before the range, or rebuilt. */
  private boolean certain = true;
  /** Whether {@link #certain} was settled, at the range's first REGULAR message. */
  private boolean settled;
  private int rebuilt;

  /**
   * A join of {@code range}, whose reader {@code source} opens at {@code range.start()}: a planned range, or, for a
   * log that can only be read from its start, the range {@code [0, unbounded)} over which the loop finds the
   * settings and whether a REGULAR message came before {@code from} itself.
   */
  private RangeJoiner(Joiner.RangeSource source, JoinOptions options, LogRange range, JoinCounters counters)
      throws IOException {
    super(counters, new StickyConfig(options));
    if (options.isEnabled(JoinFeature.MULTISTEP)) {
      throw new IllegalArgumentException("a byte range of a multistep log cannot be joined on its own: its episodes "
          + "cross messages");
    }
    this.source = source;
    this.options = options;
    this.range = range;
    this.from = range.from();
    this.to = range.to();
    for (CheckpointInfo c : range.checkpoints()) {
      config.apply(c);
    }
    this.limits = options.readOptions().limits();
    // The reader's own reports (unknown message types) count for the range whose offsets they name.
    DiagnosticListener inRange = d -> {
      if (d.offset() >= from && d.offset() < to) {
        counters.report(d);
      }
    };
    this.readOptions = options.readOptions().withListener(inRange);
    this.reader = range.isEmpty() ? null : source.open(range.start(), range.limit(), readOptions);
  }

  /**
   * Opens {@code file} to join the REGULAR messages whose offset lies in {@code [from, to)}: plans the range
   * ({@link RangePlanner}) and maps only its bytes. A file that is not a regular file (a pipe) is read from its start.
   */
  public static RangeJoiner open(Path file, JoinOptions options, long from, long to) throws IOException {
    checkRange(from, to);
    if (!java.nio.file.Files.isRegularFile(file)) {
      return of(readOptions -> BinaryLogReader.open(file, readOptions), options, from, to);
    }
    LogRange range;
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file)) {
      range = RangePlanner.plan(channel, options.readOptions(), new long[] {from, to}).get(0);
    }
    return of((start, limit, readOptions) -> MessageReader.open(file, start, limit, readOptions), options, range);
  }

  /**
   * Joins the REGULAR messages of the log {@code source} reads from its start whose offset lies in {@code [from, to)}:
   * the messages before {@code from} are framed for their CHECKPOINTs only.
   */
  public static RangeJoiner of(Joiner.Source source, JoinOptions options, long from, long to) throws IOException {
    checkRange(from, to);
    return of((start, limit, readOptions) -> source.open(readOptions), options,
        new LogRange(from, to, 0, Long.MAX_VALUE, List.of(), false));
  }

  /** Joins a planned range, whose bytes {@code source} reads ({@link LogRange}). */
  public static RangeJoiner of(Joiner.RangeSource source, JoinOptions options, LogRange range) throws IOException {
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), options.isEnabled(JoinFeature.STRICT));
    return new RangeJoiner(source, options, range, counters);
  }

  private static void checkRange(long from, long to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("not a byte range: [" + from + ", " + to + ")");
    }
  }

  /** How many times the cache was rebuilt from the messages before the range (0 or 1). */
  public int rebuilt() {
    return rebuilt;
  }

  @Override
  JoinedEvents newEvents() {
    MessageLoop l = loop();
    return new JoinedEvents(ready -> l.step(r -> ready.addAll(regular(l, r, RECORDS))), config, l::offset);
  }

  /** The records of a message: the sink of {@link #iterator()}. */
  private static final JoinedEventSink<List<JoinResult>> RECORDS = new JoinedEventSink<>() {
    @Override
    public List<JoinResult> open() {
      return new ArrayList<>();
    }

    @Override
    public void accept(List<JoinResult> part, JoinedEventView event) {
      part.add(event.record());
    }

    @Override
    public void finish(List<JoinResult> part) {
      // iterator() takes the part regular() returns
    }
  };

  @Override
  MessageLoop newLoop() {
    BinaryLogReader r = reader;
    Iterator<Message> messages = r == null ? java.util.Collections.emptyIterator() : r.iterator();
    return MessageLoop.range(messages, config, limits, counters, counters, options.isEnabled(JoinFeature.STRICT), from,
        to);
  }

  /** Whether a REGULAR message came before the range: by the plan, or as the loop framed the bytes before it. */
  private boolean regularBefore(MessageLoop l) {
    return range.regularBefore() || l.regularBefore();
  }

  /**
   * Joins one REGULAR message of the range into a part of {@code sink}, again into a new part with the whole file's
   * cache if its result depends on it: when a REGULAR message came before the range ({@link #regularBefore}) and the
   * cache has not been rebuilt yet.
   *
   * @return the part that holds the message's events (the first part is dropped when the message is joined again)
   */
  @Override
  <P> P regular(MessageLoop l, Message.Regular r, JoinedEventSink<P> sink) {
    if (!settled) {
      certain = !regularBefore(l);
      settled = true;
    }
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinCounters own = new JoinCounters(diagnostics::add, false, true);
    MessageJoiner joiner = MessageJoiner.of(config, own, limits, cache, !certain, null).readingFrom(reader);
    P part = sink.open();
    joiner.regular(r.offset(), r.payload(), into(sink, part));
    if (!certain) {
      if (joiner.dedupUncertain()) {
        rebuildCache();
        diagnostics.clear();
        own = new JoinCounters(diagnostics::add, false, true);
        part = sink.open();
        MessageJoiner.of(config, own, limits, cache, false, null).regular(r.offset(), r.payload(), into(sink, part));
      } else {
        journal.addAll(joiner.dedupJournal());
      }
    }
    for (Diagnostic d : diagnostics) {
      counters.report(d); // in strict mode the first ERROR stops the join here, as it stops a whole-file join
    }
    counters.mergeFrom(own);
    return part;
  }

  /**
   * The whole log's cache at this point: the log read again from its start to the range and joined silently, then
   * the range's journal applied.
   */
  private void rebuildCache() {
    DedupCache whole = new DedupCache();
    StickyConfig settings = new StickyConfig(options);
    JoinCounters silent = new JoinCounters(DiagnosticListener.ignoring(), false, true);
    MessageJoiner joiner = MessageJoiner.of(settings, silent, limits, whole, false, null);
    try (BinaryLogReader again = source.open(0, range.start(),
        readOptions.withListener(DiagnosticListener.ignoring()))) {
      // The same loop, over [0, from): the first pass (or the plan) framed these bytes without error.
      MessageLoop before = MessageLoop.range(again.iterator(), settings, limits, silent, DiagnosticListener.ignoring(),
          false, 0, from);
      while (before.step(r -> joiner.regular(r.offset(), r.payload(), view -> true))) {
        // one message per step
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read the log again to rebuild its dedup cache", e);
    }
    // As in the parallel conversion: until its first DedupInfo the range's cache was empty, and after it both caches
    // hold the same ids in the same order, so no pair of the journal fails on the whole file's cache.
    for (DedupInfo info : journal) {
      whole.apply(info.ids(), info.values(), value -> true);
    }
    cache = whole;
    certain = true;
    journal.clear();
    rebuilt++;
  }

  @Override
  public void close() {
    BinaryLogReader r = reader;
    if (r != null) {
      r.close();
    }
  }
}
