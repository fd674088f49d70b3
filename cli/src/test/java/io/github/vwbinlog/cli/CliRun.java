package io.github.vwbinlog.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One in-process run of the {@code vw-binlog} command line, with what it printed.
 *
 * @param exit the exit code
 * @param out what went to standard output
 * @param err what went to standard error
 */
record CliRun(int exit, String out, String err) {

  /** Runs {@code vw-binlog args...} in this JVM, capturing both outputs. */
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int exit = cmd.execute(args);
    return new CliRun(exit, out.toString(), err.toString());
  }
}
