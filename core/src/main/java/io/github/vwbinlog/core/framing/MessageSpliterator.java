package io.github.vwbinlog.core.framing;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The spliterator of {@link MessageReader#stream()} for a buffer or a mapped file: it splits at message boundaries, so
 * a parallel stream of messages works.
 *
 * <p>Until it is first split it reads the log message by message, like the iterator. The first {@link #trySplit()}
 * runs the framing over the rest of the input (a few bytes per message; payloads are not touched) and keeps where each
 * message is in primitive arrays; from then on every piece covers a range of messages and makes each message's record
 * only when it is consumed. A framing problem found by that scan is thrown (or, lenient, was reported) by the piece
 * that covers the end of the log, after its messages, as the iterator would throw it after the messages before it.
 */
final class MessageSpliterator implements Spliterator<Message> {
  private static final int CHARACTERISTICS = ORDERED | NONNULL | IMMUTABLE;

  private final MessageReader reader;
  private @Nullable Index index;
  private int next;
  private int end;

  MessageSpliterator(MessageReader reader) {
    this.reader = reader;
  }

  private MessageSpliterator(MessageReader reader, Index index, int from, int to) {
    this.reader = reader;
    this.index = index;
    this.next = from;
    this.end = to;
  }

  /** Where the messages are: filled once by the first split, then shared, read-only, by every piece. */
  private static final class Index {
    int size;
    long[] offsets = new long[64];
    int[] types = new int[64];
    int[] sizes = new int[64];
    int[] payloadIndexes = new int[64];
    long[] values = new long[64];
    ByteBuffer[] buffers = new ByteBuffer[64];
    /** The framing problem that ended the scan, thrown after the last message. */
    @Nullable RuntimeException problem;
    /** The reader's limits, which the messages decode within. */
    final ReadLimits limits;

    Index(ReadLimits limits) {
      this.limits = limits;
    }

    void add(FrameCursor c) {
      if (size == offsets.length) {
        int n = size * 2;
        offsets = Arrays.copyOf(offsets, n);
        types = Arrays.copyOf(types, n);
        sizes = Arrays.copyOf(sizes, n);
        payloadIndexes = Arrays.copyOf(payloadIndexes, n);
        values = Arrays.copyOf(values, n);
        buffers = Arrays.copyOf(buffers, n);
      }
      offsets[size] = c.offset();
      types[size] = c.typeCode();
      sizes[size] = c.size();
      payloadIndexes[size] = c.payloadIndex();
      values[size] = c.value();
      buffers[size] = c.payloadBuffer();
      size++;
    }

    Message message(int k) {
      long offset = offsets[k];
      MessageType type = MessageType.of(types[k]);
      return switch (type) {
        case FILEMAGIC -> new Message.FileMagic(offset, values[k]);
        case EOF -> new Message.Eof(offset, values[k]);
        case HEADER -> new Message.Header(offset, payload(k), limits);
        case CHECKPOINT -> new Message.Checkpoint(offset, payload(k), limits);
        case REGULAR -> new Message.Regular(offset, payload(k), limits);
        case UNKNOWN -> new Message.Unknown(offset, types[k], payload(k));
      };
    }

    private ByteBuffer payload(int k) {
      return buffers[k].slice(payloadIndexes[k], sizes[k]).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }
  }

  @Override
  public boolean tryAdvance(Consumer<? super Message> action) {
    Index i = index;
    if (i == null) {
      if (!reader.advance()) {
        return false;
      }
      action.accept(reader.current());
      return true;
    }
    if (next < end) {
      action.accept(i.message(next++));
      return true;
    }
    throwProblemAtEnd(i);
    return false;
  }

  @Override
  public void forEachRemaining(Consumer<? super Message> action) {
    Index i = index;
    if (i == null) {
      while (reader.advance()) {
        action.accept(reader.current());
      }
      return;
    }
    while (next < end) {
      action.accept(i.message(next++));
    }
    throwProblemAtEnd(i);
  }

  private void throwProblemAtEnd(Index i) {
    if (end == i.size && i.problem != null) {
      RuntimeException problem = i.problem;
      i.problem = null; // thrown once
      throw problem;
    }
  }

  @Override
  public @Nullable Spliterator<Message> trySplit() {
    Index i = index;
    if (i == null) {
      i = scan();
      index = i;
      next = 0;
      end = i.size;
    }
    int remaining = end - next;
    if (remaining < 2) {
      return null;
    }
    int mid = next + remaining / 2;
    MessageSpliterator prefix = new MessageSpliterator(reader, i, next, mid);
    next = mid;
    return prefix;
  }

  /** Frames the rest of the input, keeping where each message is. */
  private Index scan() {
    Index i = new Index(reader.options().limits());
    FrameCursor cursor = reader.cursor();
    try {
      while (reader.advance()) {
        i.add(cursor);
      }
    } catch (RuntimeException e) {
      i.problem = e;
    }
    return i;
  }

  @Override
  public long estimateSize() {
    Index i = index;
    return i == null ? Long.MAX_VALUE : end - next;
  }

  @Override
  public int characteristics() {
    Index i = index;
    // Not SIZED where a framing problem waits at the end: a count must still run into it.
    return i == null || i.problem != null ? CHARACTERISTICS : CHARACTERISTICS | SIZED | SUBSIZED;
  }
}
