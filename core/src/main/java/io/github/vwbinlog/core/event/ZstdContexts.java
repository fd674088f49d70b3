package io.github.vwbinlog.core.event;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A pool of zstd decompression contexts. A context is native memory that only {@code close()} frees, and creating one
 * per payload is the costliest part of decompressing small payloads; so the fast paths borrow one for as long as they
 * live and give it back when they close. The pool holds at most as many contexts as were ever borrowed at once.
 */
public final class ZstdContexts {
  private static final ConcurrentLinkedQueue<ZstdDecompressCtx> FREE = new ConcurrentLinkedQueue<>();

  private ZstdContexts() {}

  /** A context, from the pool or new; give it back with {@link #release}. */
  public static ZstdDecompressCtx borrow() {
    ZstdDecompressCtx c = FREE.poll();
    if (c == null) {
      return new ZstdDecompressCtx();
    }
    c.reset();
    return c;
  }

  /** Gives a borrowed context back. */
  public static void release(ZstdDecompressCtx context) {
    FREE.add(context);
  }
}
