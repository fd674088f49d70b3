package io.github.vwbinlog.cli;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** {@code --progress} and {@code --no-progress}, shared by the commands that read whole logs. */
final class ProgressOptions {

  @Option(names = "--progress", negatable = true,
      description = "show a progress bar on standard error (default: when it is a terminal and not --quiet)")
  @Nullable Boolean progress;
}
