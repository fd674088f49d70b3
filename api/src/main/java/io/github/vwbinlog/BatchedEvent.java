package io.github.vwbinlog;

import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.spi.EventFileProviders;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * One event of an rlclientlib event batch: its verified metadata and its serialized {@code Event} flatbuffer, a
 * read-only view of the file (not a copy).
 *
 * <pre>{@code
 * if (e.meta().payloadType() == PayloadType.OUTCOME) {
 *   OutcomeEvent outcome = (OutcomeEvent) e.event().payload();   // decompressed and verified here
 * }
 * }</pre>
 *
 * @param offset the byte offset in the file of the first byte of the serialized {@code Event}
 * @param meta the event's metadata (id, client time, payload type, pass probability, encoding)
 * @param bytes the serialized {@code Event} flatbuffer as the file holds it, payload still compressed when
 *     {@code meta.encoding()} is ZSTD; what a joiner copies into a joined log unchanged
 * @param limits the limits the reader was opened with, for {@link #event()}
 */
public record BatchedEvent(long offset, Metadata meta, ByteBuffer bytes, ReadLimits limits) {

  /** Checks for nulls. */
  public BatchedEvent {
    Objects.requireNonNull(meta, "meta");
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(limits, "limits");
  }

  /**
   * The whole event with its payload decoded: decompressed when zstd, verified as the table its payload type names.
   *
   * @throws MalformedDataException if the payload is absent, does not decompress or fails verification, naming the
   *     offset and the cause
   */
  public Event event() {
    return EventFileProviders.get().decodeEvent(bytes, offset, limits);
  }

  @Override
  public ByteBuffer bytes() {
    return bytes.duplicate();
  }
}
