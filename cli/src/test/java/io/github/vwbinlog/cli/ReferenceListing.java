package io.github.vwbinlog.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code inspect} must print for a log, computed independently of the library: a plain reimplementation of the
 * SPEC §1 reading loop over the raw bytes, with the listing rules (a message is listed once its type and
 * size are read and its payload is whole; a bad-version FILEMAGIC is listed, then reading stops with an error).
 *
 * @param listing the expected standard output
 * @param exit the expected exit code: 0 when the bytes ended cleanly or at EOF, else 1
 */
record ReferenceListing(String listing, int exit) {
  private static final long FILEMAGIC = 0x42465756L;
  private static final long HEADER = 0x55555555L;
  private static final long CHECKPOINT = 0x11111111L;
  private static final long REGULAR = 0xFFFFFFFFL;
  private static final long EOF = 0xAAAAAAAAL;

  static ReferenceListing of(byte[] b) {
    List<String> lines = new ArrayList<>();
    int pos = 0;
    long previousSize = 0;
    while (true) {
      long padding = previousSize % 8;
      if (b.length - pos < padding) {
        return result(lines, 1);
      }
      pos += (int) padding;
      previousSize = 0;
      if (pos == b.length) {
        return result(lines, 0);
      }
      if (b.length - pos < 4) {
        return result(lines, 1);
      }
      long offset = pos;
      long type = u32(b, pos);
      pos += 4;
      if (type == FILEMAGIC) {
        if (b.length - pos < 4) {
          return result(lines, 1);
        }
        long version = u32(b, pos);
        pos += 4;
        lines.add(offset + "\tFILEMAGIC\t" + version);
        if (version != 1) {
          return result(lines, 1);
        }
        continue;
      }
      if (type == EOF) {
        long sizeField = b.length - pos >= 4 ? u32(b, pos) : 0;
        lines.add(offset + "\tEOF\t" + sizeField);
        return result(lines, 0);
      }
      if (b.length - pos < 4) {
        return result(lines, 1);
      }
      long size = u32(b, pos);
      pos += 4;
      if (b.length - pos < size) {
        return result(lines, 1);
      }
      pos += (int) size;
      lines.add(offset + "\t" + name(type) + "\t" + size);
      previousSize = size;
    }
  }

  private static String name(long type) {
    if (type == HEADER) {
      return "HEADER";
    }
    if (type == CHECKPOINT) {
      return "CHECKPOINT";
    }
    if (type == REGULAR) {
      return "REGULAR";
    }
    return "UNKNOWN(0x" + String.format(Locale.ROOT, "%08x", type).toUpperCase(Locale.ROOT) + ")";
  }

  private static long u32(byte[] b, int at) {
    return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
  }

  private static ReferenceListing result(List<String> lines, int exit) {
    StringBuilder sb = new StringBuilder();
    lines.forEach(l -> sb.append(l).append('\n'));
    return new ReferenceListing(sb.toString(), exit);
  }
}
