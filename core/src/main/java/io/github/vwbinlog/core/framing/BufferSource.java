package io.github.vwbinlog.core.framing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link ByteSource} over one buffer in memory (an array or a caller's buffer), read in place: payloads are
 * read-only slices of it, so a change to the backing memory shows through them.
 */
final class BufferSource extends ByteSource {
  private final ByteBuffer buffer;
  /** The same bytes, read-only, for in-place payloads. */
  private final ByteBuffer readOnly;

  /** Reads {@code buffer} from its position to its limit; offsets count from its position. */
  BufferSource(ByteBuffer buffer) {
    this.buffer = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
    this.readOnly = this.buffer.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public void payloadInPlace(int n) {
    int length = Math.min(n, buffer.remaining());
    inPlace(readOnly, buffer.position(), length);
    buffer.position(buffer.position() + length);
  }

  @Override
  public long position() {
    return buffer.position();
  }

  @Override
  public long size() {
    return buffer.limit();
  }

  @Override
  public int fill(int n) {
    return Math.min(n, buffer.remaining());
  }

  @Override
  public int getInt() {
    return buffer.getInt();
  }

  @Override
  public int peekInt() {
    return buffer.getInt(buffer.position());
  }

  @Override
  public ByteBuffer payload(int n) {
    int length = Math.min(n, buffer.remaining());
    ByteBuffer slice = buffer.slice(buffer.position(), length).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    buffer.position(buffer.position() + length);
    return slice;
  }

  @Override
  public long skip(long n) {
    int length = (int) Math.min(n, buffer.remaining());
    buffer.position(buffer.position() + length);
    return length;
  }
}
