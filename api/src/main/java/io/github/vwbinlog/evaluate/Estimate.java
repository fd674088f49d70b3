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
 * <p>For CCB, {@link #sums()} of a {@link Estimator#MULTISLOT} slot estimate also hold the slot's
 * {@code impression} and {@code r_given_impression} (and their {@code _low} and {@code _high} ends), whose products
 * are the value and the interval.
 *
 * <pre>{@code
 * Estimate overall = evaluation.estimates().stream()
 *     .filter(e -> e.estimator() == Estimator.MULTISLOT && e.slot() == null).findFirst().orElseThrow();
 * }</pre>
 *
 * @param windowStart the window's first instant, or null for the whole log
 * @param windowEnd the instant after the window, or null for the whole log
 * @param policy the policy's {@link Policy#name()}
 * @param estimator the estimator
 * @param slot null for a CB or slates decision and for a CCB decision as a whole; {@code "first"} for the package's
 *     first-slot estimators of a CCB decision; for {@link Estimator#MULTISLOT} per slot, the slot's id (its index,
 *     {@code "0"}, {@code "1"}..., when the log gives none)
 * @param value the point estimate, or null for an interval-only estimator or when it is undefined (no events, all
 *     weights zero)
 * @param low the interval's low end, or null for a point estimator; infinite when the package's is
 * @param high the interval's high end, or null for a point estimator; infinite when the package's is
 * @param alpha the interval's level (1 - confidence)
 * @param events the events the estimate uses (learnable, with a logged probability)
 * @param sums the named counts and sums the estimate was computed from, as the package names its fields
 * @param baseline for {@link Estimator#LIFT}, the policy the lift is against ({@code "logged"} for the logged
 *     policy); null for every other estimator
 */
public record Estimate(
    @Nullable Instant windowStart,
    @Nullable Instant windowEnd,
    String policy,
    Estimator estimator,
    @Nullable String slot,
    @Nullable Double value,
    @Nullable Double low,
    @Nullable Double high,
    double alpha,
    long events,
    Map<String, Double> sums,
    @Nullable String baseline) {

  /** Copies the sums. */
  public Estimate {
    sums = Map.copyOf(sums);
  }
}
