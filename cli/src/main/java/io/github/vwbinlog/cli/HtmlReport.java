package io.github.vwbinlog.cli;

import io.github.vwbinlog.evaluate.Estimate;
import io.github.vwbinlog.evaluate.Estimator;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code evaluate --html}: one self-contained HTML page (inline CSS and SVG, no script, nothing fetched) with the
 * estimated reward of each policy per window and its Cressie-Read interval, events and skips per window, the chosen
 * actions, the logged probabilities and effective sample sizes, every estimate, and what was skipped and why.
 */
final class HtmlReport {
  private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
  private static final int WIDTH = 720;
  private static final int HEIGHT = 260;
  private static final int LEFT = 60;
  private static final int BOTTOM = 40;
  private static final int TOP = 20;

  private HtmlReport() {}

  static String render(PolicyEvaluation evaluation, JoinSummary summary, List<String> inputs) {
    StringBuilder b = new StringBuilder(64 * 1024);
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>vw-binlog evaluation</title><style>")
        .append("body{font-family:sans-serif;margin:24px;color:#222;max-width:900px}")
        .append("table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;")
        .append("text-align:right}th{background:#f0f0f0}td.l,th.l{text-align:left}")
        .append("svg{background:#fafafa;border:1px solid #ddd}.legend span{margin-right:16px}")
        .append("</style></head><body>\n");
    b.append("<h1>Off-policy evaluation</h1>\n<p id=\"inputs\">Inputs: ")
        .append(escape(String.join(", ", inputs))).append("</p>\n");
    b.append("<p id=\"counts\">Joined events: ").append(summary.emittedTotal()).append("; evaluated: ")
        .append(evaluation.evaluated()).append("; skipped: ")
        .append(evaluation.skipped().values().stream().mapToLong(Long::longValue).sum())
        .append("; intervals at alpha ").append(evaluation.options().alpha()).append(".</p>\n");
    rewardChart(b, evaluation);
    eventsChart(b, evaluation);
    actionsAndProbabilities(b, evaluation);
    estimatesTable(b, evaluation);
    skippedTable(b, evaluation, summary);
    b.append("</body></html>\n");
    return b.toString();
  }

