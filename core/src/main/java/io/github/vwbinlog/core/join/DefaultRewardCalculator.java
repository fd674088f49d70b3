package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.RewardCalculator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link RewardCalculator}: checks that the events form one group, then runs {@link GroupJoin} on them. There is
 * no message, so diagnostics carry offset -1.
 *
 * <pre>{@code
 * RewardCalculator calc =
 *     new DefaultRewardCalculator(CheckpointInfo.of(ProblemType.CB), DiagnosticListener.ignoring());
 * Optional<JoinResult> joined = calc.calculate(eventsOfOneId);
 * }</pre>
 */
public final class DefaultRewardCalculator implements RewardCalculator {

  private final GroupJoin join;

  /**
   * A calculator for a configuration.
   *
   * @throws IllegalArgumentException if the reward function is {@code UNRECOGNIZED}
   */
  public DefaultRewardCalculator(CheckpointInfo config, DiagnosticListener listener) {
    this.join = new GroupJoin(config, listener);
  }

  @Override
  public CheckpointInfo config() {
    return join.config();
  }

  /**
   * {@inheritDoc}
   *
   * <p>The whole list is checked before anything is reported, so an invalid list reports nothing.
   *
   * @throws NullPointerException if the list or an element is null
   */
  @Override
  public Optional<JoinResult> calculate(List<JoinedEvent> events) {
    Objects.requireNonNull(events, "events");
    if (events.isEmpty()) {
      return Optional.empty();
    }
    String id = Objects.requireNonNull(events.get(0), "events must not contain null").id();
    for (JoinedEvent e : events) {
      Objects.requireNonNull(e, "events must not contain null");
      if (!e.id().equals(id)) {
        throw new IllegalArgumentException("events of different ids: '" + id + "' and '" + e.id() + "'");
      }
      GroupJoin.checkGroupable(e);
    }
    return Optional.ofNullable(join.join(events, -1, id).result());
  }

  @Override
  public String toString() {
    return "RewardCalculator[" + config() + "]";
  }
}
