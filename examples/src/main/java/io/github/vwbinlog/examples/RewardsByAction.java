package io.github.vwbinlog.examples;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The learnable CB decisions of a log counted by chosen action, with the sum of their rewards: a
 * {@link JoinedEventSink} reads each joined event's values from its view, with no record built, on as many threads as
 * the machine has, each part into a map of its own that {@code finish} merges in log order.
 *
 * <pre>java RewardsByAction joined.log</pre>
 */
public final class RewardsByAction implements JoinedEventSink<Map<Long, double[]>> {
  /** By chosen action: {count, sum of rewards}, over the parts finished so far. */
  private final Map<Long, double[]> total = new TreeMap<>();

  private RewardsByAction() {}

  @Override
  public Map<Long, double[]> open() {
    return new TreeMap<>();
  }

  @Override
  public void accept(Map<Long, double[]> part, JoinedEventView event) {
    if (event.type() == PayloadType.CB && event.learnable() && event.actionCount(JoinedEventView.TOP) > 0) {
      double[] sums = part.computeIfAbsent(event.action(JoinedEventView.TOP, 0), a -> new double[2]);
      sums[0]++;
      sums[1] += event.reward(JoinedEventView.TOP);
    }
  }

  @Override
  public void finish(Map<Long, double[]> part) {
    part.forEach((action, sums) -> {
      double[] t = total.computeIfAbsent(action, a -> new double[2]);
      t[0] += sums[0];
      t[1] += sums[1];
    });
  }

  /** Prints one line per chosen action: the action, the count and the mean reward; then the join's summary. */
  public static void main(String[] args) throws IOException {
    RewardsByAction sink = new RewardsByAction();
    JoinOptions options = JoinOptions.defaults().withThreads(Runtime.getRuntime().availableProcessors());
    JoinSummary summary = Joiner.run(Path.of(args[0]), options, sink);
    sink.total.forEach((action, t) -> System.out.println(action + "\t" + (long) t[0] + "\t" + t[1] / t[0]));
    System.out.println(summary.emittedTotal() + " joined events");
  }
}
