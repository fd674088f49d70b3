package io.github.vwbinlog.join;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One event of an rlclientlib event file given to {@link LogJoiner#writeTo(java.util.Iterator, java.nio.file.Path)}
 * from memory rather than read from a file by the joiner: how a cluster join (the Spark source's
 * {@code VwBinlogJoin}) runs the joiner over the events of some ids, after grouping them by id.
 *
 * <pre>{@code
 * for (EventBatch batch : reader) {
 *   ByteBuffer dedup = batch.isDedup() ? batch.events().get(0).bytes() : null;
 *   for (BatchedEvent e : batch.events()) {
 *     inputs.add(new LogJoinInput("interactions.fb", batch.offset(), e.offset(), e.bytes(), dedup));
 *   }
 * }
 * }</pre>
 *
 * @param file the name of the file the event was read from: diagnostics name it, and with {@code batchOffset} it
 *     identifies the batch whose DedupInfo the event refers to
 * @param batchOffset the byte offset of the event's batch in that file
 * @param offset the byte offset of the event in that file, for diagnostics
 * @param event the serialized schema v2 {@code Event} as the file holds it (verified again by the joiner, copied
 *     unchanged into the joined log)
 * @param dedupInfo the serialized DedupInfo event that starts the event's batch, for an interaction of a
 *     {@code DEDUP} batch; null otherwise. A DedupInfo given as {@code event} is not joined (it is counted as
 *     unjoinable): it comes with the interactions that use it.
 */
public record LogJoinInput(String file, long batchOffset, long offset, ByteBuffer event,
    @Nullable ByteBuffer dedupInfo) {

  /** Checks for nulls. */
  public LogJoinInput {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(event, "event");
  }

  @Override
  public ByteBuffer event() {
    return event.duplicate();
  }

  @Override
  public @Nullable ByteBuffer dedupInfo() {
    return dedupInfo == null ? null : dedupInfo.duplicate();
  }
}
