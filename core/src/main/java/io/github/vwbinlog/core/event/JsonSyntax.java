package io.github.vwbinlog.core.event;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Checks that bytes are exactly one JSON object (RFC 8259 syntax, whitespace around it allowed). Used where VW would
 * parse JSON: dedup values (SPEC §4.5) and, before writing, contexts (SPEC §0 item 3). Syntax only: VW's parser may
 * still reject some valid JSON. {@link #isObject} accepts any byte from 0x80 up inside a string, as VW's RapidJSON
 * does (it does not validate the encoding), so that the decisions VW takes on JSON are taken the same way; the check
 * before writing, {@link #isObjectReplacingNewlines}, also requires the strings to be valid UTF-8 ({@link Utf8}),
 * because a line that is not UTF-8 is not JSON. ASCII costs the same in both: a string's bytes are looked up two at a
 * time in a table of byte pairs, the rest one table look-up a byte. A string's run of plain bytes that reaches 16
 * bytes is skipped eight bytes at a time (a long's bits), or a vector of bytes at a time when the JVM has
 * {@code jdk.incubator.vector} ({@link VectorSupport}), which also skips runs of whitespace so; every answer is the
 * same. The scan reads two bytes past the text: an end mark it writes in the first, so that it tests for
 * the end only where a value may end the text, not at every byte, and whatever follows it (a pair's second byte). The
 * check before writing uses the two bytes after the context in the writer's buffer, putting the first back after, and
 * the others check a copy. Iterative, so hostile nesting cannot overflow the stack; the in-place check allocates
 * nothing unless the nesting is deeper than 256.
 *
 * <pre>{@code
 * JsonSyntax.isObject(ByteBuffer.wrap("{\"a\":[1,2]}".getBytes(UTF_8)))   // true
 * }</pre>
 */
public final class JsonSyntax {
  private JsonSyntax() {}

  /**
   * The bytes {@link #isObjectReplacingNewlines} needs after the range to check it in place, as the writer's buffer has
   * them after a context ({@code JsonBytes.reserve}): the end mark's, and the second byte of the last pair.
   */
  public static final int ROOM = 2;

  /**
   * The byte the scan finds after the last byte it checks (a control character: it ends every token, string content
   * included, and starts none), so that it tests for the end of the text only where a value may end it.
   */
  private static final byte END = 0;

  /**
   * Eight bytes of an array as one little-endian long, for {@link #digits} and {@link #plainWords}: C2 compiles a read
   * to one 8-byte load, where {@code LittleEndian.i64}'s eight byte loads would cost what the wide test saves.
   */
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The plain bytes a string begins with (and that follow each special byte) that are read one at a time before it
   * skips by words or vectors: most strings are short keys, which one byte at a time checks fastest.
   */
  private static final int SHORT_STRING = 16;

  /** The low seven bits and the top bit of each byte of a long, for {@link #plainWords}. */
  private static final long LOW7 = 0x7F7F_7F7F_7F7F_7F7FL;
  private static final long HIGH = 0x8080_8080_8080_8080L;

  /** Bytes that end a run of plain string content: '"', '\\', the control characters and every non-ASCII byte. */
  private static final boolean[] STRING_STOP = new boolean[256];
  /** The escape letters allowed after a backslash, 'u' excepted. */
  private static final boolean[] ESCAPE = new boolean[256];
  /**
   * {@link #STRING_STOP} for two bytes at once, indexed by them as a little-endian 16-bit value (the first byte low): 2
   * when the first byte ends a run of plain string content, 1 when only the second does, 0 when neither does. The
   * string loop takes two bytes a step with one look-up, half the instructions of a byte at a time, and no longer a
   * chain from each step to the next than one add: wider steps (a long's bits) lengthen that chain and lose on short
   * keys (docs/PERFORMANCE.md). 64 KiB, of which the pairs of letters and digits, a few kilobytes, are the hot part.
   */
  private static final byte[] PAIR_STOP = new byte[1 << 16];

  /** Two bytes of an array as one little-endian short, for {@link #PAIR_STOP}. */
  private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  static {
    for (int c = 0; c < 0x20; c++) {
      STRING_STOP[c] = true;
    }
    for (int c = 0x80; c < 0x100; c++) {
      STRING_STOP[c] = true;
    }
    STRING_STOP['"'] = true;
    STRING_STOP['\\'] = true;
    // Row by row (the second byte's value), each a copy of one of two rows: class initialisation runs interpreted,
    // where 256 copies cost microseconds and 65,536 look-ups milliseconds of every start.
    byte[] afterPlain = new byte[256];
    byte[] afterStop = new byte[256];
    for (int first = 0; first < 256; first++) {
      afterPlain[first] = (byte) (STRING_STOP[first] ? 2 : 0);
      afterStop[first] = (byte) (STRING_STOP[first] ? 2 : 1);
    }
    for (int second = 0; second < 256; second++) {
      System.arraycopy(STRING_STOP[second] ? afterStop : afterPlain, 0, PAIR_STOP, second << 8, 256);
    }
    for (char c : "\"\\/bfnrt".toCharArray()) {
      ESCAPE[c] = true;
    }
  }

  /** Whether {@code json} (position to limit) is one JSON object and nothing else but whitespace. */
  public static boolean isObject(ByteBuffer json) {
    byte[] copy = new byte[json.remaining() + ROOM];
    json.get(json.position(), copy, 0, json.remaining());
    return scan(copy, 0, json.remaining(), false, VectorSupport.ENABLED);
  }

  /**
   * Whether {@code a[from..to)} is one JSON object and nothing else but whitespace. Checks a copy (the scan needs
   * {@link #ROOM} bytes after the range), so {@code a} is only read.
   */
  public static boolean isObject(byte[] a, int from, int to) {
    return check(a, from, to, false, VectorSupport.ENABLED);
  }

  /**
   * Whether {@code a[from..to)}, with every {@code '\n'} byte turned into a space, is one JSON object and nothing else
   * but whitespace; the newlines are replaced in place as the scan meets them. The answer is that of
   * {@link #isObject(byte[], int, int)} on the replaced bytes, and in addition every string must be valid UTF-8
   * ({@link Utf8}). When it is true every newline has been replaced; when it is false some may remain.
   *
   * <p>The check runs in place when the array has {@link #ROOM} bytes after the range ({@code to + ROOM <= a.length},
   * as the writer arranges): it borrows the first for its end mark and puts it back before it returns, and may read the
   * second. Otherwise it checks a copy and copies the replaced bytes back.
   */
  public static boolean isObjectReplacingNewlines(byte[] a, int from, int to) {
    return check(a, from, to, true, VectorSupport.ENABLED);
  }

  /**
   * {@link #isObject(byte[], int, int)} ({@code fix} false) or {@link #isObjectReplacingNewlines} ({@code fix} true),
   * on the vector path ({@link VectorSupport}) or the scalar one whatever {@link VectorSupport#ENABLED} says: for the
   * tests that compare the two. The vector path needs {@code jdk.incubator.vector} in the boot layer.
   */
  static boolean check(byte[] a, int from, int to, boolean fix, boolean vector) {
    java.util.Objects.checkFromToIndex(from, to, a.length);
    if (fix && to + ROOM <= a.length) {
      byte borrowed = a[to];
      a[to] = END;
      try {
        return scan(a, from, to, true, vector);
      } finally {
        a[to] = borrowed;
      }
    }
    // A copy ROOM bytes longer than the range, the first of them END.
    byte[] copy = java.util.Arrays.copyOfRange(a, from, to + ROOM);
    copy[to - from] = END;
    boolean object = scan(copy, 0, to - from, fix, vector);
    if (fix) {
      System.arraycopy(copy, 0, a, from, to - from);
    }
    return object;
  }

  /**
   * The scan of {@code a[from..to)}, whose next byte {@code a[to]} is {@link #END} and which has one more byte after
   * that: END ends every token and starts none, so that the scan tests for the end only where a value may end the
   * text, never byte by byte; the byte after it is read only as the second of a pair ({@link #PAIR_STOP}). One loop
   * with the position in a local, the current byte in another, and containers on a bit stack (1 = object; a long for
   * the first 64 levels, an array beyond). It is one method on purpose: large enough that the JIT compiles it once
   * rather than inlining it into every caller, and with no field writes in its loops. The small helpers return the
   * position after what they read, or -1.
   */
  private static boolean scan(byte[] a, int from, int to, boolean fix, boolean vector) {
    int i = from;
    byte c = a[i];
    // Here and after each token: whitespace only when the byte at hand is not above ' ', and the byte kept. Folding
    // the test into whitespace() and reading the byte again after it cost the check 3-6% (docs/PERFORMANCE.md).
    if (c <= ' ') {
      i = whitespace(a, i, to, fix, vector);
      c = a[i];
    }
    if (c != '{') {
      return false;
    }
    long bits = 0;
    long[] deep = null;
    int depth = 0;
    // Whether the innermost open container is an object (its bit in bits or deep), kept at hand for the commas.
    boolean inObject = false;
    // Whether c, the byte at i, starts a value; else c is the first byte after a value and its whitespace.
    boolean value = true;
    while (true) {
      if (value) {
        if (c == '"') {
          i = string(a, i, to, fix, vector);
        } else if ((c - '0' & 0xFF) < 10 || c == '-') {
          i = number(a, i, to);
        } else if (c == '{' || c == '[') {
          inObject = c == '{';
          if (depth < 64) {
            bits = inObject ? bits | 1L << depth : bits & ~(1L << depth);
          } else {
            deep = push(deep, depth - 64, inObject);
          }
          depth++;
          c = a[++i];
          if (c <= ' ') {
            i = whitespace(a, i, to, fix, vector);
            c = a[i];
          }
          if (c != (inObject ? '}' : ']')) {
            if (inObject) {
              i = key(a, i, to, fix, vector);
              if (i < 0) {
                return false;
              }
              c = a[i];
            }
            continue; // the first member's value, or the array's first element
          }
          i++;
          depth--;
          inObject = depth > 0 && objectAt(bits, deep, depth - 1);
        } else if (c == 't') {
          // The end mark fails the first comparison past the end: no byte after it is read.
          i = a[i + 1] == 'r' && a[i + 2] == 'u' && a[i + 3] == 'e' ? i + 4 : -1;
        } else if (c == 'f') {
          i = a[i + 1] == 'a' && a[i + 2] == 'l' && a[i + 3] == 's' && a[i + 4] == 'e' ? i + 5 : -1;
        } else if (c == 'n') {
          i = a[i + 1] == 'u' && a[i + 2] == 'l' && a[i + 3] == 'l' ? i + 4 : -1;
        } else {
          return false;
        }
        if (i < 0) {
          return false;
        }
        c = a[i];
        if (c <= ' ') {
          i = whitespace(a, i, to, fix, vector);
          c = a[i];
        }
      }
      // After a complete value: the end of the text, the next element, or the end of the innermost container.
      if (depth == 0) {
        return i == to;
      }
      if (c == ',') {
        c = a[++i];
        if (c <= ' ') {
          i = whitespace(a, i, to, fix, vector);
          c = a[i];
        }
        if (inObject) {
          i = key(a, i, to, fix, vector);
          if (i < 0) {
            return false;
          }
          c = a[i];
        }
        value = true;
        continue;
      }
      if (c != (inObject ? '}' : ']')) {
        return false;
      }
      i++;
      depth--;
      inObject = depth > 0 && objectAt(bits, deep, depth - 1);
      c = a[i];
      if (c <= ' ') {
        i = whitespace(a, i, to, fix, vector);
        c = a[i];
      }
      value = false;
    }
  }

  /** Whether the container at {@code level} is an object: its bit in {@code bits} (levels 0 to 63) or in {@code deep}. */
  private static boolean objectAt(long bits, long @org.jspecify.annotations.Nullable [] deep, int level) {
    return level < 64 ? (bits & 1L << level) != 0 : objectAt(deep, level - 64);
  }

  private static long[] push(long @org.jspecify.annotations.Nullable [] deep, int level, boolean object) {
    long[] d = deep == null ? new long[4] : deep;
    if (level >= d.length * 64) {
      d = java.util.Arrays.copyOf(d, d.length * 2);
    }
    if (object) {
      d[level >> 6] |= 1L << (level & 63);
    } else {
      d[level >> 6] &= ~(1L << (level & 63));
    }
    return d;
  }

  private static boolean objectAt(long @org.jspecify.annotations.Nullable [] deep, int level) {
    return deep != null && (deep[level >> 6] & 1L << (level & 63)) != 0;
  }

  /**
   * A member's key at {@code i}, where whitespace has been skipped, and its colon: the position of its value's first
   * byte (after whitespace), or -1.
   */
  private static int key(byte[] a, int i, int to, boolean fix, boolean vector) {
    if (a[i] != '"') {
      return -1;
    }
    i = string(a, i, to, fix, vector);
    if (i < 0) {
      return -1;
    }
    byte c = a[i];
    if (c <= ' ') {
      i = whitespace(a, i, to, fix, vector);
      c = a[i];
    }
    if (c != ':') {
      return -1;
    }
    return a[++i] <= ' ' ? whitespace(a, i, to, fix, vector) : i;
  }

  /** A string whose opening quote is at {@code i}: the position after its closing quote, or -1. */
  private static int string(byte[] a, int i, int to, boolean fix, boolean vector) {
    int j = i + 1;
    while (true) {
      // Most strings are short (keys): two bytes at a time, up to SHORT_STRING plain bytes (from the quote or from the
      // last special byte); a run that reaches them is read eight bytes or a vector at a time, to its end. The end
      // mark, a control character, stops the pairs at the end of the text.
      int limit = j + SHORT_STRING;
      int stop;
      while (j < limit && (stop = PAIR_STOP[(short) SHORTS.get(a, j) & 0xFFFF]) != 2) {
        if (stop == 1) {
          j++;
          break;
        }
        j += 2;
      }
      if (j >= limit) {
        j = vector ? VectorSupport.stringStop(a, j, to) : plainWords(a, j, to);
        continue;
      }
      int c = a[j] & 0xFF;
      if (c == '"') {
        return j + 1;
      }
      if (c >= 0x80) {
        // Non-ASCII bytes can only be in strings: elsewhere they are a syntax error. The check before writing (the
        // newline-replacing one) validates the encoding; the check behind VW's decisions accepts any byte, as VW does.
        j = fix ? Utf8.sequenceEnd(a, j, to) : j + 1;
        if (j < 0) {
          return -1;
        }
        continue;
      }
      if (c == '\\') {
        int x = a[++j] & 0xFF; // the end mark at worst, which is no escape
        if (x == 'u') {
          if (to - j < 5) {
            return -1;
          }
          for (int k = 1; k <= 4; k++) {
            if (Character.digit(a[j + k], 16) < 0) {
              return -1;
            }
          }
          j += 4;
        } else if (!ESCAPE[x]) {
          return -1;
        }
      } else if (c == '\n' && fix) {
        a[j] = ' ';
      } else {
        return -1; // a control character, or the end mark
      }
      j++;
    }
  }

  /**
   * The scalar path's {@link VectorSupport#stringStop}: the first index from {@code i} of a byte that ends plain string
   * content, or the first from which fewer than eight bytes remain; eight bytes at a time. In each byte of the word, the
   * top bit of a sum says whether it is '"', '\\' or a control character (the sums stay within their bytes), and its
   * own top bit whether it is non-ASCII.
   */
  private static int plainWords(byte[] a, int i, int to) {
    while (to - i >= 8) {
      long x = (long) LONGS.get(a, i);
      long t = x & LOW7;
      long quote = (t ^ 0x2222_2222_2222_2222L) + LOW7; // top bit clear where the byte is '"'
      long backslash = (t ^ 0x5C5C_5C5C_5C5C_5C5CL) + LOW7;
      long control = t + 0x6060_6060_6060_6060L; // top bit clear below 0x20
      long stops = (x | ~(quote & backslash & control)) & HIGH;
      if (stops != 0) {
        return i + (Long.numberOfTrailingZeros(stops) >>> 3);
      }
      i += 8;
    }
    return i;
  }

  /** A number at {@code i}: the position after it, or -1. */
  private static int number(byte[] a, int i, int to) {
    // Most numbers of contexts are short unsigned integers: their digits and the byte after them are in one word, and
    // that byte is taken from it rather than loaded again once the digits are counted.
    if (to - i >= 8) {
      long x = (long) LONGS.get(a, i);
      int n = Long.numberOfTrailingZeros(notDigits(x)) >>> 3; // digits before the first other byte, 8 for none
      if (n != 0 && n != 8 && ((x & 0xFF) != '0' || n == 1)) {
        int next = (int) (x >>> (n << 3)) & 0xFF;
        if (next != '.' && (next | 0x20) != 'e') {
          return i + n;
        }
      }
    }
    if (a[i] == '-') {
      i++;
    }
    if (a[i] == '0') {
      i++;
    } else {
      int j = digits(a, i, to);
      if (j == i) {
        return -1;
      }
      i = j;
    }
    byte c = a[i];
    if (c == '.') {
      int j = digits(a, i + 1, to);
      if (j == i + 1) {
        return -1;
      }
      i = j;
      c = a[i];
    }
    if (c == 'e' || c == 'E') {
      c = a[++i];
      if (c == '+' || c == '-') {
        i++;
      }
      int j = digits(a, i, to);
      if (j == i) {
        return -1;
      }
      i = j;
    }
    return i;
  }

  /**
   * The position of the first byte from {@code i} that is not an ASCII digit. Eight bytes at a time while eight remain:
   * contexts of numeric features are largely digits, and one test per eight bytes replaces a branch per digit whose
   * exit the processor mispredicts at every number's end.
   */
  private static int digits(byte[] a, int i, int to) {
    while (to - i >= 8) {
      long notDigit = notDigits((long) LONGS.get(a, i));
      if (notDigit != 0) {
        return i + (Long.numberOfTrailingZeros(notDigit) >>> 3);
      }
      i += 8;
    }
    while (i < to) {
      int d = a[i] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      i++;
    }
    return i;
  }

  /** The top bit of each byte of the little-endian word {@code x} that is not an ASCII digit, the other bits clear. */
  private static long notDigits(long x) {
    long t = x ^ 0x3030_3030_3030_3030L; // each digit byte becomes 0..9
    // A byte is not a digit when its top bit is set or when its low seven bits plus 0x76 reach 0x80 (it is 10 or more);
    // the sum stays within its byte (at most 0x7F + 0x76), so no byte disturbs its neighbour.
    return (t | (t & LOW7) + 0x7676_7676_7676_7676L) & HIGH;
  }

  /**
   * The position of the first byte from {@code i} that is not JSON whitespace (the end mark at the latest); newlines
   * replaced with {@code fix}.
   */
  private static int whitespace(byte[] a, int i, int to, boolean fix, boolean vector) {
    while (true) {
      byte c = a[i];
      if (c == '\n') {
        if (fix) {
          a[i] = ' ';
        }
      } else if (c != ' ' && c != '\t' && c != '\r') {
        return i;
      }
      i++;
      if (vector) {
        i = VectorSupport.whitespace(a, i, to, fix); // the rest of a run (indentation), a vector at a time
      }
    }
  }
}
