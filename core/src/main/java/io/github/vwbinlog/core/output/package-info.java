/**
 * The output layer: turns joined records into bytes. {@link io.github.vwbinlog.core.output.DsjsonWriter} writes the
 * DSJSON line of one joined event (SPEC §8.4) and refuses lines that would not be valid JSON (SPEC §0 item 3), with
 * the text primitives of {@code core.text}, so that the DSJSON written here is byte for byte what VW's C++ converter
 * writes.
 */
@NullMarked
package io.github.vwbinlog.core.output;

import org.jspecify.annotations.NullMarked;
