package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonSyntax}: the "exactly one JSON object" check of SPEC §0 item 3 (contexts) and §4.5 (dedup values). Syntax
 * per RFC 8259 only, on raw bytes, iterative. Every fixed case is checked on each entry point (a heap or direct
 * {@link ByteBuffer}, a region of an array, and the newline-replacing form of the conversion fast path), and random
 * JSON-like texts are checked against the scanner as first written ({@link OriginalJsonSyntax}).
 */
@DisplayName("JsonSyntax: one JSON object (SPEC §0 item 3, §4.5)")
class JsonSyntaxTest {

  private static final String[] PIECES = {"{", "}", "[", "]", ",", ":", "\"", "\\", "\\u00e9", "\\uZZ", "\\n", "\n",
      " ", "\t", "\r", "0", "-1", "1.5e3", "01", "-", "1.", "1e", "true", "false", "null", "tru", "\0", "é", "x"};

  /** The answer of the buffer form, checked to be that of the array and direct-buffer forms too. */
  private static boolean isObject(String json) {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    boolean answer = JsonSyntax.isObject(ByteBuffer.wrap(b));
    assertThat(JsonSyntax.isObject(b, 0, b.length)).as("array form of %s", json).isEqualTo(answer);
    assertThat(JsonSyntax.isObject(ByteBuffer.allocateDirect(b.length).put(b).flip()))
        .as("direct buffer form of %s", json).isEqualTo(answer);
    if (json.indexOf('\n') < 0) {
      assertThat(JsonSyntax.isObjectReplacingNewlines(b.clone(), 0, b.length))
          .as("newline-replacing form of %s", json).isEqualTo(answer);
    }
    return answer;
  }

  @ParameterizedTest(name = "strings of {0}")
  @ValueSource(strings = {"e6", "80", "c080", "eda080", "f4908080", "c3", "e4b8"})
  void invalidUtf8InAStringPassesTheSyntaxCheckButNotTheCheckBeforeWriting(String hex) {
    byte[] b = concat("{\"k\":\"a", java.util.HexFormat.of().parseHex(hex), "b\",\"v\":1}");
    // VW's RapidJSON does not validate the encoding: the decisions taken on JSON (dedup) accept these bytes.
    assertThat(JsonSyntax.isObject(b, 0, b.length)).isTrue();
    // A line is written only when it is UTF-8 (RFC 8259 §8.1).
    assertThat(JsonSyntax.isObjectReplacingNewlines(b.clone(), 0, b.length)).isFalse();
    byte[] asKey = concat("{\"", java.util.HexFormat.of().parseHex(hex), "\":1}");
    assertThat(JsonSyntax.isObjectReplacingNewlines(asKey.clone(), 0, asKey.length)).isFalse();
  }

  @Test
  void nonAsciiOutsideStringsIsASyntaxError() {
    byte[] b = concat("{\"k\":", "é".getBytes(StandardCharsets.UTF_8), "}");
    assertThat(JsonSyntax.isObject(b, 0, b.length)).isFalse();
    assertThat(JsonSyntax.isObjectReplacingNewlines(b.clone(), 0, b.length)).isFalse();
  }

  private static byte[] concat(String head, byte[] middle, String tail) {
    byte[] h = head.getBytes(StandardCharsets.UTF_8);
    byte[] t = tail.getBytes(StandardCharsets.UTF_8);
    byte[] all = Arrays.copyOf(h, h.length + middle.length + t.length);
    System.arraycopy(middle, 0, all, h.length, middle.length);
    System.arraycopy(t, 0, all, h.length + middle.length, t.length);
    return all;
  }

