package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.framing.FileBytes;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.framing.PayloadFile;
import io.github.vwbinlog.core.join.DedupCache;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.core.join.StickyConfig;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A join on several threads, with the result of one (the single joiner only): {@code threads - 1} workers and the
 * calling thread, which joins parts too while the next part to take is not ready. What becomes of the joined events
 * is the {@link PartSink}'s: DSJSON lines ({@link DsjsonParts}, the parallel conversion), or any public
 * {@code JoinedEventSink} ({@link ViewParts}: {@code Joiner.run}, and {@code Joiner.collect}'s collector).
 *
 * <p>The calling thread reads the messages with the one loop over messages ({@link MessageLoop}: framing, counting,
 * CHECKPOINTs applied to the configuration in order) and cuts the REGULAR messages into parts of a few MiB, each with
 * a copy of the configuration in force. Worker threads join the parts, each with its own joiner, counters and sink
 * state. The calling thread takes the finished parts in
 * log order: it hands their state to the sink, reports their diagnostics to the whole log's counters (and so to the
 * caller's listener, in log order), adds their counts, and replays their metrics' binary32 sums operand by operand,
 * so the summary is that of a sequential run.
 *
 * <p>The one state that crosses REGULAR messages is the dedup cache (SPEC §4.5), and it matters only for whether a
 * DedupInfo value fails: a cached id's value is not parsed. A part starts with an empty cache and journals the
 * DedupInfo events it applies; the calling thread replays them on the whole log's cache. A part that met a value
 * that failed here but might be cached in the whole log's cache is joined again on the calling thread, in order,
 * with that cache (its first state discarded). A value that parses, or an id the part itself cached, behaves the same
 * in both caches, so every other part is exact as it is.
 *
 * <p>When the threads would take every core, the first 64 MiB that the caller's count {@code warm} has not yet seen
 * (a converter keeps one over all its conversions) are joined on the calling thread alone, so that the JIT's compiler
 * threads have the other cores while they compile the hot code. The count is the caller's, not the JVM's: nothing
 * here is global.
 *
 * <p>Memory is bounded: at most two parts per thread are in flight, and parts are smaller when there are more than
 * four threads, so that about 16 MiB of DSJSON is held at most (the log itself is mapped, not read into the heap).
 *
 * @param <S> what the sink makes of a part
 */
public final class ParallelJoin<S> {
  /** By default a part ends after this many payload bytes. */
  private static final int PART_BYTES = 2 << 20;

  private final JoinCounters counters;
  private final PartSink<S> sink;
  private final StickyConfig config;
  private final DedupCache dedup = new DedupCache();
  private final ReadLimits limits;
  private final int threads;
  private final long partBytes;
  /** Whether the joining threads would take every core: only then do they wait for the JVM to warm up. */
  private final boolean leaveCoresToJit;
  /** The file the parts read their payloads from ({@link #readingFrom}), or null to read them through their views. */
  private @Nullable FileBytes file;
  private final ZstdContexts zstd;
  /** The caller's joined input so far, up to {@link #WARM_BYTES}: its first joins leave the cores to the JIT. */
  private final AtomicLong warm;
  /** Input of this join handed to parts so far. */
  private long submittedBytes;
  private int rejoined;

  /** Input that the caller's joins join on the calling thread alone before workers are used. */
  private static final long WARM_BYTES = 64L << 20;

  /**
   * A join of the whole log.
   *
   * @param counters the whole log's counters: every diagnostic goes through them, in log order
   * @param zstd the join's pool of zstd contexts, one per thread
   * @param warm the input joined so far by the caller's joins, up to the warm-up (updated here)
   * @param sink what becomes of the joined events
   */
  public ParallelJoin(JoinOptions options, JoinCounters counters, ZstdContexts zstd, AtomicLong warm,
      PartSink<S> sink) {
    // At most two parts per thread are in flight, about 16 MiB of output whatever the thread count.
    this(options, counters, zstd, warm, Math.max(256 << 10, Math.min(PART_BYTES, (8 << 20) / options.threads())),
        Runtime.getRuntime().availableProcessors() <= options.threads(), sink);
  }

  /**
   * A join whose parts end after {@code partBytes} payload bytes, with workers from the first part (tests use tiny
   * parts and want the workers whatever the machine).
   */
  public ParallelJoin(JoinOptions options, JoinCounters counters, ZstdContexts zstd, long partBytes,
      PartSink<S> sink) {
    this(options, counters, zstd, new AtomicLong(), partBytes, false, sink);
  }

  private ParallelJoin(JoinOptions options, JoinCounters counters, ZstdContexts zstd, AtomicLong warm,
      long partBytes, boolean leaveCoresToJit, PartSink<S> sink) {
    this.partBytes = partBytes;
    this.counters = counters;
    this.zstd = zstd;
    this.warm = warm;
    this.sink = sink;
    this.config = new StickyConfig(options);
    this.limits = options.readOptions().limits();
    this.threads = options.threads();
    this.leaveCoresToJit = leaveCoresToJit;
  }

  /**
   * Reads the payloads of the parts' messages from {@code reader}'s file, by position, rather than through their
   * views: the first access to each page of a new mapping cost some hosts a quarter of a conversion
   * (docs/PERFORMANCE.md). Each part's scan is given the payload of the message it is joining and only that
   * ({@link PartPayloads}). A reader that is not one of core's over a mapped file changes nothing.
   */
  public ParallelJoin<S> readingFrom(BinaryLogReader reader) {
    this.file = MessageReader.fileBytesOf(reader);
    return this;
  }

  /** How many parts were joined again on the calling thread for the dedup cache (see the class comment). */
  public int rejoined() {
    return rejoined;
  }

  /** An item of the output, in log order: a part being joined, or diagnostics of the calling thread. */
  private sealed interface Item permits PartItem, DiagnosticsItem {}

  private record PartItem<S>(Part<S> part) implements Item {}

  private record DiagnosticsItem(List<Diagnostic> diagnostics) implements Item {}

  /**
   * A part's payloads read again from the file ({@link FileBytes}): the payload of the message being joined, at its
   * offset plus the frame's bytes and of its length, and nothing else, as {@link PayloadFile} asks.
   */
  static final class PartPayloads implements PayloadFile {
    private final FileBytes file;
    private long position = -1;
    private int length;

    PartPayloads(FileBytes file) {
      this.file = file;
    }

    void joining(Message.Regular message) {
      position = message.offset() + FrameCursor.FRAME_BYTES;
      length = message.payload().remaining();
    }

    @Override
    public boolean copy(long position, int length, byte[] dst) {
      return position == this.position && length == this.length && file.read(position, length, dst);
    }
  }

  /** REGULAR messages joined together, and then what came of them. */
  private static final class Part<S> {
    final StickyConfig config;
    final List<Message.Regular> messages = new ArrayList<>();
    long bytes;
    // Results.
    @Nullable S state;
    final List<Diagnostic> diagnostics = new ArrayList<>();
    @Nullable JoinCounters counters;
    List<DedupInfo> journal = List.of();
    boolean uncertain;

    /** Taken by the worker or the calling thread that joins the part; the other leaves it. */
    final AtomicBoolean claimed = new AtomicBoolean();
    final CompletableFuture<Part<S>> done = new CompletableFuture<>();

    Part(StickyConfig config) {
      this.config = config;
    }
  }

  /**
   * Joins the messages, handing each part's result to the sink in log order.
   *
   * @param messages the log's messages; a {@link BinaryLogException} they throw ends the log as in a sequential run
   * @param readerNotices diagnostics the reader reported while reading the messages, taken out as they arrive (the
   *     calling thread's listener appends to it); may be always empty
   * @throws IOException if the sink cannot take a part
   */
  public void run(Iterator<Message> messages, List<Diagnostic> readerNotices) throws IOException {
    AtomicInteger n = new AtomicInteger();
    // threads - 1 workers: the calling thread joins parts too while it waits for the next one to take.
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads - 1), r -> {
      Thread t = new Thread(r, "vw-binlog-join-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Item> pending = new ArrayDeque<>();
    try {
      Parts parts = new Parts(pool, pending, readerNotices);
      MessageLoop loop = MessageLoop.whole(messages, config, limits, counters,
          d -> pending.add(new DiagnosticsItem(List.of(d))), false);
      while (loop.step(parts)) {
        while (pending.size() > 2 * threads) {
          drain(pending.poll(), pending);
        }
      }
      parts.barrier();
      while (!pending.isEmpty()) {
        drain(pending.poll(), pending);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * The loop's handler: cuts the REGULAR messages into parts of about {@link #partBytes}, each with a copy of the
   * settings in force, and submits a part where the loop applies a CHECKPOINT or reports a problem, and where the
   * reader has reported something, so that every diagnostic keeps its place in log order.
   */
  private final class Parts implements MessageLoop.Handler {
    private final ExecutorService pool;
    private final ArrayDeque<Item> pending;
    private final List<Diagnostic> readerNotices;
    private @Nullable Part<S> part;

    Parts(ExecutorService pool, ArrayDeque<Item> pending, List<Diagnostic> readerNotices) {
      this.pool = pool;
      this.pending = pending;
      this.readerNotices = readerNotices;
    }

    @Override
    public void regular(Message.Regular r) {
      if (!readerNotices.isEmpty()) {
        barrier();
      }
      Part<S> p = part;
      if (p == null) {
        p = new Part<>(new StickyConfig(config));
        part = p;
      }
      p.messages.add(r);
      p.bytes += r.payload().remaining();
      if (p.bytes >= partBytes) {
        part = submit(pool, pending, p);
      }
    }

    @Override
    public void barrier() {
      part = submit(pool, pending, part);
      moveNotices(readerNotices, pending);
    }
  }

  private static void moveNotices(List<Diagnostic> notices, ArrayDeque<Item> pending) {
    if (!notices.isEmpty()) {
      pending.add(new DiagnosticsItem(new ArrayList<>(notices)));
      notices.clear();
    }
  }

  private @Nullable Part<S> submit(ExecutorService pool, ArrayDeque<Item> pending, @Nullable Part<S> part) {
    if (part != null && !part.messages.isEmpty()) {
      pending.add(new PartItem<>(part));
      // While the caller is young the parts are left to the calling thread: as the JIT compiles the hot code, more
      // joining threads only take the compiler's cores (on 2 cores, two threads from the start were slower than one
      // for a 256 MiB log in a fresh JVM; starting them after 64 MiB made two threads the faster). The caller (a
      // converter), not the JVM, keeps the count: a new converter in a warm JVM waits once more, which costs little.
      if (!leaveCoresToJit || warm.get() + submittedBytes >= WARM_BYTES) {
        pool.execute(() -> claimAndJoin(part));
      }
      submittedBytes += part.bytes;
    }
    return null;
  }

  /** Joins a part on this thread unless another has taken it; its future then completes. */
  private boolean claimAndJoin(Part<S> part) {
    if (!part.claimed.compareAndSet(false, true)) {
      return false;
    }
    try {
      part.done.complete(join(part, new DedupCache(), true));
    } catch (Throwable t) {
      part.done.completeExceptionally(t);
    }
    return true;
  }

  /** Joins a part: on a worker with an empty cache ({@code journal}), or again on the calling thread. */
  private Part<S> join(Part<S> part, DedupCache cache, boolean journal) {
    Part<S> p = part;
    p.diagnostics.clear();
    JoinCounters c = new JoinCounters(p.diagnostics::add, false, true);
    StickyConfig config = new StickyConfig(p.config);
    FileBytes f = file;
    PartPayloads payloads = f == null ? null : new PartPayloads(f);
    MessageJoiner joiner = MessageJoiner.of(config, c, limits, cache, journal, zstd).readingFrom(payloads);
    S state = sink.open(p.bytes, c);
    try (joiner) {
      for (Message.Regular r : p.messages) {
        if (payloads != null) {
          payloads.joining(r);
        }
        sink.join(joiner, state, r);
      }
    }
    p.state = state;
    p.counters = c;
    p.journal = joiner.dedupJournal();
    p.uncertain = joiner.dedupUncertain();
    return p;
  }

  @SuppressWarnings("unchecked") // every PartItem of this join holds a Part<S>
  private void drain(@Nullable Item item, ArrayDeque<Item> pending) throws IOException {
    if (item instanceof DiagnosticsItem d) {
      for (Diagnostic diagnostic : d.diagnostics()) {
        counters.report(diagnostic);
      }
      return;
    }
    Part<S> part = ((PartItem<S>) Objects.requireNonNull(item)).part();
    // Rather than wait, join this part if no worker has started it, then later parts nobody has started.
    if (!part.done.isDone()) {
      claimAndJoin(part);
      for (Item next : pending) {
        if (part.done.isDone()) {
          break;
        }
        if (next instanceof PartItem<?> later) {
          claimAndJoin((Part<S>) later.part());
        }
      }
    }
    Part<S> p;
    try {
      p = part.done.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while joining");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
    if (p.uncertain) {
      rejoined++;
      sink.discard(Objects.requireNonNull(p.state));
      p = join(p, dedup, false);
    } else {
      // No pair of the journal can fail here: until its first DedupInfo the part's cache is empty, and after it both
      // caches hold the same ids in the same order (a payload evicts everything behind its first id). So an id new
      // to the whole log's cache was new to the part's too, and its value parsed there.
      for (DedupInfo info : p.journal) {
        dedup.apply(info.ids(), info.values(), value -> true);
      }
    }
    for (Diagnostic diagnostic : p.diagnostics) {
      counters.report(diagnostic);
    }
    counters.mergeFrom(Objects.requireNonNull(p.counters));
    if (warm.get() < WARM_BYTES) {
      warm.addAndGet(p.bytes);
    }
    S state = Objects.requireNonNull(p.state);
    p.state = null;
    p.messages.clear();
    sink.accept(state);
  }
}
