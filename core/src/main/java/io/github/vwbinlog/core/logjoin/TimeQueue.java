package io.github.vwbinlog.core.logjoin;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import org.jspecify.annotations.Nullable;

/**
 * A priority queue for items that mostly arrive in order: those not before the last in-order one go to the end of a
 * deque in O(1), the others to a heap; the smallest is at the head of one or the other. Events arrive roughly in
 * client time order, so the heap stays small and most of the join's queue work is a deque's.
 */
final class TimeQueue<T> {
  private final Comparator<T> order;
  private final ArrayDeque<T> inOrder = new ArrayDeque<>();
  private final PriorityQueue<T> others;

  TimeQueue(Comparator<T> order) {
    this.order = order;
    this.others = new PriorityQueue<>(order);
  }

  void add(T item) {
    T last = inOrder.peekLast();
    if (last == null || order.compare(item, last) >= 0) {
      inOrder.addLast(item);
    } else {
      others.add(item);
    }
  }

  /** The smallest item, or null when empty. */
  @Nullable T peek() {
    T a = inOrder.peekFirst();
    T b = others.peek();
    if (a == null) {
      return b;
    }
    return b == null || order.compare(a, b) <= 0 ? a : b;
  }

  /** Removes and returns the smallest item, or null when empty. */
  @Nullable T poll() {
    T a = inOrder.peekFirst();
    T b = others.peek();
    if (a == null) {
      return others.poll();
    }
    return b == null || order.compare(a, b) <= 0 ? inOrder.pollFirst() : others.poll();
  }

  boolean isEmpty() {
    return inOrder.isEmpty() && others.isEmpty();
  }

  int size() {
    return inOrder.size() + others.size();
  }
}
