package io.github.vwbinlog.cli;

import io.github.vwbinlog.evaluate.Estimate;
import io.github.vwbinlog.evaluate.Estimator;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinSummary;
import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The reports of {@code evaluate}: a table for people, JSON Lines and CSV for programs. */
final class EvaluationPrinter {
  private EvaluationPrinter() {}

  /**
   * The ranked summary over the whole period ({@link Ranking}), then one row per window (the whole period's first,
   * {@code all}), policy, estimator and slot (CCB: {@code first} for the first-slot estimators, a slot's id or
   * index for the multi-slot ones, {@code -} for the whole decision), then the effective sample sizes and what was
   * skipped.
   */
  static void table(PolicyEvaluation evaluation, JoinSummary summary, PrintStream out) {
    List<Estimate> overall = evaluation.overall();
    List<Ranking.Row> rows = Ranking.rows(evaluation, overall);
    String baseline = evaluation.options().baseline();
    int width = Math.max(11, evaluation.policies().stream().mapToInt(p -> p.name().length()).max().orElse(0));
    String policyColumn = "%-" + width + "s";
    out.printf(Locale.ROOT, "ranked over the whole period (value: %s; lift: paired gaussian; alpha %s)%n",
        Ranking.headlineName(rows), evaluation.options().alpha());
    out.printf(Locale.ROOT, "%4s  " + policyColumn + "  %10s  %10s  %10s  %10s  %10s  %10s  %-8s", "rank", "policy",
        "value", "low", "high", "lift", "lift_low", "lift_high", "excludes0");
    if (baseline != null) {
      out.printf(Locale.ROOT, "  %10s  %10s  %10s  %-8s", "vs_" + abbreviate(baseline, 7), "low", "high",
          "excludes0");
    }
    out.printf(Locale.ROOT, "  %10s  %9s%n", "ess", "events");
    int rank = 1;
    for (Ranking.Row r : rows) {
      Estimate h = r.headline();
      Estimate l = r.lift();
      out.printf(Locale.ROOT, "%4d  " + policyColumn + "  %10s  %10s  %10s  %10s  %10s  %10s  %-9s", rank++,
          r.policy(),
          number(h == null ? null : h.value()), number(h == null ? null : h.low()), number(h == null ? null : h.high()),
          number(l == null ? null : l.value()), number(l == null ? null : l.low()), number(l == null ? null : l.high()),
          Ranking.excludesZero(l));
      if (baseline != null) {
        Estimate b = r.baselineLift();
        out.printf(Locale.ROOT, " %10s  %10s  %10s  %-9s", number(b == null ? null : b.value()),
            number(b == null ? null : b.low()), number(b == null ? null : b.high()), Ranking.excludesZero(b));
      }
      out.printf(Locale.ROOT, " %10.1f  %9d%n", r.effectiveSampleSize(), r.events());
    }
    out.println();
    out.printf(Locale.ROOT, "%-20s  " + policyColumn + "  %-15s  %-8s  %10s  %10s  %10s  %9s%n", "window", "policy",
        "estimator",
        "slot", "value", "low", "high", "events");
    for (Estimate e : all(evaluation)) {
      out.printf(Locale.ROOT, "%-20s  " + policyColumn + "  %-15s  %-8s  %10s  %10s  %10s  %9d%n",
          window(e.windowStart()),
          e.policy(), e.estimator() == Estimator.LIFT ? "lift/" + e.baseline() : e.estimator().id(),
          e.slot() == null ? "-" : e.slot(), number(e.value()), number(e.low()), number(e.high()), e.events());
    }
    out.printf(Locale.ROOT, "%nintervals at alpha %s; joined events %d, evaluated %d%n",
        evaluation.options().alpha(), summary.emittedTotal(), evaluation.evaluated());
    evaluation.effectiveSampleSizes().forEach((policy, ess) ->
        out.printf(Locale.ROOT, "effective sample size " + policyColumn + " %.1f%n", policy, ess));
    evaluation.skipped().forEach((reason, count) -> out.printf(Locale.ROOT, "skipped: %s %d%n", reason, count));
  }

