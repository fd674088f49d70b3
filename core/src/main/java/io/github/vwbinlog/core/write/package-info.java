/**
 * Writing logs: {@link io.github.vwbinlog.core.write.EventEncoder} turns joined events into a {@code JoinedPayload}
 * flatbuffer, {@link io.github.vwbinlog.core.write.FileInfoEncoder} does the same for HEADER and CHECKPOINT payloads,
 * {@link io.github.vwbinlog.core.write.FrameWriter} frames messages (SPEC §1), and
 * {@link io.github.vwbinlog.core.write.LogWriter} is the public {@link io.github.vwbinlog.BinaryLogWriter} over them.
 */
@NullMarked
package io.github.vwbinlog.core.write;

import org.jspecify.annotations.NullMarked;
