package io.github.vwbinlog.core.write;

import io.github.vwbinlog.MessageType;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;

/**
 * Frames messages onto a channel (SPEC §1), through a small buffer so that type and size fields do not cost a write
 * each. A sized message is its type, its {@code u32} size, the payload and {@code size % 8} zero bytes; FILEMAGIC is
 * its type and version; EOF is its type, optionally followed by a 4-byte size field that readers never read.
 */
final class FrameWriter implements Closeable {
  private static final int BUFFER_SIZE = 64 * 1024;

  private final WritableByteChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
  private long position;

  FrameWriter(WritableByteChannel channel) {
    this.channel = channel;
  }

  /** The bytes written so far, buffered ones included. */
  long position() {
    return position;
  }

  /** Writes a FILEMAGIC message: no size field and no padding. */
  void fileMagic(long version) throws IOException {
    putInt(MessageType.FILEMAGIC.code());
    putInt((int) version);
  }

  /** Writes a sized message; the payload's position is left unchanged. */
  void sized(int typeCode, ByteBuffer payload) throws IOException {
    int size = payload.remaining();
    putInt(typeCode);
    putInt(size);
    put(payload.duplicate());
    // VW skips size % 8 bytes after a payload, which is not the padding to the next multiple of 8 (SPEC §1).
    for (int i = 0; i < size % 8; i++) {
      putByte((byte) 0);
    }
  }

  /** Writes an EOF message's type, and the 4 bytes after it when {@code withSizeField}. */
  void eof(boolean withSizeField, long sizeField) throws IOException {
    putInt(MessageType.EOF.code());
    if (withSizeField) {
      putInt((int) sizeField);
    }
  }

  /** Writes the buffered bytes to the channel. */
  void flush() throws IOException {
    buffer.flip();
    writeFully(buffer);
    buffer.clear();
  }

  @Override
  public void close() throws IOException {
    try {
      flush();
    } finally {
      channel.close();
    }
  }

  private void putInt(int value) throws IOException {
    ensure(4);
    buffer.putInt(value);
    position += 4;
  }

  private void putByte(byte value) throws IOException {
    ensure(1);
    buffer.put(value);
    position++;
  }

  private void put(ByteBuffer bytes) throws IOException {
    int length = bytes.remaining();
    if (length <= buffer.remaining()) {
      buffer.put(bytes);
    } else {
      flush();
      if (length < buffer.capacity()) {
        buffer.put(bytes);
      } else {
        writeFully(bytes);
      }
    }
    position += length;
  }

  private void ensure(int bytes) throws IOException {
    if (buffer.remaining() < bytes) {
      flush();
    }
  }

  private void writeFully(ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }
}
