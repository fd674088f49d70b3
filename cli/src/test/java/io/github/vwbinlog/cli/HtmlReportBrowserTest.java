package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate --html} rendered by a real browser: Debian's headless Chromium, installed with apt when it is
 * missing. The rendered DOM must hold the charts and tables, and the screenshot must be a PNG. With
 * {@code -Dvwbinlog.evaluationScreenshot=PATH} the screenshot is also copied there (how docs/evaluation-report.png is
 * made). Skipped only when apt cannot install Chromium, saying why.
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

    String dom = run(chromium, "--dump-dom", html.toUri().toString());
    assertThat(dom).contains("Off-policy evaluation").contains("id=\"reward-chart\"").contains("<polyline")
        .contains("id=\"events-chart\"").contains("id=\"actions-chart\"").contains("id=\"probabilities-chart\"")
        .contains("id=\"ess\"").contains("not learnable").contains("cressieread");
    assertThat(dom).doesNotContain(here.toString()).doesNotContain(here.getParent().toString() + "/");

    Path png = temp.resolve("report.png");
    run(chromium, "--screenshot=" + png, "--window-size=960,1500", html.toUri().toString());
    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes.length).isGreaterThan(10_000);
    assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    String copy = System.getProperty("vwbinlog.evaluationScreenshot");
    if (copy != null && !copy.isBlank()) {
      Files.copy(png, Path.of(copy), StandardCopyOption.REPLACE_EXISTING);
    }
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
