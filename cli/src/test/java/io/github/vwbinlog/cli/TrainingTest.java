package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The launcher's training run: each command users run most, in one JVM, as {@link Main} runs it. */
class TrainingTest {
  private static final Path SAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("samples");

  @Test
  void runsConvertOnOneAndOnSeveralThreadsStatsAndEachLogsValidateAndInspect() {
    String simple = SAMPLES.resolve("cb_simple.log").toString();
    String hours = SAMPLES.resolve("cb_hours.log").toString();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Training.run(io(out, err), List.of(simple, hours));

    assertThat(exit).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    // The converts write to /dev/null; what the others print comes in the order they ran.
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(CliRun.of("stats", simple, hours).out()
        + CliRun.of("validate", simple).out() + CliRun.of("inspect", simple).out()
        + CliRun.of("validate", hours).out() + CliRun.of("inspect", hours).out());
  }

  @Test
  void exitsWithTheHighestExitCodeOfItsCommands() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Training.run(io(new ByteArrayOutputStream(), err), List.of(SAMPLES.resolve("missing.log").toString()));

    assertThat(exit).isEqualTo(Main.EXIT_UNREADABLE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("missing.log");
  }

  private static Io io(ByteArrayOutputStream out, ByteArrayOutputStream err) {
    return new Io(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), false);
  }
}
