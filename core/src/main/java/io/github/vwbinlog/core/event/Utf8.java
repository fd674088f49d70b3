package io.github.vwbinlog.core.event;

import io.github.vwbinlog.DiagnosticReason;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 decoding of flatbuffer strings. FlatBuffers strings must be UTF-8; decoding leniently would replace bad
 * bytes silently and change the DSJSON output, so a string that is not UTF-8 makes its unit malformed instead.
 */
final class Utf8 {
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
}
