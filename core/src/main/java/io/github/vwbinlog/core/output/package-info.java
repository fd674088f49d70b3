/**
 * The output layer: turns joined events into bytes. {@link io.github.vwbinlog.core.output.DsjsonWriter} writes the
 * DSJSON line of one joined event (SPEC §8.4) and refuses lines that would not be valid JSON (SPEC §0 item 3).
 * {@link io.github.vwbinlog.core.output.JsonBytes} builds one output line with RapidJSON's writer rules (SPEC §8.2)
 * and {@link io.github.vwbinlog.core.output.DoubleFormatter} prints numbers exactly as RapidJSON's Grisu2 does (SPEC
 * Appendix A), so that the DSJSON written here is byte for byte what VW's C++ converter writes.
 */
@NullMarked
package io.github.vwbinlog.core.output;

import org.jspecify.annotations.NullMarked;
