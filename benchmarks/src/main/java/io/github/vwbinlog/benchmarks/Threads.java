package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.join.JoinOptions;

/** Sets the conversion thread count where the API has it. */
final class Threads {
  private Threads() {}

  static JoinOptions with(JoinOptions options, int threads) {
    return options.withThreads(threads);
  }
}
