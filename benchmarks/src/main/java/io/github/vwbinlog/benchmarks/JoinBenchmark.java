package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Join and rewards through the public {@link Joiner}: every joined event of a log as a {@link JoinResult} record,
 * rewards computed. The {@code joined} counter gives joined events per second.
 */
public class JoinBenchmark extends Defaults {

  /** Joined events, reported as a rate. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counters {
    /** Joined events. */
    public long joined;

    /** Cleared before each iteration. */
    @Setup(Level.Iteration)
    public void clear() {
      joined = 0;
    }
  }

  /** Joins the whole log. */
  @Benchmark
  public double join(LogState state, Counters counters) {
    ReadOptions quiet = ReadOptions.defaults().withListener(DiagnosticListener.ignoring());
    double sum = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(state.log, quiet);
        Joiner joiner = Joiner.of(reader, JoinOptions.defaults().withReadOptions(quiet))) {
      for (JoinResult r : joiner) {
        sum += r.reward();
        counters.joined++;
      }
    }
    return sum;
  }
}
