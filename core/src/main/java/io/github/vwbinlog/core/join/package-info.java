/**
 * Layer 4: joining and rewards. {@link io.github.vwbinlog.core.join.GroupJoin} joins the events of one event id and
 * computes their rewards (SPEC §4.2, §6) with the binary32 reward functions of
 * {@link io.github.vwbinlog.core.join.RewardFunctions}; {@link io.github.vwbinlog.core.join.DefaultRewardCalculator}
 * is the public {@link io.github.vwbinlog.join.RewardCalculator} on top of it. With {@code --multistep}, the
 * multistep joiner treats each REGULAR message as one batch of steps (SPEC §7): ordered by their previous ids, rewarded
 * as a whole, then emitted step by step.
 */
@NullMarked
package io.github.vwbinlog.core.join;

import org.jspecify.annotations.NullMarked;
