package io.github.vwbinlog.core.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * In-memory channels for the reader's and writer's tests: one that reads bytes a few at a time and one that collects
 * what is written; both record whether they were closed.
 */
public final class TestChannels {
  private TestChannels() {}

  /** A channel that is open until {@link #close()}. */
  private abstract static class Closable implements Channel {
    private boolean open = true;

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() {
      open = false;
    }
  }

  /** A channel that hands out at most {@code step} bytes per read, as a slow network would. */
  public static final class Trickle extends Closable implements ReadableByteChannel {
    private final ByteBuffer bytes;
    private final int step;

    /** Reads {@code bytes}, at most {@code step} of them per read. */
    public Trickle(byte[] bytes, int step) {
      this.bytes = ByteBuffer.wrap(bytes);
      this.step = step;
    }

    @Override
    public int read(ByteBuffer dst) {
      if (!bytes.hasRemaining()) {
        return -1;
      }
      int n = Math.min(step, Math.min(dst.remaining(), bytes.remaining()));
      dst.put(bytes.slice(bytes.position(), n));
      bytes.position(bytes.position() + n);
      return n;
    }
  }

  /** A channel that keeps what it is given, accepting at most 1000 bytes per write as real channels may. */
  public static class Collecting extends Closable implements WritableByteChannel {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public int write(ByteBuffer src) throws IOException {
      int n = Math.min(src.remaining(), 1000);
      byte[] chunk = new byte[n];
      src.get(chunk);
      bytes.write(chunk);
      return n;
    }

    /** What was written so far. */
    public byte[] bytes() {
      return bytes.toByteArray();
    }
  }
}
