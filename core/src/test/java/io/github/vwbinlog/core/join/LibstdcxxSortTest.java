package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * SPEC §6.2 Median: the sort reproduces g++'s {@code std::sort}, which decides which of {@code -0.0} and {@code 0.0}
 * ends up where. The expected orders below were produced by g++ 12 (libstdc++) on the same inputs.
 */
class LibstdcxxSortTest {

  /** Parses space-separated floats; "-0" is negative zero. */
  static float[] parse(String text) {
    String[] tokens = text.trim().split(" +");
    float[] a = new float[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      a[i] = Float.parseFloat(tokens[i]);
    }
    return a;
  }

  /** Formats as {@link #parse} reads, keeping the sign of zero. */
  static String format(float[] a) {
    StringBuilder b = new StringBuilder();
    for (float f : a) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(Float.floatToRawIntBits(f) == 0x80000000 ? "-0" : String.valueOf((int) f));
    }
    return b.toString();
  }

  private static String sorted(String input) {
    float[] a = parse(input);
    LibstdcxxSort.sort(a, 0, a.length);
    return format(a);
  }

  @Test
  void shortRangesAreStableInsertionSorts() {
    assertThat(sorted("0 -0 1 -0 0 -1")).isEqualTo("-1 0 -0 -0 0 1");
    assertThat(sorted("-0 0")).isEqualTo("-0 0");
    assertThat(sorted("0 -0")).isEqualTo("0 -0");
  }

  @Test
  void introsortMatchesGxx() {
    assertThat(sorted("-0 -0 -1 0 0 2 1 0 0 1 0 1 -0 0 0 -0 -0 0 -0 0 1 -0 0 2 1 0 -0"))
        .isEqualTo("-1 0 -0 0 0 -0 0 -0 0 -0 -0 0 -0 -0 0 0 0 0 0 -0 1 1 1 1 1 2 2");
    assertThat(sorted("-1 1 0 1 1 -0 0 -0 0 1 2 -0 0 -0 -0 1 0 1 0 1 2 -1 -0 0 1 1 -1 -0 0 0 1 -1 0 1 0 1 -0"))
        .isEqualTo("-1 -1 -1 -1 0 -0 0 0 0 0 -0 0 -0 0 -0 0 0 -0 -0 0 -0 0 -0 1 1 1 1 1 1 1 1 1 1 1 1 2 2");
    assertThat(sorted("-0 -0 -0 0 -1 0 2 1 1 2 2 0 0 -1 0 1 -0 1 2 -0 0 2 0 0 -0 -1 -1"))
        .isEqualTo("-1 -1 -1 -1 0 -0 -0 -0 0 0 0 -0 -0 0 -0 0 0 0 1 1 1 1 2 2 2 2 2");
  }

  @Test
  void heapSortFallbackMatchesGxx() {
    // std::partial_sort(first, last, last) is the heap sort std::sort falls back to at its depth limit.
    float[] a = parse("-0 2 2 -0 1 2 -1 2 0 2 0 -1 1 2 -0 -0 -1 2 2 -1");
    LibstdcxxSort.heapSort(a, 0, a.length);
    assertThat(format(a)).isEqualTo("-1 -1 -1 -1 -0 -0 -0 0 0 -0 1 1 2 2 2 2 2 2 2 2");
  }

  @Test
  void sortsAnyInputAscending() {
    Random random = new Random(42);
    for (int round = 0; round < 500; round++) {
      int n = random.nextInt(300);
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = random.nextInt(4) == 0 ? (random.nextBoolean() ? 0f : -0f) : (float) random.nextGaussian();
      }
      float[] expected = a.clone();
      Arrays.sort(expected);
      LibstdcxxSort.sort(a, 0, n);
      // The same values in the same order by <, whatever the signs of the zeros.
      for (int i = 0; i < n; i++) {
        assertThat(a[i] == expected[i]).as("index %d of %d", i, n).isTrue();
      }
      // Arrays.sort puts -0.0 first; the same multiset of bits must come out.
      float[] again = a.clone();
      Arrays.sort(again);
      assertThat(again).isEqualTo(expected);
    }
  }

  @Test
  void sortsASubrangeOnly() {
    float[] a = parse("9 3 2 1 0");
    LibstdcxxSort.sort(a, 1, 4);
    assertThat(format(a)).isEqualTo("9 1 2 3 0");
  }

  @Test
  void nanDoesNotThrow() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int n = random.nextInt(200);
      float[] a = new float[n];
      for (int i = 0; i < n; i++) {
        a[i] = random.nextInt(3) == 0 ? Float.NaN : random.nextInt(5);
      }
      float[] copy = a.clone();
      LibstdcxxSort.sort(a, 0, n);
      Arrays.sort(a);
      Arrays.sort(copy);
      assertThat(a).isEqualTo(copy);
    }
  }
}
