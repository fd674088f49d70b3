package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The packaged {@code cli/target/vw-binlog.jar}, run as a user runs it, in its own process: run by the {@code jar}
 * execution of surefire after {@code package} (it is no {@code *Test}, so the unit-test run leaves it alone).
 */
@DisplayName("vw-binlog.jar")
class JarIT {
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static Path root;
  private static Path jar;

  /** Only the jar execution sets vwbinlog.root; a -Dtest=JarIT in the unit run (before package) skips. */
  @BeforeAll
  static void jarExecutionOnly() {
    root = JarExecution.root();
    jar = root.resolve("cli/target/vw-binlog.jar");
  }

  private record Result(int exit, String out) {}

  private static Result run(Path dir, List<String> command, Path stdin) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    pb.environment().put("JAVA", JAVA);
    pb.environment().put("VWBINLOG_JAR", jar.toString());
    pb.environment().put("VWBINLOG_SHARED", System.getProperty("vwbinlog.shared"));
    if (stdin != null) {
      pb.redirectInput(stdin.toFile());
    }
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  private static Result jar(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(JAVA, "-jar", jar.toString()));
    command.addAll(List.of(args));
    return run(root, command, null);
  }

  @Test
  void versionComesFromTheManifest() throws Exception {
    Result r = jar("--version");

    assertThat(r.exit()).isZero();
    assertThat(r.out()).startsWith("vw-binlog " + System.getProperty("vwbinlog.version") + "\nJava ");
  }

  @Test
  void exitCodesOfTheProcess() throws Exception {
    Path cb = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    assertThat(jar("validate", "-q", cb.toString()).exit()).isZero();
    assertThat(jar("validate", "-q", CliRun.FILES.resolve("invalid_joined_logs/bad_version.log").toString()).exit())
        .isEqualTo(1);
    assertThat(jar("frobnicate").exit()).isEqualTo(2);
    assertThat(jar("convert", "no-such.log").exit()).isEqualTo(3);
  }

  @Test
  void standardInputOfTheProcess() throws Exception {
    Path cb = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    Result fromStdin = run(root, List.of(JAVA, "-jar", jar.toString(), "convert", "-q", "-"), cb);
    Result fromFile = jar("convert", "-q", cb.toString());

    assertThat(fromStdin.exit()).isZero();
    assertThat(fromStdin.out()).isEqualTo(fromFile.out()).startsWith("{\"_label_cost\":-1.5,");
  }

  /** docs/CLI.md shows what the jar prints: docs/cli-samples.sh --check reruns every sample and compares. */
  @Test
  void docsSamplesAreWhatTheJarPrints() throws Exception {
    Path script = root.resolve("docs/cli-samples.sh");
    assertThat(Files.isExecutable(script)).isTrue();

    Result r = run(root, List.of("bash", script.toString(), "--check"), null);

    assertThat(r.exit()).as("docs/cli-samples.sh --check:%n%s", r.out()).isZero();
  }
}
