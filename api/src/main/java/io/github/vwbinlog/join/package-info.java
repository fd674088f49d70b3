/**
 * Joining and rewards: {@link io.github.vwbinlog.join.RewardCalculator} turns the events of one id into a
 * {@link io.github.vwbinlog.join.JoinResult} with VW's rewards; {@link io.github.vwbinlog.join.Joiner} does it for a
 * whole log, checkpoints and overrides included, with every skipped event counted in a
 * {@link io.github.vwbinlog.join.JoinSummary}.
 *
 * <p>Thread safety: {@link io.github.vwbinlog.join.JoinOptions}, {@link io.github.vwbinlog.join.RewardCalculator},
 * {@link io.github.vwbinlog.join.DsjsonConverter} and the result records ({@link io.github.vwbinlog.join.JoinResult},
 * {@link io.github.vwbinlog.join.JoinSummary}, {@link io.github.vwbinlog.join.JoinMetrics}) are immutable and
 * thread-safe: one calculator or converter may serve many threads at once. A {@link io.github.vwbinlog.join.Joiner} is
 * not: use one per log and thread.
 */
@NullMarked
package io.github.vwbinlog.join;

import org.jspecify.annotations.NullMarked;
