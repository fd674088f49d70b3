package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.JoinedView;
import io.github.vwbinlog.core.output.DsjsonWriter;
import io.github.vwbinlog.core.output.DsjsonSink;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.LineRefusedException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The {@link DsjsonConverter}: joins with {@link DefaultJoiner}, whose joined events {@link DsjsonWriter} writes
 * straight into a large buffer from the join's views (the multistep joiner's from records); the buffer is flushed to
 * the output in chunks. With {@link JoinOptions#threads()} above 1 (single joiner, not strict),
 * {@link ParallelJoin} converts parts of the log in parallel ({@link DsjsonParts}), with the same result. A line the
 * writer rejects is not written; it is reported and counted as a skipped interaction, so the accounting of
 * {@link JoinSummary} holds.
 *
 * <p>Nothing is global: each conversion has its own pool of zstd contexts, freed when it ends, and the converter
 * remembers how much input it has converted, so that parallel conversion leaves the first 64 MiB it ever converts
 * to the calling thread while the JIT compiles (see {@link ParallelJoin}). Thread-safe: conversions may run at
 * once.
 */
public final class DefaultDsjsonConverter implements DsjsonConverter {
  private static final int FLUSH_AT = 1 << 20;

  private final JoinOptions options;
  /** Input this converter has converted in parallel, up to the JIT's warm-up: see {@link ParallelJoin}. */
  private final AtomicLong warmBytes = new AtomicLong();

  /** A converter with these options. */
  public DefaultDsjsonConverter(JoinOptions options) {
    this.options = options;
    this.lineWriters =
        ThreadLocal.withInitial(() -> new LineWriter(DsjsonWriter.of(options), JsonBytes.forOutput(4096)));
  }

  @Override
  public JoinOptions options() {
    return options;
  }

  @Override
  public JoinSummary convert(Path input, OutputStream out) throws IOException {
    if (parallel()) {
      JoinCounters counters = new JoinCounters(options.readOptions().listener(), options.isEnabled(JoinFeature.STRICT));
      List<Diagnostic> notices = new ArrayList<>();
      try (ZstdContexts zstd = new ZstdContexts(options.threads());
          BinaryLogReader reader = BinaryLogReader.open(input, options.readOptions().withListener(notices::add))) {
        new ParallelJoin<>(options, counters, zstd, warmBytes, new DsjsonParts(options, out)).readingFrom(reader)
            .run(reader.iterator(), notices);
      }
      return counters.summary();
    }
    try (ZstdContexts zstd = new ZstdContexts(1); DefaultJoiner joiner = DefaultJoiner.open(input, options, zstd)) {
      return run(joiner, out, DsjsonWriter.of(options));
    }
  }

  @Override
  public JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException {
    if (parallel()) {
      JoinCounters counters = new JoinCounters(options.readOptions().listener(), options.isEnabled(JoinFeature.STRICT));
      counters.countDiagnosticsOf(input);
      try (ZstdContexts zstd = new ZstdContexts(options.threads())) {
        new ParallelJoin<>(options, counters, zstd, warmBytes, new DsjsonParts(options, out)).readingFrom(input)
            .run(input.iterator(), new ArrayList<>());
      }
      return counters.summary();
    }
    try (ZstdContexts zstd = new ZstdContexts(1)) {
      // Not closed: closing the joiner would close the caller's reader.
      DefaultJoiner joiner = DefaultJoiner.of(input, options, zstd);
      return run(joiner, out, DsjsonWriter.of(options));
    }
  }

  /** Parallel conversion: more than one thread, the single joiner, not strict (strict stops at the first error). */
  private boolean parallel() {
    return options.threads() > 1 && !options.isEnabled(JoinFeature.MULTISTEP) && !options.isEnabled(JoinFeature.STRICT);
  }

  private static JoinSummary run(DefaultJoiner joiner, OutputStream out, DsjsonWriter writer) throws IOException {
    JoinCounters counters = joiner.counters();
    // Starts small and grows to about FLUSH_AT plus one line: a small input, or one converted per request, does not pay
    // for zeroing a megabyte up front.
    JsonBytes buffer = JsonBytes.forOutput(64 * 1024);
    DsjsonSink lines = new DsjsonSink(buffer, counters, joiner::currentOffset, writer);
    try {
      while (joiner.step(lines)) {
        // each step joins one message
        if (buffer.length() >= FLUSH_AT) {
          flush(buffer, out);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
      joiner.release();
      flush(buffer, out);
    }
    return counters.summary();
  }

  private static void flush(JsonBytes buffer, OutputStream out) {
    try {
      buffer.writeTo(out);
      buffer.reset();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Each thread's writer and buffer for {@link #line}: the buffer's growth and number cache (18 KB) are paid once per
   * thread, not once per line (a Spark row's line is written this way, a million times per GiB).
   */
  private final ThreadLocal<LineWriter> lineWriters;

  /** A writer (not thread-safe) and its reused buffer. */
  private record LineWriter(DsjsonWriter writer, JsonBytes buffer) {}

  @Override
  public byte[] line(JoinResult result) {
    LineWriter w = lineWriters.get();
    w.buffer().reset();
    return line(w.buffer(), w.writer().write(result, w.buffer()));
  }

  @Override
  public byte[] line(JoinedEventView view) {
    if (!(view instanceof JoinedView own)) {
      return line(view.record()); // another implementation's view: through its record
    }
    LineWriter w = lineWriters.get();
    w.buffer().reset();
    return line(w.buffer(), w.writer().write(own, w.buffer()));
  }

  private static byte[] line(JsonBytes out, DsjsonWriter.@Nullable Rejection rejection) {
    if (rejection != null) {
      throw new LineRefusedException(rejection.reason(), rejection.eventId(), rejection.message());
    }
    return out.toByteArray();
  }

}
