package io.github.vwbinlog.examples;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.util.List;

/**
 * Computes the rewards of one event id with each reward function: a decision and three observations, 5, 4 and 3, the
 * latest first (the fixture of VW's own reward tests).
 *
 * <pre>java ComputeRewards</pre>
 */
public final class ComputeRewards {
  private ComputeRewards() {}

  /** Prints one line per reward function. */
  public static void main(String[] args) {
    List<JoinedEvent> events = List.of(
        JoinedEvent.of(TimeStamp.of(2020, 3, 30, 10, 20, 30), new Event(Metadata.of("abc", PayloadType.CB),
            CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"user\":{\"id\":\"a\"}}"))),
        outcome(30, 5f),
        outcome(29, 4f),
        outcome(28, 3f));
    for (RewardFunction function : List.of(RewardFunction.EARLIEST, RewardFunction.AVERAGE, RewardFunction.MEDIAN,
        RewardFunction.SUM, RewardFunction.MIN, RewardFunction.MAX)) {
      CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withRewardFunction(function);
      JoinResult result = RewardCalculator.of(config).calculate(events).orElseThrow();
      System.out.println(function + "\t" + result.reward());
    }
  }

  private static JoinedEvent outcome(int day, float value) {
    return JoinedEvent.of(TimeStamp.of(2020, 3, day, 10, 20, 30),
        new Event(Metadata.of("abc", PayloadType.OUTCOME), OutcomeEvent.numeric(value)));
  }
}
