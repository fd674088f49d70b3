package io.github.vwbinlog.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's training run (docs/CLI.md, "The launcher"): the commands users run most, one after another in one JVM,
 * on the sample logs the build puts beside the jar, so that the JVM's start-up cache made from this run holds the
 * classes and method profiles of each of them. A cache trained on {@code convert} alone missed what {@code convert
 * --threads 1}, {@code stats} and {@code validate} load (9 to 25 classes each read from the jar, and their lambdas
 * spun, at every start). What the commands write is discarded by the launcher.
 *
 * <pre>java -XX:AOTCacheOutput=vw-binlog.aot -cp vw-binlog.jar io.github.vwbinlog.cli.Training training/*.log</pre>
 */
public final class Training {
  private Training() {}

  /** Runs the training on the logs given and exits with the highest exit code of its commands. */
  public static void main(String[] logs) {
    System.exit(run(Io.system(), List.of(logs)));
  }

  /** The commands of the training, each as {@link Main} runs it, on {@code io}; returns their highest exit code. */
  static int run(Io io, List<String> logs) {
    List<List<String>> commands = new ArrayList<>();
    commands.add(with(List.of("convert", "-q", "-o", "/dev/null"), logs));
    commands.add(with(List.of("convert", "-q", "--threads", "1", "-o", "/dev/null"), logs));
    commands.add(with(List.of("stats"), logs));
    for (String log : logs) {
      commands.add(List.of("validate", log));
      commands.add(List.of("inspect", log));
    }
    int exit = 0;
    for (List<String> command : commands) {
      String[] args = command.toArray(String[]::new);
      exit = Math.max(exit, Main.commandLine(io, args).execute(args));
    }
    return exit;
  }

  private static List<String> with(List<String> command, List<String> logs) {
    List<String> all = new ArrayList<>(command);
    all.addAll(logs);
    return all;
  }
}
