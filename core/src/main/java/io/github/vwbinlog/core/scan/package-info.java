/**
 * Layer 4, the scan: the one reader of a REGULAR message's events. {@link io.github.vwbinlog.core.scan.MessageScan}
 * copies the payload into a reused array, verifies every nested buffer, decompresses zstd payloads into a reused arena,
 * records each event's fields in reused primitive arrays indexed by the event's position in the payload, and groups
 * the events by id in first-seen order; the layers above read them through its accessors, never its arrays. It reads
 * the events the single joiner or the multistep joiner joins ({@code core.join}), or every event:
 * {@link io.github.vwbinlog.core.scan.JoinedPayloads} builds every event of a message into a record, joining nothing
 * ({@code Message.Regular#joinedEvents()}). {@link io.github.vwbinlog.core.scan.FlatReads} holds the reads of verified
 * flatbuffer tables that the scan and the join's view share.
 */
@NullMarked
package io.github.vwbinlog.core.scan;

import org.jspecify.annotations.NullMarked;
