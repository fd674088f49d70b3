package io.github.vwbinlog.core.eventfile;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.framing.ByteSource;
import io.github.vwbinlog.event.Event;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/** The public {@link EventBatchReader}: {@link EventFile}'s batches as records. */
public final class DefaultEventBatchReader implements EventBatchReader {
  private final EventFile file;
  private final ReadOptions options;
  private final boolean lenient;
  private final EventDecoder decoder;
  /** Where reading stops: the first batch of the byte range after this reader's ({@link BatchBoundary}). */
  private final long stop;
  private boolean iterated;

  private DefaultEventBatchReader(EventFile file, ReadOptions options) {
    this(file, options, Long.MAX_VALUE);
  }

  private DefaultEventBatchReader(EventFile file, ReadOptions options, long stop) {
    this.file = file;
    this.stop = stop;
    this.options = options;
    this.lenient = options.isEnabled(ReadFeature.LENIENT);
    this.decoder = new EventDecoder(options.limits());
  }

  /** Opens a file. */
  public static DefaultEventBatchReader open(Path path, ReadOptions options) throws IOException {
    return new DefaultEventBatchReader(EventFile.open(path, options.limits(), options.mapWindowSize()), options);
  }

  /**
   * Decodes one event of a batch (its {@code Event} bytes, decompressing a zstd payload) into a record: what {@link
   * io.github.vwbinlog.BatchedEvent#event()} returns.
   */
  public static Event decode(ByteBuffer eventBytes, long offset, ReadLimits limits) {
    EventDecoder decoder = new EventDecoder(limits);
    try {
      EventDecoder.Envelope envelope = decoder.envelope(eventBytes.duplicate());
      return new Event(envelope.meta(), decoder.payload(envelope, DiagnosticReason.MALFORMED_EVENT));
    } catch (DecodeException e) {
      throw new MalformedDataException(e.reason(), offset, BinaryLogException.NO_MESSAGE_TYPE, "the event",
          String.valueOf(e.getMessage()));
    }
  }

  /**
   * Reads the batches of a byte range of a file: those whose preamble lies in {@code [from, to)}, found without
   * reading the file from its start ({@link BatchBoundary}), so that the ranges of a file read each batch once.
   *
   * @param name the file's name, for messages and {@link #file()}
   * @param channel the file; its size is the file's, and closing the reader closes it
   */
  public static DefaultEventBatchReader open(Path name, SeekableByteChannel channel, long from, long to,
      ReadOptions options) {
    long start = BatchBoundary.find(channel, from, options.limits());
    long stop = to >= channelSize(channel) ? Long.MAX_VALUE : BatchBoundary.find(channel, to, options.limits());
    try {
      channel.position(start);
    } catch (IOException e) {
      throw new BinaryLogIOException(start, "the batch at offset " + start + " in " + name, e);
    }
    return new DefaultEventBatchReader(EventFile.of(name, ByteSource.of(channel, start), options.limits()), options,
        stop);
  }

  private static long channelSize(SeekableByteChannel channel) {
    try {
      return channel.size();
    } catch (IOException e) {
      throw new BinaryLogIOException(0, "the size of the file", e);
    }
  }

  @Override
  public Path file() {
    return file.file();
  }

  @Override
  public Iterator<EventBatch> iterator() {
    if (iterated) {
      throw new IllegalStateException("an EventBatchReader can be iterated once");
    }
    iterated = true;
    return new Iterator<>() {
      private @Nullable EventBatch next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          next = read();
        }
        return next != null;
      }

      @Override
      public EventBatch next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        EventBatch b = next;
        next = null;
        return b;
      }
    };
  }

  private @Nullable EventBatch read() {
    while (true) {
      if (file.position() >= stop) {
        if (file.position() > stop) {
          // A batch of this range ran over the next range's first batch: bytes of it looked like a batch there.
          throw new BinaryLogException(DiagnosticReason.MALFORMED_PAYLOAD, file.batchOffset(),
              BinaryLogException.NO_MESSAGE_TYPE, "the batch at offset " + file.batchOffset() + " in "
              + file.file().getFileName(), "it runs past offset " + stop + ", where the next byte range of the file"
              + " found bytes that look like a batch; read the file with larger splits, or whole", null);
        }
        return null;
      }
      boolean more;
      try {
        more = file.next();
      } catch (MalformedDataException e) {
        if (!lenient) {
          throw e;
        }
        options.listener().report(e.toDiagnostic());
        continue;
      }
      if (!more) {
        BinaryLogException truncation = file.truncation();
        if (truncation != null) {
          if (!lenient) {
            throw truncation;
          }
          options.listener().report(truncation.toDiagnostic());
        }
        return null;
      }
      List<BatchedEvent> events = new ArrayList<>(file.eventCount());
      for (int i = 0; i < file.eventCount(); i++) {
        String problem = file.event(i);
        if (problem == null) {
          try {
            events.add(new BatchedEvent(file.eventOffset(), decoder.envelope(file.eventBytes()).meta(),
                file.eventBytes(), options.limits()));
            continue;
          } catch (DecodeException e) {
            problem = e.getMessage();
          }
        }
        MalformedDataException e = new MalformedDataException(DiagnosticReason.MALFORMED_EVENT, file.eventOffset(),
            BinaryLogException.NO_MESSAGE_TYPE, "event " + i + " of the batch at offset " + file.batchOffset()
            + " in " + file.file().getFileName(), String.valueOf(problem));
        if (!lenient) {
          throw e;
        }
        options.listener().report(e.toDiagnostic());
      }
      return new EventBatch(file.batchOffset(), file.batchSize(), file.contentEncoding(), file.originalEventCount(),
          events);
    }
  }

  @Override
  public void close() {
    try {
      file.close();
    } catch (IOException e) {
      throw new BinaryLogIOException(-1, "closing " + file.file(), e);
    }
  }
}
