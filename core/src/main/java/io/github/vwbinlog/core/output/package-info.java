/**
 * The output layer: turns joined events into bytes. {@link io.github.vwbinlog.core.output.DsjsonWriter}, the one
 * DSJSON writer, writes the line of one joined event from its view (SPEC §8.4) and refuses lines that would not be
 * valid JSON (SPEC §0 item 3), with the text primitives of {@code core.text}, so that the DSJSON written here is byte
 * for byte what VW's C++ converter writes; {@link io.github.vwbinlog.core.output.DsjsonSink} is its {@code EventSink}.
 */
@NullMarked
package io.github.vwbinlog.core.output;

import org.jspecify.annotations.NullMarked;
