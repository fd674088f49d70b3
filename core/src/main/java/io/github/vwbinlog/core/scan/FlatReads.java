package io.github.vwbinlog.core.scan;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i16;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads of flatbuffer tables and strings in a byte array that {@link io.github.vwbinlog.core.flatbuf.FlatVerifier}
 * has verified, for the one reader of events ({@link MessageScan}) and the join's view of what it read
 * ({@code ScanView}). Positions are absolute indexes into the array; an absent field reads as 0, the flatbuffer
 * default. Stateless.
 */
public final class FlatReads {
  private FlatReads() {}

  /** What {@link #textKind} says of a string: a byte from 0x80 up. */
  static final int NOT_ASCII = 0;
  /** What {@link #textKind} says of a string: ASCII with a byte JSON escapes (a control character, '"' or '\\'). */
  static final int ESCAPED = 1;
  /** What {@link #textKind} says of a string: ASCII that JSON writes as it is. */
  static final int PLAIN = 2;

  /** Eight bytes of an array as one little-endian long, in one load once compiled (see {@code JsonSyntax}). */
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long TOPS = 0x8080_8080_8080_8080L;

  /** The position of a table field's inline value, or 0 when the field is absent. */
  public static int field(byte[] b, int table, int slot) {
    int vtable = table - i32(b, table);
    int entry = 4 + 2 * slot;
    if (entry >= (i16(b, vtable) & 0xFFFF)) {
      return 0;
    }
    int offset = i16(b, vtable + entry) & 0xFFFF;
    return offset == 0 ? 0 : table + offset;
  }

  /** The table that element {@code k} of a vector of tables points to. */
  public static int element(byte[] b, int vector, int k) {
    int at = vector + 4 + 4 * k;
    return at + i32(b, at);
  }

  /** A table's byte field, or 0 when it is absent. */
  public static byte byteField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : b[f];
  }

  /** A table's float field, or 0 when it is absent. */
  public static float floatField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0f : f32(b, f);
  }

  /** A table's int field, or 0 when it is absent. */
  public static int intField(byte[] b, int table, int slot) {
    int f = field(b, table, slot);
    return f == 0 ? 0 : i32(b, f);
  }

  /** Whether {@code a[ai, ai + length)} and {@code b[bi, bi + length)} hold the same bytes. */
  public static boolean sameBytes(byte[] a, int ai, byte[] b, int bi, int length) {
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

  /**
   * {@link #NOT_ASCII}, {@link #ESCAPED} or {@link #PLAIN}: what {@code b[pos, pos + len)} is as the text of a JSON
   * string. Eight bytes at a time while eight remain (event ids are 36-byte UUIDs): a byte's top bit marks non-ASCII,
   * and the classic tests for a zero byte ({@code (x - 0x01..) & ~x}, on the bytes XOR '"' and XOR '\\') and for a
   * byte below 0x20 ({@code (x - 0x20..) & ~x}) set the top bit of some byte exactly when the eight hold such a byte.
   */
  static int textKind(byte[] b, int pos, int len) {
    long high = 0;
    long escape = 0;
    int k = 0;
    for (; k + 8 <= len; k += 8) {
      long w = (long) LONGS.get(b, pos + k);
      long quote = w ^ 0x2222_2222_2222_2222L;
      long backslash = w ^ 0x5C5C_5C5C_5C5C_5C5CL;
      high |= w;
      escape |= quote - ONES & ~quote | backslash - ONES & ~backslash | w - 0x2020_2020_2020_2020L & ~w;
    }
    boolean plain = true;
    for (; k < len; k++) {
      byte c = b[pos + k];
      high |= c;
      plain &= c >= 0x20 && c != '"' && c != '\\';
    }
    if ((high & TOPS) != 0) {
      return NOT_ASCII;
    }
    return plain && (escape & TOPS) == 0 ? PLAIN : ESCAPED;
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
