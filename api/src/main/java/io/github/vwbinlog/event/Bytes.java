package io.github.vwbinlog.event;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Helpers for the raw-byte components of the event records. */
final class Bytes {
  private Bytes() {}

  /** A read-only view of {@code bytes} from its position to its limit, which the record keeps. */
  static ByteBuffer keep(ByteBuffer bytes, String name) {
    Objects.requireNonNull(bytes, name);
    return bytes.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** A fresh view for a caller, so that moving its position cannot change the record. */
  static ByteBuffer view(ByteBuffer kept) {
    return kept.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** The UTF-8 bytes of a string, as a read-only buffer. */
  static ByteBuffer utf8(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
  }
}
