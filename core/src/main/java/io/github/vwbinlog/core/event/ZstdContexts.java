package io.github.vwbinlog.core.event;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A bounded pool of zstd decompression contexts, owned by one conversion. A context is native memory that only
 * {@code close()} frees, and creating one per payload is the costliest part of decompressing small payloads; so the
 * scan of each joiner borrows one for as long as it lives and gives it back when it closes. The pool keeps at most
 * {@code capacity} idle contexts (a conversion needs one per thread) and closes any beyond them; closing the pool, as
 * its conversion ends, frees every context it holds, and any given back afterwards.
 *
 * <p>{@link #declaredSize} is the scan's form of the checks {@link ZstdPayloads#decompress} makes before it
 * allocates: the scan allocates for a frame only what the record decoder would.
 *
 * <pre>{@code
 * try (ZstdContexts zstd = new ZstdContexts(threads)) {
 *   ... // joiners borrow and give back
 * }
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ZstdContexts implements AutoCloseable {
  private final int capacity;
  private final ArrayDeque<ZstdDecompressCtx> idle = new ArrayDeque<>();
  private boolean closed;

  /**
   * A pool that keeps at most {@code capacity} idle contexts.
   *
   * @throws IllegalArgumentException if {@code capacity} is below 1
   */
  public ZstdContexts(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
    }
    this.capacity = capacity;
  }

  /** A context, idle in the pool or new; give it back with {@link #release}. */
  public ZstdDecompressCtx borrow() {
    ZstdDecompressCtx c;
    synchronized (this) {
      c = idle.poll();
    }
    if (c == null) {
      return new ZstdDecompressCtx();
    }
    c.reset();
    return c;
  }

  /** Gives a borrowed context back: kept for the next borrower, or closed when the pool is full or closed. */
  public void release(ZstdDecompressCtx context) {
    synchronized (this) {
      if (!closed && idle.size() < capacity) {
        idle.add(context);
        return;
      }
    }
    context.close();
  }

  /** How many idle contexts the pool holds. */
  public synchronized int idle() {
    return idle.size();
  }

  /** Frees every idle context; contexts given back later are freed at once. */
  @Override
  public void close() {
    List<ZstdDecompressCtx> free;
    synchronized (this) {
      closed = true;
      free = List.copyOf(idle);
      idle.clear();
    }
    free.forEach(ZstdDecompressCtx::close);
  }

  /**
   * The content size that the zstd frame in {@code source[offset, offset + length)} declares, if
   * {@link ZstdPayloads#decompress} would go on to decompress it: else -1, for an empty payload, a header that cannot
   * be read or does not declare a size, a size above {@code maxSize}, or one more than {@code length} bytes can hold
   * ({@link ZstdPayloads#maxContent}). Nothing is allocated, so a few bytes claiming hundreds of megabytes cost
   * nothing; the caller asks the record decoder why, and reports that.
   *
   * <pre>{@code
   * long n = ZstdContexts.declaredSize(source, offset, length, limits.maxDecompressedSize());
   * if (n < 0) return unreadable(); // the record decoder says why
   * }</pre>
   */
  public static long declaredSize(byte[] source, int offset, int length, int maxSize) {
    if (length <= 0) {
      return -1;
    }
    long declared;
    try {
      declared = Zstd.getFrameContentSize(source, offset, length, false);
    } catch (RuntimeException e) { // as ZstdPayloads: zstd-jni checks few of its arguments itself
      return -1;
    }
    return accepted(declared, length, maxSize);
  }

  /**
   * {@link #declaredSize(byte[], int, int, int)} for the first {@code length} bytes of a direct buffer.
   */
  public static long declaredSize(ByteBuffer source, int length, int maxSize) {
    if (length <= 0) {
      return -1;
    }
    long declared;
    try {
      declared = Zstd.getDirectByteBufferFrameContentSize(source, 0, length, false);
    } catch (RuntimeException e) { // as ZstdPayloads: zstd-jni checks few of its arguments itself
      return -1;
    }
    return accepted(declared, length, maxSize);
  }

  private static long accepted(long declared, int length, int maxSize) {
    if (declared < 0 || declared > maxSize || declared > ZstdPayloads.maxContent(length)) {
      return -1;
    }
    return declared;
  }
}
