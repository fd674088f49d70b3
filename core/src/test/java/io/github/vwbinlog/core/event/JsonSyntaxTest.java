package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The array scanner and its newline-replacing form against the scanner as first written, on random JSON-like texts
 * (valid ones and mutations of them), and on a few fixed cases.
 */
class JsonSyntaxTest {
  private static final String[] PIECES = {"{", "}", "[", "]", ",", ":", "\"", "\\", "\\u00e9", "\\uZZ", "\\n", "\n",
      " ", "\t", "\r", "0", "-1", "1.5e3", "01", "-", "1.", "1e", "true", "false", "null", "tru", "\0", "é", "x"};

  @Test
  void fixedCases() {
    assertThat(JsonSyntax.isObject(bytes("{\"a\":[1,2]}"), 0, 11)).isTrue();
    assertThat(JsonSyntax.isObject(ByteBuffer.wrap("{\"a\":[1,2]}".getBytes(StandardCharsets.UTF_8)))).isTrue();
    assertThat(JsonSyntax.isObject(ByteBuffer.wrap(" {} ".getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer()))
        .isTrue();
    assertThat(JsonSyntax.isObject(bytes("[]"), 0, 2)).isFalse();
    assertThat(JsonSyntax.isObject(bytes("{\"a\":\"x\ny\"}"), 0, 11)).isFalse();
    byte[] fixed = bytes("{\"a\":\"x\ny\"}\n");
    assertThat(JsonSyntax.isObjectReplacingNewlines(fixed, 0, fixed.length)).isTrue();
    assertThat(new String(fixed, StandardCharsets.UTF_8)).isEqualTo("{\"a\":\"x y\"} ");
    StringBuilder deep = new StringBuilder("{\"a\":");
    for (int i = 0; i < 1000; i++) {
      deep.append(i % 2 == 0 ? "[" : "{\"k\":");
    }
    deep.append("1");
    for (int i = 999; i >= 0; i--) {
      deep.append(i % 2 == 0 ? "]" : "}");
    }
    deep.append("}");
    byte[] d = bytes(deep.toString());
    assertThat(JsonSyntax.isObject(d, 0, d.length)).isTrue();
  }

  @Test
  void sameAnswersAsTheFirstScanner() {
    Random random = new Random(7);
    int valid = 0;
    for (int n = 0; n < 200_000; n++) {
      String text = random.nextBoolean() ? mutate(random, json(random, 0)) : pieces(random);
      byte[] b = bytes(text);
      boolean expected = OriginalJsonSyntax.isObject(ByteBuffer.wrap(b));
      assertThat(JsonSyntax.isObject(b, 0, b.length)).as(text).isEqualTo(expected);
      assertThat(JsonSyntax.isObject(ByteBuffer.wrap(b))).as(text).isEqualTo(expected);
      // The replacing form answers for the text with newlines turned into spaces, and replaces them all when true.
      byte[] replaced = b.clone();
      for (int k = 0; k < replaced.length; k++) {
        if (replaced[k] == '\n') {
          replaced[k] = ' ';
        }
      }
      boolean expectedReplaced = OriginalJsonSyntax.isObject(ByteBuffer.wrap(replaced));
      byte[] work = b.clone();
      assertThat(JsonSyntax.isObjectReplacingNewlines(work, 0, work.length)).as(text).isEqualTo(expectedReplaced);
      if (expectedReplaced) {
        assertThat(work).as(text).isEqualTo(replaced);
        valid++;
      }
      // A region inside a larger array.
      byte[] framed = new byte[b.length + 4];
      System.arraycopy(b, 0, framed, 2, b.length);
      framed[0] = '{';
      framed[framed.length - 1] = '}';
      assertThat(JsonSyntax.isObject(framed, 2, 2 + b.length)).as(text).isEqualTo(expected);
    }
    assertThat(valid).isGreaterThan(20_000);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String pieces(Random random) {
    StringBuilder sb = new StringBuilder();
    for (int k = random.nextInt(12); k > 0; k--) {
      sb.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  private static String json(Random random, int depth) {
    StringBuilder sb = new StringBuilder(ws(random)).append('{');
    int members = random.nextInt(4);
    for (int m = 0; m < members; m++) {
      if (m > 0) {
        sb.append(ws(random)).append(',');
      }
      sb.append(ws(random)).append(string(random)).append(ws(random)).append(':').append(ws(random));
      sb.append(value(random, depth + 1));
    }
    return sb.append(ws(random)).append('}').append(ws(random)).toString();
  }

  private static String value(Random random, int depth) {
    switch (depth > 4 ? random.nextInt(4) : random.nextInt(6)) {
      case 0: return string(random);
      case 1: return new String[] {"0", "-12", "3.25", "1e9", "-0.5E-3", "7"}[random.nextInt(6)];
      case 2: return new String[] {"true", "false", "null"}[random.nextInt(3)];
      case 3: return string(random);
      case 4: {
        StringBuilder sb = new StringBuilder("[");
        for (int k = random.nextInt(3); k > 0; k--) {
          sb.append(value(random, depth + 1)).append(k > 1 ? "," : "");
        }
        return sb.append(']').toString();
      }
      default: return json(random, depth);
    }
  }

  private static String string(Random random) {
    StringBuilder sb = new StringBuilder("\"");
    for (int k = random.nextInt(6); k > 0; k--) {
      sb.append(new String[] {"a", "é", "\\\"", "\\n", "\\u00AF", " ", "\n", "x"}[random.nextInt(8)]);
    }
    return sb.append('"').toString();
  }

  private static String ws(Random random) {
    return new String[] {"", "", "", " ", "\n", "\t", "\r\n"}[random.nextInt(7)];
  }

  private static String mutate(Random random, String s) {
    if (s.isEmpty() || random.nextInt(3) == 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s);
    int at = random.nextInt(sb.length());
    switch (random.nextInt(3)) {
      case 0: sb.deleteCharAt(at); break;
      case 1: sb.insert(at, PIECES[random.nextInt(PIECES.length)]); break;
      default: sb.setCharAt(at, PIECES[random.nextInt(PIECES.length)].charAt(0)); break;
    }
    return sb.toString();
  }
}
