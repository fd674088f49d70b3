package io.github.vwbinlog.cli;

import io.github.vwbinlog.evaluate.Estimate;
import io.github.vwbinlog.evaluate.Estimator;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The ranked summary of {@code evaluate}, shared by the table and the report: one row per policy over the whole
 * period, best first, with its headline estimate and interval (Cressie-Read for CB decisions, multi-slot over all
 * slots for CCB, pseudo-inverse for slates), its lifts over the logged policy and the baseline, its effective sample
 * size and events.
 */
final class Ranking {
  private Ranking() {}

  /** One policy's row. */
  record Row(String policy, @Nullable Estimate headline, @Nullable Estimate lift, @Nullable Estimate baselineLift,
      double effectiveSampleSize) {
    @Nullable Double value() {
      return headline == null ? null : headline.value();
    }

    long events() {
      return headline == null ? 0 : headline.events();
    }
  }

  /** The rows, best headline value first (policies without one last, in their given order). */
  static List<Row> rows(PolicyEvaluation evaluation, List<Estimate> overall) {
    Map<String, Double> ess = evaluation.effectiveSampleSizes();
    String baseline = evaluation.options().baseline();
    List<Row> rows = new ArrayList<>();
    for (Policy p : evaluation.policies()) {
      String name = p.name();
      Estimate headline = null;
      for (Estimator kind : List.of(Estimator.CRESSIE_READ, Estimator.MULTISLOT, Estimator.PSEUDO_INVERSE)) {
        headline = find(overall, name, kind, null);
        if (headline != null) {
          break;
        }
      }
      rows.add(new Row(name, headline, lift(overall, name, PolicyEvaluation.LOGGED),
          baseline == null ? null : lift(overall, name, baseline), ess.getOrDefault(name, 0.0)));
    }
    rows.sort(Comparator.comparing((Row r) -> r.value() == null ? Double.NEGATIVE_INFINITY : r.value()).reversed());
    return rows;
  }

  /** The headline estimator's name, for a caption. */
  static String headlineName(List<Row> rows) {
    return rows.stream().map(Row::headline).filter(e -> e != null).map(e -> e.estimator().id()).distinct()
        .reduce((a, b) -> a + "/" + b).orElse("-");
  }

  private static @Nullable Estimate find(List<Estimate> estimates, String policy, Estimator estimator,
      @Nullable String slot) {
    for (Estimate e : estimates) {
      if (e.estimator() == estimator && e.policy().equals(policy) && java.util.Objects.equals(e.slot(), slot)) {
        return e;
      }
    }
    return null;
  }

  /** The policy's lift over {@code baseline}: of its CB decisions, else of its CCB first slots, else of slates. */
  private static @Nullable Estimate lift(List<Estimate> estimates, String policy, String baseline) {
    for (Estimate e : estimates) {
      if (e.estimator() == Estimator.LIFT && e.policy().equals(policy) && baseline.equals(e.baseline())) {
        return e;
      }
    }
    return null;
  }

  /** Whether an interval excludes 0: {@code "yes (+)"}, {@code "yes (-)"}, {@code "no"}, or "-" without one. */
  static String excludesZero(@Nullable Estimate lift) {
    if (lift == null || lift.low() == null || lift.high() == null) {
      return "-";
    }
    if (lift.low() > 0) {
      return "yes (+)";
    }
    if (lift.high() < 0) {
      return "yes (-)";
    }
    return "no";
  }
}
