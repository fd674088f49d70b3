package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.core.event.JsonSyntax;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Whether a two-stage JSON check, as simdjson's, could beat {@link JsonSyntax}'s one-pass scan on the contexts of a CB
 * log: the CPU time per context byte of the first stage alone, a block classifier in scalar Java (eight bytes a
 * {@code long}, SWAR), against the whole check of today. The classifier turns each 64-byte block into bit masks: quotes,
 * backslashes, structural characters, whitespace, control characters, non-ASCII bytes, the escaped bytes and the
 * in-string mask (escaped quotes handled); a lean one makes only the quotes, backslashes, structural characters and the
 * in-string mask without escapes, the least a second stage could start from. Neither validates anything: the grammar,
 * numbers, literals and UTF-8 would be the second stage's work, on top. Before timing, the masks of every block are
 * compared with a byte-by-byte classification, so the figures are those of a correct classifier.
 *
 * <p>Contexts as {@link JsonCheckBenchmark}'s {@code ascii} ones ({@code varied}: 64 different contexts), or 64 copies
 * of one ({@code same}: as in {@code GenerateLog}'s logs, where every event has the same context, so the branch
 * predictor learns it). Prints the median of the second half of the rounds, per method and kind; the methods run in
 * turn within each round (docs/PERFORMANCE.md, "A first stage before the JSON check").
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.JsonClassifyTiming [rounds, default 20]</pre>
 */
public final class JsonClassifyTiming {
  private JsonClassifyTiming() {}

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long LOW7 = 0x7F7F_7F7F_7F7F_7F7FL;
  private static final long HIGH = 0x8080_8080_8080_8080L;
  private static final long ODD = 0xAAAA_AAAA_AAAA_AAAAL;

  /** The masks of a block, in {@link #classify}'s output: 8 longs a block. */
  private static final int QUOTE = 0;
  private static final int BACKSLASH = 1;
  private static final int STRUCTURAL = 2;
  private static final int WHITESPACE = 3;
  private static final int CONTROL = 4;
  private static final int NON_ASCII = 5;
  private static final int ESCAPED = 6;
  private static final int IN_STRING = 7;

  private static final String[] METHODS = {"check", "classify", "lean"};

  private static long sink;

