package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.LogWriter;
import io.github.vwbinlog.core.write.RawPayloadEncoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * Lays out and writes the REGULAR messages on a thread of its own, while the join reads on: copying each event's
 * bytes into the message and the {@code write} calls (the kernel's copy into its cache) were a fifth of the join's
 * thread (docs/PERFORMANCE.md, the joiner). The join fills a {@link Message} with where each event's bytes are and
 * its timestamp, hands it over, and fills the other one; the messages are written one after the other, in the order
 * handed over, so the bytes do not depend on the thread. A failure of the writing thread is thrown by the next call.
 */
final class MessageWriter implements AutoCloseable {
  /** A REGULAR message's events, as {@link RawPayloadEncoder#joinedPayload} takes them. */
  static final class Message {
    ByteBuffer[] buffers = new ByteBuffer[64];
    int[] indexes = new int[64];
    int[] lengths = new int[64];
    @Nullable TimeStamp[] times = new TimeStamp[64];
    long[] ownTimes = new long[64];
    int[] ownSubseconds = new int[64];
    int count;

    /** Room for {@code n} events. */
    void ensure(int n) {
      if (buffers.length < n) {
        int size = Math.max(n, 2 * buffers.length);
        buffers = Arrays.copyOf(buffers, size);
        indexes = new int[size];
        lengths = new int[size];
        times = new TimeStamp[size];
        ownTimes = new long[size];
        ownSubseconds = new int[size];
      }
    }

    /** Sets the {@code k}-th event from a held one, which may be recycled afterwards. */
    void set(int k, Held e) {
      if (buffers[k] != e.buffer) {
        buffers[k] = e.buffer; // mostly the same mapped window: no store, no write barrier
      }
      indexes[k] = e.index;
      lengths[k] = e.length;
      if (times[k] != e.time) {
        times[k] = e.time;
      }
      ownTimes[k] = e.ownTime;
      ownSubseconds[k] = e.ownSubsecond;
    }
  }

  private final RawPayloadEncoder encoder = new RawPayloadEncoder();
  private final Message[] messages = {new Message(), new Message()};
  private final @Nullable Future<?>[] pending = new Future<?>[2];
  private int next;
  private final BackgroundThread thread = new BackgroundThread("vw-binlog-join-write");

  /** The message to fill next, once the thread is done with it. */
  Message next() throws IOException {
    await(next);
    return messages[next];
  }

  /**
   * Writes the message {@link #next()} gave with {@code writer}, then tells {@code force} how far the file is written.
   * The writer and the force are the thread's until {@link #drain()}.
   */
  void write(LogWriter writer, FileChannel channel, BackgroundForce force) {
    Message m = messages[next];
    pending[next] = thread.submit(() -> {
      writer.regular(encoder.joinedPayload(m.buffers, m.indexes, m.lengths, m.times, m.ownTimes, m.ownSubseconds,
          m.count));
      try {
        force.written(channel, writer.position());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    next ^= 1;
  }

  /** Waits until every message handed over is written, and throws the first failure. */
  void drain() throws IOException {
    // in the order handed over: the older one first
    int older = next;
    await(older);
    await(older ^ 1);
  }

  private void await(int k) throws IOException {
    Future<?> p = pending[k];
    if (p != null) {
      pending[k] = null;
      BackgroundThread.await(p, "writing a REGULAR message");
    }
  }

  /**
   * Stops the thread after the messages handed over (after a failure: their failures are not reported, the one being
   * handled is).
   */
  @Override
  public void close() {
    try {
      drain();
    } catch (IOException | RuntimeException e) {
      // after a failure of the join, or one already thrown by drain()
    } finally {
      thread.close();
    }
  }
}
