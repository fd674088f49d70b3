package io.github.vwbinlog.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code vw-binlog} command: one subcommand per job. Exit codes are shared by all subcommands: 0 success, 1 the
 * input had an error (what could be read was still processed), 2 usage error, 3 input unreadable.
 */
@Command(
    name = "vw-binlog",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Reads Vowpal Wabbit joined binary schema v2 logs.",
    subcommands = {InspectCommand.class, ConvertCommand.class, StatsCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:success",
        "1:the input has an error; everything before it was processed",
        "2:usage error",
        "3:the input cannot be opened"})
public final class Main implements Runnable {

  /** Exit code: the input had an error. */
  static final int EXIT_DATA_ERROR = 1;
  /** Exit code: usage error. */
  static final int EXIT_USAGE = 2;
  /** Exit code: the input cannot be opened. */
  static final int EXIT_UNREADABLE = 3;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  /** The command line, configured; tests run it in-process. */
  static CommandLine commandLine() {
    return new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true);
  }

  /** Runs the command and exits with its code. */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
