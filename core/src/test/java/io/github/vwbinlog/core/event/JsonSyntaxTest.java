package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonSyntax}: the "exactly one JSON object" check of SPEC §0 item 3 (contexts) and §4.5 (dedup values). Syntax
 * per RFC 8259 only, on raw bytes, iterative.
 */
@DisplayName("JsonSyntax: one JSON object (SPEC §0 item 3, §4.5)")
class JsonSyntaxTest {

  private static boolean isObject(String json) {
    return JsonSyntax.isObject(ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)));
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
}
