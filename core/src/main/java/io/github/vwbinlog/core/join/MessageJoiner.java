package io.github.vwbinlog.core.join;

import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The single joiner of one log, or of one part of it, as the layers above use it: each REGULAR message is joined
 * into records for a sink, or, in conversion, has its DSJSON lines written by the fast path when it can
 * ({@link FastSingleJoiner}) and is joined into records otherwise. The output is the same either way. It is what
 * {@link DefaultJoiner} and the parallel conversion have in common.
 *
 * <pre>{@code
 * MessageJoiner joiner = MessageJoiner.of(config, counters, limits, zstd);
 * joiner.regularConverting(offset, payload, out, sink); // the fast path's views, or records, to the sink
 * }</pre>
 *
 * <p>Not thread-safe. {@link #close()} gives the fast path's zstd context back to the pool; the joiner can go on
 * afterwards. A joiner made without a pool joins records only.
 */
public final class MessageJoiner implements AutoCloseable {
  private final StickyConfig config;
  private final JoinCounters counters;
  private final ReadLimits limits;
  private final SingleJoiner single;
  private final @Nullable ZstdContexts zstd;
  private @Nullable FastSingleJoiner fast;

  private MessageJoiner(StickyConfig config, JoinCounters counters, ReadLimits limits, SingleJoiner single,
      @Nullable ZstdContexts zstd) {
    this.config = config;
    this.counters = counters;
    this.limits = limits;
    this.single = single;
    this.zstd = zstd;
  }

  /**
   * The joiner of a whole log, with its own dedup cache; its fast path borrows from {@code zstd}, or, without a pool,
   * it joins records only.
   */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits,
      @Nullable ZstdContexts zstd) {
    return new MessageJoiner(config, counters, limits, new SingleJoiner(config, counters, limits), zstd);
  }

  /**
   * The joiner of a part of a log, with {@code cache}: the whole log's, for a part joined in its turn, or an empty one
   * for a part joined ahead of its turn, which is then {@code journal}ed (see {@link #dedupJournal()} and
   * {@link #dedupUncertain()}).
   */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits, DedupCache cache,
      boolean journal, @Nullable ZstdContexts zstd) {
    return new MessageJoiner(config, counters, limits, new SingleJoiner(config, counters, limits, cache, journal),
        zstd);
  }

  /** Joins one REGULAR message into records for {@code sink}. */
  public void regular(long offset, ByteBuffer payload, Consumer<JoinResult> sink) {
    single.regular(offset, payload, sink);
  }

  /**
   * Converts one REGULAR message: the fast path joins it in place and hands {@code sink} each joined event as a
   * {@link JoinedView} whose line it appends to {@code out}; when the fast path cannot take the message, its joined
   * records go to {@code sink}. Either way the sink's one DSJSON writer writes the lines.
   *
   * @return true when the fast path wrote the lines
   * @throws IllegalStateException if the joiner was made without a zstd pool
   */
  public boolean regularConverting(long offset, ByteBuffer payload, JsonBytes out, LineSink sink) {
    FastSingleJoiner f = fast;
    if (f == null) {
      if (zstd == null) {
        throw new IllegalStateException("this joiner was made without a zstd pool: it joins records only");
      }
      f = new FastSingleJoiner(config, counters, limits, single, zstd);
      fast = f;
    }
    if (f.regular(offset, payload, out, sink)) {
      return true;
    }
    single.regular(offset, payload, sink);
    return false;
  }

  /** How many REGULAR messages the fast path converted. */
  public long fastPathMessages() {
    return fast == null ? 0 : fast.converted();
  }

  /** For a part: whether its result may depend on the ids cached before it, so that it must be joined again. */
  public boolean dedupUncertain() {
    return single.dedupUncertain();
  }

  /** For a part: the DedupInfo events it applied, in order, to be replayed on the whole log's cache. */
  public List<DedupInfo> dedupJournal() {
    return single.dedupJournal();
  }

  /** Gives back the fast path's zstd context, if it borrowed one. */
  @Override
  public void close() {
    if (fast != null) {
      fast.close();
    }
  }
}
