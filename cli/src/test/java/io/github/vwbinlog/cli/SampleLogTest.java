package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code samples/cb_hours.log} is what {@link SampleLog} writes: three hours of decisions, 20 seconds apart. With
 * {@code -Dvwbinlog.writeSample=true} the test writes it first (how it was made).
 */
class SampleLogTest {
  private static final Path SAMPLE = Path.of(System.getProperty("user.dir")).resolveSibling("samples")
      .resolve("cb_hours.log");

  @Test
  void theSampleIsTheWritersOutput() throws Exception {
    byte[] expected = SampleLog.bytes(SampleLog.START, 3 * 60 * 3, 20);
    if (Boolean.getBoolean("vwbinlog.writeSample")) {
      Files.write(SAMPLE, expected);
    }
    assertThat(Files.readAllBytes(SAMPLE)).isEqualTo(expected);
    CliRun run = CliRun.of("evaluate", "--window", "1h", "--format", "json", SAMPLE.toString());
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out().lines().filter(l -> l.contains("\"estimator\":\"ips\"") && l.contains("\"logged\"")))
        .hasSize(4); // the whole period and three hours
  }
}
