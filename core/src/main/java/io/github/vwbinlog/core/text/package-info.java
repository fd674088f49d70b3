/**
 * Text primitives of the output, below everything that writes: {@link io.github.vwbinlog.core.text.JsonBytes} builds
 * one output line with RapidJSON's writer rules (SPEC §8.2), {@link io.github.vwbinlog.core.text.DoubleFormatter}
 * prints numbers exactly as RapidJSON's Grisu2 does (SPEC Appendix A), {@link io.github.vwbinlog.core.text.TimeText}
 * formats timestamps as VW does, for the DSJSON writer ({@code core.output}). It depends on nothing else in core.
 */
@NullMarked
package io.github.vwbinlog.core.text;

import org.jspecify.annotations.NullMarked;
