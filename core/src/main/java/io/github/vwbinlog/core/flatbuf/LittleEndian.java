package io.github.vwbinlog.core.flatbuf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian reads from a byte array, for the scan of events and its view.
 *
 * <p>Why not a {@link java.nio.ByteBuffer}: each {@code getInt} of a heap buffer is a chain of about eight small JDK
 * methods (index check, scope, offset, unsafe access, reachability fence), and C2 inlines the whole chain at every
 * call site: the scan's per-event methods, with about a hundred reads, took C2 twice as long to compile. The 32- and
 * 16-bit reads go through a byte-array view {@link VarHandle} instead, which C2 compiles to one load and one index
 * check, where the four byte loads, shifts and ors they replace were about a tenth of the steady conversion's samples
 * (docs/PERFORMANCE.md, "A reward's text once, one load per field"; the byte loads cost 11% more CPU in the whole
 * conversion, {@code ConvertInTurn}). Only the interpreter and C1's profiled code (tier 3) read a {@code VarHandle}
 * slower than byte loads ({@code FieldReadTiming}); neither byte loads nor a read kept out of C1's inlining shortened a
 * run's warm-up. Indices are checked as array accesses are ({@link ArrayIndexOutOfBoundsException}).
 */
public final class LittleEndian {
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  private LittleEndian() {}

  /** The signed 32-bit value at {@code a[i, i + 4)}. */
  public static int i32(byte[] a, int i) {
    return (int) INTS.get(a, i);
  }

  /** The signed 16-bit value at {@code a[i, i + 2)}. */
  public static short i16(byte[] a, int i) {
    return (short) SHORTS.get(a, i);
  }

  /** The signed 64-bit value at {@code a[i, i + 8)}. */
  public static long i64(byte[] a, int i) {
    return (i32(a, i) & 0xFFFF_FFFFL) | (long) i32(a, i + 4) << 32;
  }

  /** The binary32 value at {@code a[i, i + 4)}. */
  public static float f32(byte[] a, int i) {
    return Float.intBitsToFloat(i32(a, i));
  }
}
