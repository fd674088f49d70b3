package io.github.vwbinlog.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * One in-process run of the {@code vw-binlog} command line, with what it printed.
 *
 * @param exit the exit code
 * @param out what went to standard output, decoded as UTF-8
 * @param err what went to standard error
 * @param outBytes what went to standard output, as bytes (DSJSON is compared byte for byte)
 */
record CliRun(int exit, String out, String err, byte[] outBytes) {

  /** The corpus of joined logs: {@code ../shared/conformance/files}, from the {@code vwbinlog.shared} property. */
  static final Path FILES = Path.of(System.getProperty("vwbinlog.shared"), "conformance", "files");

  /** Runs {@code vw-binlog args...} in this JVM, capturing both outputs; standard input is empty. */
  static CliRun of(String... args) {
    return withInput(new byte[0], args);
  }

  /** Runs {@code vw-binlog args...} with these bytes on standard input. */
  static CliRun withInput(byte[] stdin, String... args) {
    return run(stdin, false, args);
  }

  /** Runs {@code vw-binlog args...} as if standard error were a terminal. */
  static CliRun onTerminal(String... args) {
    return run(new byte[0], true, args);
  }

  private static CliRun run(byte[] stdin, boolean terminal, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    CommandLine cmd = Main.commandLine(new Io(new ByteArrayInputStream(stdin), outStream, errStream, terminal), args);
    int exit = cmd.execute(args);
    cmd.getOut().flush();
    cmd.getErr().flush();
    outStream.flush();
    errStream.flush();
    return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
        out.toByteArray());
  }
}
