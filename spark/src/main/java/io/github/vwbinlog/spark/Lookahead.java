package io.github.vwbinlog.spark;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * An iterator that finds each element before {@link #next()} is called, as a task's rows are found: by reading on
 * until one is there. {@link #advance()} finds them, one per call, until it gives null; it is not called after that.
 */
abstract class Lookahead<T> implements Iterator<T> {
  private @Nullable T next;
  private boolean ended;

  /** The next element, or null when there are no more. */
  abstract @Nullable T advance();

  @Override
  public final boolean hasNext() {
    if (next == null && !ended) {
      next = advance();
      ended = next == null;
    }
    return next != null;
  }

  @Override
  public final T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    T r = java.util.Objects.requireNonNull(next);
    next = null;
    return r;
  }
}
