package io.github.vwbinlog.core.join;

import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The single joiner of one log, or of one part of it, as the layers above use it: each REGULAR message is joined once,
 * by the one join ({@link SingleJoiner} over {@link MessageScan}), and its joined events go to the sink as records
 * ({@link #regular}) or as views whose DSJSON lines the sink writes ({@link #regularConverting}). It is what
 * {@link DefaultJoiner}, {@link RangeJoiner} and the parallel join have in common.
 *
 * <pre>{@code
 * MessageJoiner joiner = MessageJoiner.of(config, counters, limits, zstd);
 * joiner.regularConverting(offset, payload, out, lines);   // or joiner.regular(offset, payload, records)
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

  /** Joins one REGULAR message into records for {@code sink}. */
  public void regular(long offset, ByteBuffer payload, Consumer<JoinResult> sink) {
    single.regular(offset, payload, sink);
  }

  /**
   * Joins one REGULAR message for DSJSON: each joined event is handed to {@code sink} as a {@link JoinedView}, whose
   * line it appends to {@code out} (or refuses, reporting why), and is counted when its line is written.
   */
  public void regularConverting(long offset, ByteBuffer payload, JsonBytes out, LineSink sink) {
    single.regularConverting(offset, payload, out, sink);
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
