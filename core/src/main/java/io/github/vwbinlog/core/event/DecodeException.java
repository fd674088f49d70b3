package io.github.vwbinlog.core.event;

import io.github.vwbinlog.DiagnosticReason;

/**
 * A nested buffer that cannot be decoded: it fails verification, lacks a required field, holds a string that is not
 * UTF-8, or does not decompress. Checked, because every caller must decide which unit to skip (SPEC §0 item 2).
 */
public final class DecodeException extends Exception {
  private static final long serialVersionUID = 1L;

  private final DiagnosticReason reason;

  /** A failure for this reason, with a message that names what was wrong. */
  public DecodeException(DiagnosticReason reason, String message) {
    super(message, null, false, false);
    this.reason = reason;
  }

  /** The diagnostic reason. */
  public DiagnosticReason reason() {
    return reason;
  }
}
