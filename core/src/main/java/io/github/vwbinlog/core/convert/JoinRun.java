package io.github.vwbinlog.core.convert;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.DefaultJoiner;
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
    if (options.threads() == 1 || options.isEnabled(JoinFeature.MULTISTEP) || options.isEnabled(JoinFeature.STRICT)) {
      return sequential(file, options, sink);
    }
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), false);
    List<Diagnostic> notices = new ArrayList<>();
    ViewParts<P> parts = new ViewParts<>(sink);
    try (ZstdContexts zstd = new ZstdContexts(options.threads());
        BinaryLogReader reader = BinaryLogReader.open(file, options.readOptions().withListener(notices::add))) {
      ParallelJoin<P> join = partBytes > 0
          ? new ParallelJoin<>(options, counters, zstd, partBytes, parts)
          : new ParallelJoin<>(options, counters, zstd, new AtomicLong(), parts);
      join.run(reader.iterator(), notices);
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

  private static <P> JoinSummary sequential(Path file, JoinOptions options, JoinedEventSink<P> sink)
      throws IOException {
    try (ZstdContexts zstd = new ZstdContexts(1); DefaultJoiner joiner = DefaultJoiner.open(file, options, zstd)) {
      Sequential<P> parts = new Sequential<>(sink);
      while (joiner.step(parts)) {
        if (parts.events >= SEQUENTIAL_PART) {
          parts.finish();
        }
      }
      parts.finish();
      return joiner.summary();
    }
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

    /** Hands the part to the sink and opens the next. */
    void finish() throws IOException {
      sink.finish(part);
      part = sink.open();
      events = 0;
    }
  }
}
