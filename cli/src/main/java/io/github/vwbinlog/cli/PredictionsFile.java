package io.github.vwbinlog.cli;

import io.github.vwbinlog.evaluate.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads VW's {@code -p} output of a CB model as the predictions of a policy: one line per example,
 * {@code index:probability} pairs separated by commas, optionally followed by a space and the example's tag; blank
 * lines (VW writes one after each multi-line example with some options) are skipped, so each prediction keeps its own
 * line number for errors.
 *
 * <p>The lines are read from the file's bytes in place, as {@link java.io.BufferedReader#readLine()} cuts them
 * ({@code \n}, {@code \r} or both end a line) and {@link String#strip()} trims them; the numbers are those
 * {@link Integer#parseInt} and {@link Double#parseDouble} give: a probability of at most 18 digits, without exponent,
 * whose digits make an integer below 2^53 and with at most 22 decimals is that integer divided by a power of ten
 * (both exact doubles, so the one rounding of the division is the correctly rounded value, as {@code parseDouble}'s),
 * and any other number (an exponent, more digits, {@code NaN}, a hexadecimal) is given to {@code parseDouble}. A
 * line with a byte outside ASCII is decoded as UTF-8 (an error if it is not) and parsed as text the same way.
 *
 * <pre>{@code
 * Policy.Predictions model = PredictionsFile.read("model1", Path.of("model1.pred"));
 * }</pre>
 */
final class PredictionsFile {
  /** The largest integer below which every integer is a double. */
  private static final long EXACT = 1L << 53;
  /** The powers of ten that are doubles exactly. */
  private static final double[] POWERS = new double[23];

  static {
    double p = 1;
    for (int i = 0; i < POWERS.length; i++) {
      POWERS[i] = p;
      p *= 10;
    }
  }

  private final String file;
  private final Policy.Predictions.Builder builder;
  private int[] indexes = new int[16];
  private double[] probabilities = new double[16];
  private int count;

  private PredictionsFile(String name, String file) {
    this.file = file;
    this.builder = Policy.Predictions.builder(name, file);
  }

  /**
   * The predictions of {@code file} as a policy named {@code name}.
   *
   * @throws IllegalArgumentException naming the file and the line that is not a list of pairs
   * @throws IOException if the file cannot be read, or a line is not UTF-8
   */
  static Policy.Predictions read(String name, Path file) throws IOException {
    PredictionsFile reader = new PredictionsFile(name, file.toString());
    try (InputStream in = Files.newInputStream(file)) {
      reader.readAll(in);
    }
    return reader.builder.build();
  }

  /** Cuts the stream into lines, in a buffer that grows to hold the longest line. */
  private void readAll(InputStream in) throws IOException {
    byte[] buffer = new byte[1 << 20];
    int start = 0;
    int end = 0;
    long line = 0;
    boolean afterCr = false;
    // The bytes of the line so far ORed: negative when one is outside ASCII.
    int high = 0;
    int scanned = 0;
    while (true) {
      // Every complete line in buffer[start, end).
      int i = start + scanned;
      while (i < end) {
        byte b = buffer[i];
        if (b == '\n' || b == '\r') {
          if (afterCr && b == '\n' && i == start) {
            // The \n of a \r\n whose \r ended the line before.
            afterCr = false;
            start = ++i;
            continue;
          }
          parse(++line, buffer, start, i, high >= 0);
          afterCr = b == '\r';
          high = 0;
          start = ++i;
          continue;
        }
        afterCr = false;
        high |= b;
        i++;
      }
      scanned = end - start;
      if (start > 0) {
        System.arraycopy(buffer, start, buffer, 0, end - start);
        end -= start;
        start = 0;
      } else if (end == buffer.length) {
        buffer = Arrays.copyOf(buffer, buffer.length * 2);
      }
      int n = in.read(buffer, end, buffer.length - end);
      if (n < 0) {
        if (end > start) {
          parse(++line, buffer, start, end, high >= 0);
        }
        return;
      }
      end += n;
    }
  }

  /** One line, {@code bytes[from, to)} without its end, {@code ascii} or not. */
  private void parse(long line, byte[] bytes, int from, int to, boolean ascii) throws IOException {
    if (!ascii) {
      parseText(line, utf8(bytes, from, to));
      return;
    }
    // ASCII: String.strip()'s white space is Character.isWhitespace, all of it at most ' '.
    while (from < to && bytes[from] <= ' ' && Character.isWhitespace(bytes[from])) {
      from++;
    }
    while (to > from && bytes[to - 1] <= ' ' && Character.isWhitespace(bytes[to - 1])) {
      to--;
    }
    if (from == to) {
      return;
    }
    if (!parsePlain(bytes, from, to)) {
      parsePairs(line, bytes, from, to);
    }
    builder.add(line, Arrays.copyOf(indexes, count), Arrays.copyOf(probabilities, count));
  }

  /**
   * The common line in one pass: pairs of an index of up to 9 digits, a colon and a probability of up to 18
   * characters (digits and an optional point), separated by commas, the list ending at the line's end or a space;
   * false for any other line (then read by {@link #parsePairs}).
   */
  private boolean parsePlain(byte[] bytes, int from, int to) {
    count = 0;
    int i = from;
    while (true) {
      int index = 0;
      int start = i;
      while (i < to && bytes[i] >= '0' && bytes[i] <= '9' && i - start < 9) {
        index = index * 10 + (bytes[i++] - '0');
      }
      if (i == start || i == to || bytes[i] != ':') {
        return false;
      }
      start = ++i;
      long mantissa = 0;
      int decimals = 0;
      boolean point = false;
      while (i < to && i - start < 18) {
        byte b = bytes[i];
        if (b >= '0' && b <= '9') {
          mantissa = mantissa * 10 + (b - '0');
          decimals += point ? 1 : 0;
        } else if (b == '.' && !point) {
          point = true;
        } else {
          break;
        }
        i++;
      }
      int digits = i - start - (point ? 1 : 0);
      if (digits == 0 || mantissa >= EXACT || decimals >= POWERS.length
          || (i < to && bytes[i] != ',' && bytes[i] != ' ')) {
        return false;
      }
      add(index, decimals == 0 ? (double) mantissa : mantissa / POWERS[decimals]);
      if (i == to || bytes[i] == ' ') {
        return true;
      }
      i++;
    }
  }

  /** Any other ASCII line: the pairs of {@link #parseText}, their numbers read here where exact, else by the JDK. */
  private void parsePairs(long line, byte[] bytes, int from, int to) {
    int listEnd = from;
    while (listEnd < to && bytes[listEnd] != ' ') {
      listEnd++;
    }
    count = 0;
    int at = from;
    while (at <= listEnd) {
      int comma = at;
      while (comma < listEnd && bytes[comma] != ',') {
        comma++;
      }
      int colon = at;
      while (colon < comma && bytes[colon] != ':') {
        colon++;
      }
      if (colon == comma) {
        throw notAList(line, new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
      }
      int index;
      double probability;
      try {
        index = parseIndex(bytes, at, colon);
        probability = parseProbability(bytes, colon + 1, comma);
      } catch (NumberFormatException e) {
        throw notAList(line, new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
      }
      add(index, probability);
      at = comma + 1;
    }
  }

  /** A line that is not ASCII, as text: the pairs of {@link #parse}, parsed by the JDK. */
  private void parseText(long line, String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return;
    }
    int space = t.indexOf(' ');
    String list = space < 0 ? t : t.substring(0, space);
    count = 0;
    try {
      int from = 0;
      while (from <= list.length()) {
        int comma = list.indexOf(',', from);
        int end = comma < 0 ? list.length() : comma;
        int colon = list.indexOf(':', from);
        if (colon < 0 || colon > end) {
          throw new NumberFormatException();
        }
        add(Integer.parseInt(list, from, colon, 10), Double.parseDouble(list.substring(colon + 1, end)));
        from = end + 1;
      }
    } catch (NumberFormatException e) {
      throw notAList(line, t);
    }
    builder.add(line, Arrays.copyOf(indexes, count), Arrays.copyOf(probabilities, count));
  }

  private void add(int index, double probability) {
    if (count == indexes.length) {
      indexes = Arrays.copyOf(indexes, count * 2);
      probabilities = Arrays.copyOf(probabilities, count * 2);
    }
    indexes[count] = index;
    probabilities[count++] = probability;
  }

  /** {@link Integer#parseInt} of {@code bytes[from, to)}: up to 9 digits here, anything else by the JDK. */
  private static int parseIndex(byte[] bytes, int from, int to) {
    if (to > from && to - from <= 9) {
      int value = 0;
      int i = from;
      for (; i < to; i++) {
        int d = bytes[i] - '0';
        if (d < 0 || d > 9) {
          break;
        }
        value = value * 10 + d;
      }
      if (i == to) {
        return value;
      }
    }
    return Integer.parseInt(ascii(bytes, from, to), 0, to - from, 10);
  }

  /**
   * {@link Double#parseDouble} of {@code bytes[from, to)}: an optional sign, digits, an optional point and digits
   * (at least one digit) computed here when exact (see the class comment), anything else by the JDK.
   */
  private static double parseProbability(byte[] bytes, int from, int to) {
    int i = from;
    boolean negative = false;
    if (i < to && (bytes[i] == '-' || bytes[i] == '+')) {
      negative = bytes[i] == '-';
      i++;
    }
    long mantissa = 0;
    int digits = 0;
    int decimals = 0;
    boolean point = false;
    for (; i < to; i++) {
      byte b = bytes[i];
      if (b >= '0' && b <= '9') {
        if (++digits > 18) {
          break;
        }
        mantissa = mantissa * 10 + (b - '0');
        if (point) {
          decimals++;
        }
      } else if (b == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    if (i == to && digits > 0 && mantissa < EXACT && decimals < POWERS.length) {
      double value = decimals == 0 ? (double) mantissa : mantissa / POWERS[decimals];
      return negative ? -value : value;
    }
    return Double.parseDouble(ascii(bytes, from, to));
  }

  private static String ascii(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
  }

  /** The line's text; a line that is not UTF-8 cannot be read, as a reader of UTF-8 text says. */
  private static String utf8(byte[] bytes, int from, int to) throws CharacterCodingException {
    return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
  }

  private IllegalArgumentException notAList(long line, String text) {
    return new IllegalArgumentException(file + " line " + line + ": not a list of action:probability pairs: "
        + (text.length() <= 60 ? text : text.substring(0, 60) + "..."));
  }
}
