package io.github.vwbinlog.cli;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Severity;
import java.io.PrintStream;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the first ERROR diagnostic of a run, so that a command that exits 1 says why in words (the offset, the reason,
 * and for a limit the value and the maximum), not only in the counts by reason.
 */
final class FirstError implements DiagnosticListener {
  private @Nullable Diagnostic first;

  @Override
  public void report(Diagnostic d) {
    if (first == null && d.severity() == Severity.ERROR) {
      first = d;
    }
  }

  /** Prints {@code "<command>: first error: <diagnostic>"} if there was one. */
  void print(String command, PrintStream err) {
    if (first != null) {
      err.println("vw-binlog " + command + ": first error: " + first);
    }
  }
}
