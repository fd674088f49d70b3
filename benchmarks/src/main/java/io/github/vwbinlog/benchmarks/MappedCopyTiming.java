package io.github.vwbinlog.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * What the event scan's one copy per message costs, and what the ways around it would: the calling thread's CPU time
 * to bring a whole file, a message-sized piece at a time, into one reused heap array (as {@code MessageScan} does
 * before it verifies and scans a message), three ways in turn:
 *
 * <ul>
 *   <li>{@code mapped}: a new read-only mapping of the file (one window, as the reader maps it), copied piece by piece:
 *       the conversion's way, page faults included;
 *   <li>{@code mapped-again}: the same copy from a mapping whose pages were touched by a pass before: the copy alone,
 *       without the page faults;
 *   <li>{@code read}: {@code FileChannel.read} into a reused direct buffer, then a bulk copy into the array (what a
 *       read into a heap array does inside the JDK): no page faults, one more copy.
 * </ul>
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.MappedCopyTiming cb-256m.log [piece
 * bytes, default 380000] [rounds, default 8]</pre>
 *
 * <p>Prints each way's CPU time per round after the first two.
 */
public final class MappedCopyTiming {
  private MappedCopyTiming() {}

  /** Arguments: the file, the piece size (a REGULAR message's payload), the number of rounds. */
  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[0]);
    int piece = args.length > 1 ? Integer.parseInt(args[1]) : 380_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    byte[] heap = new byte[piece];
    ByteBuffer direct = ByteBuffer.allocateDirect(piece);
    long sink = 0;
    try (FileChannel channel = FileChannel.open(file)) {
      long size = channel.size();
      if (size > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("a file of at most 2 GiB (one mapping)");
      }
      MappedByteBuffer kept = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
      sink += copy(kept, heap); // its pages touched once, for mapped-again
      for (int r = 0; r < rounds; r++) {
        long c0 = bean.getCurrentThreadCpuTime();
        sink += copy(channel.map(FileChannel.MapMode.READ_ONLY, 0, size), heap);
        long c1 = bean.getCurrentThreadCpuTime();
        sink += copy(kept, heap);
        long c2 = bean.getCurrentThreadCpuTime();
        for (long at = 0; at < size; ) {
          direct.clear();
          int n = channel.read(direct, at);
          direct.get(0, heap, 0, n);
          sink += heap[n - 1];
          at += n;
        }
        long c3 = bean.getCurrentThreadCpuTime();
        if (r >= 2) {
          System.out.printf("round %d: mapped %.1f ms, mapped-again %.1f ms, read %.1f ms%n", r, (c1 - c0) / 1e6,
              (c2 - c1) / 1e6, (c3 - c2) / 1e6);
        }
      }
    }
    System.out.println("(checksum " + sink + ")");
  }

  private static long copy(ByteBuffer mapped, byte[] heap) {
    ByteBuffer view = mapped.asReadOnlyBuffer();
    long sink = 0;
    for (int at = 0; at < view.capacity(); at += heap.length) {
      int n = Math.min(heap.length, view.capacity() - at);
      view.get(at, heap, 0, n);
      sink += heap[n - 1];
    }
    return sink;
  }
}
