package io.github.vwbinlog.fuzz;

import io.github.vwbinlog.core.conformance.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The seeds of the fuzz targets and the inputs of the mutation tests: the joined logs of the conformance corpus, read
 * in place from {@code ../shared/conformance/files} by core's {@link Corpus} (the system property
 * {@code vwbinlog.shared} the root pom gives surefire). Nothing of the corpus is copied into the repository: for fuzzing, {@link #plant} copies seeds into
 * Jazzer's generated corpus under {@code target/} when a fuzz run starts.
 */
public final class Seeds {
  private Seeds() {}

  /** The conformance {@code files} folder. */
  public static Path files() {
    return Corpus.resolve("files");
  }

  /** Every joined log ({@code *.log}, {@code *.fb}) of the joined-log folders, sorted. */
  public static List<Path> joinedLogs() {
    return Corpus.joinedLogs();
  }

  /** The joined logs of one folder, sorted. */
  public static List<Path> joinedLogs(String folder) {
    return joinedLogs().stream().filter(p -> files().relativize(p).startsWith(folder)).toList();
  }

  /** A path relative to {@code files/}, for messages. */
  public static String name(Path log) {
    return files().relativize(log).toString();
  }

  /** The bytes of a file. */
  public static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes seeds into Jazzer's generated corpus of one fuzz test ({@code <jazzer.internal.basedir>/.cifuzz-corpus/
   * <class>/<method>}), where libFuzzer starts from, unless they are there already. In regression mode Jazzer reads
   * only the inputs folder in the test resources; {@link SeedRegressionTest} runs the corpus there instead.
   */
  public static void plant(Class<?> test, String method, Map<String, byte[]> seeds) {
    String base = System.getProperty("jazzer.internal.basedir");
    if (base == null) {
      return;
    }
    Path dir = Path.of(base, ".cifuzz-corpus", test.getName(), method);
    try {
      Files.createDirectories(dir);
      for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
        Path file = dir.resolve("seed-" + seed.getKey().replaceAll("[^A-Za-z0-9_.-]", "_"));
        if (!Files.exists(file)) {
          Files.write(file, seed.getValue());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The corpus joined logs as named seeds. */
  public static Map<String, byte[]> joinedLogSeeds() {
    Map<String, byte[]> seeds = new java.util.TreeMap<>();
    for (Path log : joinedLogs()) {
      seeds.put(name(log), bytes(log));
    }
    return seeds;
  }
}
