package io.github.vwbinlog.evaluate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The package's confidence sequence ({@code cs}: an interval valid at every time at once, so that looking at it after
 * every window, or at many windows, does not make a miss more likely), for one policy: the betting-martingale bounds
 * of Waudby-Smith and Ramdas with the package's gamma-mixture wealth ({@code rho = 1}), the pdrop-aware weights, and
 * for each dropped event the closed-form update of the variance proxy. Sequential: each event's predictions of the
 * lower and upper bound's bet depend on the sums of the events before it, so events must be added in log order; two
 * cannot be added together. With fixed bounds, rewards are clamped to them; with bounds from the data
 * ({@code empirical_r_bounds}), the range [0, 1] widens to every reward as it is added.
 */
final class ConfidenceSequence {
  private static final double RHO = 1;

  private final boolean adjust;
  private double rmin;
  private double rmax;
  private double t;
  long events;
  private double sumWsqRsq;
  private double sumWsqR;
  private double sumWsq;
  private double sumWr;
  private double sumW;
  private double sumWrXhatLow;
  private double sumWXhatLow;
  private double sumXhatLowSq;
  private double sumWrXhatHigh;
  private double sumWXhatHigh;
  private double sumXhatHighSq;

  /** Fixed bounds, or bounds from the data when {@code rmin} is NaN. */
  ConfidenceSequence(double rmin, double rmax) {
    this.adjust = Double.isNaN(rmin);
    this.rmin = adjust ? 0 : rmin;
    this.rmax = adjust ? 1 : rmax;
  }

  /** Adds the next event in log order: its importance weight (without pdrop), reward and pdrop. */
  void add(double w, double r, double pDrop) {
    events++;
    if (adjust) {
      rmin = Math.min(rmin, r);
      rmax = Math.max(rmax, r);
    } else {
      r = Math.min(rmax, Math.max(rmin, r));
    }
    double range = rmax - rmin;
    double keep = 1 - pDrop;
    // Divided by 1 (no pdrop, or the range [0, 1]) is the same number: those divisions are left out.
    double dropped = pDrop == 0 ? 0 : pDrop / keep;
    if (dropped > 0) {
      // The dropped events, weight 0, one after the other: their bets' squares summed in closed form.
      double b = t + 1;
      double trigammaDifference = trigamma(b) - trigamma(b + dropped);
      double aLow = (sumWr - sumW * rmin) / range + 0.5;
      sumXhatLowSq += aLow * aLow * trigammaDifference;
      double aHigh = (sumW * rmax - sumWr) / range + 0.5;
      sumXhatHighSq += aHigh * aHigh * trigammaDifference;
      t += dropped;
    }
    double low = sumWr - sumW * rmin;
    double high = sumW * rmax - sumWr;
    if (range != 1) {
      low /= range;
      high /= range;
    }
    double xhatLow = (low + 0.5) / (t + 1);
    double xhatHigh = (high + 0.5) / (t + 1);
    double dw = keep == 1 ? w : w / keep;
    double wr = dw * r;
    sumWsqRsq += wr * wr;
    sumWsqR += dw * dw * r;
    sumWsq += dw * dw;
    sumWr += wr;
    sumW += dw;
    sumWrXhatLow += wr * xhatLow;
    sumWXhatLow += dw * xhatLow;
    sumXhatLowSq += xhatLow * xhatLow;
    sumWrXhatHigh += wr * xhatHigh;
    sumWXhatHigh += dw * xhatHigh;
    sumXhatHighSq += xhatHigh * xhatHigh;
    t += 1;
  }

  /** {low, high}: infinite (bounds from the data) or the bounds (fixed) before any event. */
  double[] interval(double alpha) {
    if (t == 0 || rmin == rmax) {
      return adjust ? new double[] {Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY} : new double[] {rmin, rmax};
    }
    double range = rmax - rmin;
    double varianceLow = (sumWsqRsq - 2 * rmin * sumWsqR + rmin * rmin * sumWsq) / (range * range)
        - 2 * (sumWrXhatLow - rmin * sumWXhatLow) / range + sumXhatLowSq;
    double low = lowerBound(t, (sumWr - sumW * rmin) / range, varianceLow, alpha / 2);
    double varianceHigh = (sumWsqRsq - 2 * rmax * sumWsqR + rmax * rmax * sumWsq) / (range * range)
        + 2 * (sumWrXhatHigh - rmax * sumWXhatHigh) / range + sumXhatHighSq;
    double high = 1 - lowerBound(t, (sumW * rmax - sumWr) / range, varianceHigh, alpha / 2);
    return new double[] {rmin + low * range, rmin + high * range};
  }

