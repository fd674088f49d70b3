package io.github.vwbinlog.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The test-only JSON reader the conformance tests and the CLI's tests use. */
class JsonTest {

  @Test
  void readsEveryKindOfValue() {
    Object value = Json.parse(" {\"a\": [1, -2.5e1, \"x\\u00e9\\n\\\"\", true, false, null, {}, []],"
        + " \"big\": 18446744073709551615, \"z\": 0.30000001192092896} ");

    Map<String, Object> o = Json.object(value);
    assertThat(o.keySet()).containsExactly("a", "big", "z");
    assertThat(Json.array(o.get("a"))).containsExactly(1L, -25.0, "x\u00e9\n\"", true, false, null, Map.of(),
        List.of());
    assertThat(o.get("big")).isEqualTo(new BigInteger("18446744073709551615"));
    assertThat(o.get("z")).isEqualTo(0.30000001192092896);
  }

  @Test
  void parseDecimalGivesEveryNumberAsTheBigDecimalOfItsText() {
    Map<String, Object> o = Json.object(Json.parseDecimal("{\"a\": [1, -2.5e1, 0.0], \"b\": 18446744073709551615}"));
    assertThat(Json.array(o.get("a"))).containsExactly(new BigDecimal("1"), new BigDecimal("-2.5e1"),
        new BigDecimal("0.0"));
    assertThat(o.get("b")).isEqualTo(new BigDecimal("18446744073709551615"));
  }

  @Test
  void surrogatePairs() {
    assertThat(Json.parse("\"\\ud83d\\ude00\"")).isEqualTo("\uD83D\uDE00");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "{", "[1,]", "{\"a\":1,}", "{\"a\":1 \"b\":2}", "01", "1.", "1e", "-", "tru",
      "\"\\x\"", "\"a", "[1] 2", "{\"a\":1,\"a\":2}", "{a:1}", "\"\t\""})
  void rejectsInvalidJson(String text) {
    assertThatThrownBy(() -> Json.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("invalid JSON at character");
  }

  @Test
  void deepNestingIsRejectedNotAStackOverflow() {
    char[] open = new char[10_000];
    Arrays.fill(open, '[');
    assertThatThrownBy(() -> Json.parse(new String(open))).hasMessageContaining("too deep");
  }
}
