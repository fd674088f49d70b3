package io.github.vwbinlog.cli;

import io.github.vwbinlog.evaluate.Estimate;
import io.github.vwbinlog.evaluate.Estimator;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code evaluate --html}: one self-contained HTML page for the decision "which policy should run?": the ranked
 * summary of the policies over the whole period with a forest plot of their lifts over the logged policy (0 marked);
 * then, over time, each policy's estimated reward per window with the interval of the top-ranked and the logged
 * policy, the cumulative reward (IPS up to each window's end) and the effective sample size per window; then the
 * logged choices and probabilities, the whole period's estimates and what was skipped. The charts are drawn by uPlot,
 * whose script and style are inlined from its WebJar (nothing is fetched: the file works offline); their time axes
 * thin their labels to fit, the reader can zoom by dragging, and the policies differ by dash pattern as well as
 * color, so that they stay apart in grey-scale print. More than {@link #MAX_POINTS} windows are drawn as that many
 * points, each the event-weighted mean of consecutive windows (said above the charts), so the file stays small.
 */
final class HtmlReport {
  /** The most points a chart draws per series. */
  static final int MAX_POINTS = 1500;
  /** The most windows whose every estimate is listed in the page (JSON and CSV have them all). */
  static final int MAX_LISTED_WINDOWS = 24;
  private static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";
  private static final String[] COLORS = {"#1b6ca8", "#c0392b", "#2e8b57", "#7d3c98", "#d68910", "#17202a",
      "#a04000", "#5d6d7e"};
  private static final String[] DASHES = {"[]", "[8,4]", "[2,3]", "[10,3,2,3]", "[14,6]", "[4,4]", "[1,6]",
      "[6,2,2,2,2,2]"};

  private HtmlReport() {}

  static String render(PolicyEvaluation evaluation, JoinSummary summary, List<String> inputs) {
    List<Estimate> overall = evaluation.overall();
    List<Ranking.Row> rows = Ranking.rows(evaluation, overall);
    StringBuilder b = new StringBuilder(256 * 1024);
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>vw-binlog evaluation</title><style>").append(resource("uPlot.min.css"))
        .append("body{font-family:sans-serif;margin:24px;color:#222;max-width:1000px}")
        .append("table{border-collapse:collapse;font-size:13px;margin:8px 0}td,th{border:1px solid #ccc;")
        .append("padding:3px 8px;text-align:right}th{background:#f0f0f0}td.l,th.l{text-align:left}")
        .append(".note{background:#fff6d5;border:1px solid #e0c060;padding:6px 10px}.chart{margin:8px 0 24px}")
        .append("caption{text-align:left;font-size:13px;color:#555;padding:4px 0}")
        .append("</style></head><body>\n");
    b.append("<h1>Off-policy evaluation</h1>\n<p id=\"inputs\">Inputs: ")
        .append(escape(String.join(", ", inputs))).append("</p>\n");
    List<PolicyEvaluation.WindowCounts> windows = evaluation.windows();
    b.append("<p id=\"counts\">Joined events: ").append(summary.emittedTotal()).append("; evaluated: ")
        .append(evaluation.evaluated()).append("; skipped: ")
        .append(evaluation.skipped().values().stream().mapToLong(Long::longValue).sum())
        .append("; windows: ").append(evaluation.options().window() == null ? "one (the whole period)"
            : windows.size() + " of " + length(evaluation.options().window().getSeconds()))
        .append("; intervals at alpha ").append(evaluation.options().alpha()).append(".</p>\n");
    if (evaluation.slotsByPosition()) {
      b.append("<p class=\"note\" id=\"slots-note\">The CCB decisions have more than ")
          .append(PolicyEvaluation.SLOT_ID_LIMIT).append(" distinct slot ids, so their multi-slot estimates are ")
          .append("given per slot position (#0, #1, ...) instead of per id.</p>\n");
    }
    summaryTable(b, evaluation, rows);
    b.append("<h2>Lift over the logged policy</h2>\n<p>Each policy's estimated difference in reward per decision ")
        .append("to the logged policy, with its interval (paired Gaussian, alpha ").append(evaluation.options().alpha())
        .append("). An interval that does not cross the 0 line is a difference the data shows.</p>\n")
        .append("<div class=\"chart\" id=\"forest-chart\"></div>\n");
    int step = Math.max(1, (windows.size() + MAX_POINTS - 1) / MAX_POINTS);
    if (step > 1) {
      b.append("<p class=\"note\" id=\"aggregated-note\">").append(windows.size()).append(" windows: each point ")
          .append("of the charts below is the event-weighted mean of ").append(step)
          .append(" consecutive windows. Drag across a chart to zoom; double-click to zoom out.</p>\n");
    }
    if (windows.size() > 1) {
      b.append("<h2>Reward over time</h2>\n<p>Estimated reward per window (").append(Ranking.headlineName(rows))
          .append("), with the interval of the top-ranked and the logged policy as bands (beyond 200 points: ")
          .append("the mean of the last points, said in the title, without bands). Drag to zoom, ")
          .append("double-click to zoom out, click a policy in the legend to hide it.</p>\n")
          .append("<div class=\"chart\" id=\"reward-chart\"></div>\n")
          .append("<h2>Cumulative reward</h2>\n<p>Each policy's IPS estimate over every event up to the end of the ")
          .append("window: where the estimates settle.</p>\n<div class=\"chart\" id=\"cumulative-chart\"></div>\n")
          .append("<h2>Effective sample size per window</h2>\n<p>How many events each policy's estimate is really ")
          .append("worth (Kish's sum(w)&#178; / sum(w&#178;)), next to the events evaluated: small values mean a few ")
          .append("events with large importance weights carry the estimate.</p>\n")
          .append("<div class=\"chart\" id=\"ess-chart\"></div>\n");
    } else {
      b.append("<p id=\"one-window\">One window: the estimates over time need windows (<code>--window 1h</code>, "
          + "<code>15m</code>...).</p>\n");
    }
    actionsAndProbabilities(b, evaluation);
    estimatesTable(b, overall, "overall-estimates", "Every estimate over the whole period");
    if (evaluation.options().window() != null) {
      if (windows.size() <= MAX_LISTED_WINDOWS) {
        estimatesTable(b, evaluation.estimates(), "estimates", "Every estimate per window");
      } else {
        b.append("<p id=\"estimates\">The estimates of each of the ").append(windows.size())
            .append(" windows are in <code>--format json</code> and <code>--format csv</code>.</p>\n");
      }
    }
    skippedTable(b, evaluation, summary);
    b.append("<script>").append(resource("uPlot.iife.min.js")).append("</script>\n<script>\n");
    data(b, evaluation, rows, windows, step);
    b.append(SCRIPT).append("</script>\n</body></html>\n");
    return b.toString();
  }

  private static void summaryTable(StringBuilder b, PolicyEvaluation evaluation, List<Ranking.Row> rows) {
    String baseline = evaluation.options().baseline();
    b.append("<h2>Policies ranked over the whole period</h2>\n<table id=\"summary\"><caption>value: ")
        .append(escape(Ranking.headlineName(rows))).append(" with its interval; lift: difference to the logged ")
        .append("policy per decision, paired Gaussian interval; ESS: effective sample size</caption>\n<tr>")
        .append("<th>rank</th><th class=\"l\">policy</th><th>value</th><th>low</th><th>high</th><th>lift</th>")
        .append("<th>lift low</th><th>lift high</th><th class=\"l\">interval excludes 0</th>");
    if (baseline != null) {
      b.append("<th>lift over ").append(escape(baseline)).append("</th><th>low</th><th>high</th>")
          .append("<th class=\"l\">excludes 0</th>");
    }
    b.append("<th>ESS</th><th>events</th></tr>\n");
    int rank = 1;
    for (Ranking.Row r : rows) {
      Estimate h = r.headline();
      Estimate l = r.lift();
      b.append("<tr data-policy=\"").append(escape(r.policy())).append("\"><td>").append(rank++)
          .append("</td><td class=\"l\">").append(escape(r.policy())).append("</td>");
      cells(b, h == null ? null : h.value(), h == null ? null : h.low(), h == null ? null : h.high());
      cells(b, l == null ? null : l.value(), l == null ? null : l.low(), l == null ? null : l.high());
      b.append("<td class=\"l\">").append(Ranking.excludesZero(l)).append("</td>");
      if (baseline != null) {
        Estimate x = r.baselineLift();
        cells(b, x == null ? null : x.value(), x == null ? null : x.low(), x == null ? null : x.high());
        b.append("<td class=\"l\">").append(Ranking.excludesZero(x)).append("</td>");
      }
      b.append(String.format(Locale.ROOT, "<td>%.1f</td><td>%d</td></tr>\n", r.effectiveSampleSize(), r.events()));
    }
    b.append("</table>\n");
  }

  private static void cells(StringBuilder b, @Nullable Double... values) {
    for (Double v : values) {
      b.append("<td>").append(EvaluationPrinter.number(v)).append("</td>");
    }
  }

  /** The charts' data as one JSON object, {@code const DATA = {...}}. */
  private static void data(StringBuilder b, PolicyEvaluation evaluation, List<Ranking.Row> rows,
      List<PolicyEvaluation.WindowCounts> windows, int step) {
    List<Policy> policies = evaluation.policies();
    Map<String, Estimate> headline = new HashMap<>();
    Map<String, Estimate> ips = new HashMap<>();
    for (Estimate e : evaluation.estimates()) {
      if (isHeadline(e)) {
        headline.putIfAbsent(e.windowStart() + " " + e.policy(), e);
      }
      if (e.slot() == null && (e.estimator() == Estimator.IPS || e.estimator() == Estimator.PSEUDO_INVERSE
          || e.estimator() == Estimator.MULTISLOT)) {
        ips.putIfAbsent(e.windowStart() + " " + e.policy(), e);
      }
    }
    int points = (windows.size() + step - 1) / step;
    b.append("const DATA={\"windowed\":").append(evaluation.options().window() != null).append(",\"step\":")
        .append(step).append(",\"windowSeconds\":").append(evaluation.options().window() == null ? 0
            : evaluation.options().window().getSeconds() * step).append(",\"policies\":[");
    for (int p = 0; p < policies.size(); p++) {
      b.append(p == 0 ? "" : ",").append(SummaryPrinter.quote(policies.get(p).name()));
    }
    b.append("],\"colors\":[");
    for (int p = 0; p < policies.size(); p++) {
      b.append(p == 0 ? "" : ",").append('"').append(COLORS[p % COLORS.length]).append('"');
    }
    b.append("],\"dashes\":[");
    for (int p = 0; p < policies.size(); p++) {
      b.append(p == 0 ? "" : ",").append(DASHES[p % DASHES.length]);
    }
    b.append("],\"top\":").append(SummaryPrinter.quote(rows.get(0).policy())).append(",\"t\":[");
    for (int i = 0; i < points; i++) {
      Instant start = windows.get(i * step).start();
      b.append(i == 0 ? "" : ",").append(start == null ? 0 : start.getEpochSecond());
    }
    b.append("],\"events\":[");
    for (int i = 0; i < points; i++) {
      long n = 0;
      for (int w = i * step; w < Math.min(windows.size(), (i + 1) * step); w++) {
        n += windows.get(w).events();
      }
      b.append(i == 0 ? "" : ",").append(n);
    }
    b.append("],\"series\":{");
    for (int p = 0; p < policies.size(); p++) {
      String name = policies.get(p).name();
      b.append(p == 0 ? "" : ",").append(SummaryPrinter.quote(name)).append(":{");
      double[][] s = new double[6][points];
      double cumulativeSum = 0;
      double cumulativeEvents = 0;
      for (int i = 0; i < points; i++) {
        double[] acc = new double[8];
        for (int w = i * step; w < Math.min(windows.size(), (i + 1) * step); w++) {
          PolicyEvaluation.WindowCounts c = windows.get(w);
          Estimate h = headline.get(c.start() + " " + name);
          Estimate x = ips.get(c.start() + " " + name);
          double n = c.events();
          if (h != null && h.value() != null && n > 0) {
            acc[0] += h.value() * n;
            acc[1] += n;
            if (finite(h.low()) && finite(h.high())) {
              acc[2] += h.low() * n;
              acc[3] += h.high() * n;
              acc[4] += n;
            }
          }
          if (x != null && x.value() != null && n > 0) {
            cumulativeSum += x.value() * n;
            cumulativeEvents += n;
          }
          acc[5] += c.effectiveSampleSizes().getOrDefault(name, 0.0);
        }
        s[0][i] = acc[1] > 0 ? acc[0] / acc[1] : Double.NaN;
        s[1][i] = acc[4] > 0 ? acc[2] / acc[4] : Double.NaN;
        s[2][i] = acc[4] > 0 ? acc[3] / acc[4] : Double.NaN;
        s[3][i] = cumulativeEvents > 0 ? cumulativeSum / cumulativeEvents : Double.NaN;
        s[4][i] = acc[5];
      }
      String[] keys = {"value", "low", "high", "cumulative", "ess"};
      for (int k = 0; k < keys.length; k++) {
        b.append(k == 0 ? "" : ",").append('"').append(keys[k]).append("\":[");
        for (int i = 0; i < points; i++) {
          b.append(i == 0 ? "" : ",").append(json(s[k][i]));
        }
        b.append(']');
      }
      b.append('}');
    }
    b.append("},\"lifts\":[");
    int k = 0;
    for (Ranking.Row r : rows) {
      Estimate l = r.lift();
      if (l == null || l.value() == null) {
        continue;
      }
      b.append(k++ == 0 ? "" : ",").append("{\"policy\":").append(SummaryPrinter.quote(r.policy()))
          .append(",\"value\":").append(json(l.value())).append(",\"low\":").append(json(l.low()))
          .append(",\"high\":").append(json(l.high())).append('}');
    }
    b.append("]};\n");
  }

  /** A window's length as the options write it: 90s, 15m, 2h, 1d. */
  static String length(long seconds) {
    if (seconds % 86400 == 0) {
      return seconds / 86400 + "d";
    }
    if (seconds % 3600 == 0) {
      return seconds / 3600 + "h";
    }
    return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
  }

  private static boolean finite(@Nullable Double v) {
    return v != null && Double.isFinite(v);
  }

  private static String json(@Nullable Double v) {
    if (v == null || !Double.isFinite(v)) {
      return "null";
    }
    String s = String.format(Locale.ROOT, "%.6g", v);
    return s.contains("e") || s.contains("E") ? Double.toString(Double.parseDouble(s)) : stripZeros(s);
  }

  private static String stripZeros(String s) {
    if (!s.contains(".")) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }

  private static void actionsAndProbabilities(StringBuilder b, PolicyEvaluation evaluation) {
    b.append("<h2>Logged choices and probabilities</h2>\n<p>Small logged probabilities give large importance ")
        .append("weights and noisy estimates.</p>\n<table id=\"actions\"><caption>Chosen action ids (of the first ")
        .append("slot for CCB and slates), the 20 most chosen</caption><tr><th class=\"l\">action id</th>")
        .append("<th>decisions</th></tr>");
    evaluation.chosenActions().entrySet().stream()
        .sorted(Map.Entry.<Long, Long>comparingByValue().reversed()).limit(20)
        .forEach(e -> b.append("<tr><td class=\"l\">").append(e.getKey()).append("</td><td>").append(e.getValue())
            .append("</td></tr>"));
    b.append("</table>\n<table id=\"probabilities\"><caption>Logged probability of the chosen action</caption><tr>")
        .append("<th class=\"l\">probability</th><th>decisions</th></tr>");
    long[] bins = evaluation.probabilityHistogram();
    for (int i = 0; i < bins.length; i++) {
      b.append(String.format(Locale.ROOT, "<tr><td class=\"l\">[%.1f, %.1f%s</td><td>%d</td></tr>", i / 10.0,
          (i + 1) / 10.0, i == bins.length - 1 ? "]" : ")", bins[i]));
    }
    b.append("</table>\n");
  }

  /** The estimate a chart shows for a window and policy: of the whole decision, one per kind of decision. */
  private static boolean isHeadline(Estimate e) {
    return e.slot() == null && (e.estimator() == Estimator.CRESSIE_READ || e.estimator() == Estimator.MULTISLOT
        || e.estimator() == Estimator.PSEUDO_INVERSE);
  }

  private static void estimatesTable(StringBuilder b, List<Estimate> estimates, String id, String title) {
    b.append("<h2>").append(title).append("</h2>\n<table id=\"").append(id).append("\"><tr><th class=\"l\">window")
        .append("</th><th class=\"l\">policy</th><th class=\"l\">estimator</th><th class=\"l\">slot</th>")
        .append("<th>value</th><th>low</th><th>high</th><th>events</th></tr>\n");
    for (Estimate e : estimates) {
      b.append("<tr><td class=\"l\">").append(escape(label(e.windowStart()))).append("</td><td class=\"l\">")
          .append(escape(e.policy())).append("</td><td class=\"l\">")
          .append(e.estimator() == Estimator.LIFT ? "lift over " + escape(String.valueOf(e.baseline()))
              : e.estimator().id())
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

  private static String label(@Nullable Instant start) {
    return start == null ? "all" : start.toString();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String resource(String name) {
    try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(UPLOT + name)) {
      if (in == null) {
        throw new IllegalStateException("uPlot's " + name + " is missing from the class path");
      }
      // Inlined in a <script> element: a "</script" inside would end it early.
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Draws the charts from DATA with uPlot; each chart is kept in window.vwCharts by its element's id. */
  private static final String SCRIPT = """
      window.vwCharts = {};
      const WIDTH = Math.min(960, document.body.clientWidth || 960);
      const num = v => v == null ? "-" : (Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(4));
      // Tick steps no finer than a window (or a point of several windows): no label between two windows.
      const STEPS = [1, 5, 10, 15, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800,
          604800, 2592000, 7776000, 31536000].filter(s => s >= DATA.windowSeconds);
      const timeAxis = {label: DATA.windowed ? "window start (UTC)" : "whole period", space: 90, labelSize: 30,
          incrs: STEPS.length > 0 ? STEPS : undefined};
      function lineChart(id, title, yLabel, seriesOf, bandsFor, extra) {
        const el = document.getElementById(id);
        const data = [DATA.t];
        const series = [{label: "window (UTC)", value: (u, v) => v == null ? "-" : new Date(v * 1000).toISOString()
            .replace("T", " ").replace(":00.000Z", "")}];
        const bands = [];
        DATA.policies.forEach((p, i) => {
          const s = DATA.series[p];
          data.push(seriesOf(s));
          series.push({label: p, stroke: DATA.colors[i], dash: DATA.dashes[i], width: 2, value: (u, v) => num(v),
              points: {show: DATA.t.length < 60, size: 6}});
          if (bandsFor.includes(p)) {
            data.push(s.high, s.low);
            const hi = series.length, lo = hi + 1;
            series.push({label: p + " high", stroke: DATA.colors[i], width: 0.5, dash: [2, 2], value: (u, v) => num(v)},
                {label: p + " low", stroke: DATA.colors[i], width: 0.5, dash: [2, 2], value: (u, v) => num(v)});
            bands.push({series: [hi, lo], fill: DATA.colors[i] + "22"});
          }
        });
        (extra || []).forEach(x => { data.push(x.data); series.push(x.series); });
        const opts = {title: title, width: WIDTH, height: 300, series: series, bands: bands, tzDate: ts =>
            uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"), scales: {x: {time: DATA.windowed}},
            axes: [Object.assign({}, timeAxis, DATA.windowed ? {} : {values: () => ["all"]}),
                   {label: yLabel, size: 70, labelSize: 30}]};
        vwCharts[id] = new uPlot(opts, data, el);
      }
      if (document.getElementById("reward-chart")) {
      const bandsFor = [DATA.top].concat(DATA.policies.includes("logged") && DATA.top !== "logged" ? ["logged"] : []);
      // Hundreds of windows of a few events each are noise side by side: then each point is the event-weighted mean
      // of the last ROLL windows, without bands (zoom in to see fewer).
      const ROLL = DATA.t.length > 200 ? Math.ceil(DATA.t.length / 100) : 1;
      const rolling = values => values.map((v, i) => {
        let sum = 0, n = 0;
        for (let j = Math.max(0, i - ROLL + 1); j <= i; j++) {
          if (values[j] != null && DATA.events[j] > 0) { sum += values[j] * DATA.events[j]; n += DATA.events[j]; }
        }
        return n > 0 ? sum / n : null;
      });
      if (ROLL > 1) {
        lineChart("reward-chart", "Estimated reward, mean of the last " + ROLL + " points", "reward per decision",
            s => rolling(s.value), []);
      } else {
        lineChart("reward-chart", "Estimated reward per window", "reward per decision", s => s.value, bandsFor);
      }
      lineChart("cumulative-chart", "Cumulative reward (IPS up to the window's end)", "reward per decision",
          s => s.cumulative, []);
      lineChart("ess-chart", "Effective sample size per window", "events", s => s.ess, [],
          [{data: DATA.events, series: {label: "events evaluated", stroke: "#999", width: 1, fill: "#99999922",
              value: (u, v) => v == null ? "-" : String(v)}}]);
      }
      (function forest() {
        const lifts = DATA.lifts;
        const el = document.getElementById("forest-chart");
        if (lifts.length === 0) {
          el.textContent = "No policy but the logged one: no lift to show.";
          return;
        }
        let lo = 0, hi = 0;
        lifts.forEach(l => { [l.low, l.high, l.value].forEach(v => { if (v != null) { lo = Math.min(lo, v);
            hi = Math.max(hi, v); } }); });
        const pad = (hi - lo) * 0.08 || 0.1;
        const names = lifts.map(l => l.policy);
        const opts = {title: "Lift over the logged policy, best first", width: WIDTH, height: 60 + 40 * lifts.length,
          legend: {show: false}, cursor: {show: false},
          scales: {x: {time: false, range: [lo - pad, hi + pad]}, y: {range: [-0.5, lifts.length - 0.5]}},
          series: [{}, {label: "lift", stroke: "transparent", points: {show: false}}],
          axes: [{label: "difference in reward per decision (0: as the logged policy)", labelSize: 30, space: 70},
                 {label: "policy", size: 110, labelSize: 30, splits: () => names.map((n, i) => lifts.length - 1 - i),
                  values: (u, splits) => splits.map(s => names[lifts.length - 1 - s])}],
          hooks: {draw: [u => {
            const c = u.ctx;
            const x0 = u.valToPos(0, "x", true);
            c.save();
            c.strokeStyle = "#000"; c.lineWidth = 1.5; c.setLineDash([4, 3]);
            c.beginPath(); c.moveTo(x0, u.bbox.top); c.lineTo(x0, u.bbox.top + u.bbox.height); c.stroke();
            c.setLineDash([]);
            lifts.forEach((l, i) => {
              const y = u.valToPos(lifts.length - 1 - i, "y", true);
              const color = DATA.colors[DATA.policies.indexOf(l.policy)];
              c.strokeStyle = color; c.fillStyle = color; c.lineWidth = 3;
              if (l.low != null && l.high != null) {
                const a = u.valToPos(Math.max(l.low, lo - pad), "x", true);
                const b = u.valToPos(Math.min(l.high, hi + pad), "x", true);
                c.beginPath(); c.moveTo(a, y); c.lineTo(b, y); c.stroke();
                c.beginPath(); c.moveTo(a, y - 6); c.lineTo(a, y + 6); c.moveTo(b, y - 6); c.lineTo(b, y + 6);
                c.stroke();
              }
              const x = u.valToPos(l.value, "x", true);
              c.beginPath(); c.rect(x - 5, y - 5, 10, 10); c.fill();
            });
            c.restore();
          }]}};
        vwCharts["forest-chart"] = new uPlot(opts, [[lo - pad, hi + pad], [null, null]], el);
      })();
      """;
}
