package io.github.vwbinlog.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link FlatReads}' eight-bytes-at-a-time text checks against a byte-by-byte reading. */
class FlatReadsTest {

  /** The answer of {@link FlatReads#textKind}, a byte at a time. */
  private static int textKindByBytes(byte[] b, int pos, int len) {
    boolean plain = true;
    for (int k = 0; k < len; k++) {
      byte c = b[pos + k];
      if (c < 0) {
        return FlatReads.NOT_ASCII;
      }
      plain &= c >= 0x20 && c != '"' && c != '\\';
    }
    return plain ? FlatReads.PLAIN : FlatReads.ESCAPED;
  }

  @Test
  void everyByteAtEveryPlaceOfTextsUpToFortyBytes() {
    // Each byte value, alone in plain text or with a second special byte after it, at each place of an eight-byte
    // word and of the tail, at an odd start in the array: a wrong or missed flag shows as a different answer.
    int[] kinds = new int[3];
    for (int len = 1; len <= 40; len++) {
      for (int at = 0; at < len; at++) {
        for (int value = 0; value < 256; value++) {
          for (int second : new int[] {-1, '"', 0x1F, 0x80, '\\'}) {
            byte[] b = new byte[len + 3];
            java.util.Arrays.fill(b, (byte) 'a');
            b[3 + at] = (byte) value;
            if (second >= 0 && at + 1 < len) {
              b[3 + at + 1] = (byte) second;
            }
            int expected = textKindByBytes(b, 3, len);
            assertThat(FlatReads.textKind(b, 3, len)).as("length %d, byte %d at %d, then %d", len, value, at, second)
                .isEqualTo(expected);
            kinds[expected]++;
          }
        }
      }
    }
    assertThat(java.util.Arrays.stream(kinds).min().orElseThrow()).as("answers of each kind").isGreaterThan(1000);
    assertThat(FlatReads.textKind(new byte[0], 0, 0)).isEqualTo(FlatReads.PLAIN);
  }

  @Test
  void randomTexts() {
    Random random = new Random(5);
    for (int n = 0; n < 100_000; n++) {
      byte[] b = new byte[1 + random.nextInt(64)];
      for (int i = 0; i < b.length; i++) {
        // mostly printable ASCII, sometimes anything
        b[i] = random.nextInt(20) == 0 ? (byte) random.nextInt(256) : (byte) (0x20 + random.nextInt(0x5F));
      }
      int from = random.nextInt(b.length);
      int len = random.nextInt(b.length - from + 1);
      assertThat(FlatReads.textKind(b, from, len)).isEqualTo(textKindByBytes(b, from, len));
      boolean ascii = textKindByBytes(b, from, len) != FlatReads.NOT_ASCII;
      assertThat(FlatReads.ascii(b, from, len)).isEqualTo(ascii);
    }
  }
}
