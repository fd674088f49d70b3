package io.github.vwbinlog.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

/** What the integration tests that the cli module's jar execution runs (after package, in mvn verify) share. */
final class JarExecution {
  private JarExecution() {}

  /**
   * The repository's root, which only the jar execution gives (system property {@code vwbinlog.root}); anywhere else
   * (a {@code -Dtest=JarIT} in the unit run, before package) the calling test is skipped.
   */
  static Path root() {
    String property = System.getProperty("vwbinlog.root");
    assumeTrue(property != null, "run by the jar execution after package (mvn verify)");
    return Path.of(property);
  }
}
