/**
 * vw-binlog: read Vowpal Wabbit joined binary schema v2 logs.
 *
 * <p>{@link io.github.vwbinlog.BinaryLogReader} is the entry point: it iterates the {@link io.github.vwbinlog.Message}s of
 * a log in file order. Problems raise a {@link io.github.vwbinlog.BinaryLogException} that names the byte offset, or are
 * reported to a {@link io.github.vwbinlog.DiagnosticListener} when {@link io.github.vwbinlog.ReadFeature#LENIENT} is on.
 * {@link io.github.vwbinlog.BinaryLogWriter} writes logs, for tests, benchmarks and tools.
 *
 * <p>Thread safety: configuration ({@link io.github.vwbinlog.ReadOptions},
 * {@link io.github.vwbinlog.ReadLimits}), records ({@link io.github.vwbinlog.Message} and its kinds,
 * {@link io.github.vwbinlog.CheckpointInfo}, {@link io.github.vwbinlog.FileHeader},
 * {@link io.github.vwbinlog.TimeStamp}, {@link io.github.vwbinlog.Diagnostic}), enums and exceptions are immutable and
 * thread-safe. {@link io.github.vwbinlog.BinaryLogReader} and {@link io.github.vwbinlog.BinaryLogWriter} are not: use
 * one per thread. A {@link io.github.vwbinlog.DiagnosticListener} is called on the reading thread, so one shared by
 * readers on several threads must be thread-safe itself.
 */
@NullMarked
package io.github.vwbinlog;

import org.jspecify.annotations.NullMarked;
