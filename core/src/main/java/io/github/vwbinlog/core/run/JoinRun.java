package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.EventSink;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.JoinedView;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collector;

/**
 * {@link Joiner#run} and {@link Joiner#collect}: a whole file joined into a {@link JoinedEventSink}, part after part.
 * With more than one thread (the single joiner, not strict) the parts are those of {@link ParallelJoin}, joined in
 * parallel and finished in log order; otherwise {@link DefaultJoiner} joins the log on the calling thread, and a part
 * is finished every {@value #SEQUENTIAL_PART} joined events, so that the sink's memory is bounded either way. The
 * summary and the diagnostics are the same whatever the thread count.
 *
 * <pre>{@code
 * JoinSummary summary = JoinRun.run(log, options, sink, 0);
 * Joiner.Collected<List<JoinResult>> all = JoinRun.collect(log, options, Collectors.toList(), 0);
 * }</pre>
 */
public final class JoinRun {
  /** A part of a run on the calling thread ends after this many joined events. */
  static final int SEQUENTIAL_PART = 4096;

  private JoinRun() {}

  /**
   * Implements {@link Joiner#run}.
   *
   * @param partBytes 0 for the default parts; else parts that end after that many payload bytes, with workers from
   *     the first part (tests want many parts from a small log)
   */
  public static <P> JoinSummary run(Path file, JoinOptions options, JoinedEventSink<P> sink, long partBytes)
      throws IOException {
    if (sequential(options)) {
      try (ZstdContexts zstd = new ZstdContexts(1); DefaultJoiner joiner = DefaultJoiner.open(file, options, zstd)) {
        return sequential(joiner, sink);
      }
    }
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), false);
    List<Diagnostic> notices = new ArrayList<>();
    ViewParts<P> parts = new ViewParts<>(sink);
    try (ZstdContexts zstd = new ZstdContexts(options.threads());
        BinaryLogReader reader = BinaryLogReader.open(file, options.readOptions().withListener(notices::add))) {
      ParallelJoin<P> join = partBytes > 0
          ? new ParallelJoin<>(options, counters, zstd, partBytes, parts)
          : new ParallelJoin<>(options, counters, zstd, new AtomicLong(), parts);
      join.readingFrom(reader).run(reader.iterator(), notices);
    }
    return counters.summary();
  }

  /** Implements {@link Joiner#run(BinaryLogReader, JoinOptions, JoinedEventSink)}: the reader is not closed. */
  public static <P> JoinSummary run(BinaryLogReader reader, JoinOptions options, JoinedEventSink<P> sink)
      throws IOException {
    if (sequential(options)) {
      try (ZstdContexts zstd = new ZstdContexts(1)) {
        // Not closed: closing the joiner would close the caller's reader.
        DefaultJoiner joiner = DefaultJoiner.of(reader, options, zstd);
        try {
          return sequential(joiner, sink);
        } finally {
          joiner.release();
        }
      }
    }
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), false);
    counters.countDiagnosticsOf(reader);
    try (ZstdContexts zstd = new ZstdContexts(options.threads())) {
      new ParallelJoin<>(options, counters, zstd, new AtomicLong(), new ViewParts<>(sink)).readingFrom(reader)
          .run(reader.iterator(), new ArrayList<>());
    }
    return counters.summary();
  }

  /** Implements {@link Joiner#collect}, with {@code partBytes} as {@link #run} takes it. */
  public static <A, R> Joiner.Collected<R> collect(Path file, JoinOptions options,
      Collector<? super JoinResult, A, R> collector, long partBytes) throws IOException {
    CollectorSink<A> sink = new CollectorSink<>(collector);
    JoinSummary summary = run(file, options, sink, partBytes);
    return new Joiner.Collected<>(collector.finisher().apply(sink.result()), summary);
  }

  /** Whether the log is joined on the calling thread: one thread, multistep or strict. */
  private static boolean sequential(JoinOptions options) {
    return options.threads() == 1 || options.isEnabled(JoinFeature.MULTISTEP) || options.isEnabled(JoinFeature.STRICT);
  }

  private static <P> JoinSummary sequential(DefaultJoiner joiner, JoinedEventSink<P> sink) throws IOException {
    Sequential<P> parts = new Sequential<>(sink);
    while (joiner.step(parts)) {
      if (parts.events >= SEQUENTIAL_PART) {
        parts.finish(false);
      }
    }
    parts.finish(true);
    return joiner.summary();
  }

  /** The part being filled on the calling thread, as the joiner's sink. */
  private static final class Sequential<P> implements EventSink {
    private final JoinedEventSink<P> sink;
    private P part;
    int events;

    Sequential(JoinedEventSink<P> sink) {
      this.sink = sink;
      this.part = sink.open();
    }

    @Override
    public boolean accept(JoinedView view) {
      sink.accept(part, view);
      events++;
      return true;
    }

    /** Hands the part to the sink and, unless it is the {@code last}, opens the next. */
    void finish(boolean last) throws IOException {
      sink.finish(part);
      if (!last) {
        part = sink.open();
        events = 0;
      }
    }
  }
}
