package io.github.vwbinlog.evaluate;

import java.util.function.DoubleUnaryOperator;

/**
 * The few quantiles the intervals need (normal, beta, F with one numerator degree of freedom), computed from the
 * regularized incomplete beta and gamma functions and inverted by bisection to the last bit, so that no statistics
 * library is needed. Accurate to about 1e-13 relative for the sizes of a window of events; the continued fractions
 * take more steps, not less precision, as the counts grow.
 */
final class Distributions {

  private static final double EPS = 1e-16;
  private static final double TINY = 1e-300;
  private static final int MAX_ITERATIONS = 100_000_000;
  private static final double[] LANCZOS = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
      12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};

  private Distributions() {}

  /** The standard normal quantile: z with P(Z <= z) = p, for 0 < p < 1. */
  static double normalQuantile(double p) {
    if (p == 0.5) {
      return 0;
    }
    double tail = Math.min(p, 1 - p);
    // P(|Z| > z) = Q(1/2, z^2/2): solve for x = z^2/2 on a decreasing function.
    double x = solveIncreasing(v -> -gammaQ(0.5, v), -2 * tail, 0, 1e4);
    double z = Math.sqrt(2 * x);
    return p < 0.5 ? -z : z;
  }

  /**
   * The normal-approximation interval of a mean at level {@code 1 - alpha}, from the count {@code n}, the sum and the
   * sum of squares of the values: {low, high}, infinite while {@code n <= 1}; a variance below 0 (rounding) counts
   * as 0.
   */
  static double[] normalInterval(double n, double sum, double sumSq, double alpha) {
    if (n <= 1) {
      return new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    }
    double z = normalQuantile(1 - alpha / 2);
    double variance = (sumSq - sum * sum / n) / (n - 1);
    double delta = z * Math.sqrt(Math.max(0, variance) / n);
    double mean = sum / n;
    return new double[] {mean - delta, mean + delta};
  }

  /** The beta quantile: x with I_x(a, b) = p; NaN when a or b is not a finite positive number. */
  static double betaQuantile(double p, double a, double b) {
    if (!(a > 0 && a < Double.POSITIVE_INFINITY && b > 0 && b < Double.POSITIVE_INFINITY) || Double.isNaN(p)) {
      return Double.NaN; // a log whose events all have pdrop 1 weighs them infinitely: no interval
    }
    if (p <= 0) {
      return 0;
    }
    if (p >= 1) {
      return 1;
    }
    return solveIncreasing(x -> regularizedBeta(x, a, b), p, 0, 1);
  }

  /**
   * The F(1, d) inverse survival function: x with P(F > x) = q, for any real d > 0; for an infinite d its limit, the
   * chi-squared(1) quantile (a log whose events all have pdrop 1 counts infinitely many of them); NaN for NaN.
   */
  static double fInverseSurvival(double q, double d) {
    if (Double.isNaN(d) || Double.isNaN(q) || !(d > 0)) {
      return Double.NaN;
    }
    if (d == Double.POSITIVE_INFINITY) {
      double z = normalQuantile(1 - q / 2);
      return z * z;
    }
    // P(F(1, d) > x) = I_{d / (d + x)}(d / 2, 1 / 2), increasing in y = d / (d + x).
    double y = solveIncreasing(v -> regularizedBeta(v, d / 2, 0.5), q, 0, 1);
    return d * (1 - y) / y;
  }

  /** The regularized incomplete beta function I_x(a, b). */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double logFront = a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b);
    if (x < (a + 1) / (a + b + 2)) {
      return Math.exp(logFront) * betaFraction(x, a, b) / a;
    }
    return 1 - Math.exp(logFront) * betaFraction(1 - x, b, a) / b;
  }

  /** The regularized upper incomplete gamma function Q(a, x). */
  static double gammaQ(double a, double x) {
    if (x <= 0) {
      return 1;
    }
    double logFront = -x + a * Math.log(x) - logGamma(a);
    if (x < a + 1) {
      return 1 - lowerSeries(a, x) * Math.exp(logFront);
    }
    // Lentz's method on the continued fraction of Q.
    double b = x + 1 - a;
    double c = 1 / TINY;
    double d = 1 / b;
    double h = d;
    for (int i = 1; i < MAX_ITERATIONS; i++) {
      double an = -i * (i - a);
      b += 2;
      d = nonZero(an * d + b);
      c = nonZero(b + an / c);
      d = 1 / d;
      double delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < EPS) {
        break;
      }
    }
    return Math.exp(logFront) * h;
  }

  /**
   * The series {@code sum_n x^n / (a (a+1) ... (a+n))} of the lower incomplete gamma function, which converges fast
   * below {@code x = a + 1}: {@code gamma(a, x) = x^a e^-x} times it.
   */
  private static double lowerSeries(double a, double x) {
    double term = 1 / a;
    double sum = term;
    for (int n = 1; n < MAX_ITERATIONS && Math.abs(term) > Math.abs(sum) * EPS; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return sum;
  }

  /**
   * The log of the lower incomplete gamma function, {@code log(gamma(a, x))} (not regularized), for a, x > 0: its
   * series below {@code x = a + 1}, else {@code log(1 - Q(a, x)) + log(Gamma(a))}.
   */
  static double logLowerGamma(double a, double x) {
    if (x < a + 1) {
      return -x + a * Math.log(x) + Math.log(lowerSeries(a, x));
    }
    return Math.log1p(-gammaQ(a, x)) + logGamma(a);
  }

  /** The log of the gamma function for x > 0 (Lanczos, g = 7). */
  static double logGamma(double x) {
    if (x < 0.5) {
      // Reflection keeps the approximation where it is accurate.
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    double y = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (y + i);
    }
    double t = y + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  private static double logBeta(double a, double b) {
    return logGamma(a) + logGamma(b) - logGamma(a + b);
  }

  /** The continued fraction of the incomplete beta function, by Lentz's method. */
  private static double betaFraction(double x, double a, double b) {
    double c = 1;
    double d = 1 / nonZero(1 - (a + b) * x / (a + 1));
    double h = d;
    for (int m = 1; m < MAX_ITERATIONS; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
      d = 1 / nonZero(1 + even * d);
      c = nonZero(1 + even / c);
      h *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
      d = 1 / nonZero(1 + odd * d);
      c = nonZero(1 + odd / c);
      double delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < EPS) {
        break;
      }
    }
    return h;
  }

  private static double nonZero(double v) {
    return Math.abs(v) < TINY ? TINY : v;
  }

  /** The x in [lo, hi] where an increasing f reaches target, halving until no double lies between the ends. */
  static double solveIncreasing(DoubleUnaryOperator f, double target, double lo, double hi) {
    double low = lo;
    double high = hi;
    while (true) {
      double mid = low + (high - low) / 2;
      if (mid <= low || mid >= high) {
        return mid;
      }
      if (f.applyAsDouble(mid) < target) {
        low = mid;
      } else {
        high = mid;
      }
    }
  }
}
