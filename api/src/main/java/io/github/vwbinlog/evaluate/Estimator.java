package io.github.vwbinlog.evaluate;

import java.util.List;

/**
 * The estimators of the VowpalWabbit/estimators package that an evaluation reports, each by its name in
 * {@code evaluate --format json}. Point estimators give {@link Estimate#value()}, intervals {@link Estimate#low()} and
 * {@link Estimate#high()}; Cressie-Read, multi-slot and pseudo-inverse give both. CB decisions get the first five;
 * CCB decisions the first five on their first slot ({@link Estimate#slot()} {@code "first"}, the package's first-slot
 * estimator) and {@link #MULTISLOT}; slates decisions {@link #PSEUDO_INVERSE}.
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
  CLOPPER_PEARSON("clopper_pearson"),
  /**
   * CCB: the package's multi-slot estimator, Cressie-Read on each slot with the product of the importance weights of
   * the slots up to it (per-decision importance sampling). For a slot ({@link Estimate#slot()} its id, or its index
   * when the log has none): the reward times the slot's impression, with the interval of both; for the whole decision
   * ({@code slot} null): the package's {@code get_r_overall}, the estimate over every slot's examples together.
   */
  MULTISLOT("multislot"),
  /**
   * Slates: the pseudo-inverse estimator (importance weight {@code 1 - slots + sum(p_pred / p_log)} per decision) with
   * its Gaussian interval (not pdrop-aware, as in the package).
   */
  PSEUDO_INVERSE("pseudo_inverse"),
  /**
   * The package's confidence sequence ({@code cs.Interval}): an interval of the pdrop-aware IPS valid at every time
   * at once (anytime-valid), so that a reader who looks at many windows sees no miss by chance; sequential, the
   * events in log order. CB decisions only. With a reward range the package's fixed bounds, otherwise its bounds from
   * the data ({@code empirical_r_bounds=True}).
   */
  CS("cs"),
  /**
   * The lift of a policy over a baseline ({@link Estimate#baseline()}: the logged policy, or the one named by
   * {@link EvaluationOptions#baseline()}): the mean of the per-event paired differences of the importance-weighted
   * rewards, {@code x = (w_target - w_baseline) * r} with {@code w = p_pred / (p_log * (1 - p_drop))}, over
   * {@code n = sum(1 / (1 - p_drop))}, with the package's Gaussian interval applied to the differences. For CB
   * decisions, a CCB decision's first slot ({@link Estimate#slot()} {@code "first"}) and slates decisions (the
   * pseudo-inverse weights, each decision counted once).
   */
  LIFT("lift");

  /** The estimators of a CB decision, and of a CCB decision's first slot. */
  static final List<Estimator> BANDIT = List.of(IPS, SNIPS, CRESSIE_READ, GAUSSIAN, CLOPPER_PEARSON);

  private final String id;

  Estimator(String id) {
    this.id = id;
  }

  /** The name used in JSON, CSV and tables: {@code ips}, {@code snips}, {@code cressieread}, ... */
  public String id() {
    return id;
  }
}
