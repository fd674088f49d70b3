package io.github.vwbinlog.core.run;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.MessageJoiner;
import io.github.vwbinlog.core.output.DsjsonWriter;
import io.github.vwbinlog.core.output.DsjsonSink;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The DSJSON sink of a join in parts: each part's lines go to a buffer of its own, written through
 * {@link DsjsonSink}, and the buffers are written to the output in log order, then reused.
 *
 * <p>Thread-safe as {@link PartSink} requires.
 */
public final class DsjsonParts implements PartSink<DsjsonParts.Lines> {
  private final JoinOptions options;
  private final OutputStream out;
  /** Output buffers of written parts, for the next parts: a part's output is a few MiB. */
  private final ConcurrentLinkedQueue<JsonBytes> buffers = new ConcurrentLinkedQueue<>();

  /** The lines of a part, and the offset of the message being joined (for a refused line's diagnostic). */
  public static final class Lines {
    final JsonBytes buffer;
    final DsjsonSink sink;
    long offset;

    Lines(JsonBytes buffer, JoinCounters counters, DsjsonWriter writer) {
      this.buffer = buffer;
      this.sink = new DsjsonSink(buffer, counters, () -> offset, writer);
    }
  }

  /** A sink that writes to {@code out} the lines {@code options} ask for. */
  public DsjsonParts(JoinOptions options, OutputStream out) {
    this.options = options;
    this.out = out;
  }

  @Override
  public Lines open(long bytes, JoinCounters counters) {
    JsonBytes pooled = buffers.poll();
    JsonBytes buffer = pooled != null ? pooled
        : JsonBytes.forOutput((int) Math.min(Integer.MAX_VALUE - 8, bytes + (bytes >> 3) + 1024));
    return new Lines(buffer, counters, DsjsonWriter.of(options));
  }

  @Override
  public void join(MessageJoiner joiner, Lines lines, Message.Regular message) {
    lines.offset = message.offset();
    joiner.regular(message.offset(), message.payload(), lines.sink);
  }

  @Override
  public void accept(Lines lines) throws IOException {
    lines.buffer.writeTo(out);
    discard(lines);
  }

  @Override
  public void discard(Lines lines) {
    lines.buffer.reset();
    buffers.add(lines.buffer);
  }
}
