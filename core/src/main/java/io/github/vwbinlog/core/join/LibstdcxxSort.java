package io.github.vwbinlog.core.join;

/**
 * Sorts floats ascending by {@code <} with the same sequence of comparisons and moves as GCC's libstdc++
 * {@code std::sort}: introsort with a median-of-three pivot, a heap-sort fallback at depth {@code 2·⌊log2 n⌋} and a
 * final insertion sort over runs of 16. VW's Median (SPEC §6.2) sorts with {@code std::sort}, which is not stable, and
 * {@code <} treats {@code -0.0} and {@code 0.0} as equal: which zero ends up in the middle depends on the algorithm.
 * {@link java.util.Arrays#sort(float[])} orders {@code -0.0} before {@code 0.0}, so it can pick the other sign. Doing
 * the same steps as libstdc++ (VW's reference builds are Linux/GCC) gives the same element, sign included.
 *
 * <p>For ranges of at most 16 elements this is a plain insertion sort, which keeps equal elements in their original
 * order. Written for this project from the algorithm's description; checked against g++ 12 output (see the tests).
 *
 * <p>NaN makes {@code <} inconsistent, for which {@code std::sort} is undefined (it may read outside the range). The
 * scans here are bounded, so NaN only gives some permutation, never an exception; the order is then unspecified, as
 * SPEC §6.2 allows. For inputs without NaN the bounds are never reached and change nothing.
 */
final class LibstdcxxSort {

  /** Ranges up to this size are left to the final insertion sort (libstdc++'s {@code _S_threshold}). */
  private static final int THRESHOLD = 16;

  private LibstdcxxSort() {}

  /** Sorts {@code a[from, to)} in place. */
  static void sort(float[] a, int from, int to) {
    if (to - from < 2) {
      return;
    }
    introsortLoop(a, from, to, 2 * log2(to - from));
    finalInsertionSort(a, from, to);
  }

  private static int log2(int n) {
    return 31 - Integer.numberOfLeadingZeros(n);
  }

  /** Partitions until every part is at most {@link #THRESHOLD} long; recurses right, loops left. */
  private static void introsortLoop(float[] a, int first, int last, int depthLimit) {
    while (last - first > THRESHOLD) {
      if (depthLimit == 0) {
        heapSort(a, first, last);
        return;
      }
      --depthLimit;
      int cut = partitionPivot(a, first, last);
      introsortLoop(a, cut, last, depthLimit);
      last = cut;
    }
  }

  private static int partitionPivot(float[] a, int first, int last) {
    int mid = first + (last - first) / 2;
    moveMedianToFirst(a, first, first + 1, mid, last - 1);
    return partition(a, first + 1, last, first);
  }

  /** Swaps the median of {@code a[x], a[y], a[z]} (by {@code <}, ties as libstdc++ breaks them) into {@code result}. */
  private static void moveMedianToFirst(float[] a, int result, int x, int y, int z) {
    if (a[x] < a[y]) {
      if (a[y] < a[z]) {
        swap(a, result, y);
      } else if (a[x] < a[z]) {
        swap(a, result, z);
      } else {
        swap(a, result, x);
      }
    } else if (a[x] < a[z]) {
      swap(a, result, x);
    } else if (a[y] < a[z]) {
      swap(a, result, z);
    } else {
      swap(a, result, y);
    }
  }

  /** Hoare partition of {@code [first, last)} around {@code a[pivot]}, which lies just before the range. */
  private static int partition(float[] a, int first, int last, int pivot) {
    float p = a[pivot];
    int end = last;
    while (true) {
      // The bound on first is only reachable with NaN; the pivot itself stops the downward scan.
      while (first < end && a[first] < p) {
        ++first;
      }
      --last;
      while (p < a[last]) {
        --last;
      }
      if (!(first < last)) {
        return first;
      }
      swap(a, first, last);
      ++first;
    }
  }

  private static void finalInsertionSort(float[] a, int first, int last) {
    if (last - first > THRESHOLD) {
      insertionSort(a, first, first + THRESHOLD);
      for (int i = first + THRESHOLD; i < last; i++) {
        linearInsert(a, i, first);
      }
    } else {
      insertionSort(a, first, last);
    }
  }

  private static void insertionSort(float[] a, int first, int last) {
    for (int i = first + 1; i < last; i++) {
      float v = a[i];
      if (v < a[first]) {
        System.arraycopy(a, first, a, first + 1, i - first);
        a[first] = v;
      } else {
        linearInsert(a, i, first);
      }
    }
  }

  /** Moves {@code a[i]} down past every element it is strictly less than. The bound matters only with NaN. */
  private static void linearInsert(float[] a, int i, int lowest) {
    float v = a[i];
    int next = i - 1;
    while (next >= lowest && v < a[next]) {
      a[i] = a[next];
      i = next;
      --next;
    }
    a[i] = v;
  }

  /** libstdc++'s {@code __partial_sort(first, last, last)}: make a max-heap, then pop it into place. */
  static void heapSort(float[] a, int first, int last) {
    int len = last - first;
    if (len >= 2) {
      for (int parent = (len - 2) / 2; ; parent--) {
        adjustHeap(a, first, parent, len, a[first + parent]);
        if (parent == 0) {
          break;
        }
      }
    }
    while (last - first > 1) {
      --last;
      float v = a[last];
      a[last] = a[first];
      adjustHeap(a, first, 0, last - first, v);
    }
  }

  /** Sifts the hole at {@code hole} down to a leaf, always taking the larger child, then pushes {@code v} back up. */
  private static void adjustHeap(float[] a, int base, int hole, int len, float v) {
    int top = hole;
    int child = hole;
    while (child < (len - 1) / 2) {
      child = 2 * (child + 1);
      if (a[base + child] < a[base + child - 1]) {
        child--;
      }
      a[base + hole] = a[base + child];
      hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
      child = 2 * (child + 1);
      a[base + hole] = a[base + child - 1];
      hole = child - 1;
    }
    int parent = (hole - 1) / 2;
    while (hole > top && a[base + parent] < v) {
      a[base + hole] = a[base + parent];
      hole = parent;
      parent = (hole - 1) / 2;
    }
    a[base + hole] = v;
  }

  private static void swap(float[] a, int i, int j) {
    float t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
