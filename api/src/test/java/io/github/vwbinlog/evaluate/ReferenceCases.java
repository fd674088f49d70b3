package io.github.vwbinlog.evaluate;

import java.util.ArrayList;
import java.util.List;

/**
 * The event lists of the reference tests against the VowpalWabbit/estimators package ({@link EstimatorsReferenceTest},
 * {@link ConfidenceSequenceReferenceTest}); the scripts under {@code tools/} that printed their expected values build
 * the same lists. Each event is {p_log, r, p_pred, p_drop}, in log order.
 */
final class ReferenceCases {
  private ReferenceCases() {}

  /** Four events small enough to compute by hand. */
  static List<double[]> hand() {
    return List.of(new double[] {0.5, 1, 1, 0}, new double[] {0.25, 0, 0, 0}, new double[] {0.8, 1, 0.5, 0.2},
        new double[] {0.1, 0.5, 0.3, 0});
  }

  /** {@code n} events of the logged policy itself (p_pred = p_log), rewards 0, 0.5 and 1 in turn. */
  static List<double[]> logged(int n) {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double p = 0.2 + 0.1 * (i % 5);
      out.add(new double[] {p, (i % 3) / 2.0, p, 0});
    }
    return out;
  }

  /** Four events with rewards outside [0, 1], {@code repeats} times over. */
  static List<double[]> wide(int repeats) {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < repeats; i++) {
      out.addAll(List.of(new double[] {0.5, -1, 1, 0}, new double[] {0.5, 2, 0, 0},
          new double[] {0.25, 0.5, 0.5, 0.5}, new double[] {1, 1.5, 1, 0}));
    }
    return out;
  }

  /** A thousand events with dropped events (p_drop up to 0.4) and large importance weights. */
  static List<double[]> many() {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      out.add(new double[] {0.05 + (i % 19) / 20.0, (i % 7) / 6.0, (i % 4) / 3.0, (i % 5) / 10.0});
    }
    return out;
  }
}
