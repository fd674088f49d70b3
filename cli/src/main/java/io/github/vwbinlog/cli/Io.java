package io.github.vwbinlog.cli;

import java.io.Console;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The standard streams of one run, and whether standard error is a terminal. {@link Main#main} uses the process's;
 * tests substitute their own, so that binary output (DSJSON) and standard input can be checked in-process.
 *
 * @param in standard input, read by the commands that take {@code -}
 * @param out standard output: reports and DSJSON bytes
 * @param err standard error: summaries, warnings and the progress bar
 * @param errIsTerminal whether standard error is an interactive terminal (the progress bar's default)
 */
record Io(InputStream in, PrintStream out, PrintStream err, boolean errIsTerminal) {

  /** The process's streams. */
  static Io system() {
    return new Io(new UnclosableInputStream(System.in), System.out, System.err, stderrIsTerminal());
  }

  /**
   * Whether file descriptor 2 is a terminal. Java 17 has no isatty: on Linux, /proc says where fd 2 points; elsewhere
   * System.console() is the best available guess (it is about standard input and output, not error, and on Java 22+
   * exists even when redirected, hence the isTerminal() check where that method exists).
   */
  static boolean stderrIsTerminal() {
    Path fd2 = Path.of("/proc/self/fd/2");
    try {
      if (Files.exists(fd2, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        String target = Files.readSymbolicLink(fd2).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      }
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // fall through to the portable guess
    }
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // before Java 22, a console exists only on a terminal
    }
  }

  /** Standard input that a reader may close without closing the process's stream. */
  private static final class UnclosableInputStream extends FilterInputStream {
    UnclosableInputStream(InputStream in) {
      super(in);
    }

    @Override
    public void close() {
      // System.in belongs to the process
    }
  }
}
