/**
 * rlclientlib's event files, the input of the joiner: batches framed by an 8-byte big-endian preamble, each an
 * {@code EventBatch} flatbuffer of serialized {@code Event}s ({@link io.github.vwbinlog.core.eventfile.EventFile}, the
 * one reader of them), and the public {@link io.github.vwbinlog.EventBatchReader} over it. Uses framing (the mapped
 * file), flatbuf (the verifier) and event (the metadata decoder).
 */
@NullMarked
package io.github.vwbinlog.core.eventfile;

import org.jspecify.annotations.NullMarked;
