package io.github.vwbinlog;

import java.util.List;
import java.util.Objects;

/**
 * One batch of an rlclientlib event file: what {@link EventBatchReader} returns.
 *
 * <pre>{@code
 * boolean dedup = batch.isDedup();   // its first event is then a DedupInfo the others' "__aid" ids refer to
 * }</pre>
 *
 * @param offset the byte offset of the batch's preamble in the file
 * @param size the size of the {@code EventBatch} flatbuffer after the 8-byte preamble
 * @param contentEncoding {@code BatchMetadata.content_encoding}: {@code "IDENTITY"} or {@code "DEDUP"} as rlclientlib
 *     writes it, empty when absent
 * @param originalEventCount {@code BatchMetadata.original_event_count}, 0 when absent
 * @param events the events, in batch order
 */
public record EventBatch(long offset, int size, String contentEncoding, long originalEventCount,
    List<BatchedEvent> events) {

  /** Checks for nulls and copies the list. */
  public EventBatch {
    Objects.requireNonNull(contentEncoding, "contentEncoding");
    events = List.copyOf(events);
  }

  /** Whether the batch says its contexts refer to the actions of a DedupInfo ({@code content_encoding "DEDUP"}). */
  public boolean isDedup() {
    return contentEncoding.equals("DEDUP");
  }
}
