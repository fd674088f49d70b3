package io.github.vwbinlog.core.framing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** A {@link ByteSource} over one buffer in memory (an array, a caller's buffer, or a small mapped file). */
final class BufferSource extends ByteSource {
  private final ByteBuffer buffer;
  private final long base;

  /** Reads {@code buffer} from 0 to its limit; offsets are {@code base} plus the index. */
  BufferSource(ByteBuffer buffer, long base) {
    this.buffer = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
    this.base = base;
  }

  @Override
  public long position() {
    return base + buffer.position();
  }

  @Override
  public long size() {
    return base + buffer.limit();
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