  private static void rewardChart(StringBuilder b, PolicyEvaluation evaluation) {
    List<PolicyEvaluation.WindowCounts> windows = evaluation.windows();
    List<Policy> policies = evaluation.policies();
    b.append("<h2>Estimated reward per window</h2>\n<p>Estimate of each policy (line) and its interval (band): ")
        .append("Cressie-Read for CB, multi-slot over all slots for CCB, pseudo-inverse for slates.</p>\n");
    legend(b, policies);
    Map<String, Estimate> headline = new HashMap<>();
    for (Estimate e : evaluation.estimates()) {
      if (isHeadline(e)) {
        headline.putIfAbsent(e.windowStart() + " " + e.policy(), e);
      }
    }
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Estimate e : headline.values()) {
      for (Double v : new Double[] {e.value(), e.low(), e.high()}) {
        if (v != null && Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (!(lo < hi)) {
      lo = Double.isFinite(lo) ? lo - 0.5 : 0;
      hi = lo + 1;
    }
    Axes axes = new Axes(windows.size(), lo, hi);
    b.append("<svg id=\"reward-chart\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
        .append("\">");
    axes.draw(b, windows);
    for (int p = 0; p < policies.size(); p++) {
      String color = COLORS[p % COLORS.length];
      StringBuilder band = new StringBuilder();
      StringBuilder bandBack = new StringBuilder();
      StringBuilder line = new StringBuilder();
      for (int w = 0; w < windows.size(); w++) {
        Estimate e = headline.get(windows.get(w).start() + " " + policies.get(p).name());
        if (e == null) {
          continue;
        }
        double x = axes.x(w);
        if (e.low() != null && e.high() != null && Double.isFinite(e.low()) && Double.isFinite(e.high())) {
          band.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, axes.y(e.high())));
          bandBack.insert(0, String.format(Locale.ROOT, "%.1f,%.1f ", x, axes.y(e.low())));
          b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
              + "stroke-opacity=\"0.5\" stroke-width=\"6\"/>", x, x, axes.y(e.low()), axes.y(e.high()), color));
        }
        if (e.value() != null) {
          line.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, axes.y(e.value())));
          b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s %s: "
              + "%s</title></circle>", x, axes.y(e.value()), color, escape(e.policy()),
              escape(label(windows.get(w).start())), EvaluationPrinter.number(e.value())));
        }
      }
      if (band.length() > 0 && windows.size() > 1) {
        b.append("<polygon points=\"").append(band).append(bandBack).append("\" fill=\"").append(color)
            .append("\" fill-opacity=\"0.15\"/>");
      }
      if (line.length() > 0) {
        b.append("<polyline points=\"").append(line).append("\" fill=\"none\" stroke=\"").append(color)
            .append("\" stroke-width=\"2\"/>");
      }
    }
    b.append("</svg>\n");
  }

  private static void eventsChart(StringBuilder b, PolicyEvaluation evaluation) {
    List<PolicyEvaluation.WindowCounts> windows = evaluation.windows();
    long max = 1;
    for (PolicyEvaluation.WindowCounts w : windows) {
      max = Math.max(max, w.events() + w.skipped());
    }
    b.append("<h2>Events per window</h2>\n<p class=\"legend\"><span style=\"color:#1f77b4\">&#9632; evaluated</span>")
        .append("<span style=\"color:#aaa\">&#9632; skipped</span></p>\n");
    Axes axes = new Axes(windows.size(), 0, max);
    b.append("<svg id=\"events-chart\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
        .append("\">");
    axes.draw(b, windows);
    double barWidth = Math.max(2, axes.step() * 0.6);
    for (int w = 0; w < windows.size(); w++) {
      PolicyEvaluation.WindowCounts c = windows.get(w);
      double x = axes.x(w) - barWidth / 2;
      bar(b, x, axes.y(c.events()), barWidth, axes.y(0) - axes.y(c.events()), "#1f77b4",
          label(c.start()) + ": " + c.events() + " evaluated");
      bar(b, x, axes.y(c.events() + c.skipped()), barWidth, axes.y(c.events()) - axes.y(c.events() + c.skipped()),
          "#aaa", label(c.start()) + ": " + c.skipped() + " skipped");
    }
    b.append("</svg>\n");
  }

  private static void actionsAndProbabilities(StringBuilder b, PolicyEvaluation evaluation) {
    b.append("<h2>Chosen actions and logged probabilities</h2>\n<p>Small logged probabilities give large importance ")
        .append("weights and noisy estimates; the effective sample size (sum of weights squared over the sum of ")
        .append("squared weights) says how many events an estimate is really worth.</p>\n");
    Map<Long, Long> actions = evaluation.chosenActions();
    List<String> labels = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    actions.forEach((a, n) -> {
      labels.add(Long.toString(a));
      counts.add(n);
    });
    histogram(b, "actions-chart", "chosen action id", labels, counts);
    long[] bins = evaluation.probabilityHistogram();
    labels.clear();
    counts.clear();
    for (int i = 0; i < bins.length; i++) {
      labels.add(String.format(Locale.ROOT, "%.1f", i / 10.0));
      counts.add(bins[i]);
    }
    histogram(b, "probabilities-chart", "logged probability (bins of 0.1)", labels, counts);
    b.append("<table id=\"ess\"><tr><th class=\"l\">policy</th><th>effective sample size</th><th>evaluated</th>")
        .append("</tr>");
    evaluation.effectiveSampleSizes().forEach((policy, ess) -> b.append("<tr><td class=\"l\">").append(escape(policy))
        .append("</td><td>").append(String.format(Locale.ROOT, "%.1f", ess)).append("</td><td>")
        .append(evaluation.evaluated()).append("</td></tr>"));
    b.append("</table>\n");
  }

  private static void histogram(StringBuilder b, String id, String title, List<String> labels, List<Long> counts) {
    int width = WIDTH / 2 - 10;
    int height = 200;
    long max = Math.max(1, counts.stream().mapToLong(Long::longValue).max().orElse(1));
    b.append("<svg id=\"").append(id).append("\" width=\"").append(width).append("\" height=\"").append(height)
        .append("\"><text x=\"").append(width / 2)
        .append("\" y=\"14\" text-anchor=\"middle\" font-size=\"12\">").append(escape(title)).append("</text>");
    int n = Math.max(1, labels.size());
    double step = (width - 20.0) / n;
    double plot = height - 50.0;
    for (int i = 0; i < labels.size(); i++) {
      double h = plot * counts.get(i) / max;
      double x = 10 + i * step;
      bar(b, x + step * 0.1, 20 + plot - h, step * 0.8, h, "#1f77b4", labels.get(i) + ": " + counts.get(i));
      if (n <= 20 || i % (n / 10 + 1) == 0) {
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">%s"
            + "</text>", x + step / 2, height - 16, escape(labels.get(i))));
      }
    }
    b.append("</svg>\n");
  }

  /** The estimate a chart shows for a window and policy: of the whole decision, one per kind of decision. */
  private static boolean isHeadline(Estimate e) {
    return e.slot() == null && (e.estimator() == Estimator.CRESSIE_READ || e.estimator() == Estimator.MULTISLOT
        || e.estimator() == Estimator.PSEUDO_INVERSE);
  }

  private static void estimatesTable(StringBuilder b, PolicyEvaluation evaluation) {
    b.append("<h2>Every estimate</h2>\n<table id=\"estimates\"><tr><th class=\"l\">window</th><th class=\"l\">")
        .append("policy</th><th class=\"l\">estimator</th><th class=\"l\">slot</th><th>value</th><th>low</th>")
        .append("<th>high</th><th>events</th>")
        .append("</tr>\n");
    for (Estimate e : evaluation.estimates()) {
      b.append("<tr><td class=\"l\">").append(escape(label(e.windowStart()))).append("</td><td class=\"l\">")
          .append(escape(e.policy())).append("</td><td class=\"l\">").append(e.estimator().id())
          .append("</td><td class=\"l\">").append(e.slot() == null ? "" : escape(e.slot())).append("</td><td>")
          .append(EvaluationPrinter.number(e.value())).append("</td><td>").append(EvaluationPrinter.number(e.low()))
          .append("</td><td>").append(EvaluationPrinter.number(e.high())).append("</td><td>").append(e.events())
          .append("</td></tr>\n");
    }
    b.append("</table>\n");
  }

  private static void skippedTable(StringBuilder b, PolicyEvaluation evaluation, JoinSummary summary) {
    b.append("<h2>Skipped, and why</h2>\n<table id=\"skipped\"><tr><th class=\"l\">reason</th><th>count</th></tr>");
    evaluation.skipped().forEach((reason, n) -> b.append("<tr><td class=\"l\">").append(escape(reason))
        .append("</td><td>").append(n).append("</td></tr>"));
    summary.diagnostics().forEach((reason, n) -> b.append("<tr><td class=\"l\">while joining: ")
        .append(escape(reason.name())).append("</td><td>").append(n).append("</td></tr>"));
    b.append("</table>\n");
  }

  private static void legend(StringBuilder b, List<Policy> policies) {
    b.append("<p class=\"legend\">");
    for (int p = 0; p < policies.size(); p++) {
      b.append("<span style=\"color:").append(COLORS[p % COLORS.length]).append("\">&#9632; ")
          .append(escape(policies.get(p).name())).append("</span>");
    }
    b.append("</p>\n");
  }

  private static void bar(StringBuilder b, double x, double y, double w, double h, String color, String title) {
    b.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
        + "<title>%s</title></rect>", x, y, w, Math.max(0, h), color, escape(title)));
  }

  private static String label(@Nullable Instant start) {
    return start == null ? "all" : start.toString();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /** Window index across, a value range up, with labelled ticks. */
  private record Axes(int windows, double low, double high) {
    double step() {
      return (WIDTH - LEFT - 20.0) / Math.max(1, windows);
    }

    double x(int window) {
      return LEFT + step() * (window + 0.5);
    }

    double y(double value) {
      return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low);
    }

    void draw(StringBuilder b, List<PolicyEvaluation.WindowCounts> counts) {
      b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>", LEFT, TOP,
          LEFT, HEIGHT - BOTTOM));
      b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>", LEFT,
          HEIGHT - BOTTOM, WIDTH - 10, HEIGHT - BOTTOM));
      for (int i = 0; i <= 4; i++) {
        double v = low + (high - low) * i / 4;
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s"
            + "</text>", LEFT - 4, y(v) + 3, trim(v)));
      }
      int every = Math.max(1, counts.size() / 6);
      for (int w = 0; w < counts.size(); w += every) {
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">%s"
            + "</text>", x(w), HEIGHT - BOTTOM + 14, escape(label(counts.get(w).start()))));
      }
    }

    private static String trim(double v) {
      return Math.abs(v) >= 1000 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
  }
}
