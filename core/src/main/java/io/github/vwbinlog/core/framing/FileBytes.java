package io.github.vwbinlog.core.framing;

/**
 * The bytes of a mapped log's file, read by position from any thread: the parts of a parallel join read the payloads
 * of messages the reader framed before, each by a read of the file rather than through the mapping (see
 * {@link PayloadFile}), with a guard of their own (only the payload of the message being joined).
 */
@FunctionalInterface
public interface FileBytes {

  /**
   * Copies the file's bytes {@code [position, position + length)} into {@code dst[0, length)} and returns true; returns
   * false, copying nothing that counts, when the file (or the byte range the reader reads of it) does not hold them
   * all or cannot be read: the caller then copies from the payload's view.
   */
  boolean read(long position, int length, byte[] dst);
}
