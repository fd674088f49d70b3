package io.github.vwbinlog.evaluate;

/**
 * A fixed number of sums, each carried as two doubles (the rounded sum and the error of its roundings, Knuth's
 * two-sum), so that the order in which parts of a log are added together does not reach the doubles the estimators
 * read: the sums of a log joined on one thread and on several, cut into parts wherever, round to the same doubles
 * (unless a sum's exact value falls within about 1e-30 of its own size from the midpoint between two doubles).
 */
final class WideSums {
  private final double[] hi;
  private final double[] lo;

  WideSums(int size) {
    hi = new double[size];
    lo = new double[size];
  }

  /** Adds {@code x} to sum {@code i}. */
  void add(int i, double x) {
    double a = hi[i];
    double s = a + x;
    double bv = s - a;
    double err = (a - (s - bv)) + (x - bv);
    hi[i] = s;
    lo[i] += err;
  }

  /** Adds every sum of {@code other}. */
  void add(WideSums other) {
    for (int i = 0; i < hi.length; i++) {
      add(i, other.hi[i]);
      add(i, other.lo[i]);
    }
  }

  /** Sum {@code i}, rounded to a double. */
  double get(int i) {
    return hi[i] + lo[i];
  }
}
