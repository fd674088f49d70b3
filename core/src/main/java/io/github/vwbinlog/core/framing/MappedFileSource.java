package io.github.vwbinlog.core.framing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A {@link ByteSource} over a memory-mapped file of any size. It maps a window of the file at a time and moves the
 * window forward when a field or payload would cross its end, so every payload is one slice of one mapping (a message
 * is never split). Payload slices keep their mapping alive after the window moves on; the JVM unmaps a window when
 * nothing refers to it any more.
 *
 * <p>A window is {@code windowSize} bytes, or the size of the payload it must hold when that is larger, and never
 * more than {@code Integer.MAX_VALUE} bytes (a Java buffer's limit); positions are {@code long}, so files above 2 GiB
 * are read window after window. Padding and skipped payloads are passed over without mapping them.
 *
 * <p>The frame fields (a message's type and size, an event file's batch preamble) are read from the file into a small
 * buffer, a few KiB at a time, not through the mapping: the first access to a page of a new mapping costs a page
 * fault, and on some hosts one such fault per message cost a tenth of a conversion (docs/PERFORMANCE.md, "No page of
 * the mapped log touched"). A payload's pages are then touched only by whoever reads its view; the scan reads it from
 * the file too ({@link #copyInPlacePayload}, and {@link #readAt} for the parts of a parallel join).
 */
final class MappedFileSource extends ByteSource {
  /** How many bytes a read of the frame fields brings: the frames of many small messages at once. */
  static final int FRAME_READ = 4096;

  private final FileChannel channel;
  /** The start of the bytes read: 0, or the start of the range read. */
  private final long start;
  /** The end of the bytes read: the file's size, or the end of the range read when it is smaller. */
  private final long fileSize;
  private final long windowSize;
  private MappedByteBuffer window;
  private long windowStart;
  private long position;
  /** The bytes of the file from {@link #framesStart} on, as last read for frame fields; its limit is how many. */
  private final ByteBuffer frames = ByteBuffer.allocateDirect(FRAME_READ).order(ByteOrder.LITTLE_ENDIAN).limit(0);
  private long framesStart;

  /**
   * Maps the first window of {@code channel}.
   *
   * @param windowSize how many bytes to map at once, at most {@code Integer.MAX_VALUE}
   */
  MappedFileSource(FileChannel channel, long windowSize) throws IOException {
    this(channel, windowSize, 0, Long.MAX_VALUE);
  }

  /**
   * Maps the first window of the bytes {@code [start, limit)} of {@code channel}, read as if the file ended at
   * {@code limit} (or at its end, when that comes first): nothing outside them is ever mapped. Positions are the
   * file's.
   */
  MappedFileSource(FileChannel channel, long windowSize, long start, long limit) throws IOException {
    if (windowSize <= 0 || windowSize > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("window size " + windowSize);
    }
    this.channel = channel;
    this.fileSize = Math.min(channel.size(), limit);
    this.windowSize = windowSize;
    this.position = Math.min(start, fileSize);
    this.start = position;
    map(position, (int) Math.min(windowSize, fileSize - position));
  }

  private void map(long start, int length) throws IOException {
    window = channel.map(FileChannel.MapMode.READ_ONLY, start, length);
    window.order(ByteOrder.LITTLE_ENDIAN);
    windowStart = start;
  }

  /**
   * Makes {@code [position, position + n)} lie in the window, as far as the file has those bytes, by mapping a new
   * window that starts at the position when it does not. {@code n} is at most {@code Integer.MAX_VALUE}.
   */
  private void cover(long n) throws IOException {
    long end = Math.min(position + n, fileSize);
    if (end > windowStart + window.capacity()) {
      long length = Math.min(Math.max(windowSize, end - position), fileSize - position);
      map(position, (int) length);
    }
  }

  /** The start of the current window, for tests. */
  long windowStart() {
    return windowStart;
  }

  /** The length of the current window, for tests. */
  int windowLength() {
    return window.capacity();
  }

  private int index() {
    return (int) (position - windowStart);
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public long size() {
    return fileSize;
  }

  @Override
  public int fill(int n) throws IOException {
    cover(n);
    int available = (int) Math.min(n, fileSize - position);
    if (available > 0 && (position < framesStart || position + available > framesStart + frames.limit())) {
      readFrames();
    }
    return available;
  }

  /** Reads the file from the position into {@link #frames}: up to {@link #FRAME_READ} bytes, fewer at its end. */
  private void readFrames() throws IOException {
    frames.clear().limit((int) Math.min(FRAME_READ, fileSize - position));
    framesStart = position;
    while (frames.hasRemaining() && channel.read(frames, framesStart + frames.position()) >= 0) {
      // a short read: read on
    }
    frames.flip();
  }

  @Override
  public int getInt() {
    int value = peekInt();
    position += 4;
    return value;
  }

  /** From the frame bytes read, or through the mapping if they do not hold it (the file shrank under the read). */
  @Override
  public int peekInt() {
    long at = position - framesStart;
    return at >= 0 && at + 4 <= frames.limit() ? frames.getInt((int) at) : window.getInt(index());
  }

  @Override
  public ByteBuffer payload(int n) throws IOException {
    cover(n);
    int length = (int) Math.min(n, fileSize - position);
    ByteBuffer slice = window.slice(index(), length).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    position += length;
    return slice;
  }

  @Override
  public void payloadInPlace(int n) throws IOException {
    cover(n);
    int length = (int) Math.min(n, fileSize - position);
    inPlace(window, index(), length);
    position += length;
  }

  @Override
  public boolean copyInPlacePayload(long position, int length, byte[] dst) {
    return windowStart + inPlaceIndex() == position && inPlaceLength() == length && readAt(position, length, dst);
  }

  /**
   * {@link FileBytes#read}: the bytes {@code [position, position + length)} of the file, by a positional read (safe
   * from any thread), when they lie within the bytes this source reads.
   */
  boolean readAt(long position, int length, byte[] dst) {
    if (position < start || length < 0 || length > fileSize - position || dst.length < length) {
      return false;
    }
    ByteBuffer target = ByteBuffer.wrap(dst, 0, length);
    try {
      while (target.hasRemaining()) {
        if (channel.read(target, position + target.position()) < 0) {
          return false; // the file shrank under the mapping
        }
      }
    } catch (IOException e) {
      return false;
    }
    return true;
  }

  @Override
  public long skip(long n) {
    long length = Math.min(n, fileSize - position);
    position += length;
    return length;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
