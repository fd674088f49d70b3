package io.github.vwbinlog.core.framing;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.testing.FrameBuilder;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.zip.CRC32C;

/**
 * The manual check of docs/PERFORMANCE.md ("Reading a 1 GiB log with -Xmx128m"); not a test, because writing 1 GiB
 * is too slow for every build. {@code write FILE MIB} writes a log of REGULAR messages with random payloads (1 byte to
 * 256 KiB) and prints the CRC32C of all payload bytes; {@code read FILE [mapped|stream] [WINDOW_MIB]} reads it through
 * {@link BinaryLogReader#open(Path, ReadOptions)} (or as a stream), touches every payload byte through the CRC, and
 * prints the same CRC, the time and the heap in use.
 *
 * <pre>
 * java -cp CLASSPATH io.github.vwbinlog.core.framing.LargeLogCheck write /tmp/1g.log 1024
 * java -Xmx128m -cp CLASSPATH io.github.vwbinlog.core.framing.LargeLogCheck read /tmp/1g.log mapped
 * </pre>
 */
public final class LargeLogCheck {

  private LargeLogCheck() {}

  /** See the class comment. */
  public static void main(String[] args) throws IOException {
    if (args.length >= 3 && args[0].equals("write")) {
      write(Path.of(args[1]), Long.parseLong(args[2]) << 20);
    } else if (args.length >= 2 && args[0].equals("read")) {
      String mode = args.length > 2 ? args[2] : "mapped";
      long window = args.length > 3 ? Long.parseLong(args[3]) << 20 : ReadOptions.DEFAULT_MAP_WINDOW_SIZE;
      read(Path.of(args[1]), mode, window);
    } else {
      System.err.println("usage: LargeLogCheck write FILE MIB | read FILE [mapped|stream] [WINDOW_MIB]");
      System.exit(2);
    }
  }

  private static void write(Path file, long target) throws IOException {
    long start = System.nanoTime();
    Random random = new Random(2024);
    byte[] pool = FrameBuilder.randomBytes(random, 1 << 20);
    CRC32C crc = new CRC32C();
    long messages = 0;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      FrameBuilder b = new FrameBuilder(out).fileMagic(1).header(new byte[112]).checkpoint(new byte[24]);
      while (b.size() < target) {
        int size = 1 + random.nextInt(256 << 10);
        int from = random.nextInt(pool.length - size);
        byte[] payload = java.util.Arrays.copyOfRange(pool, from, from + size);
        crc.update(payload);
        b.regular(payload);
        messages++;
      }
      b.eof();
    }
    System.out.printf(Locale.ROOT, "wrote %s: %d bytes, %d REGULAR messages, payload crc32c %08x, %.1f s%n", file,
        Files.size(file), messages, crc.getValue(), (System.nanoTime() - start) / 1e9);
  }

  private static void read(Path file, String mode, long window) throws IOException {
    long start = System.nanoTime();
    ReadOptions options = ReadOptions.defaults().withMapWindowSize(window);
    CRC32C crc = new CRC32C();
    long regular = 0;
    long payloadBytes = 0;
    long maxUsed = 0;
    try (InputStream in = mode.equals("stream") ? Files.newInputStream(file) : null;
        BinaryLogReader reader = in != null ? BinaryLogReader.of(in, options) : BinaryLogReader.open(file, options)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular r) {
          ByteBuffer payload = r.payload();
          payloadBytes += payload.remaining();
          crc.update(payload);
          regular++;
          if ((regular & 255) == 0) {
            maxUsed = Math.max(maxUsed, usedHeap());
          }
        }
      }
    }
    Runtime rt = Runtime.getRuntime();
    System.out.printf(Locale.ROOT, "read %s (%s%s): %d REGULAR messages, %d payload bytes, payload crc32c %08x, "
            + "%.1f s; max heap %d MiB, heap in use at most %d MiB (sampled)%n", file, mode,
        mode.equals("stream") ? "" : ", window " + (window >> 20) + " MiB", regular, payloadBytes, crc.getValue(),
        (System.nanoTime() - start) / 1e9, rt.maxMemory() >> 20, maxUsed >> 20);
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }
}