  /** The sums, so that the interval can be recomputed. */
  Map<String, Double> inputs() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("t", t);
    m.put("rmin", rmin);
    m.put("rmax", rmax);
    m.put("sumw", sumW);
    m.put("sumwr", sumWr);
    m.put("sumwsq", sumWsq);
    m.put("sumwsqr", sumWsqR);
    m.put("sumwsqrsq", sumWsqRsq);
    m.put("sumwrxhatlow", sumWrXhatLow);
    m.put("sumwxhatlow", sumWXhatLow);
    m.put("sumxhatlowsq", sumXhatLowSq);
    m.put("sumwrxhathigh", sumWrXhatHigh);
    m.put("sumwxhathigh", sumWXhatHigh);
    m.put("sumxhathighsq", sumXhatHighSq);
    return m;
  }

  /**
   * The smallest mean {@code mu} in [0, min(1, sumX / t)] whose log wealth stays below {@code -log(alpha)}: 0 when
   * even mu = 0 is not rejected, the upper end when it is not rejected either, else the root of the log wealth.
   */
  static double lowerBound(double t, double sumX, double v, double alpha) {
    double threshold = -Math.log(alpha);
    if (logWealth(sumX, v) <= threshold) {
      return 0;
    }
    double maxMu = Math.min(1, sumX / t);
    if (logWealth(sumX - t * maxMu, v) >= threshold) {
      return maxMu;
    }
    return root(mu -> logWealth(sumX - t * mu, v) - threshold, 0, maxMu);
  }

  /**
   * The log wealth of the gamma-mixture bet after sum {@code s} and variance proxy {@code v}: {@code s + v + rho
   * log(rho) - (v + rho) log(s + v + rho) + log(lower gamma(v + rho, s + v + rho)) - log(lower gamma(rho, rho))}.
   */
  static double logWealth(double s, double v) {
    double x = s + v + RHO;
    if (!(x > 0)) {
      throw new IllegalStateException("confidence sequence: s + v + rho must be positive, was " + x);
    }
    return s + v + RHO * Math.log(RHO) - (v + RHO) * Math.log(x) + Distributions.logLowerGamma(v + RHO, x)
        - Distributions.logLowerGamma(RHO, RHO);
  }

  /** The root of f in [a, b], where f(a) and f(b) have opposite signs: Brent's method, to the last bits. */
  static double root(java.util.function.DoubleUnaryOperator f, double a, double b) {
    double fa = f.applyAsDouble(a);
    double fb = f.applyAsDouble(b);
    double c = a;
    double fc = fa;
    double d = b - a;
    double e = d;
    for (int i = 0; i < 500; i++) {
      if ((fb > 0) == (fc > 0)) {
        c = a;
        fc = fa;
        d = b - a;
        e = d;
      }
      if (Math.abs(fc) < Math.abs(fb)) {
        a = b;
        b = c;
        c = a;
        fa = fb;
        fb = fc;
        fc = fa;
      }
      double tolerance = 2 * Math.ulp(Math.abs(b)) + Double.MIN_NORMAL;
      double middle = (c - b) / 2;
      if (Math.abs(middle) <= tolerance || fb == 0) {
        return b;
      }
      if (Math.abs(e) >= tolerance && Math.abs(fa) > Math.abs(fb)) {
        double s = fb / fa;
        double p;
        double q;
        if (a == c) {
          p = 2 * middle * s;
          q = 1 - s;
        } else {
          double qa = fa / fc;
          double r = fb / fc;
          p = s * (2 * middle * qa * (qa - r) - (b - a) * (r - 1));
          q = (qa - 1) * (r - 1) * (s - 1);
        }
        if (p > 0) {
          q = -q;
        } else {
          p = -p;
        }
        if (2 * p < Math.min(3 * middle * q - Math.abs(tolerance * q), Math.abs(e * q))) {
          e = d;
          d = p / q;
        } else {
          d = middle;
          e = d;
        }
      } else {
        d = middle;
        e = d;
      }
      a = b;
      fa = fb;
      b += Math.abs(d) > tolerance ? d : Math.copySign(tolerance, middle);
      fb = f.applyAsDouble(b);
    }
    return b;
  }

  /** The trigamma function, the second derivative of log gamma, for x > 0. */
  static double trigamma(double x) {
    double shifted = 0;
    while (x < 20) {
      shifted += 1 / (x * x);
      x += 1;
    }
    double inv = 1 / x;
    double inv2 = inv * inv;
    double series = inv + inv2 / 2 + inv * inv2 * (1.0 / 6 + inv2 * (-1.0 / 30 + inv2 * (1.0 / 42 + inv2 * (-1.0 / 30
        + inv2 * (5.0 / 66 + inv2 * (-691.0 / 2730 + inv2 * (7.0 / 6)))))));
    return shifted + series;
  }
}
