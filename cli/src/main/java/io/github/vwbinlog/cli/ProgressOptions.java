package io.github.vwbinlog.cli;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code --progress} and {@code --no-progress}, shared by the commands that read whole logs. */
final class ProgressOptions {

  @Nullable Boolean progress;

  /** Adds {@code --[no-]progress} to {@code command}. */
  ProgressOptions(CommandSpec command) {
    command.addOption(Specs.bind(OptionSpec.builder("--progress").negatable(true).type(Boolean.class)
        .description("show a progress bar on standard error (default: when it is a terminal and not --quiet)"),
        () -> progress, v -> progress = v));
  }
}
