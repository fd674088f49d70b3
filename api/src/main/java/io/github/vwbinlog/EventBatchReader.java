package io.github.vwbinlog;

import io.github.vwbinlog.spi.EventFileProviders;
import java.io.IOException;
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
    return EventFileProviders.get().openEventBatchReader(file, options);
  }

  /**
   * Whether a file starts like an event file (a protocol v1 or v2 preamble) rather than a joined log (FILEMAGIC): for
   * tools that take both.
   *
   * @throws IOException if the file cannot be read
   */
  static boolean isEventFile(Path file) throws IOException {
    return EventFileProviders.get().isEventFile(file);
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
