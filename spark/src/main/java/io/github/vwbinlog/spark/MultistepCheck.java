package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;

/**
 * Watches a join without {@code multistep=true} for the events of a multistep log, which such a join skips as VW
 * does: MultiStep interactions (reported as {@link DiagnosticReason#PROBLEM_TYPE_MISMATCH}, a notice, or, where the
 * CHECKPOINT's problem type is multistep, as a log of the joiner and Spark's writer say, as
 * {@link DiagnosticReason#UNSUPPORTED_INTERACTION}, an error) and episodes
 * ({@link DiagnosticReason#EPISODE_WITHOUT_MULTISTEP}). A multistep log read so has no rows; the reader says so on the
 * driver's log, and in strict mode the first such event fails the read, naming the option. Every diagnostic is passed
 * on.
 */
final class MultistepCheck implements DiagnosticListener {
  private final DiagnosticListener downstream;
  private final boolean strict;
  private long skipped;

  /**
   * A check passing diagnostics to {@code downstream}.
   *
   * @param strict whether the first multistep event skipped throws
   */
  MultistepCheck(DiagnosticListener downstream, boolean strict) {
    this.downstream = downstream;
    this.strict = strict;
  }

  @Override
  public void report(Diagnostic d) {
    downstream.report(d);
    boolean multistep = d.reason() == DiagnosticReason.EPISODE_WITHOUT_MULTISTEP
        || (d.reason() == DiagnosticReason.PROBLEM_TYPE_MISMATCH
            || d.reason() == DiagnosticReason.UNSUPPORTED_INTERACTION)
        && d.message().contains(PayloadType.MULTI_STEP.name());
    if (!multistep) {
      return;
    }
    skipped++;
    if (strict) {
      throw new BinaryLogException(d.reason(), d.offset(), BinaryLogException.NO_MESSAGE_TYPE, "strict mode",
          d.message() + " (event id " + d.eventId() + "): a multistep log; read it with option multistep=true", null);
    }
  }

  /** How many multistep events were skipped. */
  long skipped() {
    return skipped;
  }
}
