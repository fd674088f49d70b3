/**
 * Layer 5: joining and rewards, over the events the scan ({@code core.scan}'s
 * {@link io.github.vwbinlog.core.scan.MessageScan}) has read from a REGULAR message: {@code SingleJoiner} joins the
 * events of each event id and {@link io.github.vwbinlog.core.join.ScanView} computes their rewards (SPEC §4.2, §6) with
 * the binary32 reward functions of {@link io.github.vwbinlog.core.join.RewardFunctions}: the one join, whose joined
 * events go to an {@link io.github.vwbinlog.core.join.EventSink} as views ({@link io.github.vwbinlog.core.join.JoinedView});
 * {@link io.github.vwbinlog.core.join.MessageJoiner} is its entry point for the runs above ({@code core.run}). {@link io.github.vwbinlog.core.join.DefaultRewardCalculator} is the
 * public {@link io.github.vwbinlog.join.RewardCalculator} on the same join. With {@code --multistep}, the multistep
 * joiner treats each REGULAR message as one batch of steps (SPEC §7): ordered by their previous ids, rewarded as a
 * whole, then emitted step by step.
 */
@NullMarked
package io.github.vwbinlog.core.join;

import org.jspecify.annotations.NullMarked;
