package io.github.vwbinlog.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine;

/**
 * The {@code vw-binlog} command: one subcommand per job. Exit codes are shared by all subcommands: 0 success, 1 the
 * input had an error (what could be read was still processed), 2 usage error, 3 input unreadable (or, for
 * {@code convert}, output unwritable).
 */
public final class Main implements Runnable {

  /** Exit code: the input had an error. */
  static final int EXIT_DATA_ERROR = 1;
  /** Exit code: usage error. */
  static final int EXIT_USAGE = 2;
  /** Exit code: the input cannot be opened, or convert's output cannot be written. */
  static final int EXIT_UNREADABLE = 3;

  private final CommandSpec spec = Specs.command(this, "vw-binlog", null,
      new String[] {"Reads Vowpal Wabbit joined binary schema v2 logs."},
      "0:success",
      "1:the input has an error; everything before it was processed",
      "2:usage error",
      "3:the input cannot be opened (convert: or its output cannot be written)");

  private Main() {
    spec.versionProvider(new VersionProvider());
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
  }

  /** The subcommands, in the order help lists them, each by its name. */
  private record Subcommand(String name, Function<Io, CommandSpec> make) {}

  private static final List<Subcommand> SUBCOMMANDS = List.of(
      new Subcommand("inspect", io -> new InspectCommand().spec()),
      new Subcommand("convert", io -> new ConvertCommand(io).spec()),
      new Subcommand("join", io -> new JoinCommand(io).spec()),
      new Subcommand("stats", io -> new StatsCommand(io).spec()),
      new Subcommand("evaluate", io -> new EvaluateCommand(io).spec()),
      new Subcommand("validate", io -> new ValidateCommand(io).spec()),
      new Subcommand("split", io -> new SplitCommand(io).spec()),
      new Subcommand("completion", io -> new CompletionCommand(io).spec()));

  /** The command line with every subcommand, on these streams. */
  static CommandLine commandLine(Io io) {
    return commandLine(io, null);
  }

  /**
   * The command line for these arguments, on these streams; tests run it in-process. When the first argument names a
   * subcommand that does not look at the others ({@code help} and {@code completion} do), only that subcommand is
   * registered: building every subcommand's model took about a third of the start of a {@code convert} run when
   * picocli read them from annotations. Parsing, help and errors of that subcommand are the same either way.
   */
  static CommandLine commandLine(Io io, String @Nullable [] args) {
    CommandLine cmd = new CommandLine(Specs.withStandardHelpOptions(new Main().spec));
    String first = args != null && args.length > 0 ? args[0] : "";
    boolean one = false;
    for (Subcommand subcommand : SUBCOMMANDS) {
      one |= subcommand.name().equals(first);
    }
    one &= !first.equals("completion");
    for (Subcommand subcommand : SUBCOMMANDS) {
      if (!one || subcommand.name().equals(first)) {
        cmd.addSubcommand(subcommand.name(), Specs.withStandardHelpOptions(subcommand.make().apply(io)));
      }
    }
    if (!one) {
      cmd.addSubcommand("help", new CommandLine.HelpCommand()); // picocli's own, from its annotations
    }
    // Set after the subcommands are added: picocli applies them to the subcommands present.
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    JoinOptionsGroup.registerConverters(cmd);
    cmd.setParameterExceptionHandler(Main::usageError);
    // Help, usage errors and text reports go through picocli's writers, over the same streams as binary output.
    cmd.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
    cmd.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
    return cmd;
  }

  /**
   * A usage error is said in one plain line (picocli's message; for a bad option value the value's own reason instead
   * of picocli's "cannot convert 'x' to T (java.lang.IllegalArgumentException: ...)"), with picocli's suggestions for a
   * misspelt command or option, and a pointer to the help, instead of the whole usage text; exit code 2.
   */
  private static int usageError(CommandLine.ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    Throwable cause = ex.getCause();
    if (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec option && cause != null
        && cause.getMessage() != null) {
      err.println("Invalid value for option '" + option.longestName() + "': " + cause.getMessage());
    } else {
      err.println(ex.getMessage());
      CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
    }
    err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the usage.");
    return cmd.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** Runs the command and exits with its code. */
  public static void main(String[] args) {
    CommandLine cmd = commandLine(Io.system(), args);
    int exit = cmd.execute(args);
    cmd.getOut().flush();
    cmd.getErr().flush();
    if (exit != 0 || !onlyThisThreadKeepsTheJvm()) {
      System.exit(exit);
    }
    // Success with nothing else running: returning from main ends the JVM with status 0, as System.exit(0) would,
    // without System.exit's own cost: since JDK 21 it sets up the platform's System.Logger to ask whether to log the
    // exit, about 10 ms of every run on JDK 25 (docs/PERFORMANCE.md).
  }

  /**
   * Whether the calling thread is the only live non-daemon thread of its group (and the groups below it): then the JVM
   * ends when it returns. Any other (a library's worker, say) keeps the JVM alive, so the caller uses System.exit.
   */
  static boolean onlyThisThreadKeepsTheJvm() {
    Thread self = Thread.currentThread();
    ThreadGroup group = self.getThreadGroup();
    if (group == null) {
      return false;
    }
    Thread[] threads = new Thread[group.activeCount() + 8];
    int n = group.enumerate(threads, true);
    if (n == threads.length) {
      return false; // more threads than room: do not guess
    }
    for (int i = 0; i < n; i++) {
      if (threads[i] != self && threads[i].isAlive() && !threads[i].isDaemon()) {
        return false;
      }
    }
    return true;
  }
}
