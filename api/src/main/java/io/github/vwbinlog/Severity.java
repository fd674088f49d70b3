package io.github.vwbinlog;

/**
 * How serious a {@link Diagnostic} is.
 *
 * <pre>{@code
 * if (diagnostic.severity() == Severity.ERROR) failed = true;
 * }</pre>
 */
public enum Severity {
  /** Something VW ignores by design (an observation without its interaction, a type mismatch...): not a failure. */
  NOTICE,
  /** Something that could not be read or would make invalid output; the CLI exits non-zero when one was reported. */
  ERROR
}