  /** Arguments: the number of rounds of about 0.2 s of CPU per method and kind. */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    for (String kind : new String[] {"varied", "same"}) {
      Random random = new Random(42);
      byte[][] contexts = new byte[JsonCheckBenchmark.CONTEXTS][];
      long bytes = 0;
      for (int i = 0; i < contexts.length; i++) {
        contexts[i] = kind.equals("same") && i > 0 ? contexts[0].clone()
            : SyntheticLogs.context(random).getBytes(StandardCharsets.UTF_8);
        bytes += contexts[i].length;
      }
      int maxBlocks = Arrays.stream(contexts).mapToInt(c -> (c.length + 63) / 64).max().orElse(0);
      long[] masks = new long[8 * maxBlocks];
      byte[] pad = new byte[64];
      // The one-pass check's copies, each with the two bytes after it that the check uses, as in the writer's buffer.
      byte[][] roomy =
          Arrays.stream(contexts).map(c -> Arrays.copyOf(c, c.length + JsonCheckBenchmark.ROOM)).toArray(byte[][]::new);
      for (byte[] c : contexts) {
        selfCheck(c, masks, pad);
      }
      byte[] alphabet = "\\\"a{ \n\u00e9".getBytes(StandardCharsets.UTF_8);
      for (int n = 0; n < 3000; n++) { // escapes, quotes and their carries across blocks
        byte[] c = new byte[random.nextInt(8 * 64)];
        for (int i = 0; i < c.length; i++) {
          c[i] = alphabet[random.nextInt(random.nextBoolean() ? 2 : alphabet.length)];
        }
        selfCheck(c, new long[8 * ((c.length + 63) / 64)], pad);
      }
      double[][] perByte = new double[METHODS.length][rounds];
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < METHODS.length; k++) {
          int m = (k + r) % METHODS.length; // each method first in turn
          long cpu0 = bean.getCurrentThreadCpuTime();
          long cpu;
          long calls = 0;
          do {
            for (int n = 0; n < 100; n++) {
              for (int x = 0; x < contexts.length; x++) {
                byte[] c = contexts[x];
                sink += switch (m) {
                  case 0 -> JsonSyntax.isObjectReplacingNewlines(roomy[x], 0, c.length) ? 1 : 0;
                  case 1 -> classify(c, 0, c.length, masks, pad);
                  default -> lean(c, 0, c.length, pad);
                };
              }
            }
            calls += 100;
            cpu = bean.getCurrentThreadCpuTime() - cpu0;
          } while (cpu < 200_000_000L);
          perByte[m][r] = (double) cpu / calls / bytes;
        }
      }
      for (int m = 0; m < METHODS.length; m++) {
        double[] late = Arrays.copyOfRange(perByte[m], rounds / 2, rounds);
        Arrays.sort(late);
        System.out.printf("%s %-8s median %.3f CPU ns per byte (min %.3f, %d bytes per context)%n", kind, METHODS[m],
            late[late.length / 2], late[0], bytes / contexts.length);
      }
    }
    System.out.println(sink == 42 ? "" : "done");
  }

  /**
   * Where the 64-byte block at {@code i} is read from: {@code a} itself, or, when fewer than 64 bytes remain before
   * {@code to}, {@code pad} holding them followed by spaces (read from its start).
   */
  private static byte[] block(byte[] a, int i, int to, byte[] pad) {
    if (to - i >= 64) {
      return a;
    }
    Arrays.fill(pad, (byte) ' ');
    System.arraycopy(a, i, pad, 0, to - i);
    return pad;
  }

  /**
   * The first stage over {@code a[from..to)}: each 64-byte block's eight masks into {@code masks} (bit k for byte k of
   * the block; a last partial block is read from {@code pad}, filled with spaces). Returns a sum of the masks.
   */
  static long classify(byte[] a, int from, int to, long[] masks, byte[] pad) {
    long sum = 0;
    long escapeCarry = 0; // 1 when the previous block ends with an escape character: its next byte is escaped
    long stringCarry = 0; // all ones when the previous block ends inside a string
    for (int i = from, b = 0; i < to; i += 64, b += 8) {
      byte[] src = block(a, i, to, pad);
      int at = src == a ? i : 0;
      long quote = 0;
      long backslash = 0;
      long structural = 0;
      long whitespace = 0;
      long control = 0;
      long nonAscii = 0;
      for (int k = 0; k < 64; k += 8) {
        long w = (long) LONGS.get(src, at + k);
        long lower = w | 0x2020_2020_2020_2020L; // '[' and ']' become '{' and '}'
        quote |= bits(zero(w ^ 0x2222_2222_2222_2222L)) << k;
        backslash |= bits(zero(w ^ 0x5C5C_5C5C_5C5C_5C5CL)) << k;
        structural |= bits(zero(lower ^ 0x7B7B_7B7B_7B7B_7B7BL) | zero(lower ^ 0x7D7D_7D7D_7D7D_7D7DL)
            | zero(w ^ 0x3A3A_3A3A_3A3A_3A3AL) | zero(w ^ 0x2C2C_2C2C_2C2C_2C2CL)) << k;
        // An ASCII byte below 0x20 is one whose low seven bits plus 0x60 stay below 0x80.
        long below = ~(((w & LOW7) + 0x6060_6060_6060_6060L) | w) & HIGH;
        whitespace |= bits(zero(w ^ 0x2020_2020_2020_2020L) | below & (zero(w ^ 0x0909_0909_0909_0909L)
            | zero(w ^ 0x0A0A_0A0A_0A0A_0A0AL) | zero(w ^ 0x0D0D_0D0D_0D0D_0D0DL))) << k;
        control |= bits(below) << k;
        nonAscii |= bits(w & HIGH) << k;
      }
      // In a run of backslashes, every second byte from the run's start is escaped, and so is the byte after the run
      // when the run is odd. A backslash escaped by the previous block's last run starts no run. Adding a run's start
      // to the run carries through it: the bits that change are the run and the byte after it, of which the escaped
      // ones are those whose position differs in parity from the start's.
      long escapes = backslash & ~escapeCarry;
      long starts = escapes & ~(escapes << 1);
      long fromEven = escapes + (starts & ~ODD);
      long fromOdd = escapes + (starts & ODD);
      long escaped = (fromEven ^ escapes) & ODD | (fromOdd ^ escapes) & ~ODD | escapeCarry;
      escapeCarry = Long.compareUnsigned(fromOdd, escapes) < 0 ? 1 : 0; // the block ends with an escape character
      long realQuote = quote & ~escaped;
      long inString = prefixXor(realQuote) ^ stringCarry;
      stringCarry = inString >> 63;
      masks[b + QUOTE] = realQuote;
      masks[b + BACKSLASH] = backslash;
      masks[b + STRUCTURAL] = structural & ~inString;
      masks[b + WHITESPACE] = whitespace & ~inString;
      masks[b + CONTROL] = control;
      masks[b + NON_ASCII] = nonAscii;
      masks[b + ESCAPED] = escaped;
      masks[b + IN_STRING] = inString;
      sum += realQuote + structural + whitespace + control + nonAscii + escaped + inString;
    }
    return sum;
  }

  /** The least a second stage could start from: quotes, backslashes, structural characters, no escapes. */
  static long lean(byte[] a, int from, int to, byte[] pad) {
    long sum = 0;
    long stringCarry = 0;
    for (int i = from; i < to; i += 64) {
      byte[] src = block(a, i, to, pad);
      int at = src == a ? i : 0;
      long quote = 0;
      long backslash = 0;
      long structural = 0;
      for (int k = 0; k < 64; k += 8) {
        long w = (long) LONGS.get(src, at + k);
        long lower = w | 0x2020_2020_2020_2020L;
        quote |= bits(zero(w ^ 0x2222_2222_2222_2222L)) << k;
        backslash |= bits(zero(w ^ 0x5C5C_5C5C_5C5C_5C5CL)) << k;
        structural |= bits(zero(lower ^ 0x7B7B_7B7B_7B7B_7B7BL) | zero(lower ^ 0x7D7D_7D7D_7D7D_7D7DL)
            | zero(w ^ 0x3A3A_3A3A_3A3A_3A3AL) | zero(w ^ 0x2C2C_2C2C_2C2C_2C2CL)) << k;
      }
      long inString = prefixXor(quote) ^ stringCarry;
      stringCarry = inString >> 63;
      sum += (structural & ~inString) ^ backslash;
    }
    return sum;
  }

  /** The high bit of each byte of {@code x} that is zero, exactly (no borrow between bytes). */
  private static long zero(long x) {
    return ~(((x & LOW7) + LOW7) | x | LOW7);
  }

  /** The high bits of the eight bytes as eight bits, byte 0 to bit 0. */
  private static long bits(long highBits) {
    return ((highBits >>> 7) * 0x0102_0408_1020_4080L) >>> 56;
  }

  /** Bit k of the result is the parity of bits 0 to k of {@code x}. */
  private static long prefixXor(long x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    return x ^ x << 32;
  }

  /** Compares {@link #classify}'s masks of {@code c} with a byte-by-byte classification; throws if one differs. */
  private static void selfCheck(byte[] c, long[] masks, byte[] pad) {
    classify(c, 0, c.length, masks, pad);
    boolean inString = false;
    boolean escaped = false;
    for (int i = 0; i < c.length; i++) {
      int x = c[i] & 0xFF;
      boolean isEscaped = escaped;
      escaped = !isEscaped && x == '\\';
      boolean realQuote = x == '"' && !isEscaped;
      if (realQuote) {
        inString = !inString;
      }
      boolean structural = !inString && !realQuote && "{}[]:,".indexOf(x) >= 0;
      boolean whitespace = !inString && !realQuote && " \t\n\r".indexOf(x) >= 0;
      boolean[] expected = {realQuote, x == '\\', structural, whitespace, x < 0x20, x >= 0x80, isEscaped,
          inString};
      for (int m = 0; m < expected.length; m++) {
        boolean bit = (masks[(i >> 6) * 8 + m] >>> (i & 63) & 1) != 0;
        if (bit != expected[m]) {
          throw new IllegalStateException("mask " + m + " wrong at byte " + i);
        }
      }
    }
  }
}
