package io.github.vwbinlog.cli;

import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code FILE...} and {@code --glob}: the inputs of {@code convert} and {@code stats}, resolved by {@link Inputs}. */
final class InputFiles {

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "joined binary logs, directories of them, or - for standard input")
  List<String> inputs;

  @Option(names = "--glob", paramLabel = "GLOB", defaultValue = "*",
      description = "which files of a directory to read (default: ${DEFAULT-VALUE}; hidden files never)")
  String glob;

  /**
   * The inputs, all checked before anything is read; null when one cannot be read, which is then said on standard
   * error (exit 3).
   *
   * @throws CommandLine.ParameterException if standard input is named twice
   */
  @Nullable List<Input> resolve(Io io) {
    try {
      return Inputs.resolve(inputs, glob);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(command.commandLine(), e.getMessage());
    } catch (Inputs.UnreadableException e) {
      io.err().println(command.qualifiedName() + ": " + e.getMessage());
      return null;
    }
  }
}
