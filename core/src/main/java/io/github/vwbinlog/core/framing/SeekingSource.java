package io.github.vwbinlog.core.framing;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;

/**
 * A {@link ByteSource} over a seekable channel for framing a log without reading it: fields are read through a small
 * window (512 bytes), and {@link #skip(long)} moves the position without reading, so the messages' payloads that are
 * skipped cost a seek. What planning byte ranges uses ({@code RangePlanner}); a reader of payloads uses the mapped or
 * channel sources.
 */
public final class SeekingSource extends ByteSource {
  private static final int WINDOW = 512;

  private final SeekableByteChannel channel;
  private final long size;
  private final ByteBuffer window = ByteBuffer.allocate(WINDOW).order(ByteOrder.LITTLE_ENDIAN).limit(0);
  /** The offset of {@link #window}'s first byte. */
  private long windowStart;
  private long position;
  private long read;

  /** A source over {@code channel} from offset 0 to its size. */
  public SeekingSource(SeekableByteChannel channel) throws IOException {
    this.channel = channel;
    this.size = channel.size();
  }

  /** The bytes read from the channel so far (for tests). */
  public long bytesRead() {
    return read;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public long size() {
    return size;
  }

  private int index() {
    return (int) (position - windowStart);
  }

  @Override
  public int fill(int n) throws IOException {
    if (position < windowStart || position + n > windowStart + window.limit()) {
      window.clear();
      int want = (int) Math.min(WINDOW, size - position);
      window.limit(Math.max(want, 0));
      channel.position(position);
      while (window.hasRemaining()) {
        int got = channel.read(window);
        if (got < 0) {
          break;
        }
        read += got;
      }
      window.flip();
      windowStart = position;
    }
    return (int) Math.max(0, Math.min(n, windowStart + window.limit() - position));
  }

  @Override
  public int getInt() {
    int value = window.getInt(index());
    position += 4;
    return value;
  }

  @Override
  public int peekInt() {
    return window.getInt(index());
  }

  @Override
  public ByteBuffer payload(int n) throws IOException {
    int length = (int) Math.min(n, Math.max(0, size - position));
    ByteBuffer out = ByteBuffer.allocate(length);
    if (position >= windowStart && position < windowStart + window.limit()) {
      int buffered = (int) Math.min(length, windowStart + window.limit() - position);
      out.put(window.slice(index(), buffered));
    }
    channel.position(position + out.position());
    while (out.hasRemaining()) {
      int got = channel.read(out);
      if (got < 0) {
        throw new EOFException("the input ended at " + (position + out.position()) + " of " + size + " bytes");
      }
      read += got;
    }
    position += length;
    out.flip();
    return out.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public long skip(long n) {
    long length = Math.max(0, Math.min(n, size - position));
    position += length;
    return length;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