  @ParameterizedTest(name = "valid: {0}")
  @ValueSource(strings = {
      "{}",
      "{ }",
      " \t\r\n{}\n\r\t ",
      "{\"a\":1}",
      "{\"a\" : 1 , \"b\" : 2}",
      "{\"a\":{\"b\":{\"c\":{}}}}",
      "{\"a\":[1,2,[3,[]],{\"b\":[{}]}]}",
      "{\"a\":[ ],\"b\":[ 1 ]}",
      "{\"s\":\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uABCD\"}",
      "{\"\":\"\"}",
      "{\"k\":\"é 中 😀 \u007f\"}",
      "{\"t\":true,\"f\":false,\"n\":null}",
      "{\"n\":[0,-0,1,-1,10,0.5,-0.5,1e5,1E5,1e+5,1e-5,1.25e-3,-12.5E+10,123456789012345678901234567890]}",
      "{\"GUser\":{\"id\":\"a\"},\"_multi\":[{\"__aid\":848539518},{\"__aid\":3407057455}]}",
  })
  void validObjects(String json) {
    assertThat(isObject(json)).isTrue();
  }

  @ParameterizedTest(name = "invalid: [{0}]")
  @ValueSource(strings = {
      "",
      "   ",
      "[1]",
      "[]",
      "1",
      "\"a\"",
      "null",
      "{",
      "}",
      "{\"a\":1",
      "{\"a\":[1}",
      "{\"a\":[1,2}",
      "{\"a\":{]}",
      "{}}",
      "{} {}",
      "{}x",
      "{},",
      "{\"a\":1}garbage",
      "{,}",
      "{\"a\"}",
      "{\"a\":}",
      "{\"a\" 1}",
      "{\"a\":1,}",
      "{\"a\":1 \"b\":2}",
      "{\"a\":[1,]}",
      "{\"a\":[,1]}",
      "{a:1}",
      "{'a':1}",
      "{\"a\":'x'}",
      "{\"a\":\"unterminated}",
      "{\"a\":\"bad escape \\x\"}",
      "{\"a\":\"bad escape \\U0041\"}",
      "{\"a\":\"short unicode \\u12\"}",
      "{\"a\":\"non-hex unicode \\u12G4\"}",
      "{\"a\":\"escape at end \\",
      "{\"a\":\"tab\tinside\"}",
      "{\"a\":\"newline\ninside\"}",
      "{\"a\":tru}",
      "{\"a\":True}",
      "{\"a\":nul}",
      "{\"a\":falsey}",
      "{\"a\":01}",
      "{\"a\":-}",
      "{\"a\":+1}",
      "{\"a\":.5}",
      "{\"a\":1.}",
      "{\"a\":1e}",
      "{\"a\":1e+}",
      "{\"a\":0x10}",
      "{\"a\":NaN}",
      "{\"a\":Infinity}",
      "{\"a\":-Infinity}",
  })
  void invalidInputs(String json) {
    assertThat(isObject(json)).isFalse();
  }

  @Test
  void controlCharactersInStringsAreRejectedButDelIsNot() {
    for (int c = 0; c < 0x20; c++) {
      assertThat(isObject("{\"a\":\"x" + (char) c + "y\"}")).as("control character %#x", c).isFalse();
      assertThat(isObject("{\"x" + (char) c + "\":1}")).as("control character %#x in a key", c).isFalse();
    }
    assertThat(isObject("{\"a\":\"x\u007fy\"}")).isTrue();
  }

  @Test
  void nulOutsideStringsIsNotWhitespace() {
    assertThat(isObject("{}\0")).isFalse();
    assertThat(isObject("{\"a\":\0 1}")).isFalse();
  }

  @Test
  void onlyTheFourJsonWhitespaceCharactersAreSkipped() {
    assertThat(isObject("\f{}")).isFalse();
    assertThat(isObject("{}\u000b")).isFalse();
    assertThat(isObject("{\u00a0}")).isFalse();
  }

  @Test
  void bytesThatAreNotUtf8InsideStringsAreASyntaxMatterOnly() {
    // Contexts are raw bytes (SPEC §8.2): the check is syntax only, so invalid UTF-8 in a string does not fail it.
    byte[] json = {'{', '"', 'a', '"', ':', '"', (byte) 0xff, (byte) 0xc3, '"', '}'};
    assertThat(JsonSyntax.isObject(ByteBuffer.wrap(json))).isTrue();
  }

