/**
 * The top of core: the runs, which drive the layers below. {@link io.github.vwbinlog.core.run.MessageLoop} is the one
 * loop over a log's messages (framing, counting, CHECKPOINTs, strict mode), which every run steps:
 * {@link io.github.vwbinlog.core.run.DefaultJoiner}, the public {@code Joiner} of a whole log;
 * {@link io.github.vwbinlog.core.run.RangeJoiner}, of a byte range (a Spark split); and
 * {@link io.github.vwbinlog.core.run.ParallelJoin}, which cuts the log into parts joined on several threads, each by
 * its own {@code MessageJoiner} into a {@link io.github.vwbinlog.core.run.PartSink}, finished in log order. The sinks
 * in parts: DSJSON lines ({@link io.github.vwbinlog.core.run.DsjsonParts}, behind
 * {@link io.github.vwbinlog.core.run.DefaultDsjsonConverter}) and any public {@code JoinedEventSink}
 * ({@link io.github.vwbinlog.core.run.ViewParts}, behind {@link io.github.vwbinlog.core.run.JoinRun}:
 * {@code Joiner.run}, and {@code Joiner.collect} through {@link io.github.vwbinlog.core.run.CollectorSink}).
 */
@NullMarked
package io.github.vwbinlog.core.run;

import org.jspecify.annotations.NullMarked;
