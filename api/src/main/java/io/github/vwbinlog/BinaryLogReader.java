package io.github.vwbinlog;

import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads the {@link Message}s of a joined binary schema v2 log, in file order: the pull layer everything else in
 * vw-binlog sits on.
 *
 * <p>Framing follows VW's reader exactly (SPEC §1): padding of {@code size % 8} bytes after each sized message, EOF
 * ends the log, a missing EOF is fine, unknown types are skipped, and only version 1 is accepted. A problem (a field
 * cut short, a bad version, a size above the limits) raises a {@link BinaryLogException} naming the byte offset, or,
 * with {@link ReadFeature#LENIENT}, is reported to the {@link DiagnosticListener} and ends the iteration cleanly. The
 * messages before the problem are returned either way.
 *
 * <p>A file is memory-mapped (files above 2 GiB through a moving window), and payloads are views of the mapping, never
 * copies; a {@link ByteBuffer} or {@code byte[]} is read in place. A stream or channel is read sequentially with
 * memory bounded by the largest message.
 *
 * <p>Not thread-safe: use one reader per thread. It can be iterated once.
 *
 * <pre>{@code
 * try (BinaryLogReader reader = BinaryLogReader.open(Path.of("joined.log"))) {
 *   for (Message message : reader) {
 *     System.out.println(message.offset() + "\t" + message.typeName() + "\t" + message.payloadSize());
 *   }
 * }
 * }</pre>
 */
public interface BinaryLogReader extends Iterable<Message>, AutoCloseable {

  /** Opens a file with the default options. */
  static BinaryLogReader open(Path file) throws IOException {
    return open(file, ReadOptions.defaults());
  }

  /** Opens a file, memory-mapping it. */
  static BinaryLogReader open(Path file, ReadOptions options) throws IOException {
    return Providers.get().openReader(file, options);
  }

  /**
   * Opens the bytes {@code [start, limit)} of a file, memory-mapping only those, as if the file ended at
   * {@code limit} ({@link #size()} is {@code limit}); offsets are the file's. {@code start} must be a message boundary
   * (0, or where a message starts: {@link io.github.vwbinlog.join.LogRange#start()}), else the bytes there are framed
   * as a message. A {@code limit} beyond the file's end is the file's end.
   *
   * @throws IllegalArgumentException if {@code start} is negative or above {@code limit}
   */
  static BinaryLogReader open(Path file, long start, long limit, ReadOptions options) throws IOException {
    if (start < 0 || limit < start) {
      throw new IllegalArgumentException("not a byte range: [" + start + ", " + limit + ")");
    }
    return Providers.get().openReader(file, start, limit, options);
  }

  /** Reads a buffer in place, from its position to its limit; offsets count from its position. */
  static BinaryLogReader of(ByteBuffer buffer) {
    return of(buffer, ReadOptions.defaults());
  }

  /** Reads a buffer in place, from its position to its limit; offsets count from its position. */
  static BinaryLogReader of(ByteBuffer buffer, ReadOptions options) {
    return Providers.get().openReader(buffer.slice(), options);
  }

  /** Reads an array in place. */
  static BinaryLogReader of(byte[] bytes) {
    return of(ByteBuffer.wrap(bytes), ReadOptions.defaults());
  }

  /** Reads an array in place. */
  static BinaryLogReader of(byte[] bytes, ReadOptions options) {
    return of(ByteBuffer.wrap(bytes), options);
  }

  /** Reads a stream sequentially; closing the reader closes the stream. */
  static BinaryLogReader of(InputStream in) {
    return of(Channels.newChannel(in), ReadOptions.defaults());
  }

  /** Reads a stream sequentially; closing the reader closes the stream. */
  static BinaryLogReader of(InputStream in, ReadOptions options) {
    return of(Channels.newChannel(in), options);
  }

  /** Reads a channel sequentially; closing the reader closes the channel. */
  static BinaryLogReader of(ReadableByteChannel channel) {
    return of(channel, ReadOptions.defaults());
  }

  /**
   * Reads a channel sequentially from offset {@code position} of the log (the channel is there: a file or stream
   * seeked to a message boundary), to the channel's end; offsets are the log's. Closing the reader closes the channel.
   *
   * @throws IllegalArgumentException if {@code position} is negative
   */
  static BinaryLogReader of(ReadableByteChannel channel, long position, ReadOptions options) {
    if (position < 0) {
      throw new IllegalArgumentException("position " + position);
    }
    return Providers.get().openReader(channel, position, options);
  }

  /** Reads a channel sequentially; closing the reader closes the channel. */
  static BinaryLogReader of(ReadableByteChannel channel, ReadOptions options) {
    return Providers.get().openReader(channel, options);
  }

  /**
   * The messages, in file order. The iterator can be obtained once; its {@code hasNext()} reads ahead by one message
   * and throws {@link BinaryLogException} where reading fails (unless lenient).
   *
   * @throws IllegalStateException if called a second time
   */
  @Override
  Iterator<Message> iterator();

  /**
   * The messages as a sequential, ordered stream; closing the stream closes the reader. Like {@link #iterator()}, it
   * can be obtained once. For a file or a buffer its spliterator splits at message boundaries (the first split frames
   * the rest of the log, reading a few bytes per message), so {@code stream().parallel()} spreads the messages over
   * threads; a stream read from an {@code InputStream} or a channel splits in batches, as any iterator does. A framing
   * problem is thrown after the messages before it, by the part of the stream that ends the log.
   *
   * <pre>{@code
   * try (Stream<Message> messages = BinaryLogReader.open(log).stream()) {
   *   long events = messages.parallel()
   *       .filter(m -> m instanceof Message.Regular)
   *       .mapToLong(m -> ((Message.Regular) m).joinedEvents().size())
   *       .sum();
   * }
   * }</pre>
   *
   * @throws IllegalStateException if the reader was iterated already
   */
  default Stream<Message> stream() {
    Spliterator<Message> split = Spliterators.spliteratorUnknownSize(iterator(),
        Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.IMMUTABLE);
    return StreamSupport.stream(split, false).onClose(this::close);
  }

  /**
   * A reader of the same messages that hands each one to {@code action} as it is read, before the caller gets it: to
   * follow a read's progress ({@link #position()} is then just past the message) or note messages while another
   * consumer (a {@link io.github.vwbinlog.join.Joiner}) iterates. It shares this reader's position, options and
   * close; iterate one of the two, not both.
   *
   * <pre>{@code
   * BinaryLogReader tracked = reader.peek(m -> bar.update(reader.position()));
   * }</pre>
   *
   * @param action called with each message, on the iterating thread
   */
  default BinaryLogReader peek(java.util.function.Consumer<? super Message> action) {
    return new PeekingReader(this, action);
  }

  /** The options this reader was opened with. */
  ReadOptions options();

  /** How many bytes of the input have been consumed so far (for progress reports). */
  long position();

  /** The size of the input in bytes, or -1 when it is not known (a stream). */
  long size();

  /** Releases the input. Mapped payloads stay readable until they are garbage-collected. */
  @Override
  void close();
}
