package io.github.vwbinlog.join;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import java.util.Objects;

/**
 * Why {@link DsjsonConverter#line} wrote no line for a joined event: the line would not be valid JSON (SPEC §0 item 3),
 * so {@code convert} skips the event and reports it with this reason ({@link DiagnosticReason#NON_FINITE_NUMBER},
 * {@link DiagnosticReason#INVALID_CONTEXT}, {@link DiagnosticReason#INVALID_UTF8} or
 * {@link DiagnosticReason#EMPTY_ACTIONS}). A caller that writes lines one by one reports the same diagnostic at the
 * offset of the message the event came from.
 *
 * <pre>{@code
 * try {
 *   out.write(converter.line(result));
 * } catch (LineRefusedException e) {
 *   listener.report(e.toDiagnostic(joiner.position().offset()));   // what convert reports for it
 * }
 * }</pre>
 */
public class LineRefusedException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final DiagnosticReason reason;
  private final String eventId;

  /**
   * Creates one.
   *
   * @param reason why the line was refused
   * @param eventId the joined event's id
   * @param message which field is wrong and how
   */
  public LineRefusedException(DiagnosticReason reason, String eventId, String message) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.eventId = Objects.requireNonNull(eventId, "eventId");
  }

  /** Why the line was refused. */
  public DiagnosticReason reason() {
    return reason;
  }

  /** The id of the joined event (for a multistep step, its episode id; the message names the step). */
  public String eventId() {
    return eventId;
  }

  /**
   * The diagnostic {@code convert} reports for the event.
   *
   * @param offset the byte offset of the message the event was joined from, or -1
   */
  public Diagnostic toDiagnostic(long offset) {
    return new Diagnostic(reason, offset, eventId, getMessage());
  }
}
