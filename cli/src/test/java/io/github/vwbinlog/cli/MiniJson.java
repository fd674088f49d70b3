package io.github.vwbinlog.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict RFC 8259 parser for what the CLI prints, so that its tests need no JSON library: objects become
 * {@code LinkedHashMap}s (duplicate keys rejected), arrays {@code List}s, numbers {@code BigDecimal}s. Anything that is
 * not exactly one JSON value (NaN, Infinity, trailing text...) throws {@link IllegalArgumentException}.
 */
final class MiniJson {
  private final String s;
  private int i;

  private MiniJson(String s) {
    this.s = s;
  }

  static Object parse(String text) {
    MiniJson p = new MiniJson(text);
    p.ws();
    Object v = p.value();
    p.ws();
    if (p.i != text.length()) {
      throw p.error("trailing text");
    }
    return v;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object v) {
    if (!(v instanceof Map)) {
      throw new IllegalArgumentException("not an object: " + v);
    }
    return (Map<String, Object>) v;
  }

  private Object value() {
    if (i >= s.length()) {
      throw error("value expected");
    }
    char c = s.charAt(i);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return word("true", Boolean.TRUE);
      case 'f':
        return word("false", Boolean.FALSE);
      case 'n':
        return word("null", null);
      default:
        return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> m = new LinkedHashMap<>();
    i++;
    ws();
    if (peek() == '}') {
      i++;
      return m;
    }
    while (true) {
      ws();
      if (peek() != '"') {
        throw error("key expected");
      }
      String k = string();
      ws();
      expect(':');
      ws();
      if (m.containsKey(k)) {
        throw error("duplicate key " + k);
      }
      m.put(k, value());
      ws();
      if (peek() == ',') {
        i++;
        continue;
      }
      expect('}');
      return m;
    }
  }

  private List<Object> array() {
    List<Object> a = new ArrayList<>();
    i++;
    ws();
    if (peek() == ']') {
      i++;
      return a;
    }
    while (true) {
      ws();
      a.add(value());
      ws();
      if (peek() == ',') {
        i++;
        continue;
      }
      expect(']');
      return a;
    }
  }

  private String string() {
    StringBuilder b = new StringBuilder();
    i++;
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == '"') {
        return b.toString();
      }
      if (c < 0x20) {
        throw error("control character in a string");
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case '"', '\\', '/' -> b.append(e);
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> {
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
        }
        default -> throw error("bad escape");
      }
    }
    throw error("unterminated string");
  }

  private Object word(String w, Object value) {
    if (!s.startsWith(w, i)) {
      throw error("bad literal");
    }
    i += w.length();
    return value;
  }

  private BigDecimal number() {
    int start = i;
    if (peek() == '-') {
      i++;
    }
    if (peek() == '0') {
      i++;
    } else if (!digits()) {
      throw error("number expected");
    }
    if (peek() == '.') {
      i++;
      if (!digits()) {
        throw error("fraction digits expected");
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      i++;
      if (peek() == '+' || peek() == '-') {
        i++;
      }
      if (!digits()) {
        throw error("exponent digits expected");
      }
    }
    return new BigDecimal(s.substring(start, i));
  }

  private boolean digits() {
    int start = i;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i > start;
  }

  private char peek() {
    return i < s.length() ? s.charAt(i) : '\0';
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("'" + c + "' expected");
    }
    i++;
  }

  private void ws() {
    while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
      i++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at " + i + " in " + s);
  }
}
