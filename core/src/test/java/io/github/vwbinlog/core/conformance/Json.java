package io.github.vwbinlog.core.conformance;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A small, strict JSON reader (RFC 8259) for tests (the conformance corpus; the CLI's JSON output, through core's
 * test-jar), so that they need no JSON library. Values become {@code Map<String, Object>} (keys in document order),
 * {@code List<Object>}, {@code String}, {@code Boolean}, {@code null}, and numbers: {@code Long} when integral and in
 * range, {@code BigInteger} when integral and larger, else {@code Double}; or, with {@link #parseDecimal}, always the
 * {@code BigDecimal} of their text. Duplicate keys, trailing commas and trailing content are errors.
 *
 * <pre>{@code
 * Map<String, Object> o = Json.object(Json.parse("{\"a\": [1, 2.5, \"x\"]}"));
 * List<Object> a = Json.array(o.get("a"));
 * }</pre>
 */
public final class Json {
  private final String text;
  private int pos;

  private Json(String text) {
    this.text = text;
  }

  /**
   * Parses one JSON document.
   *
   * @throws IllegalArgumentException naming the character offset if the text is not valid JSON
   */
  public static @Nullable Object parse(String text) {
    return parse(text, false);
  }

  /**
   * Parses one JSON document with every number as the {@code BigDecimal} of its text.
   *
   * @throws IllegalArgumentException naming the character offset if the text is not valid JSON
   */
  public static @Nullable Object parseDecimal(String text) {
    return parse(text, true);
  }

  private static @Nullable Object parse(String text, boolean decimals) {
    Json parser = new Json(text);
    parser.decimals = decimals;
    parser.skipWhitespace();
    Object value = parser.value(0);
    parser.skipWhitespace();
    if (parser.pos != text.length()) {
      throw parser.error("trailing content");
    }
    return value;
  }

  /** {@code value} as an object; fails if it is not one. */
  @SuppressWarnings("unchecked")
  public static Map<String, @Nullable Object> object(@Nullable Object value) {
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("not a JSON object: " + value);
    }
    return (Map<String, @Nullable Object>) value;
  }

  /** {@code value} as an array; fails if it is not one. */
  @SuppressWarnings("unchecked")
  public static List<@Nullable Object> array(@Nullable Object value) {
    if (!(value instanceof List)) {
      throw new IllegalArgumentException("not a JSON array: " + value);
    }
    return (List<@Nullable Object>) value;
  }

  /** Whether numbers become {@code BigDecimal}s ({@link #parseDecimal}). */
  private boolean decimals;

  private @Nullable Object value(int depth) {
    if (depth > 512) {
      throw error("nesting too deep");
    }
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return objectValue(depth);
      case '[':
        return arrayValue(depth);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected character '" + c + "'");
    }
  }

  private Map<String, @Nullable Object> objectValue(int depth) {
    Map<String, @Nullable Object> map = new LinkedHashMap<>();
    pos++;
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return Collections.unmodifiableMap(map);
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"') {
        throw error("expected a key");
      }
      String key = string();
      skipWhitespace();
      expect(':');
      skipWhitespace();
      if (map.containsKey(key)) {
        throw error("duplicate key \"" + key + "\"");
      }
      map.put(key, value(depth + 1));
      skipWhitespace();
      char c = next();
      if (c == '}') {
        return Collections.unmodifiableMap(map);
      }
      if (c != ',') {
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<@Nullable Object> arrayValue(int depth) {
    List<@Nullable Object> list = new ArrayList<>();
    pos++;
    skipWhitespace();
    if (peek() == ']') {
      pos++;
      return Collections.unmodifiableList(list);
    }
    while (true) {
      skipWhitespace();
      list.add(value(depth + 1));
      skipWhitespace();
      char c = next();
      if (c == ']') {
        return Collections.unmodifiableList(list);
      }
      if (c != ',') {
        throw error("expected ',' or ']'");
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return sb.toString();
      }
      if (c < 0x20) {
        throw error("control character in a string");
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> sb.append(hex4());
        default -> throw error("bad escape '\\" + e + "'");
      }
    }
  }

  private char hex4() {
    if (pos + 4 > text.length()) {
      throw error("unexpected end of input in \\u escape");
    }
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(text.charAt(pos++), 16);
      if (digit < 0) {
        throw error("bad \\u escape");
      }
      value = value * 16 + digit;
    }
    return (char) value;
  }

  private Object number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
    } else if (isDigit(peek())) {
      digits();
    } else {
      throw error("bad number");
    }
    boolean integral = true;
    if (peek() == '.') {
      pos++;
      integral = false;
      if (!isDigit(peek())) {
        throw error("bad number: no digit after '.'");
      }
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      pos++;
      integral = false;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      if (!isDigit(peek())) {
        throw error("bad number: no digit in the exponent");
      }
      digits();
    }
    String literal = text.substring(start, pos);
    if (decimals) {
      return new BigDecimal(literal);
    }
    if (!integral) {
      return Double.parseDouble(literal);
    }
    BigInteger big = new BigDecimal(literal).toBigIntegerExact();
    return big.bitLength() < 64 ? (Object) big.longValue() : big;
  }

  private void digits() {
    while (isDigit(peek())) {
      pos++;
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private @Nullable Object literal(String word, @Nullable Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("unexpected literal");
    }
    pos += word.length();
    return value;
  }

  private void skipWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= text.length()) {
      throw error("unexpected end of input");
    }
    return text.charAt(pos++);
  }

  private void expect(char c) {
    if (next() != c) {
      pos--;
      throw error("expected '" + c + "'");
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException("invalid JSON at character " + pos + ": " + problem);
  }
}
