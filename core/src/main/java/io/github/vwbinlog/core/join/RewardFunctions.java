package io.github.vwbinlog.core.join;

import io.github.vwbinlog.RewardFunction;
import java.util.Arrays;

/**
 * VW's six reward functions (SPEC §6.2), in binary32 arithmetic exactly as the reference computes them, quirks
 * included. Each takes the values (and, for Earliest, the whole-second times) of the outcomes that count, in list
 * order, in the first {@code count} entries of the arrays: the caller has already left out activations
 * ({@code action_taken}, SPEC §6.1) and put 0 for literal and valueless outcomes. With no outcome every function gives
 * the default reward {@code d}.
 *
 * <p>All arithmetic is on {@code float}: Java evaluates {@code float} expressions in binary32 with round-to-nearest
 * after every operation (strictfp is the default since Java 17), which is what VW's f32 code does.
 *
 * <pre>{@code
 * float r = RewardFunctions.apply(RewardFunction.MEDIAN, new float[] {5, 4, 3}, new long[3], 3, 0f);  // 4
 * }</pre>
 */
public final class RewardFunctions {

  private RewardFunctions() {}

  /**
   * Applies {@code function} to the first {@code count} outcomes.
   *
   * @param values the outcome values, in list order
   * @param times the outcomes' effective times in whole seconds (SPEC §5), used by Earliest only
   * @throws IllegalArgumentException for {@link RewardFunction#UNRECOGNIZED}
   */
  public static float apply(RewardFunction function, float[] values, long[] times, int count, float d) {
    return switch (function) {
      case EARLIEST -> earliest(values, times, count, d);
      case AVERAGE -> average(values, count, d);
      case MEDIAN -> median(values, count, d);
      case SUM -> sum(values, count, d);
      case MIN -> min(values, count, d);
      case MAX -> max(values, count, d);
      case UNRECOGNIZED -> throw new IllegalArgumentException("unrecognized reward function");
    };
  }

  /**
   * The value of the earliest outcome: a strictly smaller time replaces the best so far, so ties go to the first in
   * list order. VW starts from the largest time point, which every outcome's time is below, so the first outcome is
   * always taken; a flag does that here without a sentinel that a real (extreme) time could equal. Times are whole
   * seconds because VW drops subseconds (SPEC §5). Times outside VW's 64-bit nanosecond clock (before 1677 or after
   * 2262) compare by their true seconds here, where the reference's arithmetic overflows.
   */
  public static float earliest(float[] values, long[] times, int count, float d) {
    if (count == 0) {
      return d;
    }
    float r = values[0];
    long best = times[0];
    for (int i = 1; i < count; i++) {
      if (times[i] < best) {
        best = times[i];
        r = values[i];
      }
    }
    return r;
  }

  /** The f32 sum in list order divided by the count converted to f32. */
  public static float average(float[] values, int count, float d) {
    return count == 0 ? d : sum(values, count, d) / (float) count;
  }

  /** The f32 sum in list order, starting from {@code +0.0}. */
  public static float sum(float[] values, int count, float d) {
    if (count == 0) {
      return d;
    }
    float s = 0f;
    for (int i = 0; i < count; i++) {
      s += values[i];
    }
    return s;
  }

  /**
   * The smallest value, from VW's sentinel {@code FLT_MAX}: a result equal to the sentinel means "none", so values at
   * or above {@code Float.MAX_VALUE} (and +Inf) give {@code d}. NaN never compares less, so it is ignored.
   */
  public static float min(float[] values, int count, float d) {
    float m = Float.MAX_VALUE;
    for (int i = 0; i < count; i++) {
      if (values[i] < m) {
        m = values[i];
      }
    }
    return m == Float.MAX_VALUE ? d : m;
  }

  /**
   * The largest value above VW's sentinel {@code FLT_MIN}, the smallest positive normal float (not {@code -FLT_MAX}):
   * if no value exceeds 1.17549435e-38 the result is {@code d}, so all-negative or all-zero values give {@code d}
   * (SPEC §6.2, §11 item 7; kept for equal results).
   */
  public static float max(float[] values, int count, float d) {
    float m = Float.MIN_NORMAL;
    for (int i = 0; i < count; i++) {
      if (values[i] > m) {
        m = values[i];
      }
    }
    return m == Float.MIN_NORMAL ? d : m;
  }

  /**
   * The middle value after sorting ascending by {@code <}, or the f32 mean of the two middle values for an even count.
   * The sort is {@link LibstdcxxSort}, the same algorithm as VW's {@code std::sort}, so that when {@code -0.0} and
   * {@code 0.0} tie the same one is picked; {@code Arrays.sort} would order {@code -0.0} first. The arrays are not
   * changed.
   */
  public static float median(float[] values, int count, float d) {
    if (count == 0) {
      return d;
    }
    float[] v = Arrays.copyOf(values, count);
    LibstdcxxSort.sort(v, 0, count);
    int half = count / 2;
    return (count & 1) == 0 ? (v[half - 1] + v[half]) / 2f : v[half];
  }
}
