/**
 * Joining and rewards: {@link io.github.vwbinlog.join.RewardCalculator} turns the events of one id into a
 * {@link io.github.vwbinlog.join.JoinResult} with VW's rewards; {@link io.github.vwbinlog.join.Joiner} does it for a
 * whole log, checkpoints and overrides included, with every skipped event counted in a
 * {@link io.github.vwbinlog.join.JoinSummary}.
 */
@NullMarked
package io.github.vwbinlog.join;

import org.jspecify.annotations.NullMarked;
