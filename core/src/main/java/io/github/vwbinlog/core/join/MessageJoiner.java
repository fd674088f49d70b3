package io.github.vwbinlog.core.join;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.framing.PayloadFile;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.event.DedupInfo;
import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The joiner of REGULAR messages, of one log or of one part of it, as the layers above use it: each message is joined
 * once, by the single joiner ({@link SingleJoiner} over {@link MessageScan}) or, for a multistep log, by the
 * multistep joiner ({@link MultistepJoiner}), and its joined events go to the {@link EventSink} as views. It is what
 * every run has in common: the {@code Joiner} of a whole log or of a byte range, the conversion, the parts of a
 * parallel join.
 *
 * <pre>{@code
 * MessageJoiner joiner = MessageJoiner.of(config, counters, limits, zstd);   // or MessageJoiner.multistep(...)
 * joiner.regular(offset, payload, sink);
 * }</pre>
 *
 * <p>Not thread-safe. {@link #close()} gives the scan's zstd context back to the pool; the joiner can go on
 * afterwards. A joiner made without a pool decompresses as the record decoder does, allocating.
 */
public final class MessageJoiner implements AutoCloseable {
  private final @Nullable SingleJoiner single;
  private final @Nullable MultistepJoiner multistep;

  private MessageJoiner(@Nullable SingleJoiner single, @Nullable MultistepJoiner multistep) {
    this.single = single;
    this.multistep = multistep;
  }

  /** The multistep joiner of a whole log (SPEC §7); its scan borrows zstd contexts from {@code zstd}. */
  public static MessageJoiner multistep(StickyConfig config, JoinCounters counters, ReadLimits limits,
      @Nullable ZstdContexts zstd) {
    return new MessageJoiner(null, new MultistepJoiner(config, counters, limits, zstd));
  }

  /** The joiner of a whole log, with its own dedup cache; its scan borrows zstd contexts from {@code zstd}. */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits,
      @Nullable ZstdContexts zstd) {
    return new MessageJoiner(new SingleJoiner(config, counters, limits, zstd), null);
  }

  /**
   * The joiner of a part of a log, with {@code cache}: the whole log's, for a part joined in its turn, or an empty one
   * for a part joined ahead of its turn, which is then {@code journal}ed (see {@link #dedupJournal()} and
   * {@link #dedupUncertain()}).
   */
  public static MessageJoiner of(StickyConfig config, JoinCounters counters, ReadLimits limits, DedupCache cache,
      boolean journal, @Nullable ZstdContexts zstd) {
    return new MessageJoiner(new SingleJoiner(config, counters, limits, cache, journal, zstd), null);
  }

  /**
   * Joins one REGULAR message: each joined event goes to {@code sink} as a view, and is counted as emitted when the
   * sink takes it.
   */
  public void regular(long offset, ByteBuffer payload, EventSink sink) {
    if (single != null) {
      single.regular(offset, payload, sink);
    } else {
      java.util.Objects.requireNonNull(multistep).regular(offset, payload, sink);
    }
  }

  /**
   * Reads the payloads of REGULAR messages from {@code reader}'s file where it has them, rather than through their
   * views ({@link MessageScan#readFrom}): the same bytes, without the first access to each page of the mapping. Only
   * the single joiner does; a reader that is not one of core's (or such a reader's {@link BinaryLogReader#peek}), or
   * null, changes nothing.
   */
  public MessageJoiner readingFrom(@Nullable BinaryLogReader reader) {
    return reader == null ? this : readingFrom(MessageReader.payloadFileOf(reader));
  }

  /** Reads the payloads of REGULAR messages from {@code file} where it has them; null changes nothing. */
  public MessageJoiner readingFrom(@Nullable PayloadFile file) {
    if (single != null && file != null) {
      single.readFrom(file);
    }
    return this;
  }

  /** For a part: whether its result may depend on the ids cached before it, so that it must be joined again. */
  public boolean dedupUncertain() {
    return single != null && single.dedupUncertain();
  }

  /** For a part: the DedupInfo events it applied, in order, to be replayed on the whole log's cache. */
  public List<DedupInfo> dedupJournal() {
    return single != null ? single.dedupJournal() : List.of();
  }

  /** Gives back the scan's zstd context, if it borrowed one. */
  @Override
  public void close() {
    if (single != null) {
      single.close();
    } else {
      java.util.Objects.requireNonNull(multistep).close();
    }
  }
}
