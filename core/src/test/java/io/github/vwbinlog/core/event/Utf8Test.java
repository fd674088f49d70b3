package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Utf8}: RFC 3629 UTF-8, checked against the JDK's strict decoder and on the classic invalid forms. */
@DisplayName("Utf8: RFC 3629 validity (SPEC §0 item 3, RFC 8259 §8.1)")
class Utf8Test {

  /** The JDK's decoder, reporting every malformed input: the independent opinion. */
  private static boolean jdkValid(byte[] b) {
    try {
      StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @ParameterizedTest(name = "{0}: first invalid byte at {1}")
  @CsvSource({
      "'', -1",
      "41, -1",
      "c3a9, -1",              // é
      "e4b8ad, -1",            // 中
      "f09f9880, -1",          // 😀
      "f48fbfbf, -1",          // U+10FFFF
      "efbfbf, -1",            // U+FFFF
      "ee8080, -1",            // U+E000, just above the surrogates
      "ed9fbf, -1",            // U+D7FF, just below them
      "e6, 0",                 // a truncated sequence
      "41e6, 1",
      "e6726963, 0",           // the mutated corpus log of issue 12: \xe6 followed by ASCII
      "80, 0",                 // a lone continuation byte
      "c080, 0",               // overlong NUL
      "c1bf, 0",               // overlong
      "e08080, 0",             // overlong, three bytes
      "e09fbf, 0",
      "f08fbfbf, 0",           // overlong, four bytes
      "eda080, 0",             // U+D800, a surrogate
      "edbfbf, 0",             // U+DFFF
      "f4908080, 0",           // U+110000
      "f5808080, 0",
      "ff, 0",
      "c3a9c3, 2",             // valid, then truncated
      "e4b841, 0",             // a bad third byte
      "f09f9841, 0",           // a bad fourth byte
  })
  void fixedCases(String hex, int firstInvalid) {
    byte[] b = HexFormat.of().parseHex(hex);
    assertThat(Utf8.firstInvalid(b, 0, b.length)).isEqualTo(firstInvalid);
    assertThat(firstInvalid < 0).as("the JDK agrees on %s", hex).isEqualTo(jdkValid(b));
  }

  @Test
  void randomBytesAreValidExactlyWhenTheJdkDecoderSaysSo() {
    Random random = new Random(12);
    int valid = 0;
    for (int n = 0; n < 200_000; n++) {
      byte[] b = new byte[1 + random.nextInt(6)];
      for (int i = 0; i < b.length; i++) {
        // Mostly lead and continuation bytes, so that valid and invalid sequences are both common.
        int r = random.nextInt(10);
        b[i] = (byte) (r < 2 ? random.nextInt(0x80) : r < 6 ? 0x80 + random.nextInt(0x40) : 0xC0 + random.nextInt(0x40));
      }
      boolean ours = Utf8.firstInvalid(b, 0, b.length) < 0;
      assertThat(ours).as("%s", HexFormat.of().formatHex(b)).isEqualTo(jdkValid(b));
      valid += ours ? 1 : 0;
    }
    assertThat(valid).as("the generator makes valid inputs too").isGreaterThan(1_000);
  }

  @Test
  void everyCodePointEncodedByTheJdkIsValid() {
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        continue;
      }
      byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
      if (Utf8.firstInvalid(b, 0, b.length) != -1) {
        throw new AssertionError("U+" + Integer.toHexString(cp) + " rejected");
      }
    }
  }

  @Test
  void onlyTheRegionIsRead() {
    byte[] b = HexFormat.of().parseHex("ffc3a9ff");
    assertThat(Utf8.firstInvalid(b, 1, 3)).isEqualTo(-1);
    assertThat(Utf8.firstInvalid(b, 1, 2)).isEqualTo(1); // the region cuts the sequence
    assertThat(Utf8.firstInvalid(b, 0, 3)).isEqualTo(0);
  }
}
