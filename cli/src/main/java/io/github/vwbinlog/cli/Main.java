package io.github.vwbinlog.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code vw-binlog} command: one subcommand per job. Exit codes are shared by all subcommands: 0 success, 1 the
 * input had an error (what could be read was still processed), 2 usage error, 3 input unreadable (or, for
 * {@code convert}, output unwritable).
 */
@Command(
    name = "vw-binlog",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Reads Vowpal Wabbit joined binary schema v2 logs.",
    subcommands = {InspectCommand.class, ConvertCommand.class, StatsCommand.class, ValidateCommand.class,
        SplitCommand.class, CompletionCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:success",
        "1:the input has an error; everything before it was processed",
        "2:usage error",
        "3:the input cannot be opened (convert: or its output cannot be written)"})
public final class Main implements Runnable {

  /** Exit code: the input had an error. */
  static final int EXIT_DATA_ERROR = 1;
  /** Exit code: usage error. */
  static final int EXIT_USAGE = 2;
  /** Exit code: the input cannot be opened, or convert's output cannot be written. */
  static final int EXIT_UNREADABLE = 3;

  private final Io io;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private Main(Io io) {
    this.io = io;
  }

  /** The streams of this run; subcommands reach them through {@code @ParentCommand}. */
  Io io() {
    return io;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  /** The command line on the process's streams. */
  static CommandLine commandLine() {
    return commandLine(Io.system());
  }

  /** The command line on these streams; tests run it in-process. */
  static CommandLine commandLine(Io io) {
    CommandLine cmd = new CommandLine(new Main(io)).setCaseInsensitiveEnumValuesAllowed(true);
    // Help, usage errors and text reports go through picocli's writers, over the same streams as binary output.
    cmd.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
    cmd.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
    return cmd;
  }

  /** Runs the command and exits with its code. */
  public static void main(String[] args) {
    CommandLine cmd = commandLine();
    int exit = cmd.execute(args);
    cmd.getOut().flush();
    cmd.getErr().flush();
    System.exit(exit);
  }
}
