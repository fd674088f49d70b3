package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on standard error for long runs: bytes read (of the total when it is known), joined events
 * (DSJSON lines) per second, and the time left. It is redrawn in place ({@code \r}) at most ten times a second, first
 * after half a second (short runs never show it), and erased at the end so that the summary starts on a clean line.
 *
 * <p>It is driven from the reading thread: {@link #track} wraps a reader so that each message read may redraw it.
 * Nothing runs in the background and nothing is shared between threads; when it is off, the output is not wrapped, and
 * the reader is wrapped all the same so that the converter sees the same kind of reader either way (see
 * {@link #track}).
 */
final class Progress {
  private static final long FIRST_DRAW_NANOS = 500_000_000L;
  private static final long REDRAW_NANOS = 100_000_000L;
  private static final int BAR = 20;

  private final PrintStream err;
  private final boolean on;
  private final long totalBytes;
  private final LongSupplier clock;
  private final long start;
  private long nextDraw;
  private long doneBytes;
  private long events;
  /** Events counted elsewhere (the rows of a Parquet file), added to {@link #events}. */
  private LongSupplier moreEvents = () -> 0;
  private int drawnWidth;

  private Progress(PrintStream err, boolean on, long totalBytes, LongSupplier clock) {
    this.err = err;
    this.on = on;
    this.totalBytes = totalBytes;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.nextDraw = start + FIRST_DRAW_NANOS;
  }

  /**
   * A progress bar for {@code totalBytes} of input (-1 when unknown): shown when {@code flag} says so, or, when it is
   * null, when standard error is a terminal and the run is not quiet.
   */
  static Progress of(Io io, ProgressOptions options, boolean quiet, long totalBytes) {
    Boolean flag = options.progress;
    boolean on = flag != null ? flag : io.errIsTerminal() && !quiet;
    return new Progress(io.err(), on, totalBytes, System::nanoTime);
  }

  /** A progress bar that draws whenever asked: for tests, with their own clock. */
  static Progress forTest(PrintStream err, long totalBytes, LongSupplier clock) {
    return new Progress(err, true, totalBytes, clock);
  }

  /** Whether it draws at all. */
  boolean isOn() {
    return on;
  }

  /** The total size of inputs: -1 if any size is unknown. */
  static long totalSize(Iterable<Input> inputs) {
    long total = 0;
    for (Input in : inputs) {
      long size = in.size();
      if (size < 0) {
        return -1;
      }
      total += size;
    }
    return total;
  }

  /** Counts as events, besides DSJSON lines, what {@code rows} says has been written (read as the bar is drawn). */
  void countEvents(LongSupplier rows) {
    this.moreEvents = rows;
  }

  /** Wraps the output so that DSJSON lines are counted as events; the output itself when off. */
  OutputStream countLines(OutputStream out) {
    if (!on) {
      return out;
    }
    return new FilterOutputStream(out) {
      @Override
      public void write(int b) throws IOException {
        if (b == '\n') {
          events++;
        }
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
          if (b[i] == '\n') {
            events++;
          }
        }
        out.write(b, off, len);
      }
    };
  }

  /**
   * Wraps a reader so that reading it advances the bar (when off, reading it draws nothing). Always wrapped: the
   * library counts the own diagnostics of its readers, not of a wrapper, so {@code Conversion} counts them itself,
   * and must do so whether the bar is on or not.
   */
  BinaryLogReader track(BinaryLogReader reader) {
    return reader.peek(m -> {
      if (on) {
        update(reader.position());
      }
    });
  }

  /** An input was read to its end: its bytes count as done. */
  void inputDone(BinaryLogReader reader) {
    if (on) {
      doneBytes += Math.max(reader.position(), 0);
    }
  }

  /** An input of {@code bytes} bytes was read by the library itself (in parts, on several threads): they count as done. */
  void inputDone(long bytes) {
    if (on) {
      doneBytes += Math.max(bytes, 0);
      update(0);
    }
  }

  /** Erases the bar, if drawn, so that what follows starts on a clean line. */
  void finish() {
    if (drawnWidth > 0) {
      err.print("\r" + " ".repeat(drawnWidth) + "\r");
      err.flush();
      drawnWidth = 0;
    }
  }

  private void update(long position) {
    long now = clock.getAsLong();
    if (now - nextDraw < 0) {
      return;
    }
    nextDraw = now + REDRAW_NANOS;
    String line = line(doneBytes + position, events + moreEvents.getAsLong(), now - start, totalBytes);
    // Pad over a longer previous line rather than clearing first, which would flicker.
    err.print("\r" + line + " ".repeat(Math.max(0, drawnWidth - line.length())));
    err.flush();
    drawnWidth = Math.max(drawnWidth, line.length());
  }

  /** The bar's text: {@code [#####.....]  42%  12.3 MiB / 29.1 MiB  8123 events/s  ETA 0:05}. */
  static String line(long bytes, long events, long elapsedNanos, long totalBytes) {
    double seconds = Math.max(elapsedNanos, 1) / 1e9;
    String rate = String.format(Locale.ROOT, "%d events/s", Math.round(events / seconds));
    if (totalBytes <= 0) {
      return String.format(Locale.ROOT, "%s read  %s", size(bytes), rate);
    }
    double fraction = Math.min(1.0, (double) bytes / totalBytes);
    int filled = (int) Math.round(fraction * BAR);
    String eta = bytes == 0 ? "?" : duration(Math.round(seconds * (totalBytes - bytes) / bytes));
    return String.format(Locale.ROOT, "[%s%s] %3d%%  %s / %s  %s  ETA %s", "#".repeat(filled),
        ".".repeat(BAR - filled), (int) Math.floor(fraction * 100), size(bytes), size(totalBytes), rate, eta);
  }

  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = -1;
    do {
      v /= 1024;
      u++;
    } while (v >= 1024 && u < units.length - 1);
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }

  static String duration(long seconds) {
    long s = Math.max(0, seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
