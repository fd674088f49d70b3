package io.github.vwbinlog.core.event;

import io.github.vwbinlog.DiagnosticReason;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 as RFC 3629 defines it (no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence or
 * lone continuation byte): strict decoding of flatbuffer strings, and the check of raw bytes that are written as they
 * are (contexts). FlatBuffers strings must be UTF-8; decoding leniently would replace bad bytes silently and change
 * the DSJSON output, so a string that is not UTF-8 makes its unit malformed instead. JSON text must be UTF-8 (RFC 8259
 * §8.1), so a context that is not is never written (SPEC §0 item 3).
 *
 * <pre>{@code
 * Utf8.firstInvalid(bytes, 0, bytes.length)   // -1 when every byte is part of a valid sequence
 * }</pre>
 */
public final class Utf8 {
  private static final ThreadLocal<CharsetDecoder> DECODER = ThreadLocal.withInitial(() ->
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT));

  private Utf8() {}

  /** Decodes {@code bytes} from position to limit, or fails naming {@code what} and {@code reason}. */
  static String decode(ByteBuffer bytes, String what, DiagnosticReason reason) throws DecodeException {
    if (isAscii(bytes)) {
      byte[] ascii = new byte[bytes.remaining()];
      bytes.duplicate().get(ascii);
      return new String(ascii, StandardCharsets.ISO_8859_1);
    }
    try {
      return DECODER.get().reset().decode(bytes.duplicate()).toString();
    } catch (CharacterCodingException e) {
      throw new DecodeException(reason, what + " is not valid UTF-8");
    }
  }

  private static boolean isAscii(ByteBuffer bytes) {
    for (int i = bytes.position(); i < bytes.limit(); i++) {
      if (bytes.get(i) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The position after the multi-byte sequence whose lead byte is at {@code i}, or -1 when {@code a[i..to)} does not
   * start with a valid one. {@code a[i]} must be 0x80 or above: ASCII is the callers' fast path.
   */
  static int sequenceEnd(byte[] a, int i, int to) {
    int b0 = a[i] & 0xFF;
    int n;
    int min;
    int max;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      n = 2;
      min = 0x80;
      max = 0xBF;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      n = 3;
      // The second byte's range excludes the overlong forms (E0) and the surrogates (ED).
      min = b0 == 0xE0 ? 0xA0 : 0x80;
      max = b0 == 0xED ? 0x9F : 0xBF;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      n = 4;
      // Likewise for the overlong forms (F0) and what lies above U+10FFFF (F4).
      min = b0 == 0xF0 ? 0x90 : 0x80;
      max = b0 == 0xF4 ? 0x8F : 0xBF;
    } else {
      return -1; // a continuation byte, C0 or C1 (always overlong), or F5..FF
    }
    if (to - i < n) {
      return -1;
    }
    int b1 = a[i + 1] & 0xFF;
    if (b1 < min || b1 > max) {
      return -1;
    }
    for (int k = 2; k < n; k++) {
      if ((a[i + k] & 0xC0) != 0x80) {
        return -1;
      }
    }
    return i + n;
  }

  /**
   * The index of the first byte of {@code a[from..to)} that is not part of a valid UTF-8 sequence, or -1. Runs of ASCII
   * are skipped a vector of bytes at a time when the JVM has {@code jdk.incubator.vector} ({@link VectorSupport}).
   */
  public static int firstInvalid(byte[] a, int from, int to) {
    return firstInvalid(a, from, to, VectorSupport.ENABLED);
  }

  /**
   * {@link #firstInvalid(byte[], int, int)} with runs of ASCII skipped a vector at a time ({@link VectorSupport}) or a
   * byte at a time, whatever {@link VectorSupport#ENABLED} says: for the tests that compare the two.
   */
  static int firstInvalid(byte[] a, int from, int to, boolean vector) {
    java.util.Objects.checkFromToIndex(from, to, a.length);
    int i = from;
    while (i < to) {
      if (a[i] >= 0) {
        i++;
        if (vector) {
          i = VectorSupport.nonAscii(a, i, to);
        }
        continue;
      }
      int end = sequenceEnd(a, i, to);
      if (end < 0) {
        return i;
      }
      i = end;
    }
    return -1;
  }
}
