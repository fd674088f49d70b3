package io.github.vwbinlog.core.event;

// The scanner as first written (commit a67c27f), kept as the oracle of JsonSyntaxTest.

import java.nio.ByteBuffer;

/**
 * Checks that bytes are exactly one JSON object (RFC 8259 syntax, whitespace around it allowed). Used where VW would
 * parse JSON: dedup values (SPEC §4.5) and, before writing, contexts (SPEC §0 item 3). Syntax only: VW's parser may
 * still reject some valid JSON. Iterative, so hostile nesting cannot overflow the stack.
 *
 * <pre>{@code
 * JsonSyntax.isObject(ByteBuffer.wrap("{\"a\":[1,2]}".getBytes(UTF_8)))   // true
 * }</pre>
 */
final class OriginalJsonSyntax {
  private OriginalJsonSyntax() {}

  /** Whether {@code json} (position to limit) is one JSON object and nothing else but whitespace. */
  public static boolean isObject(ByteBuffer json) {
    return new Scanner(json).object();
  }

  /** A one-pass scanner; containers are tracked by a bit stack (1 = object) in a long[] grown only by deep input. */
  private static final class Scanner {
    private final ByteBuffer b;
    private int i;
    private final int end;

    Scanner(ByteBuffer b) {
      this.b = b;
      this.i = b.position();
      this.end = b.limit();
    }

    boolean object() {
      skipWhitespace();
      if (i >= end || b.get(i) != '{') {
        return false;
      }
      if (!value()) {
        return false;
      }
      skipWhitespace();
      return i == end;
    }

    /** Parses one value at i; containers iteratively with an explicit stack. */
    private boolean value() {
      long[] stack = new long[4];
      int depth = 0;
      while (true) {
        skipWhitespace();
        if (i >= end) {
          return false;
        }
        byte c = b.get(i);
        boolean opened = false;
        if (c == '{' || c == '[') {
          if (depth == stack.length * 64) {
            stack = java.util.Arrays.copyOf(stack, stack.length * 2);
          }
          if (c == '{') {
            stack[depth >> 6] |= 1L << (depth & 63);
          } else {
            stack[depth >> 6] &= ~(1L << (depth & 63));
          }
          depth++;
          i++;
          skipWhitespace();
          if (i < end && b.get(i) == (c == '{' ? '}' : ']')) {
            i++;
            depth--;
          } else {
            opened = true;
          }
        } else if (!scalar()) {
          return false;
        }
        if (opened) {
          if (!isObject(stack, depth - 1)) {
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
          byte d = b.get(i);
          boolean inObject = isObject(stack, depth - 1);
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

    private static boolean isObject(long[] stack, int level) {
      return (stack[level >> 6] & (1L << (level & 63))) != 0;
    }

    /** A member's key and colon. */
    private boolean key() {
      skipWhitespace();
      if (i >= end || b.get(i) != '"' || !string()) {
        return false;
      }
      skipWhitespace();
      if (i >= end || b.get(i) != ':') {
        return false;
      }
      i++;
      return true;
    }

    private boolean scalar() {
      byte c = b.get(i);
      switch (c) {
        case '"': return string();
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number();
      }
    }

    private boolean literal(String word) {
      if (end - i < word.length()) {
        return false;
      }
      for (int k = 0; k < word.length(); k++) {
        if (b.get(i + k) != word.charAt(k)) {
          return false;
        }
      }
      i += word.length();
      return true;
    }

    private boolean string() {
      i++; // opening quote
      while (i < end) {
        int c = b.get(i) & 0xFF;
        if (c == '"') {
          i++;
          return true;
        }
        if (c < 0x20) {
          return false;
        }
        if (c == '\\') {
          if (++i >= end) {
            return false;
          }
          byte e = b.get(i);
          if (e == 'u') {
            if (end - i < 5) {
              return false;
            }
            for (int k = 1; k <= 4; k++) {
              if (Character.digit(b.get(i + k), 16) < 0) {
                return false;
              }
            }
            i += 4;
          } else if ("\"\\/bfnrt".indexOf(e) < 0) {
            return false;
          }
        }
        i++;
      }
      return false;
    }

    private boolean number() {
      int start = i;
      if (i < end && b.get(i) == '-') {
        i++;
      }
      if (i >= end) {
        return false;
      }
      if (b.get(i) == '0') {
        i++;
      } else if (!digits()) {
        return false;
      }
      if (i < end && b.get(i) == '.') {
        i++;
        if (!digits()) {
          return false;
        }
      }
      if (i < end && (b.get(i) == 'e' || b.get(i) == 'E')) {
        i++;
        if (i < end && (b.get(i) == '+' || b.get(i) == '-')) {
          i++;
        }
        if (!digits()) {
          return false;
        }
      }
      return i > start;
    }

    private boolean digits() {
      int start = i;
      while (i < end && b.get(i) >= '0' && b.get(i) <= '9') {
        i++;
      }
      return i > start;
    }

    private void skipWhitespace() {
      while (i < end) {
        byte c = b.get(i);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
          return;
        }
        i++;
      }
    }
  }
}
