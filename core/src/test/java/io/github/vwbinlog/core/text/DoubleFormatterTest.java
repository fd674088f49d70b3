package io.github.vwbinlog.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** DoubleFormatter against RapidJSON's recorded output (SPEC §8.6, Appendix A and double-format-vectors.tsv). */
class DoubleFormatterTest {
  private static final int VECTOR_LINES = 42_280;

  static Path sharedDir() {
    String prop = System.getProperty("vwbinlog.shared");
    return Path.of(prop == null || prop.isBlank() ? "../../shared" : prop);
  }

  static Stream<Arguments> spec86() {
    return Stream.of(
        Arguments.of("1.5", 1.5f, "1.5"),
        Arguments.of("1", 1f, "1.0"),
        Arguments.of("100", 100f, "100.0"),
        Arguments.of("-1000", -1000f, "-1000.0"),
        Arguments.of("0.9f", 0.9f, "0.8999999761581421"),
        Arguments.of("0x3F666667", Float.intBitsToFloat(0x3F666667), "0.9000000357627869"),
        Arguments.of("0.1f", 0.1f, "0.10000000149011612"),
        Arguments.of("0.3f", 0.3f, "0.30000001192092898"),
        Arguments.of("0x3FC00004", Float.intBitsToFloat(0x3FC00004), "1.5000004768371583"),
        Arguments.of("0x3E00000E", Float.intBitsToFloat(0x3E00000E), "0.12500020861625672"),
        Arguments.of("2.5e-4f", 2.5e-4f, "0.0002500000118743628"),
        Arguments.of("1e-5f", 1e-5f, "0.000009999999747378752"),
        Arguments.of("1e-6f", 1e-6f, "9.999999974752428e-7"),
        Arguments.of("1e-7f", 1e-7f, "1.0000000116860974e-7"),
        Arguments.of("1.234e-6f", 1.234e-6f, "0.0000012340000239419169"),
        Arguments.of("123456789f", 123456789f, "123456792.0"),
        Arguments.of("1e20f", 1e20f, "100000002004087730000.0"),
        Arguments.of("1e21f", 1e21f, "1.0000000200408774e21"),
        Arguments.of("FLT_MAX", Float.MAX_VALUE, "3.4028234663852887e38"),
        Arguments.of("FLT_MIN", Float.MIN_NORMAL, "1.1754943508222876e-38"),
        Arguments.of("1.4e-45f", 1.4e-45f, "1.401298464324817e-45"),
        Arguments.of("12.464624f", 12.464624f, "12.464624404907227"),
        Arguments.of("0.0", 0.0f, "0.0"),
        Arguments.of("-0.0", -0.0f, "-0.0"),
        // Beyond the table: rule 4 (one digit, exponent) and a 3-digit negative exponent on a double.
        Arguments.of("1e30 as double", 1e30, "1e30"),
        Arguments.of("5e-324 as double", Double.MIN_VALUE, "5e-324"));
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("spec86")
  void specTable(String name, double input, String expected) {
    assertThat(DoubleFormatter.toString(input)).isEqualTo(expected);
  }

  @Test
  void allVectorsMatchRapidJson() throws IOException {
    Path file = sharedDir().resolve("spec/double-format-vectors.tsv");
    List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
    assertThat(lines).hasSize(VECTOR_LINES);

    byte[] buf = new byte[DoubleFormatter.MAX_LENGTH + 3];
    List<String> mismatches = new ArrayList<>();
    int finite = 0;
    int nonFinite = 0;
    for (String line : lines) {
      int tab = line.indexOf('\t');
      assertThat(tab).as("line %s", line).isPositive();
      int bits = Integer.parseUnsignedInt(line.substring(0, tab), 16);
      String expected = line.substring(tab + 1);
      double v = Float.intBitsToFloat(bits);
      if (expected.isEmpty()) {
        nonFinite++;
        assertThat(Double.isFinite(v)).as("empty output for finite %s", line).isFalse();
        assertThatThrownBy(() -> DoubleFormatter.write(v, buf, 0)).isInstanceOf(IllegalArgumentException.class);
        continue;
      }
      finite++;
      // Write at an offset so that position arithmetic is exercised too.
      int end = DoubleFormatter.write(v, buf, 3);
      String actual = new String(buf, 3, end - 3, StandardCharsets.US_ASCII);
      if (!actual.equals(expected) && mismatches.size() < 50) {
        mismatches.add(line.substring(0, tab) + ": expected " + expected + " got " + actual);
      }
    }
    assertThat(mismatches).isEmpty();
    assertThat(finite + nonFinite).isEqualTo(VECTOR_LINES);
    assertThat(nonFinite).isPositive();
  }

  @Test
  void cachedPowersMatchAppendixA() {
    assertThat(DoubleFormatter.cachedPowerCount()).isEqualTo(87);
    assertCached(0, 0xFA8FD5A0081C0288L, -1220);
    assertCached(43, 0xD1B71758E219652CL, -77);
    assertCached(44, 0x9C40000000000000L, -50);
    assertCached(86, 0xAF87023B9BF0EE6BL, 1066);
  }

  @Test
  void cachedPowersAreNormalisedAndSteppedByEightDecades() {
    for (int i = 0; i < DoubleFormatter.cachedPowerCount(); i++) {
      assertThat(DoubleFormatter.cachedPowerSignificand(i)).as("bit 63 of entry %d", i).isNegative();
      if (i > 0) {
        // 10^8 is 2^26.58, so consecutive binary exponents differ by 26 or 27.
        int step = DoubleFormatter.cachedPowerExponent(i) - DoubleFormatter.cachedPowerExponent(i - 1);
        assertThat(step).as("exponent step at %d", i).isBetween(26, 27);
      }
    }
  }

  /**
   * Every entry of the written-out table against its definition: 10^(-348 + 8i) as a 64-bit significand with bit 63
   * set, rounded to nearest, and its binary exponent, computed exactly with BigInteger.
   */
  @Test
  void cachedPowersAreTheirDefinition() {
    for (int i = 0; i < DoubleFormatter.cachedPowerCount(); i++) {
      int power10 = -348 + 8 * i;
      BigInteger ten = BigInteger.TEN.pow(Math.abs(power10));
      BigInteger f;
      int e;
      if (power10 >= 0) {
        int shift = ten.bitLength() - 64;
        if (shift <= 0) {
          f = ten.shiftLeft(-shift);
        } else {
          // Round half up; an exact tie cannot happen for these powers.
          f = ten.shiftRight(shift).add(ten.testBit(shift - 1) ? BigInteger.ONE : BigInteger.ZERO);
        }
        e = shift;
      } else {
        // 10^-n = 2^-s / 10^n with s chosen so that the quotient lies in [2^63, 2^64).
        int s = ten.bitLength() + 63;
        BigInteger[] qr = BigInteger.ONE.shiftLeft(s).divideAndRemainder(ten);
        f = qr[0].add(qr[1].shiftLeft(1).compareTo(ten) >= 0 ? BigInteger.ONE : BigInteger.ZERO);
        e = -s;
      }
      if (f.bitLength() > 64) {
        // Rounding carried into bit 64: 2^64 is 2^63 with the next exponent.
        f = f.shiftRight(1);
        e++;
      }
      assertCached(i, f.longValue(), e);
    }
  }

  private static void assertCached(int i, long f, int e) {
    assertThat(Long.toHexString(DoubleFormatter.cachedPowerSignificand(i))).as("f of %d", i)
        .isEqualTo(Long.toHexString(f));
    assertThat(DoubleFormatter.cachedPowerExponent(i)).as("e of %d", i).isEqualTo(e);
  }

  @Test
  void randomFloatsRoundTrip() {
    SplittableRandom random = new SplittableRandom(0x5EEDL);
    byte[] buf = new byte[DoubleFormatter.MAX_LENGTH];
    int checked = 0;
    while (checked < 400_000) {
      float f = Float.intBitsToFloat(random.nextInt());
      if (!Float.isFinite(f)) {
        continue;
      }
      checked++;
      double v = f;
      int end = DoubleFormatter.write(v, buf, 0);
      String s = new String(buf, 0, end, StandardCharsets.US_ASCII);
      assertThat(Double.doubleToRawLongBits(Double.parseDouble(s)))
          .as("%s (float bits %08x) parses back", s, Float.floatToRawIntBits(f))
          .isEqualTo(Double.doubleToRawLongBits(v));
    }
  }

  @Test
  void randomDoublesRoundTripAndFitTheBound() {
    // The library only prints widened floats, but write(double) promises any finite double.
    SplittableRandom random = new SplittableRandom(42);
    // Exactly MAX_LENGTH bytes: a longer output, or digits generated past it, would throw.
    byte[] buf = new byte[DoubleFormatter.MAX_LENGTH];
    int checked = 0;
    while (checked < 200_000) {
      double v = Double.longBitsToDouble(random.nextLong());
      if (!Double.isFinite(v)) {
        continue;
      }
      checked++;
      int end = DoubleFormatter.write(v, buf, 0);
      String s = new String(buf, 0, end, StandardCharsets.US_ASCII);
      assertThat(Double.parseDouble(s)).as("%s parses back", s).isEqualTo(v);
    }
  }

  @Test
  void negativeIsMinusThenMagnitude() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 10_000; i++) {
      float f = Float.intBitsToFloat(random.nextInt() & 0x7F7F_FFFF);
      assertThat(DoubleFormatter.toString(-f)).isEqualTo("-" + DoubleFormatter.toString(f));
    }
  }

  @Test
  void writesOnlyFromPosAndReturnsEnd() {
    byte[] buf = new byte[40];
    Arrays.fill(buf, (byte) '#');
    int end = DoubleFormatter.write(-1000f, buf, 5);
    assertThat(end).isEqualTo(12);
    assertThat(new String(buf, StandardCharsets.US_ASCII)).startsWith("#####-1000.0#");
  }

  @Test
  void rejectsNonFiniteWithoutWriting() {
    byte[] buf = new byte[DoubleFormatter.MAX_LENGTH];
    for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      assertThatThrownBy(() -> DoubleFormatter.write(v, buf, 0)).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> DoubleFormatter.toString(v)).isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(buf).containsOnly((byte) 0);
  }

  @Test
  void requiresMaxLengthRoom() {
    byte[] buf = new byte[DoubleFormatter.MAX_LENGTH + 1];
    assertThat(DoubleFormatter.write(1.5, buf, 1)).isEqualTo(4);
    assertThatThrownBy(() -> DoubleFormatter.write(1.5, buf, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> DoubleFormatter.write(1.5, buf, -1)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
