package io.github.vwbinlog;

import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads the batches of an rlclientlib event file: what its file senders ({@code INTERACTION_FILE_SENDER},
 * {@code OBSERVATION_FILE_SENDER}, {@code EPISODE_FILE_SENDER}) write, and what {@link io.github.vwbinlog.join.LogJoiner}
 * joins into a joined log.
 *
 * <p>A file is a sequence of batches with no file header: an 8-byte preamble (byte 0 reserved, byte 1 version 0,
 * bytes 2-3 the message type as a big-endian u16, bytes 4-7 the body size as a big-endian u32), then an
 * {@code EventBatch} flatbuffer of that size, each of whose events is a serialized schema v2 {@code Event}. Every batch
 * is verified before it is returned, and every event's {@code Event} buffer with its metadata; the events' payloads
 * are read only when {@link BatchedEvent#event()} is called.
 *
 * <p>Only protocol v2 batches (message type 13) are read. A protocol v1 batch (types 2, 8, 9, 12: rlclientlib's
 * default) raises a {@link BinaryLogException} ({@link DiagnosticReason#UNSUPPORTED_VERSION}) naming the file, the
 * offset and the fix: {@code "protocol.version": 2} in the client's configuration. A batch cut short at the end of the
 * file (the client was killed while writing it) raises a {@link TruncatedInputException}, or, with
 * {@link ReadFeature#LENIENT}, is reported to the options' listener and ends the iteration: the batches before it are
 * returned either way. A batch that fails verification raises a {@link MalformedDataException} (lenient: reported, and
 * the batch skipped, since its size is known).
 *
 * <p>The file is memory-mapped; events are views of the mapping, never copies. Not thread-safe; iterate it once.
 *
 * <pre>{@code
 * try (EventBatchReader reader = EventBatchReader.open(Path.of("interactions.fb"))) {
 *   for (EventBatch batch : reader) {
 *     for (BatchedEvent e : batch.events()) {
 *       System.out.println(e.offset() + "\t" + e.meta().payloadType() + "\t" + e.meta().id());
 *     }
 *   }
 * }
 * }</pre>
 */
public interface EventBatchReader extends Iterable<EventBatch>, AutoCloseable {

  /** The message type of a protocol v2 batch ({@code fb_generic_event_collection}): the only one read. */
  int PROTOCOL_V2_MESSAGE_TYPE = 13;

  /** Opens a file with the default options. */
  static EventBatchReader open(Path file) throws IOException {
    return open(file, ReadOptions.defaults());
  }

  /**
   * Opens a file, memory-mapping it. The options' limits bound each batch's size and the verifier, their listener
   * hears lenient reports, and {@link ReadFeature#LENIENT} turns a truncated last batch or a malformed batch into a
   * report.
   */
  static EventBatchReader open(Path file, ReadOptions options) throws IOException {
    return Providers.get().openEventBatchReader(file, options);
  }

  /**
   * Opens a byte range of a file read through a channel (a file of any file system, as Spark's or Hadoop's splits
   * read it): the batches whose preamble lies in {@code [from, to)}. Event files have no sync marks: when
   * {@code from} falls inside a batch, the reader looks forward for the next batch (a protocol v2 preamble whose body
   * verifies and which another preamble or the end of the file follows), and it stops where the range after it would
   * start, found the same way; so the ranges that cover a file read each batch exactly once, and each reads its own
   * bytes plus about one batch, never the file from its start. A batch that fails verification, or a truncated last
   * batch, is read (and reported) by the range in which the batch before it ends. If a batch of the range runs over
   * the place where the next range starts (bytes inside it that look like a batch), reading fails
   * ({@link DiagnosticReason#MALFORMED_PAYLOAD}) rather than read a batch twice or lose one.
   *
   * <p>Offsets are the file's. The channel is read, not mapped; its {@code size()} is the file's size, and closing the
   * reader closes it. {@code open(channel, name, 0, Long.MAX_VALUE, options)} reads the whole file as
   * {@link #open(Path, ReadOptions)} does.
   *
   * <pre>{@code
   * try (EventBatchReader r = EventBatchReader.open(FileChannel.open(file), file, 1 << 20, 2 << 20, options)) {
   *   r.events().forEach(e -> System.out.println(e.offset() + " " + e.meta().id()));
   * }
   * }</pre>
   *
   * @param name the file's name, for messages and {@link #file()}
   * @param from the first byte of the range
   * @param to the byte after the range
   */
  static EventBatchReader open(SeekableByteChannel channel, Path name, long from, long to,
      ReadOptions options) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("byte range [" + from + ", " + to + ")");
    }
    return Providers.get().openEventBatchReader(channel, name, from, to, options);
  }

  /**
   * Whether a stream's first bytes are those of an event file (a protocol v1 or v2 preamble); reads 4 bytes of it.
   *
   * @throws IOException if the stream cannot be read
   */
  static boolean isEventFile(InputStream in) throws IOException {
    return Providers.get().isEventFile(in);
  }

  /**
   * Whether a file starts like an event file (a protocol v1 or v2 preamble) rather than a joined log (FILEMAGIC): for
   * tools that take both.
   *
   * @throws IOException if the file cannot be read
   */
  static boolean isEventFile(Path file) throws IOException {
    return Providers.get().isEventFile(file);
  }

  /** The file read. */
  Path file();

  /** The batches as a sequential stream, in file order; closing the stream does not close the reader. */
  default Stream<EventBatch> batches() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED
        | Spliterator.NONNULL), false);
  }

  /** Every event of every batch, in file order. */
  default Stream<BatchedEvent> events() {
    return batches().flatMap(b -> b.events().stream());
  }

  /** Closes the file; the views already returned stay readable. */
  @Override
  void close();
}
