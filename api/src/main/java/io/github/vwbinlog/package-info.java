/**
 * vw-binlog: read Vowpal Wabbit joined binary schema v2 logs.
 *
 * <p>{@link io.github.vwbinlog.BinaryLogReader} is the entry point: it iterates the {@link io.github.vwbinlog.Message}s of
 * a log in file order. Problems raise a {@link io.github.vwbinlog.BinaryLogException} that names the byte offset, or are
 * reported to a {@link io.github.vwbinlog.DiagnosticListener} when {@link io.github.vwbinlog.ReadFeature#LENIENT} is on.
 * {@link io.github.vwbinlog.BinaryLogWriter} writes logs, for tests, benchmarks and tools.
 */
@NullMarked
package io.github.vwbinlog;

import org.jspecify.annotations.NullMarked;
