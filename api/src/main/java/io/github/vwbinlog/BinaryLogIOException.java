package io.github.vwbinlog;

import java.io.IOException;

/**
 * An I/O error while reading a log, unchecked so that iteration can raise it. The {@link #getCause() cause} is the
 * {@link IOException}.
 *
 * <pre>{@code
 * catch (BinaryLogIOException e) { throw e.getCause(); }
 * }</pre>
 */
public class BinaryLogIOException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates one.
   *
   * @param offset where reading was
   * @param reading what was being read
   * @param cause the I/O error
   */
  public BinaryLogIOException(long offset, String reading, IOException cause) {
    super(DiagnosticReason.IO_ERROR, offset, NO_MESSAGE_TYPE, reading, String.valueOf(cause.getMessage()), cause);
  }

  @Override
  public synchronized IOException getCause() {
    return (IOException) super.getCause();
  }
}
