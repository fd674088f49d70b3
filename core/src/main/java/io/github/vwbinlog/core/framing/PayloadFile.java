package io.github.vwbinlog.core.framing;

/**
 * Where the payload just read can be read again from its file: {@link #copy} fills an array with it by a read of the
 * file. A scan that copies each payload into an array of its own reads it so rather than through the mapping: the
 * first access to each page of a new mapping cost some hosts a quarter of a conversion's steady state, a read only a
 * copy in the kernel (docs/PERFORMANCE.md, "The payload read from the file").
 */
@FunctionalInterface
public interface PayloadFile {

  /**
   * Copies the payload just read into {@code dst[0, length)} when it starts at {@code position} of the file and is
   * {@code length} bytes, and returns true; returns false, copying nothing that counts, when it is another payload or
   * the file cannot be read (the caller then copies from the payload's view).
   */
  boolean copy(long position, int length, byte[] dst);
}
