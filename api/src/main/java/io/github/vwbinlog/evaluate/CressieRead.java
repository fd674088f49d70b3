package io.github.vwbinlog.evaluate;

import org.jspecify.annotations.Nullable;

/**
 * The Cressie-Read (power -2) estimate and empirical-likelihood interval of the VowpalWabbit/estimators package, with
 * its default weight bounds: {@code wmin = 0}, {@code wmax = infinity} (the true bounds of an importance weight, which
 * the package's running min and max never move).
 */
final class CressieRead {

  private static final double WMIN = 0;
  private static final double WMAX = Double.POSITIVE_INFINITY;
  /** The package's default tolerance, below which {@code y * z} counts as zero. */
  private static final double ATOL = 1e-9;

  private CressieRead() {}

  /** The point estimate from the sums without pdrop, or null without events or when the weights are degenerate. */
  static @Nullable Double estimate(Sums s) {
    double n = s.events;
    if (n == 0) {
      return null;
    }
    double wfake = s.sumW < n ? WMAX : WMIN;
    double gamma;
    double beta;
    if (wfake == WMAX) {
      gamma = -(1 + n) / n;
      beta = 0;
    } else {
      double a = (wfake + s.sumW) / (1 + n);
      double b = (wfake * wfake + s.sumWsq) / (1 + n);
      if (!(a * a < b)) {
        return null; // The package asserts; only all-equal weights of 1 with n = 0 come near.
      }
      gamma = (b - a) / (a * a - b);
      beta = (1 - a) / (a * a - b);
    }
    double vhat = (-gamma * s.sumWr - beta * s.sumWsqR) / (1 + n);
    double missing = Math.max(0, 1 - (-gamma * s.sumW - beta * s.sumWsq) / (1 + n));
    return vhat + missing * (s.sumR / n);
  }

  /** The interval {low, high} from the sums with pdrop. */
  static double[] interval(Sums s, double alpha, double rmin, double rmax, boolean empirical) {
    double n = s.n;
    if (n == 0) {
      return empirical
          ? new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}
          : new double[] {rmin, rmax};
    }
    double sumw = s.dropSumW;
    double sumwsq = s.dropSumWsq;
    double sumwr = s.dropSumWr;
    double sumwsqr = s.dropSumWsqR;
    double sumwsqrsq = s.dropSumWsqRsq;

    double uncwfake = sumw < n ? WMAX : WMIN;
    double uncgstar;
    if (uncwfake == WMAX) {
      uncgstar = 1 + 1 / n;
    } else {
      double unca = (uncwfake + sumw) / (1 + n);
      double uncb = (uncwfake * uncwfake + sumwsq) / (1 + n);
      uncgstar = (1 + n) * (unca - 1) * (unca - 1) / (uncb - unca * unca);
    }
    double delta = Distributions.fInverseSurvival(alpha, n);
    double phi = (-uncgstar - delta) / (2 * (1 + n));

    double[] bounds = new double[2];
    double[] rs = {rmin, rmax};
    int[] signs = {1, -1};
    for (int k = 0; k < 2; k++) {
      double r = rs[k];
      int sign = signs[k];
      double best = Double.POSITIVE_INFINITY;
      for (double wfake : new double[] {WMIN, WMAX}) {
        double x;
        double y;
        double z;
        if (wfake == WMAX) {
          x = sign * (r + (sumwr - sumw * r) / n);
          y = (r * sumw - sumwr) * (r * sumw - sumwr) / (n * (1 + n))
              - (r * r * sumwsq - 2 * r * sumwsqr + sumwsqrsq) / (1 + n);
          z = phi + 1 / (2 * n);
        } else {
          double barw = (wfake + sumw) / (1 + n);
          double barwsq = (wfake * wfake + sumwsq) / (1 + n);
          double barwr = sign * (wfake * r + sumwr) / (1 + n);
          double barwsqr = sign * (wfake * wfake * r + sumwsqr) / (1 + n);
          double barwsqrsq = (wfake * wfake * r * r + sumwsqrsq) / (1 + n);
          if (!(barwsq > barw * barw)) {
            continue;
          }
          double spread = barwsq - barw * barw;
          x = barwr + (1 - barw) * (barwsqr - barw * barwr) / spread;
          y = (barwsqr - barw * barwr) * (barwsqr - barw * barwr) / spread - (barwsqrsq - barwr * barwr);
          z = phi + 0.5 * (1 - barw) * (1 - barw) / spread;
        }
        if (Math.abs(y * z) <= ATOL * ATOL) {
          best = Math.min(best, x - Math.sqrt(2) * ATOL);
        } else if (z <= 0 && y * z >= 0) {
          best = Math.min(best, x - Math.sqrt(2 * y * z));
        }
      }
      if (best == Double.POSITIVE_INFINITY) {
        best = rmin;
      }
      bounds[k] = Math.min(rmax, Math.max(rmin, sign * best));
    }
    return bounds;
  }
}
