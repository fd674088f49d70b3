package io.github.vwbinlog.core.event;

import java.nio.ByteBuffer;

/**
 * Checks that bytes are exactly one JSON object (RFC 8259 syntax, whitespace around it allowed). Used where VW would
 * parse JSON: dedup values (SPEC §4.5) and, before writing, contexts (SPEC §0 item 3). Syntax only: VW's parser may
 * still reject some valid JSON. Iterative, so hostile nesting cannot overflow the stack; allocation-free for arrays
 * unless the nesting is deeper than 256.
 *
 * <pre>{@code
 * JsonSyntax.isObject(ByteBuffer.wrap("{\"a\":[1,2]}".getBytes(UTF_8)))   // true
 * }</pre>
 */
public final class JsonSyntax {
  private JsonSyntax() {}

  /** Bytes that end a run of plain string content: '"', '\\' and the control characters. */
  private static final boolean[] STRING_STOP = new boolean[256];
  /** The escape letters allowed after a backslash, 'u' excepted. */
  private static final boolean[] ESCAPE = new boolean[256];

  static {
    for (int c = 0; c < 0x20; c++) {
      STRING_STOP[c] = true;
    }
    STRING_STOP['"'] = true;
    STRING_STOP['\\'] = true;
    for (char c : "\"\\/bfnrt".toCharArray()) {
      ESCAPE[c] = true;
    }
  }

  /** Whether {@code json} (position to limit) is one JSON object and nothing else but whitespace. */
  public static boolean isObject(ByteBuffer json) {
    if (json.hasArray()) {
      int base = json.arrayOffset();
      return isObject(json.array(), base + json.position(), base + json.limit());
    }
    byte[] copy = new byte[json.remaining()];
    json.get(json.position(), copy);
    return isObject(copy, 0, copy.length);
  }

  /** Whether {@code a[from..to)} is one JSON object and nothing else but whitespace. */
  public static boolean isObject(byte[] a, int from, int to) {
    return new Scanner(a, from, to, false).object();
  }

  /**
   * Whether {@code a[from..to)}, with every {@code '\n'} byte turned into a space, is one JSON object and nothing else
   * but whitespace; the newlines are replaced in place as the scan meets them. The answer is that of
   * {@link #isObject(byte[], int, int)} on the replaced bytes. When it is true every newline has been replaced; when it
   * is false some may remain.
   */
  public static boolean isObjectReplacingNewlines(byte[] a, int from, int to) {
    return new Scanner(a, from, to, true).object();
  }

  /** A one-pass scanner; containers are tracked by a bit stack (1 = object) in a long[] grown only by deep input. */
  private static final class Scanner {
    private final byte[] b;
    private int i;
    private final int end;
    private final boolean fixNewlines;
    private long bits;
    private long[] deep;

    Scanner(byte[] b, int from, int to, boolean fixNewlines) {
      java.util.Objects.checkFromToIndex(from, to, b.length);
      this.b = b;
      this.i = from;
      this.end = to;
      this.fixNewlines = fixNewlines;
    }

    boolean object() {
      skipWhitespace();
      if (i >= end || b[i] != '{') {
        return false;
      }
      if (!value()) {
        return false;
      }
      skipWhitespace();
      return i == end;
    }

    private void push(int depth, boolean object) {
      if (depth < 64) {
        bits = object ? bits | 1L << depth : bits & ~(1L << depth);
        return;
      }
      int level = depth - 64;
      if (deep == null) {
        deep = new long[4];
      }
      if (level >= deep.length * 64) {
        deep = java.util.Arrays.copyOf(deep, deep.length * 2);
      }
      if (object) {
        deep[level >> 6] |= 1L << (level & 63);
      } else {
        deep[level >> 6] &= ~(1L << (level & 63));
      }
    }

    private boolean isObject(int depth) {
      if (depth < 64) {
        return (bits & 1L << depth) != 0;
      }
      int level = depth - 64;
      return (deep[level >> 6] & 1L << (level & 63)) != 0;
    }

