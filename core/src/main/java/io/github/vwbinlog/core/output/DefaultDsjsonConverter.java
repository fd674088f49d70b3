package io.github.vwbinlog.core.output;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.DefaultJoiner;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * The {@link DsjsonConverter}: joins with {@link DefaultJoiner} and writes each joined event with {@link DsjsonWriter}
 * into a large buffer that is flushed to the output in chunks. A line the writer rejects is not written; it is
 * reported and counted as a skipped interaction, so the accounting of {@link JoinSummary} holds.
 */
public final class DefaultDsjsonConverter implements DsjsonConverter {
  private static final int FLUSH_AT = 1 << 20;

  private final JoinOptions options;

  /** A converter with these options. */
  public DefaultDsjsonConverter(JoinOptions options) {
    this.options = options;
  }

  @Override
  public JoinOptions options() {
    return options;
  }

  @Override
  public JoinSummary convert(Path input, OutputStream out) throws IOException {
    try (DefaultJoiner joiner = DefaultJoiner.open(input, options)) {
      return run(joiner, joiner.readerMessages(), out);
    }
  }

  @Override
  public JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException {
    DefaultJoiner joiner = new DefaultJoiner(input, options);
    return run(joiner, input.iterator(), out);
  }

  private static JoinSummary run(DefaultJoiner joiner, Iterator<Message> messages, OutputStream out)
      throws IOException {
    JoinCounters counters = joiner.counters();
    DsjsonWriter writer = new DsjsonWriter();
    JsonBytes buffer = new JsonBytes(FLUSH_AT + (FLUSH_AT >> 2));
    Consumer<JoinResult> records = result -> {
      DsjsonWriter.Rejection rejection = writer.write(result, buffer);
      if (rejection == null) {
        counters.emitted(result);
      } else {
        counters.interactionsSkipped(1);
        counters.report(rejection.toDiagnostic(joiner.currentOffset()));
      }
    };
    try {
      while (joiner.stepConverting(messages, records, buffer)) {
        // each step joins one message
        if (buffer.length() >= FLUSH_AT) {
          flush(buffer, out);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } finally {
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

  @Override
  public byte[] line(JoinResult result) {
    JsonBytes out = new JsonBytes();
    DsjsonWriter.Rejection rejection = new DsjsonWriter().write(result, out);
    if (rejection != null) {
      throw new IllegalArgumentException(rejection.message());
    }
    return out.toByteArray();
  }
}
