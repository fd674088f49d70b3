package io.github.vwbinlog.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** JsonBytes against RapidJSON's writer rules (SPEC §8.2). */
class JsonBytesTest {
  /** The escape of each byte 0x00..0x1F, written out by hand rather than derived. */
  private static final String[] CONTROL_ESCAPES = {
    "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
    "\\b", "\\t", "\\n", "\\u000B", "\\f", "\\r", "\\u000E", "\\u000F",
    "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
    "\\u0018", "\\u0019", "\\u001A", "\\u001B", "\\u001C", "\\u001D", "\\u001E", "\\u001F",
  };

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] stringOfByte(int b) {
    return new JsonBytes().string(ByteBuffer.wrap(new byte[] {(byte) b})).toByteArray();
  }

  @Test
  void controlBytesAreEscaped() {
    for (int b = 0; b < 0x20; b++) {
      assertThat(stringOfByte(b)).as("byte %02X", b).isEqualTo(ascii('"' + CONTROL_ESCAPES[b] + '"'));
    }
  }

  @Test
  void quoteAndBackslashAreEscaped() {
    assertThat(stringOfByte('"')).isEqualTo(ascii("\"\\\"\""));
    assertThat(stringOfByte('\\')).isEqualTo(ascii("\"\\\\\""));
  }

  @Test
  void everyOtherByteIsVerbatim() {
    for (int b = 0x20; b <= 0xFF; b++) {
      if (b == '"' || b == '\\') {
        continue;
      }
      assertThat(stringOfByte(b)).as("byte %02X", b).containsExactly('"', (byte) b, '"');
    }
    // Called out by the spec: solidus, DEL and a high byte that is not valid UTF-8 on its own.
    assertThat(stringOfByte('/')).isEqualTo(ascii("\"/\""));
    assertThat(stringOfByte(0x7F)).containsExactly('"', 0x7F, '"');
    assertThat(stringOfByte(0xFF)).containsExactly('"', (byte) 0xFF, '"');
  }

  @Test
  void allBytesInOneString() {
    byte[] all = new byte[256];
    for (int b = 0; b < 256; b++) {
      all[b] = (byte) b;
    }
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.write('"');
    for (int b = 0; b < 256; b++) {
      if (b < 0x20) {
        expected.writeBytes(ascii(CONTROL_ESCAPES[b]));
      } else if (b == '"' || b == '\\') {
        expected.write('\\');
        expected.write(b);
      } else {
        expected.write(b);
      }
    }
    expected.write('"');
    assertThat(new JsonBytes(0).string(ByteBuffer.wrap(all)).toByteArray()).isEqualTo(expected.toByteArray());
  }

  @Test
  void stringFromByteBufferUsesPositionToLimitAndKeepsPosition() {
    ByteBuffer direct = ByteBuffer.allocateDirect(8);
    direct.put(ascii("xxab\ncdy")).position(2).limit(7);
    JsonBytes out = new JsonBytes().string(direct);
    assertThat(out.toByteArray()).isEqualTo(ascii("\"ab\\ncd\""));
    assertThat(direct.position()).isEqualTo(2);
    assertThat(direct.limit()).isEqualTo(7);
  }

  @Test
  void stringFromJavaStringEscapesAsciiLikeBytes() {
    for (int c = 0; c < 0x80; c++) {
      byte[] fromString = new JsonBytes().string(String.valueOf((char) c)).toByteArray();
      assertThat(fromString).as("char %02X", c).isEqualTo(stringOfByte(c));
    }
    assertThat(new JsonBytes().string("a/b\"c\\d\te").toString()).isEqualTo("\"a/b\\\"c\\\\d\\te\"");
    assertThat(new JsonBytes().string("").toByteArray()).isEqualTo(ascii("\"\""));
  }

  @Test
  void stringFromJavaStringIsUtf8() {
    assertThat(new JsonBytes().string("\u00e9\u20ac\ud83d\ude00").toByteArray())
        .containsExactly(
            '"', 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, '"');
    // Unpaired surrogates become '?' as String.getBytes does.
    assertThat(new JsonBytes().string("a\ud800b\udc00").toByteArray()).isEqualTo(ascii("\"a?b?\""));
    assertThat(new JsonBytes().string("\ud83d").toByteArray()).isEqualTo(ascii("\"?\""));
  }

  @Test
  void stringFromJavaStringMatchesGetBytesThenByteEscaping() {
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 2_000; i++) {
      char[] chars = new char[random.nextInt(20)];
      for (int j = 0; j < chars.length; j++) {
        // Mostly low chars so escapes are frequent, with the full BMP including surrogates mixed in.
        chars[j] = (char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0x10000));
      }
      String s = new String(chars);
      byte[] viaBytes = new JsonBytes().string(ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8))).toByteArray();
      assertThat(new JsonBytes(1).string(s).toByteArray()).as("string %s", s).isEqualTo(viaBytes);
    }
  }

  @Test
  void uintBounds() {
    assertThat(new JsonBytes().uint(0).toString()).isEqualTo("0");
    assertThat(new JsonBytes().uint(9).toString()).isEqualTo("9");
    assertThat(new JsonBytes().uint(10).toString()).isEqualTo("10");
    assertThat(new JsonBytes().uint(1_000_000).toString()).isEqualTo("1000000");
    assertThat(new JsonBytes().uint(4294967295L).toString()).isEqualTo("4294967295");
    assertThat(new JsonBytes().uint(Integer.toUnsignedLong(-1)).toString()).isEqualTo("4294967295");
    JsonBytes out = new JsonBytes().ascii('x');
    assertThatThrownBy(() -> out.uint(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> out.uint(4294967296L)).isInstanceOf(IllegalArgumentException.class);
    assertThat(out.toString()).isEqualTo("x");
  }

  @Test
  void boolAndNumber() {
    JsonBytes out = new JsonBytes(0);
    out.bool(true).ascii(',').bool(false).ascii(',').number(0.3f).ascii(',').number(-0.0f).ascii(',').number(1e21f);
    assertThat(out.toString()).isEqualTo("true,false,0.30000001192092898,-0.0,1.0000000200408774e21");
  }

  @Test
  void nonFiniteNumberIsRejectedAndNothingIsWritten() {
    JsonBytes out = new JsonBytes(0).ascii('[');
    for (float f : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
      assertThatThrownBy(() -> out.number(f)).isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(out.length()).isEqualTo(1);
  }

  @Test
  void rawCopiesVerbatimAndKeepsBufferPosition() {
    byte[] bytes = {'{', 0, '\n', (byte) 0xFF, '}'};
    ByteBuffer view = ByteBuffer.allocateDirect(7).put(new byte[] {'z', 'a', 'b', 'c', 'z', 'z', 'z'});
    view.position(1).limit(4);
    JsonBytes out = new JsonBytes(2).raw(bytes).raw(bytes, 1, 2).raw(view).raw(new byte[0]);
    assertThat(out.toByteArray()).containsExactly('{', 0, '\n', 0xFF, '}', 0, '\n', 'a', 'b', 'c');
    assertThat(view.position()).isEqualTo(1);
    assertThatThrownBy(() -> out.raw(bytes, 4, 2)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void asciiRejectsNonAsciiWithoutWriting() {
    JsonBytes out = new JsonBytes().ascii("{\"a\":").ascii('1').ascii('}');
    assertThat(out.toString()).isEqualTo("{\"a\":1}");
    assertThatThrownBy(() -> out.ascii("ok\u00e9")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> out.ascii('\u00e9')).isInstanceOf(IllegalArgumentException.class);
    assertThat(out.length()).isEqualTo(7);
  }

  @Test
  void growsFromZeroAcrossEveryKindOfAppend() throws IOException {
    JsonBytes out = new JsonBytes(0);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    SplittableRandom random = new SplittableRandom(11);
    while (expected.size() < 200_000) {
      switch (random.nextInt(6)) {
        case 0 -> {
          byte[] b = new byte[random.nextInt(300)];
          random.nextBytes(b);
          out.raw(b);
          expected.writeBytes(b);
        }
        case 1 -> {
          byte[] b = new byte[random.nextInt(300)];
          for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ('a' + random.nextInt(26));
          }
          out.string(ByteBuffer.wrap(b));
          expected.write('"');
          expected.writeBytes(b);
          expected.write('"');
        }
        case 2 -> {
          // All escapes: the worst case for string's reservation.
          byte[] b = new byte[random.nextInt(100)];
          out.string(ByteBuffer.wrap(b));
          expected.write('"');
          for (int i = 0; i < b.length; i++) {
            expected.writeBytes(ascii("\\u0000"));
          }
          expected.write('"');
        }
        case 3 -> {
          long u = random.nextLong(1L << 32);
          out.uint(u);
          expected.writeBytes(ascii(Long.toString(u)));
        }
        case 4 -> {
          out.number(1.5f);
          expected.writeBytes(ascii("1.5"));
        }
        default -> {
          String s = "\u0001".repeat(random.nextInt(50));
          out.string(s);
          expected.write('"');
          expected.writeBytes(ascii("\\u0001".repeat(s.length())));
          expected.write('"');
        }
      }
    }
    assertThat(out.length()).isEqualTo(expected.size());
    assertThat(out.toByteArray()).isEqualTo(expected.toByteArray());
    assertThat(out.array().length).isGreaterThanOrEqualTo(out.length());

    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    out.writeTo(sink);
    assertThat(sink.toByteArray()).isEqualTo(expected.toByteArray());
  }

  @Test
  void outputBuffersHaveTheirNumberCacheFromTheStartAndWriteTheSameBytes() {
    JsonBytes lazy = new JsonBytes(0);
    JsonBytes output = JsonBytes.forOutput(0);
    assertThat(lazy.numberCacheReady()).isFalse();
    assertThat(output.numberCacheReady()).isTrue();
    SplittableRandom random = new SplittableRandom(7);
    for (int k = 0; k < 5_000; k++) {
      // Repeats as well as new values, so that both the cache's hits and its misses are compared.
      float f = k % 3 == 0 ? k % 17 : Float.intBitsToFloat(random.nextInt() & 0x7F7F_FFFF);
      lazy.number(f).ascii(',');
      output.number(f).ascii(',');
    }
    assertThat(lazy.numberCacheReady()).isTrue();
    assertThat(output.toByteArray()).isEqualTo(lazy.toByteArray());
    assertThatThrownBy(() -> JsonBytes.forOutput(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aNumberAndItsNegationShareTheCacheAndEachIsWrittenAsTheFormatterWritesIt() {
    JsonBytes out = JsonBytes.forOutput(0);
    StringBuilder expected = new StringBuilder();
    SplittableRandom random = new SplittableRandom(11);
    for (int k = 0; k < 20_000; k++) {
      // A reward and its cost, in either order, then repeats from a small set: hits on either sign after a miss on
      // the other; zeros and subnormals included.
      float f = switch (k % 4) {
        case 0 -> Float.intBitsToFloat(random.nextInt() & 0x7F7F_FFFF);
        case 1 -> k % 7 == 0 ? 0f : Float.intBitsToFloat(random.nextInt(1 << 23));
        default -> (random.nextInt(40) - 20) / 8f;
      };
      float first = random.nextBoolean() ? f : -f;
      for (float v : new float[] {first, -first, first}) {
        out.number(v).ascii(',');
        expected.append(DoubleFormatter.toString(v)).append(',');
      }
    }
    assertThat(new String(out.toByteArray(), StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
  }

  @Test
  void resetKeepsCapacity() {
    JsonBytes out = new JsonBytes(4).ascii("0123456789");
    byte[] grown = out.array();
    out.reset();
    assertThat(out.length()).isZero();
    assertThat(out.toByteArray()).isEmpty();
    out.ascii("ab");
    assertThat(out.array()).isSameAs(grown);
    assertThat(out.toString()).isEqualTo("ab");
    assertThatThrownBy(() -> new JsonBytes(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void reserveMakesRoomAfterTheContentWithoutAppending() {
    JsonBytes out = new JsonBytes(4).ascii("abcd");
    assertThat(out.array()).hasSize(4);
    assertThat(out.reserve(1)).isSameAs(out);
    assertThat(out.length()).isEqualTo(4);
    assertThat(out.array().length).isGreaterThanOrEqualTo(5);
    assertThat(out.toString()).isEqualTo("abcd");
    byte[] roomy = out.array();
    assertThat(out.reserve(0).reserve(1).array()).as("room already there").isSameAs(roomy);
    out.reserve(100);
    assertThat(out.array().length - out.length()).isGreaterThanOrEqualTo(100);
    assertThat(out.toString()).isEqualTo("abcd");
  }
}
