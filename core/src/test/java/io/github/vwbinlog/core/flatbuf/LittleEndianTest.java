package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LittleEndian} reads what a little-endian {@link ByteBuffer} reads, at every position. */
class LittleEndianTest {

  @Test
  void readsAsALittleEndianBuffer() {
    Random random = new Random(7);
    byte[] bytes = new byte[4096];
    random.nextBytes(bytes);
    // Extremes where sign extension could go wrong.
    bytes[0] = (byte) 0x80;
    bytes[7] = (byte) 0xFF;
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i + 8 <= bytes.length; i++) {
      assertThat(LittleEndian.i16(bytes, i)).isEqualTo(buffer.getShort(i));
      assertThat(LittleEndian.i32(bytes, i)).isEqualTo(buffer.getInt(i));
      assertThat(LittleEndian.i64(bytes, i)).isEqualTo(buffer.getLong(i));
      assertThat(Float.floatToRawIntBits(LittleEndian.f32(bytes, i)))
          .isEqualTo(Float.floatToRawIntBits(buffer.getFloat(i)));
    }
  }

  @Test
  void knownValues() {
    byte[] bytes = {(byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F, 1, 0, 0, (byte) 0x80};
    assertThat(LittleEndian.i16(bytes, 0)).isEqualTo((short) -2);
    assertThat(LittleEndian.i32(bytes, 0)).isEqualTo(Integer.MAX_VALUE - 1);
    assertThat(LittleEndian.i32(bytes, 4)).isEqualTo(Integer.MIN_VALUE + 1);
    assertThat(LittleEndian.i64(bytes, 0)).isEqualTo(0x8000_0001_7FFF_FFFEL);
  }

  @Test
  void outsideTheArrayThrows() {
    byte[] bytes = new byte[4];
    assertThatThrownBy(() -> LittleEndian.i32(bytes, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> LittleEndian.i16(bytes, -1)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
