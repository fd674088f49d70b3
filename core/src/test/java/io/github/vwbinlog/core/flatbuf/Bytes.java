package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Little-endian access to a flatbuffer in a byte array, and navigation by the wire format (root, vtable, field
 * slots), so that corrupt-buffer tests can find the byte they break without hard-coding layouts.
 */
final class Bytes {

  private Bytes() {}

  static @Nullable String verify(byte[] bytes, TableType root) {
    return verify(bytes, root, ReadLimits.defaults());
  }

  /**
   * Verifies {@code bytes} through each way the verifier reads: a little-endian heap buffer (read through its array),
   * the same at an offset into a larger array, and through {@code ByteBuffer} reads: read-only, direct, and big-endian
   * ordered (byte-swapped). Every way must give the same answer, which is returned.
   */
  static @Nullable String verify(byte[] bytes, TableType root, ReadLimits limits) {
    int n = bytes.length;
    String answer = FlatVerifier.verify(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), 0, n, root, limits);
    byte[] padded = new byte[n + 16];
    System.arraycopy(bytes, 0, padded, 8, n);
    ByteBuffer slice = ByteBuffer.wrap(padded, 8, n).slice().order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer direct = ByteBuffer.allocateDirect(n).order(ByteOrder.LITTLE_ENDIAN).put(bytes).clear();
    assertThat(FlatVerifier.verify(slice, 0, n, root, limits)).as("array at an offset").isEqualTo(answer);
    assertThat(FlatVerifier.verify(ByteBuffer.wrap(padded).order(ByteOrder.LITTLE_ENDIAN), 8, n, root, limits))
        .as("region at an offset").isEqualTo(answer);
    assertThat(FlatVerifier.verify(ByteBuffer.wrap(bytes).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN), 0, n,
        root, limits)).as("read-only heap buffer").isEqualTo(answer);
    assertThat(FlatVerifier.verify(direct, 0, n, root, limits)).as("direct buffer").isEqualTo(answer);
    assertThat(FlatVerifier.verify(ByteBuffer.wrap(bytes), 0, n, root, limits)).as("big-endian buffer")
        .isEqualTo(answer);
    return answer;
  }

  static int getInt(byte[] b, int pos) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(pos);
  }

  static int getUShort(byte[] b, int pos) {
    return Short.toUnsignedInt(ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getShort(pos));
  }

  static void putInt(byte[] b, int pos, int value) {
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(pos, value);
  }

  static void putShort(byte[] b, int pos, int value) {
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putShort(pos, (short) value);
  }

  /** The position of the root table. */
  static int root(byte[] b) {
    return getInt(b, 0);
  }

  /** The position of a table's vtable. */
  static int vtable(byte[] b, int table) {
    return table - getInt(b, table);
  }

  /** The position of a field's inline bytes, or -1 when the field is absent. */
  static int field(byte[] b, int table, int slot) {
    int vtable = vtable(b, table);
    int entry = 4 + 2 * slot;
    if (entry >= getUShort(b, vtable)) {
      return -1;
    }
    int offset = getUShort(b, vtable + entry);
    return offset == 0 ? -1 : table + offset;
  }

  /** Where the uoffset stored in a field points: a sub-table, vector or string. */
  static int target(byte[] b, int table, int slot) {
    int at = field(b, table, slot);
    if (at < 0) {
      throw new IllegalArgumentException("slot " + slot + " of the table at " + table + " is absent");
    }
    return at + getInt(b, at);
  }

  /** The position of element {@code i}'s target in a vector of offsets. */
  static int element(byte[] b, int vector, int i) {
    int at = vector + 4 + 4 * i;
    return at + getInt(b, at);
  }

  /** A copy with {@code extra} zero bytes appended. */
  static byte[] grow(byte[] b, int extra) {
    return Arrays.copyOf(b, b.length + extra);
  }
}
