package io.github.vwbinlog.core.framing;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.spi.WrappingReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The {@link BinaryLogReader} implementation: a {@link FrameCursor} turned into an iterator of {@link Message}
 * records. With {@link ReadFeature#LENIENT} a framing problem is reported to the listener as the exception's
 * {@link io.github.vwbinlog.Diagnostic} and ends the iteration; without it, the exception is thrown from
 * {@code hasNext()}. Layers above that want no records (the joiner) can drive {@link #advance()} and
 * {@link #cursor()} directly.
 */
public final class MessageReader implements BinaryLogReader {
  private final ByteSource source;
  private final ReadOptions options;
  private @Nullable DiagnosticListener observer;
  private final FrameCursor cursor;
  private final boolean lenient;
  private boolean iterated;

  private MessageReader(ByteSource source, ReadOptions options) {
    this.source = source;
    this.options = options;
    this.lenient = options.isEnabled(ReadFeature.LENIENT);
    this.cursor = new FrameCursor(source, options.limits(),
        options.isEnabled(ReadFeature.INCLUDE_UNKNOWN_MESSAGES), this::report);
  }

  /**
   * Opens a file: mapped whole, or through a moving window when it is larger than the window size. A file that cannot
   * be mapped because it is not a regular file (a pipe, {@code /dev/stdin}) is read as a stream.
   *
   * @throws FileSystemException if the path is a directory
   */
  public static MessageReader open(Path file, ReadOptions options) throws IOException {
    if (Files.isDirectory(file)) {
      throw new FileSystemException(file.toString(), null, "is a directory");
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    try {
      if (!Files.isRegularFile(file)) {
        return new MessageReader(new ChannelSource(channel), options);
      }
      return new MessageReader(new MappedFileSource(channel, options.mapWindowSize()), options);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * Opens the bytes {@code [start, limit)} of a regular file, mapping only those, as if the file ended at
   * {@code limit}; offsets are the file's.
   *
   * @throws FileSystemException if the path is not a regular file
   */
  public static MessageReader open(Path file, long start, long limit, ReadOptions options) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new FileSystemException(file.toString(), null, "is not a regular file: a range of it cannot be mapped");
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    try {
      return new MessageReader(new MappedFileSource(channel, options.mapWindowSize(), start, limit), options);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Reads a channel sequentially from offset {@code position} of the log, where the channel is. */
  public static MessageReader of(ReadableByteChannel channel, long position, ReadOptions options) {
    return new MessageReader(new ChannelSource(channel, position), options);
  }

  /** Reads a buffer in place. */
  public static MessageReader of(ByteBuffer buffer, ReadOptions options) {
    return new MessageReader(new BufferSource(buffer), options);
  }

  /** Reads a channel sequentially. */
  public static MessageReader of(ReadableByteChannel channel, ReadOptions options) {
    return new MessageReader(new ChannelSource(channel), options);
  }

  /**
   * Also reports every diagnostic of this reader to {@code observer}, after the listener of its options: a joiner
   * given this reader counts them so. One observer at a time; a later call replaces it.
   */
  public void observeDiagnostics(DiagnosticListener observer) {
    this.observer = observer;
  }

  private void report(Diagnostic d) {
    options.listener().report(d);
    DiagnosticListener o = observer;
    if (o != null) {
      o.report(d);
    }
  }

  /**
   * Where the payload {@code reader} has just read can be read again from its file ({@link PayloadFile}): core's
   * reader, also beneath the wrappers of {@link BinaryLogReader#peek} (they hand on its messages as it reads them, so
   * the payload just read is its own); it says false for every payload when the input is not a mapped file. Null for
   * any other reader.
   */
  public static @Nullable PayloadFile payloadFileOf(BinaryLogReader reader) {
    MessageReader messages = beneath(reader);
    return messages != null ? messages.source::copyInPlacePayload : null;
  }

  /**
   * The file beneath {@code reader} (also beneath the wrappers of {@link BinaryLogReader#peek}), to read payloads again
   * by position from any thread ({@link FileBytes}): for the parts of a parallel join. Null when the input is not a
   * mapped file, or {@code reader} not one of core's.
   */
  public static @Nullable FileBytes fileBytesOf(BinaryLogReader reader) {
    MessageReader messages = beneath(reader);
    return messages != null && messages.source instanceof MappedFileSource file ? file::readAt : null;
  }

  private static @Nullable MessageReader beneath(BinaryLogReader reader) {
    BinaryLogReader r = reader;
    while (r instanceof WrappingReader wrapping) {
      r = wrapping.wrapped();
    }
    return r instanceof MessageReader messages ? messages : null;
  }

  /** The cursor beneath this reader, for callers that want one message at a time without records. */
  public FrameCursor cursor() {
    return cursor;
  }

  /**
   * Advances the cursor, applying the lenient policy.
   *
   * @return false at the end of the log, or after a problem was reported in lenient mode
   */
  public boolean advance() {
    try {
      return cursor.next();
    } catch (BinaryLogException e) {
      if (!lenient) {
        throw e;
      }
      report(e.toDiagnostic());
      return false;
    }
  }

  /** The current message of the cursor as a record; valid after {@link #advance()} returned true. */
  public Message current() {
    long offset = cursor.offset();
    return switch (cursor.type()) {
      case FILEMAGIC -> new Message.FileMagic(offset, cursor.value());
      case HEADER -> new Message.Header(offset, cursor.payload(), options.limits());
      case CHECKPOINT -> new Message.Checkpoint(offset, cursor.payload(), options.limits());
      case REGULAR -> new Message.Regular(offset, cursor.payload(), options.limits());
      case EOF -> new Message.Eof(offset, cursor.value());
      case UNKNOWN -> new Message.Unknown(offset, cursor.typeCode(), cursor.payload());
    };
  }

  @Override
  public Iterator<Message> iterator() {
    if (iterated) {
      throw new IllegalStateException("a BinaryLogReader can be iterated only once");
    }
    iterated = true;
    return new Iterator<>() {
      private @Nullable Message next;
      private boolean done;

      @Override
      public boolean hasNext() {
        if (next == null && !done) {
          if (advance()) {
            next = current();
          } else {
            done = true;
          }
        }
        return next != null;
      }

      @Override
      public Message next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Message m = next;
        next = null;
        return m;
      }
    };
  }

  /**
   * The messages as a stream; for a buffer or a mapped file its spliterator splits at message boundaries
   * ({@link MessageSpliterator}), so {@code stream().parallel()} works. Closing the stream closes the reader.
   *
   * @throws IllegalStateException if the reader was iterated already
   */
  @Override
  public Stream<Message> stream() {
    if (!(source instanceof BufferSource) && !(source instanceof MappedFileSource)) {
      return BinaryLogReader.super.stream();
    }
    if (iterated) {
      throw new IllegalStateException("a BinaryLogReader can be iterated only once");
    }
    iterated = true;
    return StreamSupport.stream(new MessageSpliterator(this), false).onClose(this::close);
  }

  @Override
  public ReadOptions options() {
    return options;
  }

  @Override
  public long position() {
    return source.position();
  }

  @Override
  public long size() {
    return source.size();
  }

  @Override
  public void close() {
    try {
      source.close();
    } catch (IOException e) {
      throw new BinaryLogIOException(source.position(), "closing the input", e);
    }
  }
}
