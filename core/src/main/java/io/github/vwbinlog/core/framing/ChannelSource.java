package io.github.vwbinlog.core.framing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;

/**
 * A {@link ByteSource} over a blocking channel, read strictly forward. Fields are read through a 64 KiB buffer; each
 * payload is read into a buffer of its own (so a returned payload stays valid after the next read), which starts at
 * 64 KiB and doubles only when it is full and more bytes are declared. So a false size claim costs at most twice the
 * bytes that really arrive, and memory is bounded by the largest message, not the input.
 */
final class ChannelSource extends ByteSource {
  private static final int FIELD_BUFFER = 64 * 1024;
  private static final int FIRST_CHUNK = 64 * 1024;

  private final ReadableByteChannel channel;
  private final ByteBuffer fields = ByteBuffer.allocate(FIELD_BUFFER).order(ByteOrder.LITTLE_ENDIAN).limit(0);
  private long position;
  private boolean ended;

  ChannelSource(ReadableByteChannel channel) {
    this(channel, 0);
  }

  /** A source whose first byte is at offset {@code position} of the input (a channel positioned there). */
  ChannelSource(ReadableByteChannel channel, long position) {
    this.channel = channel;
    this.position = position;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public long size() {
    return -1;
  }

  @Override
  public int fill(int n) throws IOException {
    if (fields.remaining() < n && !ended) {
      fields.compact();
      while (fields.position() < n && !ended) {
        if (channel.read(fields) < 0) {
          ended = true;
        }
      }
      fields.flip();
    }
    return Math.min(n, fields.remaining());
  }

  @Override
  public int getInt() {
    position += 4;
    return fields.getInt();
  }

  @Override
  public int peekInt() {
    return fields.getInt(fields.position());
  }

  @Override
  public ByteBuffer payload(int n) throws IOException {
    ByteBuffer out = ByteBuffer.allocate(Math.min(n, FIRST_CHUNK));
    int buffered = Math.min(n, fields.remaining());
    out.put(fields.slice(fields.position(), buffered));
    fields.position(fields.position() + buffered);
    while (out.position() < n && !ended) {
      if (!out.hasRemaining()) {
        out = grow(out, n);
      }
      if (channel.read(out) < 0) {
        ended = true;
      }
    }
    position += out.position();
    out.flip();
    return out.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  private static ByteBuffer grow(ByteBuffer full, int n) {
    int capacity = (int) Math.min(n, Math.max(2L * full.capacity(), FIRST_CHUNK));
    ByteBuffer bigger = ByteBuffer.allocate(capacity);
    full.flip();
    return bigger.put(full);
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = 0;
    while (skipped < n) {
      if (!fields.hasRemaining()) {
        if (ended) {
          break;
        }
        fields.clear();
        if (channel.read(fields) < 0) {
          ended = true;
        }
        fields.flip();
        continue;
      }
      int step = (int) Math.min(n - skipped, fields.remaining());
      fields.position(fields.position() + step);
      skipped += step;
    }
    position += skipped;
    return skipped;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
