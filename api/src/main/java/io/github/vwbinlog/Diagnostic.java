package io.github.vwbinlog;

import org.jspecify.annotations.Nullable;

/**
 * One reported problem: what was skipped or could not be read, where, and why.
 *
 * <p>Thread-safe: an immutable record.
 *
 * <pre>{@code
 * // "ERROR TRUNCATED_INPUT at offset 160: ..."
 * System.err.println(diagnostic);
 * }</pre>
 *
 * @param reason why; it determines the severity
 * @param offset the byte offset in the log of the message concerned (of its type field), or of the bad bytes when
 *     they are known more precisely; -1 when there is no position
 * @param eventId the event id concerned, or null when the problem is not about one event
 * @param message what happened, in words
 */
public record Diagnostic(DiagnosticReason reason, long offset, @Nullable String eventId, String message) {

  /** Checks for nulls. */
  public Diagnostic {
    java.util.Objects.requireNonNull(reason, "reason");
    java.util.Objects.requireNonNull(message, "message");
  }

  /** The severity of the reason. */
  public Severity severity() {
    return reason.severity();
  }

  @Override
  public String toString() {
    return severity() + " " + reason + " at offset " + offset
        + (eventId == null ? "" : " (event id " + eventId + ")") + ": " + message;
  }
}
