package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import io.github.vwbinlog.core.conformance.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate --html} rendered by a real browser: Debian's headless Chromium, installed with apt when it is
 * missing. The rendered DOM must hold the charts and tables, the screenshot must be a PNG, the ranked summary's
 * numbers must be those of {@code --format json}, every chart must have its axes' titles, and with 1,000 windows no
 * two time labels of an axis may overlap, measured from the rendered charts (a script added to a copy of the report
 * measures each label uPlot drew and writes what it found into the page, which Chromium then dumps). With
 * {@code -Dvwbinlog.evaluationScreenshot=PATH} the screenshot of the sample log's report is also copied there (how
 * docs/evaluation-report.png is made). Skipped only when apt cannot install Chromium, saying why.
 */
@DisplayName("vw-binlog evaluate --html in Chromium")
class HtmlReportBrowserTest {
  private static final Path AVERAGE = CliRun.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
  private static final Path DEFERRED =
      CliRun.FILES.resolve("valid_joined_logs/cb_deferred_actions_w_activations_and_apprentice_10.fb");
  private static final long MINUTES = 5;

  @TempDir
  Path temp;

  @Test
  void theReportRendersInChromium() throws Exception {
    String chromium = chromium();
    Path html = temp.resolve("report.html");
    // The inputs named relative to the working folder, as a user types them: the screenshot in docs/ shows no path
    // of the machine that made it.
    Path here = Path.of("").toAbsolutePath();
    CliRun run = CliRun.of("evaluate", "--window", "1s", "--html", html.toString(),
        here.relativize(AVERAGE.toAbsolutePath().normalize()).toString(),
        here.relativize(DEFERRED.toAbsolutePath().normalize()).toString());
    assertThat(run.exit()).as(run.err()).isZero();

    String dom = run(chromium, "--dump-dom", "--virtual-time-budget=5000", html.toUri().toString());
    assertThat(dom).contains("Off-policy evaluation").contains("id=\"summary\"").contains("id=\"forest-chart\"")
        .contains("id=\"reward-chart\"").contains("id=\"cumulative-chart\"").contains("id=\"ess-chart\"")
        .contains("class=\"uplot").contains("<canvas").contains("not learnable").contains("cressieread");
    assertThat(dom).doesNotContain(here.toString()).doesNotContain(here.getParent().toString() + "/");
  }

  @Test
  void theSummaryIsTheJsonOutputAndEveryAxisHasATitle() throws Exception {
    String chromium = chromium();
    Path log = Files.write(temp.resolve("sample.log"), SampleLog.bytes(SampleLog.START, 540, 20));
    Path html = temp.resolve("report.html");
    String[] args = {"evaluate", "--window", "1h", "--policy", "logged,baseline1,baseline2,uniform", "--baseline",
        "baseline1", log.toString()};
    CliRun run = CliRun.of(concat(args, "--html", html.toString()));
    assertThat(run.exit()).as(run.err()).isZero();
    CliRun json = CliRun.of(concat(args, "--format", "json"));
    Map<String, Map<String, Object>> overall = new HashMap<>();
    json.out().lines().map(l -> Json.object(Json.parseDecimal(l))).filter(o -> o.get("window_start") == null)
        .forEach(o -> overall.put(o.get("policy") + " " + o.get("estimator") + " " + o.get("baseline"), o));

    String dom = run(chromium, "--dump-dom", "--virtual-time-budget=5000", withLayoutCheck(html).toUri().toString());
    Matcher row = Pattern.compile("<tr data-policy=\"([^\"]+)\">(.*?)</tr>").matcher(dom);
    int rows = 0;
    while (row.find()) {
      rows++;
      String policy = row.group(1);
      List<String> cells = new ArrayList<>();
      Matcher cell = Pattern.compile("<td[^>]*>([^<]*)</td>").matcher(row.group(2));
      while (cell.find()) {
        cells.add(cell.group(1));
      }
      Map<String, Object> value = overall.get(policy + " cressieread null");
      assertThat(cells.subList(2, 5)).as(policy).containsExactly(fixed(value.get("value")), fixed(value.get("low")),
          fixed(value.get("high")));
      Map<String, Object> lift = overall.get(policy + " lift logged");
      if (lift != null) {
        assertThat(cells.subList(5, 8)).as(policy + " lift").containsExactly(fixed(lift.get("value")),
            fixed(lift.get("low")), fixed(lift.get("high")));
      }
      Map<String, Object> overBaseline = overall.get(policy + " lift baseline1");
      if (overBaseline != null) {
        assertThat(cells.subList(9, 12)).as(policy + " lift over baseline1")
            .containsExactly(fixed(overBaseline.get("value")), fixed(overBaseline.get("low")),
                fixed(overBaseline.get("high")));
      }
      assertThat(cells.get(cells.size() - 1)).isEqualTo(value.get("events").toString());
    }
    assertThat(rows).isEqualTo(4);
    Map<String, Object> layout = layout(dom);
    assertThat(layout.keySet()).containsExactlyInAnyOrder("forest-chart", "reward-chart", "cumulative-chart",
        "ess-chart");
    layout.forEach((chart, found) -> {
      List<Object> titles = Json.array(Json.object(found).get("titles"));
      assertThat(titles).as(chart + " axis titles").hasSize(2).allSatisfy(t -> assertThat((String) t).isNotBlank());
    });
  }

