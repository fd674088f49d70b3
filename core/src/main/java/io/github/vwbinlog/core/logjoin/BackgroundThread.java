package io.github.vwbinlog.core.logjoin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * One daemon thread, started at the first task, that runs the joiner's output work in the order handed over
 * ({@link MessageWriter}'s messages, {@link BackgroundForce}'s forces); {@link #await} waits for a task and throws its
 * failure on the calling thread.
 */
final class BackgroundThread implements AutoCloseable {
  private final String name;
  private @Nullable ExecutorService executor;

  /** A thread to be named {@code name} when it starts. */
  BackgroundThread(String name) {
    this.name = name;
  }

  /** Runs {@code task} after the tasks handed over before it; an {@link IOException} it meets goes unchecked. */
  Future<?> submit(Runnable task) {
    ExecutorService e = executor;
    if (e == null) {
      e = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
      });
      executor = e;
    }
    return e.submit(task);
  }

  /**
   * Waits for {@code task}, not giving up when interrupted (the interrupt is kept for the caller), and throws its
   * failure: an {@link IOException} as itself, an unchecked exception or error as itself, anything else wrapped in an
   * {@link IOException} saying {@code what} failed.
   */
  static void await(Future<?> task, String what) throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          task.get();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(what, cause);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Stops the thread once its tasks are done; does not wait for them. */
  @Override
  public void close() {
    ExecutorService e = executor;
    executor = null;
    if (e != null) {
      e.shutdown();
    }
  }
}
