package io.github.vwbinlog.cli;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.Severity;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the first ERROR diagnostic of a run and the input it came from, so that a command that exits 1 says why in
 * words (the offset, the reason, and for a limit the value and the maximum), not only in the counts by reason. Passes
 * every diagnostic on.
 */
final class FirstError implements DiagnosticListener {
  private final DiagnosticListener downstream;
  private String input = "";
  private @Nullable Diagnostic first;
  private String firstInput = "";

  FirstError(DiagnosticListener downstream) {
    this.downstream = downstream;
  }

  /** The input whose diagnostics come next. */
  void input(String name) {
    input = name;
  }

  @Override
  public void report(Diagnostic d) {
    if (first == null && d.severity() == Severity.ERROR) {
      first = d;
      firstInput = input;
    }
    downstream.report(d);
  }

  /**
   * {@code "first error: <diagnostic>"}, with {@code "<input>: "} before the diagnostic when the run read several
   * inputs, or null when no error was reported.
   */
  @Nullable String describe(boolean nameInput) {
    if (first == null) {
      return null;
    }
    return "first error: " + (nameInput ? firstInput + ": " : "") + first;
  }
}
