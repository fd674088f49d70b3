package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.RewardFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** SPEC §6.2: the six reward functions, in binary32, with VW's sentinels. */
class RewardFunctionsTest {

  private static final float D = -1000f;

  /** Epoch seconds of 2020-03-(day) 10:20:30. */
  private static long day(int day) {
    return Fixtures.day(day).epochSecond();
  }

  private static float apply(RewardFunction f, float[] values, long[] times) {
    return RewardFunctions.apply(f, values, times, values.length, D);
  }

  private static float apply(RewardFunction f, float... values) {
    return apply(f, values, new long[values.length]);
  }

  private static int bits(float f) {
    return Float.floatToRawIntBits(f);
  }

  // --- §8.7 fixtures

  @ParameterizedTest(name = "CB 5,4,3 with descending times: {0} = {1}")
  @CsvSource({"EARLIEST, 3", "AVERAGE, 4", "MIN, 3", "MAX, 5", "MEDIAN, 4", "SUM, 12"})
  void cbFixture(RewardFunction f, float expected) {
    float[] values = {5, 4, 3};
    long[] times = {day(30), day(29), day(28)};
    assertThat(apply(f, values, times)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "CCB slots [2,5,2,4] and [2,2,5,1]: {0} = {1}, {2}")
  @CsvSource({"EARLIEST, 4, 1", "MEDIAN, 3, 2", "MIN, 2, 1", "MAX, 5, 5", "AVERAGE, 3.25, 2.5", "SUM, 13, 10"})
  void ccbSlotFixture(RewardFunction f, float slot0, float slot1) {
    assertThat(apply(f, new float[] {2, 5, 2, 4}, new long[] {day(30), day(28), day(26), day(24)})).isEqualTo(slot0);
    assertThat(apply(f, new float[] {2, 2, 5, 1}, new long[] {day(29), day(27), day(25), day(23)})).isEqualTo(slot1);
  }

  @ParameterizedTest
  @EnumSource(value = RewardFunction.class, names = "UNRECOGNIZED", mode = EnumSource.Mode.EXCLUDE)
  void noOutcomeGivesTheDefault(RewardFunction f) {
    assertThat(RewardFunctions.apply(f, new float[4], new long[4], 0, D)).isEqualTo(D);
  }

  @Test
  void onlyTheFirstCountEntriesCount() {
    float[] values = {1, 2, 100};
    assertThat(RewardFunctions.apply(RewardFunction.SUM, values, new long[3], 2, D)).isEqualTo(3f);
    assertThat(RewardFunctions.apply(RewardFunction.MAX, values, new long[3], 2, D)).isEqualTo(2f);
  }

  @Test
  void unrecognizedFunctionIsRejected() {
    assertThatThrownBy(() -> apply(RewardFunction.UNRECOGNIZED, 1f)).isInstanceOf(IllegalArgumentException.class);
  }

  // --- Earliest

  @Test
  void earliestTiesGoToTheFirstInListOrder() {
    assertThat(apply(RewardFunction.EARLIEST, new float[] {7, 8, 9}, new long[] {day(29), day(28), day(28)}))
        .isEqualTo(8f);
    assertThat(apply(RewardFunction.EARLIEST, new float[] {7, 8}, new long[] {day(28), day(28)})).isEqualTo(7f);
  }

  @Test
  void earliestTakesTheFirstOutcomeWhateverItsTime() {
    // VW starts from TimePoint::max(); a flag replaces that sentinel, so even the largest time is taken.
    assertThat(apply(RewardFunction.EARLIEST, new float[] {6}, new long[] {Long.MAX_VALUE})).isEqualTo(6f);
    assertThat(apply(RewardFunction.EARLIEST, new float[] {6, 5}, new long[] {Long.MAX_VALUE, Long.MAX_VALUE}))
        .isEqualTo(6f);
    assertThat(apply(RewardFunction.EARLIEST, new float[] {6, 5}, new long[] {-5, Long.MIN_VALUE})).isEqualTo(5f);
  }

  // --- Min and Max sentinels (§6.2, §11 item 7)

  @Test
  void maxQuirkAllNegativeGivesTheDefault() {
    assertThat(RewardFunctions.max(new float[] {-1, -5}, 2, 0f)).isEqualTo(0f);
    assertThat(RewardFunctions.max(new float[] {-1, -5}, 2, 7f)).isEqualTo(7f);
  }

  @Test
  void maxQuirkZerosAndFltMinGiveTheDefault() {
    assertThat(apply(RewardFunction.MAX, 0f, -0f, 0f)).isEqualTo(D);
    assertThat(apply(RewardFunction.MAX, Float.MIN_NORMAL)).isEqualTo(D);
    assertThat(apply(RewardFunction.MAX, Float.MIN_VALUE)).isEqualTo(D);  // subnormal, below FLT_MIN
    assertThat(apply(RewardFunction.MAX, Float.MIN_NORMAL, 2e-38f)).isEqualTo(2e-38f);
    assertThat(apply(RewardFunction.MAX, -3f, 0.5f)).isEqualTo(0.5f);
  }

  @Test
  void minQuirkFltMaxAndAboveGiveTheDefault() {
    assertThat(apply(RewardFunction.MIN, Float.MAX_VALUE)).isEqualTo(D);
    assertThat(apply(RewardFunction.MIN, Float.POSITIVE_INFINITY, Float.MAX_VALUE)).isEqualTo(D);
    assertThat(apply(RewardFunction.MIN, Float.MAX_VALUE, 1f)).isEqualTo(1f);
    assertThat(apply(RewardFunction.MIN, -1f, -5f)).isEqualTo(-5f);
  }

  @Test
  void minIgnoresNan() {
    assertThat(apply(RewardFunction.MIN, Float.NaN, 2f, Float.NaN)).isEqualTo(2f);
    assertThat(apply(RewardFunction.MIN, Float.NaN)).isEqualTo(D);
  }

  // --- binary32 arithmetic

  @Test
  void averageIsComputedInBinary32() {
    // ((0.1f + 0.1f) + 0.7f) / 3f rounds to 0x3e999999; the same sum in binary64 rounds to 0x3e99999a.
    float r = apply(RewardFunction.AVERAGE, 0.1f, 0.1f, 0.7f);
    assertThat(bits(r)).isEqualTo(0x3e999999);
    assertThat(bits((float) (((double) 0.1f + 0.1f + 0.7f) / 3))).isEqualTo(0x3e99999a);
  }

  @Test
  void sumRoundsAfterEveryAdd() {
    // 2^24 + 1 rounds back to 2^24 in binary32, twice; binary64 would give 2^24 + 2.
    assertThat(apply(RewardFunction.SUM, 16777216f, 1f, 1f)).isEqualTo(16777216f);
    assertThat(apply(RewardFunction.AVERAGE, 16777216f, 1f, 1f)).isEqualTo(16777216f / 3f);
  }

  @Test
  void sumOfNegativeZeroIsPositiveZero() {
    // VW starts the sum at +0.0f, and 0.0f + -0.0f is +0.0f.
    assertThat(bits(apply(RewardFunction.SUM, -0f))).isEqualTo(0);
  }

  @Test
  void nanPropagatesThroughSumAndAverage() {
    assertThat(apply(RewardFunction.SUM, 1f, Float.NaN)).isNaN();
    assertThat(apply(RewardFunction.AVERAGE, 1f, Float.NaN)).isNaN();
  }

  // --- Median

  @Test
  void medianOddAndEven() {
    assertThat(apply(RewardFunction.MEDIAN, 9f, 1f, 5f)).isEqualTo(5f);
    assertThat(apply(RewardFunction.MEDIAN, 4f, 1f, 2f, 9f)).isEqualTo(3f);
    assertThat(apply(RewardFunction.MEDIAN, 1f, 2f)).isEqualTo(1.5f);
    assertThat(apply(RewardFunction.MEDIAN, 7f)).isEqualTo(7f);
  }

  @Test
  void medianOfEvenCountAddsAndHalvesInBinary32() {
    // FLT_MAX + FLT_MAX overflows to +Inf in binary32 before the division (binary64 would give FLT_MAX).
    assertThat(apply(RewardFunction.MEDIAN, Float.MAX_VALUE, Float.MAX_VALUE)).isEqualTo(Float.POSITIVE_INFINITY);
  }

  @Test
  void medianDoesNotChangeItsInput() {
    float[] values = {3, 1, 2};
    RewardFunctions.median(values, 3, D);
    assertThat(values).containsExactly(3f, 1f, 2f);
  }

  @Test
  void medianKeepsTheZeroThatStdSortLeavesInTheMiddle() {
    // std::sort with < sees -0.0 == 0.0; for up to 16 values it is an insertion sort, which keeps ties in list order.
    // Arrays.sort(float[]) would put -0.0 first and pick the other zero.
    assertThat(bits(apply(RewardFunction.MEDIAN, 0f, -0f, 1f))).isEqualTo(0x80000000);
    assertThat(bits(apply(RewardFunction.MEDIAN, -0f, 0f, 1f))).isEqualTo(0);
    assertThat(bits(apply(RewardFunction.MEDIAN, -0f, -0f))).isEqualTo(0x80000000);
    assertThat(bits(apply(RewardFunction.MEDIAN, -0f, 0f))).isEqualTo(0);
  }

  @Test
  void medianOfMoreThanSixteenValuesFollowsLibstdcxx() {
    // Inputs and medians from g++ 12 std::sort; a stable sort would pick the other zero in both.
    float[] a = LibstdcxxSortTest.parse("-0 -0 -1 0 0 2 1 0 0 1 0 1 -0 0 0 -0 -0 0 -0 0 1 -0 0 2 1 0 -0");
    assertThat(bits(RewardFunctions.median(a, a.length, D))).isEqualTo(0x80000000);
    float[] b = LibstdcxxSortTest.parse("-0 -0 -0 0 -1 0 2 1 1 2 2 0 0 -1 0 1 -0 1 2 -0 0 2 0 0 -0 -1 -1");
    assertThat(bits(RewardFunctions.median(b, b.length, D))).isEqualTo(0);
  }
}