    /** Parses one value at i; containers iteratively with an explicit stack. */
    private boolean value() {
      int depth = 0;
      while (true) {
        skipWhitespace();
        if (i >= end) {
          return false;
        }
        byte c = b[i];
        boolean opened = false;
        if (c == '{' || c == '[') {
          push(depth, c == '{');
          depth++;
          i++;
          skipWhitespace();
          if (i < end && b[i] == (c == '{' ? '}' : ']')) {
            i++;
            depth--;
          } else {
            opened = true;
          }
        } else if (!scalar()) {
          return false;
        }
        if (opened) {
          if (!isObject(depth - 1)) {
            continue; // an array's first element
          }
          if (!key()) {
            return false;
          }
          continue;
        }
        // after a complete value: close containers or move to the next element
        while (true) {
          if (depth == 0) {
            return true;
          }
          skipWhitespace();
          if (i >= end) {
            return false;
          }
          byte d = b[i];
          boolean inObject = isObject(depth - 1);
          if (d == ',') {
            i++;
            if (inObject && !key()) {
              return false;
            }
            break;
          }
          if (d == (inObject ? '}' : ']')) {
            i++;
            depth--;
            continue;
          }
          return false;
        }
      }
    }

    /** A member's key and colon. */
    private boolean key() {
      skipWhitespace();
      if (i >= end || b[i] != '"' || !string()) {
        return false;
      }
      skipWhitespace();
      if (i >= end || b[i] != ':') {
        return false;
      }
      i++;
      return true;
    }

    private boolean scalar() {
      byte c = b[i];
      switch (c) {
        case '"': return string();
        case 't': return literal('t', 'r', 'u', 'e');
        case 'f': return end - i >= 5 && b[i + 4] == 'e' && literal('f', 'a', 'l', 's') && ++i > 0;
        case 'n': return literal('n', 'u', 'l', 'l');
        default: return number();
      }
    }

    private boolean literal(char c0, char c1, char c2, char c3) {
      if (end - i < 4 || b[i] != c0 || b[i + 1] != c1 || b[i + 2] != c2 || b[i + 3] != c3) {
        return false;
      }
      i += 4;
      return true;
    }

    private boolean string() {
      // Locals, not fields, in the loops: the scan is the costliest part of writing a line.
      final byte[] a = b;
      final int e = end;
      int j = i + 1; // after the opening quote
      while (j < e) {
        int c = a[j] & 0xFF;
        if (!STRING_STOP[c]) {
          j++;
          continue;
        }
        if (c == '"') {
          i = j + 1;
          return true;
        }
        if (c == '\\') {
          if (++j >= e) {
            i = j;
            return false;
          }
          int x = a[j] & 0xFF;
          if (x == 'u') {
            if (e - j < 5) {
              i = j;
              return false;
            }
            for (int k = 1; k <= 4; k++) {
              if (Character.digit(a[j + k], 16) < 0) {
                i = j;
                return false;
              }
            }
            j += 4;
          } else if (!ESCAPE[x]) {
            i = j;
            return false;
          }
        } else if (c == '\n' && fixNewlines) {
          a[j] = ' ';
        } else {
          i = j;
          return false; // a control character
        }
        j++;
      }
      i = j;
      return false;
    }

    private boolean number() {
      int start = i;
      if (i < end && b[i] == '-') {
        i++;
      }
      if (i >= end) {
        return false;
      }
      if (b[i] == '0') {
        i++;
      } else if (!digits()) {
        return false;
      }
      if (i < end && b[i] == '.') {
        i++;
        if (!digits()) {
          return false;
        }
      }
      if (i < end && (b[i] == 'e' || b[i] == 'E')) {
        i++;
        if (i < end && (b[i] == '+' || b[i] == '-')) {
          i++;
        }
        if (!digits()) {
          return false;
        }
      }
      return i > start;
    }

    private boolean digits() {
      final byte[] a = b;
      final int e = end;
      int start = i;
      int j = start;
      while (j < e) {
        int d = a[j] - '0';
        if (d < 0 || d > 9) {
          break;
        }
        j++;
      }
      i = j;
      return j > start;
    }

    private void skipWhitespace() {
      final byte[] a = b;
      final int e = end;
      int j = i;
      while (j < e) {
        byte c = a[j];
        if (c > ' ') {
          break;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
          j++;
        } else if (c == '\n') {
          if (fixNewlines) {
            a[j] = ' ';
          }
          j++;
        } else {
          break;
        }
      }
      i = j;
    }
  }
}
