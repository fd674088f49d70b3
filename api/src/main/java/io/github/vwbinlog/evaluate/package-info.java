/**
 * Off-policy evaluation: {@link io.github.vwbinlog.evaluate.PolicyEvaluation} estimates from joined events what the
 * logged policy earned and what other {@link io.github.vwbinlog.evaluate.Policy policies} would have earned, with the
 * estimators of the VowpalWabbit/estimators package ({@link io.github.vwbinlog.evaluate.Estimator}), per time window.
 * Evaluations are mergeable accumulators free of I/O: parts of a log evaluated apart and then
 * {@link io.github.vwbinlog.evaluate.PolicyEvaluation#merge merged} give the whole log's estimates.
 *
 * <p>Thread safety: {@link io.github.vwbinlog.evaluate.EvaluationOptions}, the policies and
 * {@link io.github.vwbinlog.evaluate.Estimate} are immutable; a {@link io.github.vwbinlog.evaluate.PolicyEvaluation}
 * is not thread-safe: use one per thread and merge them.
 */
@NullMarked
package io.github.vwbinlog.evaluate;

import org.jspecify.annotations.NullMarked;
