package io.github.vwbinlog.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The methods a conversion uses: absolute slices of buffers, truncation, and the number text cache. */
class JsonBytesConversionTest {

  @Test
  void numbersFromTheCacheAreTheFormattersText() {
    Random random = new Random(3);
    float[] pool = new float[3000];
    for (int i = 0; i < pool.length; i++) {
      float f;
      do {
        f = random.nextBoolean() ? random.nextFloat() : Float.intBitsToFloat(random.nextInt());
      } while (!Float.isFinite(f));
      pool[i] = f;
    }
    JsonBytes out = new JsonBytes();
    for (int n = 0; n < 100_000; n++) {
      // Values repeat (cache hits) and collide in slots (evictions).
      float f = pool[random.nextInt(random.nextBoolean() ? 20 : pool.length)];
      out.reset();
      out.number(f);
      assertThat(out.toString()).as("%s", f).isEqualTo(DoubleFormatter.toString(f));
    }
    out.reset();
    out.number(-0f).number(0f);
    assertThat(out.toString()).isEqualTo("-0.00.0");
    assertThatThrownBy(() -> new JsonBytes().number(Float.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new JsonBytes().number(Float.intBitsToFloat(0x7FC0_0000)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void slicesOfBuffersAndTruncation() {
    byte[] bytes = "xx{\"a\"\n\u0001}yy".getBytes(StandardCharsets.UTF_8);
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    JsonBytes out = new JsonBytes(0);
    out.raw(direct, 2, 8);
    assertThat(out.toString()).isEqualTo("{\"a\"\n\u0001}y");
    int mark = out.length();
    out.string(bytes, 2, 7);
    assertThat(out.toString().substring(mark)).isEqualTo("\"{\\\"a\\\"\\n\\u0001}\"");
    JsonBytes viaBuffer = new JsonBytes();
    viaBuffer.string(ByteBuffer.wrap(bytes, 2, 7));
    assertThat(out.toString().substring(mark)).isEqualTo(viaBuffer.toString());
    out.truncate(mark);
    assertThat(out.toString()).isEqualTo("{\"a\"\n\u0001}y");
    assertThat(direct.position()).isZero();
    assertThatThrownBy(() -> out.truncate(out.length() + 1)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
