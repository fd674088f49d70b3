package io.github.vwbinlog.join;

import java.io.IOException;

/**
 * Where the joined events of a log go, as views: the one contract of every consumer of the join. The log is joined in
 * parts (one after the other on one thread, or several at once with {@link JoinOptions#threads()} above 1, as
 * {@link DsjsonConverter} converts); each part's events go, in log order, to a part state of the sink's own, and the
 * finished parts come back to the sink in log order, on the thread that called {@link Joiner#run}. The DSJSON
 * converter, {@link Joiner#collect} and the Parquet writer are such sinks.
 *
 * <pre>{@code
 * // The learnable events' rewards, summed per part and then in log order.
 * final class RewardSum implements JoinedEventSink<float[]> {
 *   float total;
 *   public float[] open() { return new float[1]; }
 *   public void accept(float[] part, JoinedEventView event) {
 *     if (event.learnable()) { part[0] += event.reward(JoinedEventView.TOP); }
 *   }
 *   public void finish(float[] part) { total += part[0]; }
 * }
 * }</pre>
 *
 * @param <P> what a part makes: a buffer, a batch of rows, a container
 */
public interface JoinedEventSink<P> {
  /** A new, empty part; on any thread. */
  P open();

  /**
   * Takes one joined event of {@code part}, in log order within the part; on any thread, a part on one thread at a
   * time. The view is valid during this call only.
   */
  void accept(P part, JoinedEventView event);

  /**
   * Takes a finished part, in log order, on the thread that called {@link Joiner#run}.
   *
   * @throws IOException if the part cannot be written; the run stops and rethrows it
   */
  void finish(P part) throws IOException;
}
