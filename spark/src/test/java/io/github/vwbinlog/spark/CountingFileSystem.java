package io.github.vwbinlog.spark;

import java.io.FilterInputStream;
import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

/**
 * For the tests that count what a read costs: the local file system under the scheme {@code vwcount:}, counting the
 * bytes each opened stream reads, the lowest position it read at, and whether a task (an executor thread) or the
 * driver opened it. Register it with {@code fs.vwcount.impl}.
 */
public final class CountingFileSystem extends org.apache.hadoop.fs.RawLocalFileSystem {
  static final ConcurrentLinkedQueue<Counted> STREAMS = new ConcurrentLinkedQueue<>();

  /** What one stream read: its bytes, the lowest position it read at, and whether a task opened it. */
  static final class Counted {
    final AtomicLong read = new AtomicLong();
    final AtomicLong lowest = new AtomicLong(Long.MAX_VALUE);
    final boolean task = Thread.currentThread().getName().startsWith("Executor task launch worker");
  }

  /** Hadoop makes one by reflection. */
  public CountingFileSystem() {}

  @Override
  public String getScheme() {
    return "vwcount";
  }

  @Override
  public java.net.URI getUri() {
    return java.net.URI.create("vwcount:///");
  }

  @Override
  protected void checkPath(org.apache.hadoop.fs.Path path) {
    // any path of this scheme
  }

  @Override
  public FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize) throws IOException {
    FSDataInputStream in = super.open(f, bufferSize);
    Counted counted = new Counted();
    STREAMS.add(counted);
    return new FSDataInputStream(new CountingStream(in, counted));
  }

  /** A seekable stream counting what is read. */
  private static final class CountingStream extends FilterInputStream implements Seekable, PositionedReadable {
    private final FSDataInputStream in;
    private final Counted counted;

    CountingStream(FSDataInputStream in, Counted counted) {
      super(in);
      this.in = in;
      this.counted = counted;
    }

    private int count(long at, int n) {
      if (n > 0) {
        counted.read.addAndGet(n);
        counted.lowest.accumulateAndGet(at, Math::min);
      }
      return n;
    }

    @Override
    public int read() throws IOException {
      long at = in.getPos();
      int b = in.read();
      count(at, b < 0 ? -1 : 1);
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      long at = in.getPos();
      return count(at, in.read(b, off, len));
    }

    @Override
    public void seek(long pos) throws IOException {
      in.seek(pos);
    }

    @Override
    public long getPos() throws IOException {
      return in.getPos();
    }

    @Override
    public boolean seekToNewSource(long targetPos) throws IOException {
      return in.seekToNewSource(targetPos);
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
      return count(position, in.read(position, buffer, offset, length));
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
      in.readFully(position, buffer, offset, length);
      count(position, length);
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
      readFully(position, buffer, 0, buffer.length);
    }
  }
}
