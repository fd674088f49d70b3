package io.github.vwbinlog.core.convert;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.DefaultJoiner;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.stream.Collector;

/**
 * {@link Joiner#collect}: a collector over the joined events of a file, on the calling thread with
 * {@link DefaultJoiner}, or in parts with {@link ParallelJoin} and {@link CollectorParts}, with the same result, summary
 * and diagnostics.
 *
 * <pre>{@code
 * Joiner.Collected<List<JoinResult>> all = JoinCollection.collect(log, options, Collectors.toList());
 * }</pre>
 */
public final class JoinCollection {
  private JoinCollection() {}

  /** Implements {@link Joiner#collect}. */
  public static <R> Joiner.Collected<R> collect(Path file, JoinOptions options,
      Collector<? super JoinResult, ?, R> collector) throws IOException {
    return typed(file, options, collector, 0);
  }

  /**
   * {@link #collect} with parts that end after {@code partBytes} payload bytes and workers from the first part, for
   * tests that want many parts from a small log; 0 for the default parts.
   */
  public static <R> Joiner.Collected<R> collect(Path file, JoinOptions options,
      Collector<? super JoinResult, ?, R> collector, long partBytes) throws IOException {
    return typed(file, options, collector, partBytes);
  }

  private static <A, R> Joiner.Collected<R> typed(Path file, JoinOptions options,
      Collector<? super JoinResult, A, R> collector, long partBytes) throws IOException {
    if (options.threads() == 1 || options.isEnabled(JoinFeature.MULTISTEP) || options.isEnabled(JoinFeature.STRICT)) {
      try (DefaultJoiner joiner = DefaultJoiner.open(file, options, null)) {
        A container = collector.supplier().get();
        BiConsumer<A, ? super JoinResult> accumulator = collector.accumulator();
        for (JoinResult event : joiner) {
          accumulator.accept(container, event);
        }
        return new Joiner.Collected<>(collector.finisher().apply(container), joiner.summary());
      }
    }
    JoinCounters counters = new JoinCounters(options.readOptions().listener(), false);
    List<Diagnostic> notices = new ArrayList<>();
    CollectorParts<A> sink = new CollectorParts<>(collector);
    try (ZstdContexts zstd = new ZstdContexts(options.threads());
        BinaryLogReader reader = BinaryLogReader.open(file, options.readOptions().withListener(notices::add))) {
      ParallelJoin<A> join = partBytes > 0
          ? new ParallelJoin<>(options, counters, zstd, partBytes, sink)
          : new ParallelJoin<>(options, counters, zstd, new AtomicLong(), sink);
      join.run(reader.iterator(), notices);
    }
    return new Joiner.Collected<>(collector.finisher().apply(sink.result()), counters.summary());
  }
}