  @Test
  void aThousandWindowsHaveNoOverlappingLabels() throws Exception {
    String chromium = chromium();
    Path log = Files.write(temp.resolve("long.log"), SampleLog.bytes(SampleLog.START, 2000, 30));
    Path html = temp.resolve("report.html");
    CliRun run = CliRun.of("evaluate", "--window", "1m", "--html", html.toString(), log.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(Files.readString(html)).contains("windows: 1000 of 1m");

    String dom = run(chromium, "--dump-dom", "--virtual-time-budget=5000", withLayoutCheck(html).toUri().toString());
    Map<String, Object> layout = layout(dom);
    for (String chart : List.of("reward-chart", "cumulative-chart", "ess-chart")) {
      Map<String, Object> found = Json.object(layout.get(chart));
      assertThat(((java.math.BigDecimal) found.get("labels")).intValue()).as(chart + " time labels")
          .isBetween(3, 40);
      assertThat(Json.array(found.get("overlaps"))).as(chart + " overlapping time labels").isEmpty();
      assertThat(((java.math.BigDecimal) found.get("points")).intValue()).as(chart + " points").isEqualTo(1000);
    }
    Path png = temp.resolve("report.png");
    run(chromium, "--screenshot=" + png, "--window-size=1100,1600", "--virtual-time-budget=5000",
        html.toUri().toString());
    assertThat(Files.size(png)).isGreaterThan(10_000);
    copy(png, "vwbinlog.evaluationScreenshotWindows");
  }

  @Test
  void theSampleLogsReportMakesTheScreenshot() throws Exception {
    String chromium = chromium();
    Path html = temp.resolve("report.html");
    // Relative inputs: the page names them as given, so no path of this machine is in the picture.
    Path samples = Path.of("").toAbsolutePath().relativize(
        Path.of(System.getProperty("user.dir")).resolveSibling("samples"));
    CliRun run = CliRun.of("evaluate", "--window", "15m", "--predictions",
        "greedy_article2=" + samples.resolve("cb_hours.greedy_article2.pred"), "--predictions",
        "explore_more=" + samples.resolve("cb_hours.explore_more.pred"), "--html", html.toString(),
        samples.resolve("cb_hours.log").toString());
    assertThat(run.exit()).as(run.err()).isZero();
    Path png = temp.resolve("report.png");
    run(chromium, "--screenshot=" + png, "--window-size=1100,1900", "--virtual-time-budget=5000",
        html.toUri().toString());
    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes.length).isGreaterThan(10_000);
    assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    copy(png, "vwbinlog.evaluationScreenshot");
  }

