package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i16;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;

/**
 * Reads of flatbuffer tables and strings in a byte array that {@link io.github.vwbinlog.core.flatbuf.FlatVerifier}
 * has verified, for the conversion fast path ({@link MessageScan} and {@link GroupLineWriter}). Positions are absolute
 * indexes into the array; an absent field reads as 0, the flatbuffer default. Stateless.
 */
final class FlatReads {
  private FlatReads() {}

  /** The position of a table field's inline value, or 0 when the field is absent. */
  static int field(byte[] b, int table, int slot) {
    int vtable = table - i32(b, table);
    int entry = 4 + 2 * slot;
    if (entry >= (i16(b, vtable) & 0xFFFF)) {
      return 0;
    }
    int offset = i16(b, vtable + entry) & 0xFFFF;
    return offset == 0 ? 0 : table + offset;
  }

  /** The table that element {@code k} of a vector of tables points to. */
  static int element(byte[] b, int vector, int k) {
    int at = vector + 4 + 4 * k;
    return at + i32(b, at);
  }

  static byte byteField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b[f];
  }

  static float floatField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0f : f32(b, f);
  }

  static int intField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : i32(b, f);
  }

  /** Whether {@code a[ai, ai + length)} and {@code b[bi, bi + length)} hold the same bytes. */
  static boolean sameBytes(byte[] a, int ai, byte[] b, int bi, int length) {
    int k = 0;
    for (; k + 8 <= length; k += 8) {
      if (i64(a, ai + k) != i64(b, bi + k)) {
        return false;
      }
    }
    for (; k < length; k++) {
      if (a[ai + k] != b[bi + k]) {
        return false;
      }
    }
    return true;
  }

  /** Whether every byte of {@code b[pos, pos + len)} is ASCII. */
  static boolean ascii(byte[] b, int pos, int len) {
    int k = 0;
    for (; k + 8 <= len; k += 8) {
      if ((i64(b, pos + k) & 0x8080_8080_8080_8080L) != 0) {
        return false;
      }
    }
    for (; k < len; k++) {
      if (b[pos + k] < 0) {
        return false;
      }
    }
    return true;
  }
}
