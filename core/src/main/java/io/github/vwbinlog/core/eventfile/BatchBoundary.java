package io.github.vwbinlog.core.eventfile;

import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;

/**
 * Finds the first batch of an event file at or after an offset without reading the file from its start: event files
 * have no sync marks, so a byte range that starts inside a batch looks forward for a preamble of protocol v2
 * ({@code 00 00 00 0D}, then a big-endian size within {@link ReadLimits#maxMessageSize()}) whose batch ends where
 * the file ends or where another such preamble starts, and whose body verifies as an {@code EventBatch}. The reader of
 * the range before stops at the same place (it reads its batches while their preamble lies before the boundary its
 * end gives), so a batch is read by exactly one range; if that reader's own batches step over the boundary (payload
 * bytes that looked like a batch), it fails rather than read a batch twice or lose one
 * ({@link DefaultEventBatchReader}).
 *
 * <p>A batch that fails verification, or a truncated last batch, is never a boundary: the range before reads (and
 * reports) it. The cost is the bytes from the offset to the boundary, plus each candidate's preamble, the 8 bytes
 * after it and, for one that passes those, its body: about one batch.
 *
 * <pre>{@code
 * long start = BatchBoundary.find(channel, 1 << 20, limits);   // channel.size() when there is none
 * }</pre>
 */
public final class BatchBoundary {
  /** The first window read, doubled up to {@link #MAX_WINDOW}: a boundary is usually within a batch. */
  private static final int FIRST_WINDOW = 4 * 1024;
  private static final int MAX_WINDOW = 64 * 1024;

  private BatchBoundary() {}

  /**
   * The offset of the first batch at or after {@code from}, or the file's size when there is none.
   *
   * @throws BinaryLogIOException if reading fails
   */
  public static long find(SeekableByteChannel channel, long from, ReadLimits limits) {
    try {
      long size = channel.size();
      if (from <= 0) {
        return 0;
      }
      FlatVerifier verifier = new FlatVerifier(limits);
      int windowSize = FIRST_WINDOW;
      long base = from;
      while (base + EventFile.PREAMBLE_SIZE <= size) {
        ByteBuffer window = ByteBuffer.allocate(windowSize);
        int n = readFully(channel, base, window);
        for (int i = 0; i + EventFile.PREAMBLE_SIZE <= n; i++) {
          if (isPreamble(window, i) && isBatch(channel, base + i, window.getInt(i + 4), size, limits, verifier)) {
            return base + i;
          }
        }
        if (n < windowSize) {
          break;
        }
        base += n - EventFile.PREAMBLE_SIZE + 1; // the windows overlap by a preamble less one byte
        windowSize = Math.min(MAX_WINDOW, windowSize * 2);
      }
      return size;
    } catch (IOException e) {
      throw new BinaryLogIOException(from, "looking for a batch from offset " + from, e);
    }
  }

  /** Whether {@code b} holds a protocol v2 preamble at {@code i}: reserved 0, version 0, type 13 (big-endian). */
  private static boolean isPreamble(ByteBuffer b, int i) {
    return b.get(i) == 0 && b.get(i + 1) == 0 && b.get(i + 2) == 0
        && b.get(i + 3) == EventBatchReader.PROTOCOL_V2_MESSAGE_TYPE;
  }

  private static boolean isBatch(SeekableByteChannel channel, long offset, int bigEndianSize, long fileSize,
      ReadLimits limits, FlatVerifier verifier) throws IOException {
    long size = Integer.toUnsignedLong(bigEndianSize);
    long end = offset + EventFile.PREAMBLE_SIZE + size;
    if (size == 0 || size > limits.maxMessageSize() || end > fileSize) {
      return false; // no batch, or a truncated one: the range before reads it
    }
    if (end + EventFile.PREAMBLE_SIZE <= fileSize) {
      ByteBuffer next = ByteBuffer.allocate(EventFile.PREAMBLE_SIZE);
      if (readFully(channel, end, next) < EventFile.PREAMBLE_SIZE || !isPreamble(next, 0)) {
        return false;
      }
    }
    ByteBuffer body = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
    if (readFully(channel, offset + EventFile.PREAMBLE_SIZE, body) < size) {
      return false;
    }
    return verifier.verify(body, 0, (int) size, Schema.EVENT_BATCH) == null;
  }

  /** Reads from {@code position} until {@code into} is full or the input ends; returns the bytes read. */
  private static int readFully(SeekableByteChannel channel, long position, ByteBuffer into) throws IOException {
    channel.position(position);
    int start = into.position();
    while (into.hasRemaining()) {
      if (channel.read(into) < 0) {
        break;
      }
    }
    return into.position() - start;
  }
}
