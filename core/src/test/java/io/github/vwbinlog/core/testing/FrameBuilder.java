package io.github.vwbinlog.core.testing;

import io.github.vwbinlog.MessageType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Random;

/**
 * Assembles the framing bytes of a joined log by hand, exactly as SPEC §1 lays them out: a u32 type, then the inline
 * version (FILEMAGIC), nothing (EOF), or a u32 size, the payload and {@code size % 8} padding bytes. Payloads are
 * opaque here; the framing never looks inside them.
 *
 * <pre>{@code
 * byte[] log = new FrameBuilder().fileMagic(1).header(new byte[36]).regular(payload).eof().toByteArray();
 * }</pre>
 */
public final class FrameBuilder {
  /** HEADER's type value. */
  public static final int HEADER = MessageType.HEADER.code();
  /** CHECKPOINT's type value. */
  public static final int CHECKPOINT = MessageType.CHECKPOINT.code();
  /** REGULAR's type value. */
  public static final int REGULAR = MessageType.REGULAR.code();
  /** FILEMAGIC's type value. */
  public static final int FILEMAGIC = MessageType.FILEMAGIC.code();
  /** EOF's type value. */
  public static final int EOF = MessageType.EOF.code();

  private final OutputStream out;
  private final ByteArrayOutputStream memory;
  private long size;
  private byte paddingByte;

  /** Builds in memory; {@link #toByteArray()} gives the bytes. */
  public FrameBuilder() {
    this.memory = new ByteArrayOutputStream();
    this.out = memory;
  }

  /** Writes to a stream (for logs too large for memory); {@link #toByteArray()} is then unavailable. */
  public FrameBuilder(OutputStream out) {
    this.memory = null;
    this.out = out;
  }

  /** Pads with this byte from now on (the reader never validates padding; joiners write zeros). */
  public FrameBuilder paddingByte(int value) {
    paddingByte = (byte) value;
    return this;
  }

  /** A FILEMAGIC message: the type and the inline 4-byte version. */
  public FrameBuilder fileMagic(long version) {
    return u32(FILEMAGIC).u32((int) version);
  }

  /** A HEADER message with this payload. */
  public FrameBuilder header(byte[] payload) {
    return message(HEADER, payload);
  }

  /** A CHECKPOINT message with this payload. */
  public FrameBuilder checkpoint(byte[] payload) {
    return message(CHECKPOINT, payload);
  }

  /** A REGULAR message with this payload. */
  public FrameBuilder regular(byte[] payload) {
    return message(REGULAR, payload);
  }

  /** An EOF message followed by 4 zero bytes, as joiner.py writes it. */
  public FrameBuilder eof() {
    return u32(EOF).u32(0);
  }

  /** An EOF type field alone. */
  public FrameBuilder eofTypeOnly() {
    return u32(EOF);
  }

  /** A sized message of any type: type, size, payload, then {@code size % 8} padding bytes. */
  public FrameBuilder message(int type, byte[] payload) {
    u32(type).u32(payload.length).raw(payload);
    for (int i = 0; i < payload.length % 8; i++) {
      raw(paddingByte);
    }
    return this;
  }

  /** A little-endian u32. */
  public FrameBuilder u32(int value) {
    return raw((byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24));
  }

  /** Bytes as they are. */
  public FrameBuilder raw(byte... bytes) {
    try {
      out.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    size += bytes.length;
    return this;
  }

  /** The number of bytes written so far: the offset of the next message. */
  public long size() {
    return size;
  }

  /** The bytes built in memory. */
  public byte[] toByteArray() {
    if (memory == null) {
      throw new IllegalStateException("this builder writes to a stream");
    }
    return memory.toByteArray();
  }

  /** {@code n} pseudo-random bytes from {@code random}. */
  public static byte[] randomBytes(Random random, int n) {
    byte[] bytes = new byte[n];
    random.nextBytes(bytes);
    return bytes;
  }

  /** {@code n} bytes counting up from {@code first}, wrapping: easy to recognise in a failure message. */
  public static byte[] counting(int n, int first) {
    byte[] bytes = new byte[n];
    for (int i = 0; i < n; i++) {
      bytes[i] = (byte) (first + i);
    }
    return bytes;
  }
}
