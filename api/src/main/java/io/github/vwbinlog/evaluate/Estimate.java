package io.github.vwbinlog.evaluate;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One estimate: what one estimator says about one policy in one time window, with the counts and sums it was computed
 * from so that anyone can recompute it.
 *
 * <p>Thread-safe: an immutable record.
 *
 * <pre>{@code
 * Estimate e = evaluation.estimates().get(0);
 * System.out.println(e.policy() + " " + e.estimator().id() + " " + e.value() + " [" + e.low() + ", " + e.high() + "]");
 * }</pre>
 *
 * @param windowStart the window's first instant, or null for the whole log
 * @param windowEnd the instant after the window, or null for the whole log
 * @param policy the policy's {@link Policy#name()}
 * @param estimator the estimator
 * @param value the point estimate, or null for an interval-only estimator or when it is undefined (no events, all
 *     weights zero)
 * @param low the interval's low end, or null for a point estimator; infinite when the package's is
 * @param high the interval's high end, or null for a point estimator; infinite when the package's is
 * @param alpha the interval's level (1 - confidence)
 * @param events the events the estimate uses (learnable, with a logged probability)
 * @param sums the named counts and sums the estimate was computed from, as the package names its fields
 */
public record Estimate(
    @Nullable Instant windowStart,
    @Nullable Instant windowEnd,
    String policy,
    Estimator estimator,
    @Nullable Double value,
    @Nullable Double low,
    @Nullable Double high,
    double alpha,
    long events,
    Map<String, Double> sums) {

  /** Copies the sums. */
  public Estimate {
    sums = Map.copyOf(sums);
  }
}
