/**
 * Layer 1, framing: messages over bytes (SPEC §1). A {@link io.github.vwbinlog.core.framing.ByteSource} gives bytes
 * from a mapped file, a buffer or a stream; the {@link io.github.vwbinlog.core.framing.FrameCursor} walks the
 * messages; {@link io.github.vwbinlog.core.framing.MessageReader} turns them into public records.
 */
@NullMarked
package io.github.vwbinlog.core.framing;

import org.jspecify.annotations.NullMarked;
