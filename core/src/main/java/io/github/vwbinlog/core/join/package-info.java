/**
 * Layer 4: joining and rewards. {@link io.github.vwbinlog.core.join.MessageScan} reads a REGULAR message's events,
 * {@code SingleJoiner} joins the events of each event id and {@link io.github.vwbinlog.core.join.ScanView} computes
 * their rewards (SPEC §4.2, §6) with the binary32 reward functions of
 * {@link io.github.vwbinlog.core.join.RewardFunctions}: the one join, whose joined events go to a sink as views or as
 * records. {@link io.github.vwbinlog.core.join.DefaultRewardCalculator} is the public
 * {@link io.github.vwbinlog.join.RewardCalculator} on the same join. With {@code --multistep}, the
 * multistep joiner treats each REGULAR message as one batch of steps (SPEC §7): ordered by their previous ids, rewarded
 * as a whole, then emitted step by step. {@link io.github.vwbinlog.core.join.JoinedPayloads} reads every event of a
 * message through the same scan, as records, joining nothing ({@code Message.Regular#joinedEvents()}).
 */
@NullMarked
package io.github.vwbinlog.core.join;

import org.jspecify.annotations.NullMarked;
