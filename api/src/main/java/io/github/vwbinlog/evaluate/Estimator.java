package io.github.vwbinlog.evaluate;

/**
 * The estimators of the VowpalWabbit/estimators package that an evaluation reports, each by its name in
 * {@code evaluate --format json}. Point estimators give {@link Estimate#value()}, intervals {@link Estimate#low()} and
 * {@link Estimate#high()}; Cressie-Read gives both.
 *
 * <pre>{@code
 * for (Estimate e : evaluation.estimates()) {
 *   if (e.estimator() == Estimator.SNIPS) {
 *     System.out.println(e.policy() + " " + e.value());
 *   }
 * }
 * }</pre>
 */
public enum Estimator {
  /** Inverse propensity scoring: the mean of {@code r * p_pred / p_log} (not pdrop-aware, as in the package). */
  IPS("ips"),
  /** Self-normalized IPS: {@code sum(r * w) / sum(w)} (not pdrop-aware, as in the package). */
  SNIPS("snips"),
  /** Cressie-Read (power -2): the point estimate without pdrop, the empirical-likelihood interval with it. */
  CRESSIE_READ("cressieread"),
  /** The normal-approximation interval around the pdrop-aware IPS. */
  GAUSSIAN("gaussian"),
  /** The Clopper-Pearson interval of the pdrop-aware IPS, rewards scaled to the reward range. */
  CLOPPER_PEARSON("clopper_pearson");

  private final String id;

  Estimator(String id) {
    this.id = id;
  }

  /** The name used in JSON, CSV and tables: {@code ips}, {@code snips}, {@code cressieread}, ... */
  public String id() {
    return id;
  }
}
