package io.github.vwbinlog.core.framing;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Sequential access to the bytes of a log, whatever holds them: a mapped file, a buffer, or a channel. The framer asks
 * for the few bytes of a field with {@link #fill(int)} and reads them with {@link #getInt()}, takes payloads with
 * {@link #payload(int)}, and skips padding and unread payloads with {@link #skip(long)}. Never allocates in
 * proportion to a size it was told, only to bytes that exist.
 *
 * <p>Positions are {@code long}: a log may be larger than 2 GiB. One payload is at most {@code Integer.MAX_VALUE}
 * bytes; {@link io.github.vwbinlog.ReadLimits#maxMessageSize()} keeps it smaller.
 */
public abstract class ByteSource implements Closeable {

  /**
   * A source over a file: memory-mapped through a moving window of {@code mapWindowSize} bytes when it is a regular
   * file, read sequentially otherwise (a pipe). Closing the source closes the file.
   *
   * @throws IOException if the file cannot be opened, or is a directory
   */
  public static ByteSource open(java.nio.file.Path file, long mapWindowSize) throws IOException {
    if (java.nio.file.Files.isDirectory(file)) {
      throw new java.nio.file.FileSystemException(file.toString(), null, "is a directory");
    }
    java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file,
        java.nio.file.StandardOpenOption.READ);
    try {
      return java.nio.file.Files.isRegularFile(file)
          ? new MappedFileSource(channel, mapWindowSize)
          : new ChannelSource(channel);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * A source over a channel read strictly forward from its current position, which is offset {@code position} of the
   * input: positions and the offsets of errors are then the input's (a byte range of a file read from its start
   * offset). Closing the source closes the channel.
   */
  public static ByteSource of(java.nio.channels.ReadableByteChannel channel, long position) {
    return new ChannelSource(channel, position);
  }

  /** The offset of the next unread byte. */
  public abstract long position();

  /** The total size of the input, or -1 if unknown (a stream). */
  public abstract long size();

  /**
   * Makes up to {@code n} bytes from the position readable without advancing, and returns how many are: {@code n},
   * or fewer only at the end of the input. {@code n} is at most 8 here.
   */
  public abstract int fill(int n) throws IOException;

  /** Reads a little-endian 32-bit value and advances by 4; valid only after {@code fill(4) == 4}. */
  public abstract int getInt();

  /** Reads a little-endian 32-bit value without advancing; valid only after {@code fill(4) == 4}. */
  public abstract int peekInt();

  /**
   * Reads a payload of {@code n} bytes and advances past it. The buffer is read-only and little-endian; it holds fewer
   * than {@code n} bytes only when the input ended (the position is then at the end).
   */
  public abstract ByteBuffer payload(int n) throws IOException;

  /**
   * Reads a payload of {@code n} bytes like {@link #payload(int)}, but in place: afterwards the payload is bytes
   * {@code [inPlaceIndex(), inPlaceIndex() + inPlaceLength())} of {@link #inPlaceBuffer()}, a read-only little-endian
   * buffer, and {@link #inPlaceView()} makes the view {@code payload(n)} would have returned. In-memory sources (a
   * buffer, a mapped file) create no object here; this default, used by streams, reads the payload as
   * {@code payload(n)} does. Valid until the next read.
   */
  public void payloadInPlace(int n) throws IOException {
    ByteBuffer p = payload(n);
    inPlace(p, p.position(), p.remaining());
    inPlaceView = p;
  }

  /** Records where an in-place payload is; the view is made on demand. */
  protected final void inPlace(ByteBuffer buffer, int index, int length) {
    inPlaceBuffer = buffer;
    inPlaceIndex = index;
    inPlaceLength = length;
    inPlaceView = null;
  }

  private ByteBuffer inPlaceBuffer = EMPTY;
  private int inPlaceIndex;
  private int inPlaceLength;
  private @Nullable ByteBuffer inPlaceView;
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);

  /** The buffer holding the last in-place payload. */
  public final ByteBuffer inPlaceBuffer() {
    return inPlaceBuffer;
  }

  /** The index of the last in-place payload in {@link #inPlaceBuffer()}. */
  public final int inPlaceIndex() {
    return inPlaceIndex;
  }

  /** The length of the last in-place payload: {@code n}, or fewer when the input ended. */
  public final int inPlaceLength() {
    return inPlaceLength;
  }

  /** A read-only little-endian view of the last in-place payload, made once. */
  public final ByteBuffer inPlaceView() {
    ByteBuffer v = inPlaceView;
    if (v == null) {
      v = inPlaceBuffer.slice(inPlaceIndex, inPlaceLength).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
      inPlaceView = v;
    }
    return v;
  }

  /**
   * Reads the last in-place payload again into {@code dst}, from the file, when it starts at {@code position} and is
   * {@code length} bytes ({@link PayloadFile#copy}). Only a source over a file can; this default returns false.
   */
  public boolean copyInPlacePayload(long position, int length, byte[] dst) {
    return false;
  }

  /** Skips up to {@code n} bytes and returns how many were skipped: fewer only at the end of the input. */
  public abstract long skip(long n) throws IOException;

  @Override
  public void close() throws IOException {}
}
