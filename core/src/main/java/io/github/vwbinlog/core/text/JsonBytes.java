package io.github.vwbinlog.core.text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An append-only, growable byte buffer for building one output line with RapidJSON's writer rules (SPEC §8.2). It
 * writes tokens only; commas, colons and brackets are the caller's, which knows the key order. Reuse one instance
 * per writer with {@link #reset()}: after the buffer has grown to the longest line, appending allocates nothing.
 *
 * <pre>{@code
 * JsonBytes line = new JsonBytes();
 * line.ascii('{').string("_label_cost").ascii(':').number(-0.0f).ascii(',')
 *     .string("Version").ascii(":").string("1").ascii('}').ascii('\n');
 * line.writeTo(out);   // {"_label_cost":-0.0,"Version":"1"}\n
 * line.reset();
 * }</pre>
 *
 * <p>Not thread-safe.
 */
public final class JsonBytes {
  private static final byte[] EMPTY_BYTES = new byte[0];
  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

  /**
   * For each byte below 0x60: 0 to copy it, else the letter after the backslash ('u' meaning
   * <code>&#92;u00XX</code>). Every byte from 0x60 up, 0x7F and all of 0x80..0xFF included, is copied: RapidJSON does
   * no UTF-8 validation.
   */
  private static final byte[] ESCAPE = new byte[0x60];

  /** Largest array the JVM reliably allocates. */
  private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

  static {
    for (int b = 0; b < 0x20; b++) {
      ESCAPE[b] = 'u';
    }
    ESCAPE['\b'] = 'b';
    ESCAPE['\t'] = 't';
    ESCAPE['\n'] = 'n';
    ESCAPE['\f'] = 'f';
    ESCAPE['\r'] = 'r';
    ESCAPE['"'] = '"';
    ESCAPE['\\'] = '\\';
  }

  private byte[] buf;
  private int len;

  /**
   * Creates an empty buffer with room for a typical line.
   *
   * <pre>{@code
   * JsonBytes line = new JsonBytes();
   * }</pre>
   */
  public JsonBytes() {
    this(1024);
  }

  /**
   * Creates an empty buffer.
   *
   * <pre>{@code
   * JsonBytes line = new JsonBytes(64 * 1024);
   * }</pre>
   *
   * @param initialCapacity bytes to allocate up front; the buffer grows as needed
   * @throws IllegalArgumentException if {@code initialCapacity} is negative
   */
  public JsonBytes(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative capacity " + initialCapacity);
    }
    buf = new byte[initialCapacity];
  }

  /**
   * Creates an empty buffer for a conversion's output, which receives many lines: its cache of recently written
   * numbers (about 18 KB) is made now rather than at the first number. A conversion writes only to such
   * buffers, so the JIT never sees it take the lazy branch: a worker thread's new buffer that took it late made C2
   * throw away the compiled line writer and compile it again.
   *
   * <pre>{@code
   * JsonBytes out = JsonBytes.forOutput(64 * 1024);
   * }</pre>
   *
   * @param initialCapacity bytes to allocate up front; the buffer grows as needed
   * @throws IllegalArgumentException if {@code initialCapacity} is negative
   */
  public static JsonBytes forOutput(int initialCapacity) {
    JsonBytes out = new JsonBytes(initialCapacity);
    out.newCache();
    return out;
  }

  /**
   * Appends bytes verbatim, with no validation: RapidJSON's {@code RawValue}, used for the context {@code c}.
   *
   * <pre>{@code
   * line.raw(new byte[] {'{', '}'});
   * }</pre>
   *
   * @param bytes the bytes to copy
   * @return this buffer
   */
  public JsonBytes raw(byte[] bytes) {
    return raw(bytes, 0, bytes.length);
  }

  /**
   * Appends a slice of an array verbatim.
   *
   * <pre>{@code
   * line.raw(context, 0, contextLength);
   * }</pre>
   *
   * @param bytes the array
   * @param offset the index of the first byte to copy
   * @param length how many bytes to copy
   * @return this buffer
   * @throws IndexOutOfBoundsException if the slice is not inside {@code bytes}
   */
  public JsonBytes raw(byte[] bytes, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    ensure(length);
    System.arraycopy(bytes, offset, buf, len, length);
    len += length;
    return this;
  }

  /**
   * Appends the remaining bytes of a buffer verbatim. The buffer's position is not changed, so a flatbuffer view can
   * be written more than once.
   *
   * <pre>{@code
   * line.raw(ByteBuffer.wrap(new byte[] {'{', '}'}));
   * }</pre>
   *
   * @param bytes the bytes from its position to its limit
   * @return this buffer
   */
  public JsonBytes raw(ByteBuffer bytes) {
    int n = bytes.remaining();
    ensure(n);
    bytes.get(bytes.position(), buf, len, n);
    len += n;
    return this;
  }

  /**
   * Appends {@code length} bytes of a buffer from index {@code index} verbatim; the buffer's position is ignored and
   * not changed.
   *
   * @return this buffer
   */
  public JsonBytes raw(ByteBuffer bytes, int index, int length) {
    ensure(length);
    bytes.get(index, buf, len, length);
    len += length;
    return this;
  }

  /**
   * Appends a quoted JSON string of the UTF-8 bytes {@code bytes[index, index + length)}, escaped as in
   * {@link #string(ByteBuffer)}.
   *
   * @return this buffer
   */
  public JsonBytes string(byte[] bytes, int index, int length) {
    ensure(2 + 6 * (long) length);
    byte[] b = buf;
    int p = len;
    b[p++] = '"';
    for (int i = index, end = index + length; i < end; i++) {
      byte c = bytes[i];
      if (c >= 0x60 || c < 0 || ESCAPE[c] == 0) {
        b[p++] = c;
      } else {
        len = p;
        escaped(c);
        p = len;
      }
    }
    b[p++] = '"';
    len = p;
    return this;
  }

  /**
   * Drops every byte after the first {@code length}, to take back what was appended since {@link #length()} was
   * {@code length}.
   *
   * @throws IndexOutOfBoundsException if {@code length} is negative or above {@link #length()}
   */
  public void truncate(int length) {
    Objects.checkIndex(length, len + 1);
    len = length;
  }

  /**
   * Makes room for {@code extra} more bytes without appending them: afterwards {@link #array()} has at least
   * {@code extra} bytes after {@link #length()}, for a caller that works on the bytes it appended in place and needs
   * the bytes after them (the check of a context, which puts its end mark there and reads one more).
   *
   * <pre>{@code
   * line.reserve(JsonSyntax.ROOM);
   * JsonSyntax.isObjectReplacingNewlines(line.array(), start, line.length());   // in place
   * }</pre>
   *
   * @param extra how many bytes of room, at least 0
   * @return this buffer
   * @throws OutOfMemoryError if the buffer would exceed its largest size
   */
  public JsonBytes reserve(int extra) {
    ensure(extra);
    return this;
  }

  /**
   * Appends one ASCII character verbatim, for punctuation.
   *
   * <pre>{@code
   * line.ascii(',');
   * }</pre>
   *
   * @param c a character below 0x80
   * @return this buffer
   * @throws IllegalArgumentException if {@code c} is not ASCII
   */
  public JsonBytes ascii(char c) {
    if (c >= 0x80) {
      throw new IllegalArgumentException("not ASCII: U+" + Integer.toHexString(c));
    }
    ensure(1);
    buf[len++] = (byte) c;
    return this;
  }

  /**
   * Appends ASCII text verbatim, without quotes or escapes, for literal fragments such as {@code ,"_label_cost":}.
   * Precomputed {@code byte[]} constants with {@link #raw(byte[])} are cheaper on the hot path.
   *
   * <pre>{@code
   * line.ascii(",\"Version\":\"1\"");
   * }</pre>
   *
   * @param s text whose characters are all below 0x80
   * @return this buffer
   * @throws IllegalArgumentException if {@code s} has a non-ASCII character; nothing is appended
   */
  public JsonBytes ascii(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        throw new IllegalArgumentException("not ASCII at index " + i + ": " + s);
      }
    }
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[len++] = (byte) s.charAt(i);
    }
    return this;
  }

  /**
   * Appends a quoted JSON string: {@code s} encoded to UTF-8, then escaped as in {@link #string(ByteBuffer)}. An
   * unpaired surrogate becomes {@code ?}, as {@code s.getBytes(UTF_8)} does.
   *
   * <pre>{@code
   * line.string("a\"b\n");   // "a\"b\n" with the quote and newline escaped
   * }</pre>
   *
   * @param s the text
   * @return this buffer
   */
  public JsonBytes string(String s) {
    int n = s.length();
    ensure(2);
    buf[len++] = '"';
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      // Room for the longest output of one step (a six-byte escape; a surrogate pair needs four) and the closing quote.
      ensure(7);
      if (c < 0x80) {
        escaped((byte) c);
      } else if (c < 0x800) {
        buf[len++] = (byte) (0xC0 | c >> 6);
        buf[len++] = (byte) (0x80 | c & 0x3F);
      } else if (!Character.isSurrogate(c)) {
        buf[len++] = (byte) (0xE0 | c >> 12);
        buf[len++] = (byte) (0x80 | c >> 6 & 0x3F);
        buf[len++] = (byte) (0x80 | c & 0x3F);
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        buf[len++] = (byte) (0xF0 | cp >> 18);
        buf[len++] = (byte) (0x80 | cp >> 12 & 0x3F);
        buf[len++] = (byte) (0x80 | cp >> 6 & 0x3F);
        buf[len++] = (byte) (0x80 | cp & 0x3F);
      } else {
        buf[len++] = '?';
      }
    }
    buf[len++] = '"';
    return this;
  }

  /**
   * Appends what a C string of {@code s} holds, the text before its first NUL, as {@link #string(String)} does.
   * Allocates only when there is a NUL.
   *
   * @return this buffer
   */
  public JsonBytes stringUntilNul(String s) {
    int nul = s.indexOf('\0');
    return string(nul < 0 ? s : s.substring(0, nul));
  }

  /**
   * Appends what a C string of the bytes {@code bytes[index, index + length)} holds, the bytes before the first NUL,
   * as {@link #string(byte[], int, int)} does.
   *
   * @return this buffer
   */
  public JsonBytes stringUntilNul(byte[] bytes, int index, int length) {
    int n = 0;
    while (n < length && bytes[index + n] != 0) {
      n++;
    }
    return string(bytes, index, n);
  }

  /**
   * Appends a quoted JSON string from raw bytes, escaping exactly as RapidJSON's writer: {@code "} and {@code \} get a
   * backslash; 0x08, 0x09, 0x0A, 0x0C and 0x0D become {@code \b \t \n \f \r}; other bytes below 0x20 become
   * <code>&#92;u00XX</code> with uppercase hex. Everything else, including {@code /}, 0x7F and bytes from 0x80 up, is
   * copied without UTF-8 validation. The buffer's position is not changed.
   *
   * <pre>{@code
   * line.string(ByteBuffer.wrap(new byte[] {'a', 0x1F}));   // "a", backslash, "u001F"
   * }</pre>
   *
   * @param utf8Bytes the bytes from its position to its limit, normally UTF-8
   * @return this buffer
   */
  public JsonBytes string(ByteBuffer utf8Bytes) {
    int end = utf8Bytes.limit();
    // The worst case, every byte a six-byte escape, is reserved at once so the loop does no capacity checks.
    ensure(2 + 6 * (long) (end - utf8Bytes.position()));
    buf[len++] = '"';
    for (int i = utf8Bytes.position(); i < end; i++) {
      escaped(utf8Bytes.get(i));
    }
    buf[len++] = '"';
    return this;
  }

  /**
   * Appends the decimal form of an unsigned 32-bit value.
   *
   * <pre>{@code
   * line.uint(Integer.toUnsignedLong(-1));   // 4294967295
   * }</pre>
   *
   * @param u32 a value from 0 to 4294967295
   * @return this buffer
   * @throws IllegalArgumentException if {@code u32} is outside that range
   */
  public JsonBytes uint(long u32) {
    if (u32 < 0 || u32 > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("not an unsigned 32-bit value: " + u32);
    }
    int digits = 1;
    for (long t = u32; t >= 10; t /= 10) {
      digits++;
    }
    ensure(digits);
    int p = len + digits;
    long t = u32;
    do {
      buf[--p] = (byte) ('0' + t % 10);
      t /= 10;
    } while (t != 0);
    len += digits;
    return this;
  }

  /**
   * Appends {@code true} or {@code false}.
   *
   * <pre>{@code
   * line.bool(true);
   * }</pre>
   *
   * @param b the value
   * @return this buffer
   */
  public JsonBytes bool(boolean b) {
    return raw(b ? TRUE : FALSE);
  }

  /**
   * Appends a float widened to double, formatted by {@link DoubleFormatter} exactly as RapidJSON's writer does.
   *
   * <pre>{@code
   * line.number(0.3f);   // 0.30000001192092898
   * }</pre>
   *
   * @param f a finite float
   * @return this buffer
   * @throws IllegalArgumentException if {@code f} is NaN or infinite; nothing is appended (RapidJSON would write
   *     nothing and leave invalid JSON, which vw-binlog does not produce)
   */
  public JsonBytes number(float f) {
    ensure(DoubleFormatter.MAX_LENGTH + 1);
    if (!Float.isFinite(f)) {
      DoubleFormatter.write(f, buf, len); // throws
    }
    int bits = Float.floatToRawIntBits(f);
    int[] keys = cacheKeys;
    if (keys == null) {
      keys = newCache();
    }
    // Keyed by the magnitude: the text of -x is '-' and the text of x (DoubleFormatter writes the sign, then the
    // magnitude), and a line writes both a reward and its negation, the cost.
    int magnitude = bits & 0x7FFF_FFFF;
    int p = len;
    if (bits < 0) {
      buf[p++] = '-';
    }
    int slot = (magnitude ^ magnitude >>> 15) * 0x9E3779B1 >>> (32 - CACHE_BITS);
    int at = slot * CACHE_WIDTH;
    if (keys[slot] == magnitude) {
      int n = cacheText[at];
      System.arraycopy(cacheText, at + 1, buf, p, n);
      len = p + n;
      return this;
    }
    len = DoubleFormatter.write(Float.intBitsToFloat(magnitude), buf, p);
    int n = len - p;
    keys[slot] = magnitude;
    cacheText[at] = (byte) n;
    System.arraycopy(buf, p, cacheText, at + 1, n);
    return this;
  }

  // The text of recently written magnitudes, by float bits: logs repeat probabilities and rewards, and Grisu2 is the
  // costliest step of a line. Direct-mapped; a slot's key starts as a NaN pattern, which is never written. Made at the
  // first number, or up front by forOutput.
  private static final int CACHE_BITS = 9;
  private static final int CACHE_WIDTH = 32;
  private int @Nullable [] cacheKeys;
  private byte[] cacheText = EMPTY_BYTES;

  /** Whether the number cache is made; a conversion relies on it for {@link #forOutput} buffers (tests). */
  boolean numberCacheReady() {
    return cacheKeys != null;
  }

  private int[] newCache() {
    int[] keys = new int[1 << CACHE_BITS];
    Arrays.fill(keys, 0x7FC0_0000);
    cacheText = new byte[CACHE_WIDTH << CACHE_BITS];
    cacheKeys = keys;
    return keys;
  }

  /**
   * Returns the number of bytes appended since creation or the last {@link #reset()}.
   *
   * <pre>{@code
   * int n = line.length();
   * }</pre>
   *
   * @return the length in bytes
   */
  public int length() {
    return len;
  }

  /**
   * Empties the buffer, keeping its capacity.
   *
   * <pre>{@code
   * line.reset();
   * }</pre>
   *
   * @return this buffer
   */
  public JsonBytes reset() {
    len = 0;
    return this;
  }

  /**
   * Returns the backing array, without copying. Only the first {@link #length()} bytes are content; the array is
   * replaced when the buffer grows, so do not keep it across appends.
   *
   * <pre>{@code
   * channel.write(ByteBuffer.wrap(line.array(), 0, line.length()));
   * }</pre>
   *
   * @return the backing array
   */
  public byte[] array() {
    return buf;
  }

  /**
   * Returns a copy of the content. Allocates; for tests and diagnostics.
   *
   * <pre>{@code
   * byte[] bytes = line.toByteArray();
   * }</pre>
   *
   * @return the first {@link #length()} bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, len);
  }

  /**
   * Writes the content to a stream.
   *
   * <pre>{@code
   * line.writeTo(out);
   * }</pre>
   *
   * @param out where to write the first {@link #length()} bytes
   * @throws IOException if the stream fails
   */
  public void writeTo(OutputStream out) throws IOException {
    out.write(buf, 0, len);
  }

  /**
   * Returns the content decoded as UTF-8 (malformed bytes replaced), for diagnostics.
   *
   * @return the content as text
   */
  @Override
  public String toString() {
    return new String(buf, 0, len, StandardCharsets.UTF_8);
  }

  /** Appends one content byte of a string, escaped; the caller has reserved six bytes. */
  private void escaped(byte b) {
    int e = b >= 0 && b < ESCAPE.length ? ESCAPE[b] : 0;
    if (e == 0) {
      buf[len++] = b;
    } else if (e != 'u') {
      buf[len++] = '\\';
      buf[len++] = (byte) e;
    } else {
      buf[len++] = '\\';
      buf[len++] = 'u';
      buf[len++] = '0';
      buf[len++] = '0';
      buf[len++] = HEX[b >> 4];
      buf[len++] = HEX[b & 0xF];
    }
  }

  private void ensure(long extra) {
    long needed = len + extra;
    if (needed <= buf.length) {
      return;
    }
    if (needed > MAX_CAPACITY) {
      throw new OutOfMemoryError("JSON line longer than " + MAX_CAPACITY + " bytes");
    }
    buf = Arrays.copyOf(buf, (int) Math.min(MAX_CAPACITY, Math.max(needed, 2L * buf.length)));
  }
}
