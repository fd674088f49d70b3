package io.github.vwbinlog.core.flatbuf;

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

  static @Nullable String verify(byte[] bytes, TableType root, ReadLimits limits) {
    return FlatVerifier.verify(ByteBuffer.wrap(bytes), 0, bytes.length, root, limits);
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