  @Test
  void readsFromPositionToLimitOnlyAndLeavesThemUnchanged() {
    byte[] bytes = "xx{\"a\":[1]}yy".getBytes(StandardCharsets.US_ASCII);
    ByteBuffer window = ByteBuffer.wrap(bytes, 2, bytes.length - 4);
    assertThat(JsonSyntax.isObject(window)).isTrue();
    assertThat(window.position()).isEqualTo(2);
    assertThat(window.limit()).isEqualTo(bytes.length - 2);
    assertThat(JsonSyntax.isObject(ByteBuffer.wrap(bytes, 2, bytes.length - 3))).isFalse();
    assertThat(JsonSyntax.isObject(ByteBuffer.wrap(bytes, 2, bytes.length - 5))).isFalse();
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).position(2).limit(bytes.length - 2);
    assertThat(JsonSyntax.isObject(direct)).isTrue();
  }

  @Test
  void deepNestingIsCheckedWithoutStackOverflow() {
    int depth = 100_000;
    assertThat(isObject("[".repeat(depth))).isFalse();
    assertThat(isObject("{\"a\":" + "[".repeat(depth))).isFalse();
    assertThat(isObject("{\"a\":" + "[".repeat(depth) + "]".repeat(depth) + "}")).isTrue();
    assertThat(isObject("{\"a\":" + "[".repeat(depth) + "]".repeat(depth - 1) + "}")).isFalse();
    assertThat(isObject("{\"a\":" + "{\"b\":".repeat(depth) + "1" + "}".repeat(depth) + "}")).isTrue();
    // alternating objects and arrays cross the 64-level words of the container stack
    String open = "{\"o\":[".repeat(depth / 2);
    String close = "]}".repeat(depth / 2);
    assertThat(isObject(open + "0" + close)).isTrue();
    assertThat(isObject(open + "0" + close.substring(1))).isFalse();
    assertThat(isObject(open + "0" + "}]".repeat(depth / 2))).isFalse();
  }

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
      // The replacing form in place, with bytes after the region (the writer's case): the same answer, the same
      // replacements, and the bytes around the region as they were.
      byte[] inPlace = framed.clone();
      assertThat(JsonSyntax.isObjectReplacingNewlines(inPlace, 2, 2 + b.length)).as(text).isEqualTo(expectedReplaced);
      assertThat(Arrays.copyOfRange(inPlace, 0, 2)).as(text).isEqualTo(Arrays.copyOfRange(framed, 0, 2));
      assertThat(Arrays.copyOfRange(inPlace, 2 + b.length, framed.length)).as(text)
          .isEqualTo(Arrays.copyOfRange(framed, 2 + b.length, framed.length));
      if (expectedReplaced) {
        assertThat(Arrays.copyOfRange(inPlace, 2, 2 + b.length)).as(text).isEqualTo(replaced);
      }
    }
    assertThat(valid).isGreaterThan(20_000);
  }

  @Test
  void theCheckBeforeWritingBorrowsTheByteAfterTheTextAndPutsItBack() {
    // Each text is cut where the bytes after it would complete it: the check must stop at the cut. Two spaces after
    // the whole, so that the check of the cut text runs in place whatever the length of the rest.
    for (String[] cut : new String[][] {{"{\"a\":1", "}"}, {"{\"a\":tru", "e}"}, {"{\"a\":\"x", "\"}"},
        {"{\"a\":[1", "]}"}, {"{\"a\":1.", "5}"}, {"{\"a\":1e", "5}"}, {"{\"a\":\"\\", "n\"}"},
        {"{\"a\":\"\\u00", "41\"}"}, {"{\"a\"", ":1}"}, {"{", "}"}, {"", "{}"}}) {
      byte[] whole = bytes(cut[0] + cut[1] + "  ");
      int to = cut[0].length();
      byte[] before = whole.clone();
      assertThat(JsonSyntax.isObjectReplacingNewlines(whole, 0, to)).as(cut[0]).isFalse();
      assertThat(whole).as(cut[0]).isEqualTo(before);
      assertThat(JsonSyntax.isObject(whole, 0, to)).as(cut[0]).isFalse();
      assertThat(JsonSyntax.isObjectReplacingNewlines(whole, 0, whole.length)).as(cut[0] + cut[1]).isTrue();
    }
    // A valid text followed by anything: still valid, and what follows it untouched.
    byte[] b = bytes("{\"a\":[1,\"x\ny\"]}\n,,,");
    assertThat(JsonSyntax.isObjectReplacingNewlines(b, 0, b.length - 3)).isTrue();
    assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("{\"a\":[1,\"x y\"]} ,,,");
  }

  @Test
  void digitRunsOfEveryLengthEndAtEveryByte() {
    // The digit scan reads eight bytes at a time while eight remain, and a short integer is read from one word with
    // the byte after it: runs of every length up to 40, followed by each byte value, and every truncation of the text,
    // so that runs end inside, at and beyond each eight-byte step. Runs that start with a 0 (valid alone only) and
    // after a minus sign too.
    Random random = new Random(11);
    int valid = 0;
    for (int length = 1; length <= 40; length++) {
      StringBuilder digits = new StringBuilder().append((char) ('1' + random.nextInt(9)));
      StringBuilder zero = new StringBuilder("0");
      while (digits.length() < length) {
        digits.append((char) ('0' + random.nextInt(10)));
        zero.append((char) ('0' + random.nextInt(10)));
      }
      valid += endedAtEveryByte("{\"a\":", digits.toString(), '1', false);
      valid += endedAtEveryByte("{\"a\":", zero.toString(), '1', false);
      valid += endedAtEveryByte("{\"a\":-", digits.toString(), '1', false);
    }
    assertThat(valid).as("texts that are objects").isGreaterThan(3 * 40 * 4);
  }

  @Test
  void plainStringRunsOfEveryLengthEndAtEveryByte() {
    // A string's plain bytes past its first sixteen are skipped eight at a time while eight remain (a vector at a time
    // on the vector path): runs of every length up to 60, followed by each byte value, and every truncation, so that
    // the run ends inside, at and beyond each step. The replacing form is compared on ASCII, where it answers for
    // the text with its newlines replaced; on non-ASCII bytes it also asks for UTF-8 (its own tests above).
    Random random = new Random(13);
    int valid = 0;
    for (int length = 1; length <= 60; length++) {
      StringBuilder run = new StringBuilder();
      while (run.length() < length) {
        run.append((char) (' ' + random.nextInt(0x7F - ' ')));
      }
      String plain = run.toString().replace('"', 'q').replace('\\', 'b');
      valid += endedAtEveryByte("{\"a\":\"", plain, '"', true);
    }
    assertThat(valid).as("texts that are objects").isGreaterThan(60 * 90);
  }

  /**
   * {@code prefix + run}, then each byte value, then {@code closer} and '}', checked at every length from the run's
   * last byte on against the first scanner: the number of the texts that are objects. With {@code replacing}, the
   * newline-replacing form too, for the ASCII bytes after the run (a newline there answered as a space).
   */
  private static int endedAtEveryByte(String prefix, String run, char closer, boolean replacing) {
    int valid = 0;
    for (int after = 0; after < 256; after++) {
      byte[] head = bytes(prefix + run);
      byte[] b = Arrays.copyOf(head, head.length + 3);
      b[head.length] = (byte) after;
      b[head.length + 1] = (byte) closer;
      b[head.length + 2] = '}';
      for (int to = head.length - 1; to <= b.length; to++) {
        boolean expected = OriginalJsonSyntax.isObject(ByteBuffer.wrap(b, 0, to));
        assertThat(JsonSyntax.isObject(b, 0, to)).as("%s then byte %d, first %d bytes", run, after, to)
            .isEqualTo(expected);
        if (replacing && after < 0x80) {
          byte[] replaced = b.clone();
          if (after == '\n') {
            replaced[head.length] = ' ';
          }
          assertThat(JsonSyntax.isObjectReplacingNewlines(b.clone(), 0, to))
              .as("replacing: %s then byte %d, first %d bytes", run, after, to)
              .isEqualTo(OriginalJsonSyntax.isObject(ByteBuffer.wrap(replaced, 0, to)));
        }
        valid += expected ? 1 : 0;
      }
    }
    return valid;
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
