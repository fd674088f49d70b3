package io.github.vwbinlog.core.event;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * The byte classes that {@link JsonSyntax} and {@link Utf8} find a vector of bytes at a time, with the Vector API
 * ({@code jdk.incubator.vector}): a whole vector of bytes compared at once, the answer read from the mask with
 * {@code anyTrue} and {@code firstTrue} (JDK 17 compiles both to a few instructions; its {@code toLong} costs 25 times
 * as much, measured: docs/PERFORMANCE.md). Each
 * method answers exactly what the scalar loop it shortens would, and stops where fewer than {@link #WIDTH} bytes
 * remain: the caller's scalar loop reads the rest. Only {@link VectorSupport} uses this class, through method handles
 * it looks up by name, and only when that module is in the boot layer: the library never requires it. The build
 * compiles this one class apart (core/pom.xml), with the incubating module and without {@code --release}, and it uses
 * only what the Vector API of JDK 17 already has; it depends on no other class of the library.
 *
 * <pre>{@code
 * VectorScan.stringStop(bytes, 1, bytes.length)   // the index of the first '"', '\\', control or non-ASCII byte
 * }</pre>
 */
final class VectorScan {
  private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;

  /** Bytes a step: 64 with AVX-512, 32 with AVX2, 16 with SSE or NEON. */
  static final int WIDTH = SPECIES.length();

  private VectorScan() {}

  /**
   * The first index from {@code i} of a byte that ends plain string content ({@code '"'}, {@code '\\'}, a control
   * character, a non-ASCII byte: as a signed byte, below 0x20), or the first index from which fewer than
   * {@link #WIDTH} bytes remain before {@code to}.
   */
  static int stringStop(byte[] a, int i, int to) {
    int last = to - WIDTH;
    while (i <= last) {
      ByteVector v = ByteVector.fromArray(SPECIES, a, i);
      VectorMask<Byte> stop = v.lt((byte) 0x20).or(v.eq((byte) '"')).or(v.eq((byte) '\\'));
      if (stop.anyTrue()) {
        return i + stop.firstTrue();
      }
      i += WIDTH;
    }
    return i;
  }

  /**
   * The first index from {@code i} of a byte other than a space, tab, carriage return or newline, or the first index
   * from which fewer than {@link #WIDTH} bytes remain. With {@code fix}, the newlines before that index are turned into
   * spaces.
   */
  static int whitespace(byte[] a, int i, int to, boolean fix) {
    int last = to - WIDTH;
    while (i <= last) {
      ByteVector v = ByteVector.fromArray(SPECIES, a, i);
      VectorMask<Byte> newline = v.eq((byte) '\n');
      VectorMask<Byte> other = v.eq((byte) ' ').or(v.eq((byte) '\t')).or(v.eq((byte) '\r')).or(newline).not();
      boolean end = other.anyTrue();
      if (fix && newline.anyTrue()) {
        if (!end) {
          v.blend((byte) ' ', newline).intoArray(a, i);
        } else {
          // Only the newlines before the first other byte: the scalar scan owns the rest.
          for (int k = i, first = i + other.firstTrue(); k < first; k++) {
            if (a[k] == '\n') {
              a[k] = ' ';
            }
          }
        }
      }
      if (end) {
        return i + other.firstTrue();
      }
      i += WIDTH;
    }
    return i;
  }

  /** The first index from {@code i} of a non-ASCII byte, or the first index from which fewer than {@link #WIDTH} remain. */
  static int nonAscii(byte[] a, int i, int to) {
    int last = to - WIDTH;
    while (i <= last) {
      VectorMask<Byte> high = ByteVector.fromArray(SPECIES, a, i).lt((byte) 0);
      if (high.anyTrue()) {
        return i + high.firstTrue();
      }
      i += WIDTH;
    }
    return i;
  }
}
