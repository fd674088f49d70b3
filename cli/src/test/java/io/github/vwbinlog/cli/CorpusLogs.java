package io.github.vwbinlog.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The joined logs of the conformance corpus: valid_joined_logs, skip_learn, derived and invalid_joined_logs. */
final class CorpusLogs {
  private CorpusLogs() {}

  /** The directories of joined logs; the other corpus directories hold events, not logs. */
  static final List<String> DIRECTORIES = List.of("valid_joined_logs", "invalid_joined_logs", "skip_learn", "derived");

  /** Every joined log, sorted by path. */
  static List<Path> all() {
    try (Stream<Path> walk = Files.walk(CliRun.FILES)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> DIRECTORIES.contains(CliRun.FILES.relativize(p).getName(0).toString()))
          .filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".fb"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The joined logs of one directory. */
  static List<Path> in(String directory) {
    return all().stream().filter(p -> CliRun.FILES.relativize(p).getName(0).toString().equals(directory)).toList();
  }

  /** The corpus path of a log, relative to the corpus root, for test names. */
  static String name(Path log) {
    return CliRun.FILES.relativize(log).toString();
  }

  /** Whether a log holds multistep episodes, which only the multistep joiner reads. */
  static boolean isMultistep(Path log) {
    return log.getFileName().toString().startsWith("multistep_");
  }

  static byte[] bytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
