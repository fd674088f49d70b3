/**
 * The events of a joined log as immutable records: {@link io.github.vwbinlog.event.JoinedEvent} (an event and the
 * joiner's time stamp), {@link io.github.vwbinlog.event.Event} ({@link io.github.vwbinlog.event.Metadata} and a
 * decoded {@link io.github.vwbinlog.event.EventPayload}), and one record per payload table of schema v2.
 *
 * <p>Strings (ids, model ids, slot ids, literal outcome values) are decoded from UTF-8, as FlatBuffers requires them
 * to be; contexts stay raw bytes, as read-only {@link java.nio.ByteBuffer} views, because DSJSON copies them byte for
 * byte. Lists are unmodifiable. Unsigned schema values (action ids) are carried in {@code long}s.
 *
 * <p>Thread safety: every record here is immutable and thread-safe; contexts are handed out as a new
 * read-only view on each call.
 */
@NullMarked
package io.github.vwbinlog.event;

import org.jspecify.annotations.NullMarked;
