package io.github.vwbinlog.core.text;

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

  /**
   * Significands of 10^(-348 + 8i), normalised to bit 63 and rounded to nearest (RapidJSON's table). Written out rather
   * than computed at class initialisation, which took every run 5-15 ms of BigInteger arithmetic in the interpreter;
   * {@code DoubleFormatterTest} computes every entry from its definition and compares.
   */
  private static final long[] CACHED_F = {
    0xFA8F_D5A0_081C_0288L, 0xBAAE_E17F_A23E_BF76L, 0x8B16_FB20_3055_AC76L, 0xCF42_894A_5DCE_35EAL,
    0x9A6B_B0AA_5565_3B2DL, 0xE61A_CF03_3D1A_45DFL, 0xAB70_FE17_C79A_C6CAL, 0xFF77_B1FC_BEBC_DC4FL,
    0xBE56_91EF_416B_D60CL, 0x8DD0_1FAD_907F_FC3CL, 0xD351_5C28_3155_9A83L, 0x9D71_AC8F_ADA6_C9B5L,
    0xEA9C_2277_23EE_8BCBL, 0xAECC_4991_4078_536DL, 0x823C_1279_5DB6_CE57L, 0xC210_9436_4DFB_5637L,
    0x9096_EA6F_3848_984FL, 0xD774_85CB_2582_3AC7L, 0xA086_CFCD_97BF_97F4L, 0xEF34_0A98_172A_ACE5L,
    0xB238_67FB_2A35_B28EL, 0x84C8_D4DF_D2C6_3F3BL, 0xC5DD_4427_1AD3_CDBAL, 0x936B_9FCE_BB25_C996L,
    0xDBAC_6C24_7D62_A584L, 0xA3AB_6658_0D5F_DAF6L, 0xF3E2_F893_DEC3_F126L, 0xB5B5_ADA8_AAFF_80B8L,
    0x8762_5F05_6C7C_4A8BL, 0xC9BC_FF60_34C1_3053L, 0x964E_858C_91BA_2655L, 0xDFF9_7724_7029_7EBDL,
    0xA6DF_BD9F_B8E5_B88FL, 0xF8A9_5FCF_8874_7D94L, 0xB944_7093_8FA8_9BCFL, 0x8A08_F0F8_BF0F_156BL,
    0xCDB0_2555_6531_31B6L, 0x993F_E2C6_D07B_7FACL, 0xE45C_10C4_2A2B_3B06L, 0xAA24_2499_6973_92D3L,
    0xFD87_B5F2_8300_CA0EL, 0xBCE5_0864_9211_1AEBL, 0x8CBC_CC09_6F50_88CCL, 0xD1B7_1758_E219_652CL,
    0x9C40_0000_0000_0000L, 0xE8D4_A510_0000_0000L, 0xAD78_EBC5_AC62_0000L, 0x813F_3978_F894_0984L,
    0xC097_CE7B_C907_15B3L, 0x8F7E_32CE_7BEA_5C70L, 0xD5D2_38A4_ABE9_8068L, 0x9F4F_2726_179A_2245L,
    0xED63_A231_D4C4_FB27L, 0xB0DE_6538_8CC8_ADA8L, 0x83C7_088E_1AAB_65DBL, 0xC45D_1DF9_4271_1D9AL,
    0x924D_692C_A61B_E758L, 0xDA01_EE64_1A70_8DEAL, 0xA26D_A399_9AEF_774AL, 0xF209_787B_B47D_6B85L,
    0xB454_E4A1_79DD_1877L, 0x865B_8692_5B9B_C5C2L, 0xC835_53C5_C896_5D3DL, 0x952A_B45C_FA97_A0B3L,
    0xDE46_9FBD_99A0_5FE3L, 0xA59B_C234_DB39_8C25L, 0xF6C6_9A72_A398_9F5CL, 0xB7DC_BF53_54E9_BECEL,
    0x88FC_F317_F222_41E2L, 0xCC20_CE9B_D35C_78A5L, 0x9816_5AF3_7B21_53DFL, 0xE2A0_B5DC_971F_303AL,
    0xA8D9_D153_5CE3_B396L, 0xFB9B_7CD9_A4A7_443CL, 0xBB76_4C4C_A7A4_4410L, 0x8BAB_8EEF_B640_9C1AL,
    0xD01F_EF10_A657_842CL, 0x9B10_A4E5_E991_3129L, 0xE710_9BFB_A19C_0C9DL, 0xAC28_20D9_623B_F429L,
    0x8044_4B5E_7AA7_CF85L, 0xBF21_E440_03AC_DD2DL, 0x8E67_9C2F_5E44_FF8FL, 0xD433_179D_9C8C_B841L,
    0x9E19_DB92_B4E3_1BA9L, 0xEB96_BF6E_BADF_77D9L, 0xAF87_023B_9BF0_EE6BL,
  };
  /** Binary exponents matching {@link #CACHED_F}. */
  private static final int[] CACHED_E = {
    -1220, -1193, -1166, -1140, -1113, -1087, -1060, -1034, -1007, -980, -954, -927, -901, -874, -847, -821,
    -794, -768, -741, -715, -688, -661, -635, -608, -582, -555, -529, -502, -475, -449, -422, -396,
    -369, -343, -316, -289, -263, -236, -210, -183, -157, -130, -103, -77, -50, -24, 3, 30,
    56, 83, 109, 136, 162, 189, 216, 242, 269, 295, 322, 348, 375, 402, 428, 455,
    481, 508, 534, 561, 588, 614, 641, 667, 694, 720, 747, 774, 800, 827, 853, 880,
    907, 933, 960, 986, 1013, 1039, 1066,
  };

  private static final long[] POW10 = {
    1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
  };

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
