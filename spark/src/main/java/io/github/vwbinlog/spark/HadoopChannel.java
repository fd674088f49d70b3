package io.github.vwbinlog.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A file of a Hadoop file system as a read-only {@link SeekableByteChannel}, for
 * {@link io.github.vwbinlog.EventBatchReader}'s byte ranges: {@code position(p)} seeks the stream (object stores
 * then read from {@code p}, not from the file's start), {@code size()} is the length the listing gave.
 */
final class HadoopChannel implements SeekableByteChannel {
  private final FSDataInputStream in;
  private final long size;
  private byte[] scratch = new byte[0];
  private boolean open = true;

  HadoopChannel(FSDataInputStream in, long size) {
    this.in = in;
    this.size = size;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    ensureOpen();
    if (!dst.hasRemaining()) {
      return 0;
    }
    if (in.getPos() >= size) {
      return -1;
    }
    int want = (int) Math.min(dst.remaining(), size - in.getPos());
    int n;
    if (dst.hasArray()) {
      n = in.read(dst.array(), dst.arrayOffset() + dst.position(), want);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
    } else {
      if (scratch.length < want) {
        scratch = new byte[Math.min(want, 1 << 20)];
      }
      n = in.read(scratch, 0, Math.min(want, scratch.length));
      if (n > 0) {
        dst.put(scratch, 0, n);
      }
    }
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() throws IOException {
    ensureOpen();
    return in.getPos();
  }

  @Override
  public SeekableByteChannel position(long newPosition) throws IOException {
    ensureOpen();
    if (newPosition < 0) {
      throw new IllegalArgumentException("position " + newPosition);
    }
    if (newPosition != in.getPos()) {
      in.seek(Math.min(newPosition, size));
    }
    return this;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public SeekableByteChannel truncate(long newSize) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() throws IOException {
    if (open) {
      open = false;
      in.close();
    }
  }

  private void ensureOpen() throws IOException {
    if (!open) {
      throw new ClosedChannelException();
    }
  }
}
