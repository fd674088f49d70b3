package io.github.vwbinlog.cli;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

/** {@code FILE...} and {@code --glob}: the inputs of {@code convert} and {@code stats}, resolved by {@link Inputs}. */
final class InputFiles {

  private final CommandSpec command;
  List<String> inputs = new ArrayList<>();
  String glob = "*";

  /** Adds {@code FILE...} and {@code --glob} to {@code command}. */
  InputFiles(CommandSpec command) {
    this.command = command;
    command.addPositional(Specs.bind(PositionalParamSpec.builder().arity("1..*").required(true).paramLabel("FILE")
        .type(List.class).auxiliaryTypes(String.class)
        .description("joined binary logs, directories of them, or - for standard input"),
        () -> inputs, v -> inputs = v));
    command.addOption(Specs.bind(OptionSpec.builder("--glob").paramLabel("GLOB").type(String.class).defaultValue("*")
        .description("which files of a directory to read (default: ${DEFAULT-VALUE}; hidden files never)"),
        () -> glob, v -> glob = v));
  }

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
