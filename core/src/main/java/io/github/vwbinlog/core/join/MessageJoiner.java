package io.github.vwbinlog.core.join;

import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.event.DedupInfo;
import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The single joiner of one log, or of one part of it, as the layers above use it: each REGULAR message is joined once,
 * by the one join ({@link SingleJoiner} over {@link MessageScan}), and its joined events go to the {@link EventSink} as
 * views. It is what {@link DefaultJoiner}, {@link RangeJoiner} and the parallel join have in common.
 *
 * <pre>{@code
 * MessageJoiner joiner = MessageJoiner.of(config, counters, limits, zstd);
 * joiner.regular(offset, payload, sink);
 * }</pre>
 *
 * <p>Not thread-safe. {@link #close()} gives the scan's zstd context back to the pool; the joiner can go on
 * afterwards. A joiner made without a pool decompresses as the record decoder does, allocating.
 */
public final class MessageJoiner implements AutoCloseable {
  private final SingleJoiner single;

  private MessageJoiner(SingleJoiner single) {
    this.single = single;
  }

  /** The joiner of a whole log, with its own dedup cache; its scan borrows zstd contexts from {@code zstd}. */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits,
      @Nullable ZstdContexts zstd) {
    return new MessageJoiner(new SingleJoiner(config, counters, limits, zstd));
  }

  /**
   * The joiner of a part of a log, with {@code cache}: the whole log's, for a part joined in its turn, or an empty one
   * for a part joined ahead of its turn, which is then {@code journal}ed (see {@link #dedupJournal()} and
   * {@link #dedupUncertain()}).
   */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits, DedupCache cache,
      boolean journal, @Nullable ZstdContexts zstd) {
    return new MessageJoiner(new SingleJoiner(config, counters, limits, cache, journal, zstd));
  }

  /**
   * Joins one REGULAR message: each joined event goes to {@code sink} as a view, and is counted as emitted when the
   * sink takes it.
   */
  public void regular(long offset, ByteBuffer payload, EventSink sink) {
    single.regular(offset, payload, sink);
  }

  /** For a part: whether its result may depend on the ids cached before it, so that it must be joined again. */
  public boolean dedupUncertain() {
    return single.dedupUncertain();
  }

  /** For a part: the DedupInfo events it applied, in order, to be replayed on the whole log's cache. */
  public List<DedupInfo> dedupJournal() {
    return single.dedupJournal();
  }

  /** Gives back the scan's zstd context, if it borrowed one. */
  @Override
  public void close() {
    single.close();
  }
}
