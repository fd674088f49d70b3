package io.github.vwbinlog;

/**
 * A FILEMAGIC message whose version is not 1, the only version of joined binary schema v2.
 *
 * <pre>{@code
 * catch (UnsupportedVersionException e) { long v = e.version(); }
 * }</pre>
 */
public class UnsupportedVersionException extends BinaryLogException {
  private static final long serialVersionUID = 1L;

  private final long version;

  /**
   * Creates one.
   *
   * @param offset the offset of the FILEMAGIC message
   * @param version the version found, as an unsigned 32-bit value
   */
  public UnsupportedVersionException(long offset, long version) {
    super(DiagnosticReason.UNSUPPORTED_VERSION, offset, Integer.toUnsignedLong(MessageType.FILEMAGIC.code()),
        "the version", "file version " + version + " does not match parser version 1", null);
    this.version = version;
  }

  /** The version found, as an unsigned 32-bit value. */
  public long version() {
    return version;
  }
}
