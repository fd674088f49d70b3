package io.github.vwbinlog.core.flatbuf;

/**
 * Little-endian reads from a byte array, for the scan of events and its view.
 *
 * <p>Why not a {@link java.nio.ByteBuffer}: each {@code getInt} of a heap buffer is a chain of about eight small JDK
 * methods (index check, scope, offset, unsafe access, reachability fence). Interpreted and in C1 code, during the JIT's
 * warm-up, the chain is several times slower than the four array loads here, and C2 inlines the whole chain at every
 * call site: the scan's per-event methods, with about a hundred reads, took C2 twice as long to compile. These
 * methods are a handful of bytecodes each. Indices are checked by the array accesses themselves.
 */
public final class LittleEndian {
  private LittleEndian() {}

  /** The signed 32-bit value at {@code a[i, i + 4)}. */
  public static int i32(byte[] a, int i) {
    return (a[i] & 0xFF) | (a[i + 1] & 0xFF) << 8 | (a[i + 2] & 0xFF) << 16 | a[i + 3] << 24;
  }

  /** The signed 16-bit value at {@code a[i, i + 2)}. */
  public static short i16(byte[] a, int i) {
    return (short) ((a[i] & 0xFF) | a[i + 1] << 8);
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