  private static void copy(Path png, String property) throws IOException {
    String copy = System.getProperty(property);
    if (copy != null && !copy.isBlank()) {
      Files.copy(png, Path.of(copy), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String fixed(Object jsonNumber) {
    return jsonNumber == null ? "-" : String.format(Locale.ROOT, "%.6f", ((java.math.BigDecimal) jsonNumber)
        .doubleValue());
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /**
   * A copy of the report with a script that, once the charts are drawn, measures them: per chart its axes' titles,
   * its points, and its x axis's labels as uPlot placed them (the center of each label and its text's width in the
   * axis font), with every pair of neighbours that overlap; written as JSON into {@code <pre id="layout">}.
   */
  private Path withLayoutCheck(Path html) throws IOException {
    String check = """
        <script>
        window.addEventListener("load", () => setTimeout(() => {
          const out = {};
          for (const [id, u] of Object.entries(window.vwCharts)) {
            const axis = u.axes[0];
            const ctx = document.createElement("canvas").getContext("2d");
            ctx.font = Array.isArray(axis.font) ? axis.font[0] : axis.font;
            const boxes = [];
            (axis._splits || []).forEach((v, i) => {
              const text = String((axis._values || [])[i] ?? "");
              if (text === "") return;
              const width = Math.max(...text.split("\\n").map(line => ctx.measureText(line).width));
              const x = u.valToPos(v, "x");
              if (x >= -1 && x <= u.bbox.width / (window.devicePixelRatio || 1) + 1) {
                boxes.push({text: text, left: x - width / 2, right: x + width / 2});
              }
            });
            boxes.sort((a, b) => a.left - b.left);
            const overlaps = [];
            for (let i = 1; i < boxes.length; i++) {
              if (boxes[i].left < boxes[i - 1].right) overlaps.push(boxes[i - 1].text + " / " + boxes[i].text);
            }
            out[id] = {titles: u.axes.map(a => a.label || ""), labels: boxes.length, overlaps: overlaps,
                points: u.data[0].length};
          }
          const pre = document.createElement("pre");
          pre.id = "layout";
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        }, 100));
        </script>
        """;
    Path copy = html.resolveSibling("checked-" + html.getFileName());
    Files.writeString(copy, Files.readString(html).replace("</body>", check + "</body>"));
    return copy;
  }

  private static Map<String, Object> layout(String dom) {
    Matcher m = Pattern.compile("<pre id=\"layout\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
    assertThat(m.find()).as("the layout check ran").isTrue();
    String text = m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
        .replace("&amp;", "&");
    return Json.object(Json.parseDecimal(text));
  }

  private String run(String chromium, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(temp, "profile")));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(temp, "chromium", ".out");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    boolean done = p.waitFor(MINUTES, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    assertThat(done).as("chromium finished").isTrue();
    assertThat(p.exitValue()).as("chromium's exit code").isZero();
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** The chromium binary, installed with apt when missing; skips the test if apt cannot install it. */
  private static String chromium() throws IOException, InterruptedException {
    for (String name : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(name))) {
        return name;
      }
    }
    String log = apt("install", "-y", "chromium");
    if (!Files.isExecutable(Path.of("/usr/bin/chromium"))) {
      apt("update");
      log = apt("install", "-y", "chromium");
    }
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")),
        "apt-get could not install chromium, so the report is not rendered in a browser: " + log);
    return "/usr/bin/chromium";
  }

  private static String apt(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("apt-get"));
    command.addAll(List.of(args));
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return "cannot run apt-get: " + e.getMessage();
    }
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(MINUTES * 2, TimeUnit.MINUTES);
    String tail = output.length() > 400 ? output.substring(output.length() - 400) : output;
    return "apt-get " + String.join(" ", args) + " exited " + (p.isAlive() ? "never" : p.exitValue()) + ": " + tail;
  }
}
