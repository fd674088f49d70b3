package io.github.vwbinlog.core.logjoin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * Forces the bytes of the file being written to disk on a thread of its own, every {@link #EVERY} bytes, while the
 * join goes on: a finished file is forced to disk before it is renamed, and without this the whole file (hundreds of
 * megabytes, which the kernel holds in its cache) would be written out then, with the join waiting. The output's bytes
 * do not depend on it; a failure to force is thrown by the next call, as the final force's would be.
 */
final class BackgroundForce implements AutoCloseable {
  /** Bytes written between two forces. */
  static final long EVERY = 64L << 20;

  private final BackgroundThread thread = new BackgroundThread("vw-binlog-join-force");
  private @Nullable Future<?> pending;
  private long forcedUpTo;

  /** A new file is being written: its bytes are counted from 0. */
  void start() throws IOException {
    await();
    forcedUpTo = 0;
  }

  /**
   * Bytes up to {@code position} of {@code channel} were written: starts a force if {@link #EVERY} bytes were written
   * since the last one started and none is under way.
   */
  void written(FileChannel channel, long position) throws IOException {
    Future<?> p = pending;
    if (p != null) {
      if (!p.isDone()) {
        return;
      }
      await();
    }
    if (position - forcedUpTo >= EVERY) {
      forcedUpTo = position;
      pending = thread.submit(() -> {
        try {
          channel.force(false);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  /** Waits for the force under way, if any, and throws its failure. */
  void await() throws IOException {
    Future<?> p = pending;
    if (p != null) {
      pending = null;
      BackgroundThread.await(p, "forcing the output to disk");
    }
  }

  /** Stops the thread; a force under way is not waited for (after a failure, the file is deleted). */
  @Override
  public void close() {
    pending = null;
    thread.close();
  }
}
