package io.github.vwbinlog.core.text;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Prints a double exactly as RapidJSON 1.1.0's {@code Writer::Double} does (SPEC §8.2 and Appendix A): Grisu2 digit
 * generation followed by RapidJSON's layout rules. This is not the shortest round-trip form that {@link
 * Double#toString(double)} or Ryu give: on about a quarter of all floats Grisu2 picks other digits, and VW's output
 * has to be matched byte for byte.
 *
 * <pre>{@code
 * byte[] line = new byte[64];
 * int end = DoubleFormatter.write(0.3f, line, 0);   // line[0..end) is "0.30000001192092898"
 * DoubleFormatter.toString(1e21f);                   // "1.0000000200408774e21"
 * DoubleFormatter.toString(-0.0);                    // "-0.0"
 * }</pre>
 *
 * <p>Every method is static and thread-safe. {@link #write(double, byte[], int)} allocates nothing.
 *
 * <p>Only finite values can be printed. RapidJSON writes nothing at all for NaN and ±Infinity, which leaves invalid
 * JSON behind; vw-binlog rejects such events before they reach the writer, so here a non-finite value is a caller bug
 * and throws {@link IllegalArgumentException}.
 */
public final class DoubleFormatter {
  /**
   * The most bytes {@link #write(double, byte[], int)} writes for any finite double: RapidJSON's own buffer size. The
   * longest forms are a sign, {@code 0.}, five zeros and 17 digits (for example {@code -0.0000012340000239419169}).
   */
  public static final int MAX_LENGTH = 25;

  private static final long HIDDEN_BIT = 1L << 52;
  private static final long FRACTION_MASK = HIDDEN_BIT - 1;
  private static final int EXPONENT_BIAS = 1075;

  /** RapidJSON's 1/log2(10), used to pick the cached power. Must stay this exact binary64 constant. */
  private static final double D_1_LOG2_10 = 0.30102999566398114;

  private static final int CACHED_COUNT = 87;
  private static final int CACHED_MIN_EXPONENT10 = -348;
  private static final int CACHED_STEP10 = 8;

  /** Significands of 10^(-348 + 8i), normalised to bit 63 and rounded to nearest. */
  private static final long[] CACHED_F = new long[CACHED_COUNT];
  /** Binary exponents matching {@link #CACHED_F}. */
  private static final int[] CACHED_E = new int[CACHED_COUNT];

  private static final long[] POW10 = {
    1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
  };

  static {
    // Computed rather than pasted so the table can be audited against its definition; the tests pin four rows.
    for (int i = 0; i < CACHED_COUNT; i++) {
      computeCachedPower(i, CACHED_MIN_EXPONENT10 + CACHED_STEP10 * i);
    }
  }

  private DoubleFormatter() {}

  /**
   * Writes {@code v} as RapidJSON would, starting at {@code dst[pos]}.
   *
   * <pre>{@code
   * int end = DoubleFormatter.write(-1000f, buf, pos);   // buf[pos..end) is "-1000.0"
   * }</pre>
   *
   * @param v a finite double; vw-binlog only passes floats widened to double
   * @param dst where to write; at least {@link #MAX_LENGTH} bytes must be free from {@code pos}, even if fewer are
   *     used, because digits are generated in place before they are laid out
   * @param pos the index of the first byte to write
   * @return the index just after the last byte written
   * @throws IllegalArgumentException if {@code v} is NaN or infinite; nothing is written
   * @throws IndexOutOfBoundsException if fewer than {@link #MAX_LENGTH} bytes are free from {@code pos}; nothing is
   *     written
   */
  public static int write(double v, byte[] dst, int pos) {
    // One method, of more than 325 bytes of bytecode (HotSpot's FreqInlineSize), so that C2 compiles the digit
    // generation once rather than inlining it at every caller: inlined into the DSJSON line writer, a rounding branch
    // that warm-up had not yet seen made C2 throw away and recompile the whole writer.
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("RapidJSON writes nothing for a non-finite number; refusing " + v);
    }
    Objects.checkFromIndexSize(pos, MAX_LENGTH, dst.length);
    long bits = Double.doubleToRawLongBits(v);
    int p = pos;
    if (bits < 0) {
      dst[p++] = '-';
      bits &= Long.MAX_VALUE;
    }
    if (bits == 0) {
      // RapidJSON keeps the sign of zero (its issue #289), so a zero reward negated by VW prints as -0.0.
      dst[p] = '0';
      dst[p + 1] = '.';
      dst[p + 2] = '0';
      return p + 3;
    }
    // Appendix A steps 1 to 4: the digits D at dst[p], about D x 10^K, then laid out.
    int biased = (int) (bits >>> 52);
    long fraction = bits & FRACTION_MASK;
    long f;
    int e;
    if (biased != 0) {
      f = fraction + HIDDEN_BIT;
      e = biased - EXPONENT_BIAS;
    } else {
      f = fraction;
      e = 1 - EXPONENT_BIAS;
    }

    // Boundaries halfway to the neighbours, on a common exponent; the upper one normalised with 10 spare bits.
    long fp = (f << 1) + 1;
    int ep = e - 1;
    while ((fp & (HIDDEN_BIT << 1)) == 0) {
      fp <<= 1;
      ep--;
    }
    fp <<= 10;
    ep -= 10;
    long fm;
    int em;
    if (f == HIDDEN_BIT) {
      // At a power of two the gap below is half the gap above.
      fm = (f << 2) - 1;
      em = e - 2;
    } else {
      fm = (f << 1) - 1;
      em = e - 1;
    }
    fm <<= em - ep;

    // k = ceil(dk) for the positive dk, in RapidJSON's binary64 arithmetic so the same cached power is chosen.
    double dk = (-61 - ep) * D_1_LOG2_10 + 347;
    int k = (int) dk;
    if (dk - k > 0.0) {
      k++;
    }
    int index = (k >> 3) + 1;
    int bigK = -(CACHED_MIN_EXPONENT10 + index * CACHED_STEP10);
    long cf = CACHED_F[index];
    int ce = CACHED_E[index];

    int s = Long.numberOfLeadingZeros(f);
    long wf = multiplyRounded(f << s, cf);
    long wpf = multiplyRounded(fp, cf) - 1;
    long wmf = multiplyRounded(fm, cf) + 1;
    int wpe = ep + ce + 64;
    int packed = digitGen(wf, wpf, wpe, wpf - wmf, bigK, dst, p);
    return prettify(dst, p, packed & 0xFF, packed >> 8);
  }

  /**
   * Returns what {@link #write(double, byte[], int)} would write, as a string. Allocates; meant for tests and
   * diagnostics, not for the output path.
   *
   * <pre>{@code
   * DoubleFormatter.toString(0.1f);   // "0.10000000149011612"
   * }</pre>
   *
   * @param v a finite double
   * @return RapidJSON's text for {@code v}
   * @throws IllegalArgumentException if {@code v} is NaN or infinite
   */
  public static String toString(double v) {
    byte[] buf = new byte[MAX_LENGTH];
    int end = write(v, buf, 0);
    return new String(buf, 0, end, StandardCharsets.US_ASCII);
  }

  /** Significand of cached power {@code i} (10^(-348+8i)); for tests. */
  static long cachedPowerSignificand(int i) {
    return CACHED_F[i];
  }

  /** Binary exponent of cached power {@code i}; for tests. */
  static int cachedPowerExponent(int i) {
    return CACHED_E[i];
  }

  /** The number of cached powers; for tests. */
  static int cachedPowerCount() {
    return CACHED_COUNT;
  }

  private static void computeCachedPower(int i, int power10) {
    BigInteger ten = BigInteger.TEN.pow(Math.abs(power10));
    BigInteger f;
    int e;
    if (power10 >= 0) {
      int shift = ten.bitLength() - 64;
      if (shift <= 0) {
        f = ten.shiftLeft(-shift);
      } else {
        // Round half up; an exact tie cannot happen for these powers, so the tie rule does not matter.
        f = ten.shiftRight(shift);
        if (ten.testBit(shift - 1)) {
          f = f.add(BigInteger.ONE);
        }
      }
      e = shift;
    } else {
      // 10^-n = 2^-s / 10^n with s chosen so the quotient lies in [2^63, 2^64): 10^n is not a power of two.
      int s = ten.bitLength() + 63;
      BigInteger[] qr = BigInteger.ONE.shiftLeft(s).divideAndRemainder(ten);
      f = qr[0];
      if (qr[1].shiftLeft(1).compareTo(ten) >= 0) {
        f = f.add(BigInteger.ONE);
      }
      e = -s;
    }
    if (f.bitLength() > 64) {
      // Rounding carried into bit 64: 2^64 is 2^63 with the next exponent.
      f = f.shiftRight(1);
      e++;
    }
    CACHED_F[i] = f.longValue();
    CACHED_E[i] = e;
  }

  /** The high 64 bits of the unsigned 128-bit product, rounded by bit 63 of the low half. */
  private static long multiplyRounded(long a, long b) {
    // Math.multiplyHigh is signed; adding back b (resp. a) where a (resp. b) has its top bit set makes it unsigned.
    long high = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    long low = a * b;
    return high + (low >>> 63);
  }

  private static int digitGen(long wf, long wpf, int wpe, long delta, int bigK, byte[] buf, int start) {
    int sh = -wpe;
    long one = 1L << sh;
    long wpw = wpf - wf;
    long p1 = (wpf >>> sh) & 0xFFFF_FFFFL;
    long p2 = wpf & (one - 1);
    int kappa = countDecimalDigits32(p1);
    int len = 0;
    int k = bigK;

    while (kappa > 0) {
      long d = highest(p1, kappa);
      p1 -= d * POW10[kappa - 1];
      if (d != 0 || len != 0) {
        buf[start + len++] = (byte) ('0' + d);
      }
      kappa--;
      long rest = (p1 << sh) + p2;
      if (Long.compareUnsigned(rest, delta) <= 0) {
        k += kappa;
        grisuRound(buf, start + len - 1, delta, rest, POW10[kappa] << sh, wpw);
        return (k << 8) | len;
      }
    }

    while (true) {
      p2 *= 10;
      delta *= 10;
      long d = p2 >>> sh;
      if (d != 0 || len != 0) {
        buf[start + len++] = (byte) ('0' + d);
      }
      p2 &= one - 1;
      kappa--;
      if (Long.compareUnsigned(p2, delta) < 0) {
        k += kappa;
        int index = -kappa;
        // RapidJSON multiplies by 0 once the power would exceed its 32-bit table: kept, as it shapes the rounding.
        grisuRound(buf, start + len - 1, delta, p2, one, wpw * (index < 9 ? POW10[index] : 0));
        return (k << 8) | len;
      }
    }
  }

  /**
   * {@code p1 / 10^(kappa - 1)}, the highest digit of a {@code kappa}-digit value. A division by a constant in each
   * case, which the JIT turns into a multiplication, where a division by a power read from a table costs tens of
   * cycles; RapidJSON's {@code DigitGen} switches on {@code kappa} for the same reason.
   */
  private static long highest(long p1, int kappa) {
    return switch (kappa) {
      case 9 -> p1 / 100_000_000L;
      case 8 -> p1 / 10_000_000L;
      case 7 -> p1 / 1_000_000L;
      case 6 -> p1 / 100_000L;
      case 5 -> p1 / 10_000L;
      case 4 -> p1 / 1_000L;
      case 3 -> p1 / 100L;
      case 2 -> p1 / 10L;
      default -> p1;
    };
  }

  /** Moves the last digit (at {@code last}) down while that brings the result closer to the exact value. */
  private static void grisuRound(byte[] buf, int last, long delta, long rest, long tenKappa, long wpw) {
    while (Long.compareUnsigned(rest, wpw) < 0
        && Long.compareUnsigned(delta - rest, tenKappa) >= 0
        && (Long.compareUnsigned(rest + tenKappa, wpw) < 0
            || Long.compareUnsigned(wpw - rest, rest + tenKappa - wpw) > 0)) {
      buf[last]--;
      rest += tenKappa;
    }
  }

  /** Digits of an unsigned 32-bit value, capped at 9 as RapidJSON does (10 digits cannot occur here). */
  private static int countDecimalDigits32(long n) {
    int digits = 1;
    while (digits < 9 && n >= POW10[digits]) {
      digits++;
    }
    return digits;
  }

  /** Lays out n digits at {@code buf[p]} with decimal exponent K per SPEC §8.2's five rules; returns the end. */
  private static int prettify(byte[] buf, int p, int n, int bigK) {
    int kk = n + bigK;
    if (bigK >= 0 && kk <= 21) {
      // 1234e7 -> 12340000000.0
      for (int i = n; i < kk; i++) {
        buf[p + i] = '0';
      }
      buf[p + kk] = '.';
      buf[p + kk + 1] = '0';
      return p + kk + 2;
    }
    if (0 < kk && kk <= 21) {
      // 1234e-2 -> 12.34
      System.arraycopy(buf, p + kk, buf, p + kk + 1, n - kk);
      buf[p + kk] = '.';
      return p + n + 1;
    }
    if (-6 < kk && kk <= 0) {
      // 1234e-6 -> 0.001234
      int offset = 2 - kk;
      System.arraycopy(buf, p, buf, p + offset, n);
      buf[p] = '0';
      buf[p + 1] = '.';
      for (int i = 2; i < offset; i++) {
        buf[p + i] = '0';
      }
      return p + n + offset;
    }
    if (n == 1) {
      // 1e30
      buf[p + 1] = 'e';
      return writeExponent(kk - 1, buf, p + 2);
    }
    // 1234e30 -> 1.234e33
    System.arraycopy(buf, p + 1, buf, p + 2, n - 1);
    buf[p + 1] = '.';
    buf[p + n + 1] = 'e';
    return writeExponent(kk - 1, buf, p + n + 2);
  }

  /** Writes x with a leading '-' if negative and no '+' or leading zeros; |x| is below 1000 for any double. */
  private static int writeExponent(int x, byte[] buf, int p) {
    if (x < 0) {
      buf[p++] = '-';
      x = -x;
    }
    if (x >= 100) {
      buf[p++] = (byte) ('0' + x / 100);
      x %= 100;
      buf[p++] = (byte) ('0' + x / 10);
    } else if (x >= 10) {
      buf[p++] = (byte) ('0' + x / 10);
    }
    buf[p++] = (byte) ('0' + x % 10);
    return p;
  }
}
