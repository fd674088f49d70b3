/**
 * Layer 3, events: verified decoding of the nested buffers of a REGULAR message (JoinedEvent → Event → Metadata and
 * payload, zstd decompressed within the limits) into the public event records.
 */
@NullMarked
package io.github.vwbinlog.core.event;

import org.jspecify.annotations.NullMarked;