  /**
   * JSON Lines: one object per window, policy, estimator and slot ({@code "slot"}: null, {@code "first"} or the slot's
   * id or index), with the counts and sums the estimate used under {@code inputs}; a non-finite or undefined number is
   * null.
   */
  static void json(PolicyEvaluation evaluation, PrintStream out) {
    Map<@Nullable Instant, Long> skipped = skippedByWindow(evaluation);
    long skippedTotal = evaluation.skipped().values().stream().mapToLong(Long::longValue).sum();
    for (Estimate e : all(evaluation)) {
      StringBuilder b = new StringBuilder(256);
      b.append("{\"window_start\":").append(instant(e.windowStart()))
          .append(",\"window_end\":").append(instant(e.windowEnd()))
          .append(",\"policy\":").append(SummaryPrinter.quote(e.policy()));
      if (e.baseline() != null) {
        b.append(",\"baseline\":").append(SummaryPrinter.quote(e.baseline()));
      }
      b
          .append(",\"estimator\":\"").append(e.estimator().id()).append('"')
          .append(",\"slot\":").append(e.slot() == null ? "null" : SummaryPrinter.quote(e.slot()))
          .append(",\"value\":").append(jsonNumber(e.value()))
          .append(",\"low\":").append(jsonNumber(e.low()))
          .append(",\"high\":").append(jsonNumber(e.high()))
          .append(",\"alpha\":").append(e.alpha())
          .append(",\"events\":").append(e.events())
          .append(",\"skipped\":").append(e.windowStart() == null ? skippedTotal
              : skipped.getOrDefault(e.windowStart(), 0L))
          .append(",\"inputs\":{");
      String sep = "";
      for (Map.Entry<String, Double> s : e.sums().entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
        b.append(sep).append('"').append(s.getKey()).append("\":").append(jsonNumber(s.getValue()));
        sep = ",";
      }
      out.append(b).append("}}\n");
    }
  }

  /** CSV (RFC 4180) with a header line; empty cells for undefined numbers and for no slot. */
  static void csv(PolicyEvaluation evaluation, PrintStream out) {
    out.append("window_start,window_end,policy,estimator,slot,value,low,high,alpha,events,baseline\n");
    for (Estimate e : all(evaluation)) {
      out.append(String.join(",", List.of(csvInstant(e.windowStart()), csvInstant(e.windowEnd()), csvText(e.policy()),
          e.estimator().id(), csvText(e.slot()), csvNumber(e.value()), csvNumber(e.low()), csvNumber(e.high()),
          Double.toString(e.alpha()), Long.toString(e.events()), csvText(e.baseline())))).append('\n');
    }
  }

  /** The whole period's estimates, then the windows' (only the former without windows). */
  static List<Estimate> all(PolicyEvaluation evaluation) {
    if (evaluation.options().window() == null) {
      return evaluation.estimates();
    }
    List<Estimate> out = new java.util.ArrayList<>(evaluation.overall());
    out.addAll(evaluation.estimates());
    return out;
  }

  private static String abbreviate(String s, int n) {
    return s.length() <= n ? s : s.substring(0, n);
  }

  private static Map<@Nullable Instant, Long> skippedByWindow(PolicyEvaluation evaluation) {
    Map<@Nullable Instant, Long> out = new HashMap<>();
    for (PolicyEvaluation.WindowCounts w : evaluation.windows()) {
      out.put(w.start(), w.skipped());
    }
    return out;
  }

  private static String window(@Nullable Instant start) {
    return start == null ? "all" : start.toString();
  }

  static String number(@Nullable Double v) {
    if (v == null) {
      return "-";
    }
    if (v.isInfinite()) {
      return v > 0 ? "inf" : "-inf";
    }
    return String.format(Locale.ROOT, "%.6f", v);
  }

  private static String jsonNumber(@Nullable Double v) {
    return v == null || v.isNaN() || v.isInfinite() ? "null" : Double.toString(v);
  }

  private static String csvNumber(@Nullable Double v) {
    return v == null ? "" : v.isInfinite() ? (v > 0 ? "inf" : "-inf") : Double.toString(v);
  }

  /** A CSV cell: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
  private static String csvText(@Nullable String s) {
    if (s == null) {
      return "";
    }
    boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
    return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }

  private static String instant(@Nullable Instant t) {
    return t == null ? "null" : "\"" + t + "\"";
  }

  private static String csvInstant(@Nullable Instant t) {
    return t == null ? "" : t.toString();
  }
}
