package io.github.vwbinlog.core.join;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Expands a context's dedup references for DSJSON meant for training ({@code JoinFeature.FOR_TRAINING}): each object
 * {@code {"__aid": N}} becomes the action JSON the dedup cache holds for N. VW's binary-parser learner copies the
 * features of the cached action into the example at such a reference (its JSON parser's dedup state); VW's DSJSON
 * parser has no cache, so a line must carry the action itself to train the same. VW matches the key without regard to
 * case and takes N as an unsigned 32-bit integer.
 *
 * <pre>{@code
 * ByteBuffer expanded = AidReferences.expand(context, cache);   // null when the context has no reference
 * }</pre>
 */
final class AidReferences {
  private AidReferences() {}

  /** A context whose references cannot be expanded into a line that trains the same. */
  static final class Unexpandable extends Exception {
    private static final long serialVersionUID = 1L;

    Unexpandable(String message) {
      super(message, null, false, false);
    }
  }

  /** Whether the bytes may hold a reference: "__aid" in any case. A cheap test before {@link #expand}. */
  static boolean mayReference(byte[] a, int from, int to) {
    for (int i = from; i + 5 <= to; i++) {
      if (a[i] == '_' && a[i + 1] == '_' && (a[i + 2] | 0x20) == 'a' && (a[i + 3] | 0x20) == 'i'
          && (a[i + 4] | 0x20) == 'd') {
        return true;
      }
    }
    return false;
  }

  /**
   * The context with every {@code {"__aid": N}} object replaced by the cached value of N, or null when it has no
   * reference.
   *
   * @throws Unexpandable if a reference names an id that is not cached or above 2^32 − 1, or {@code __aid} is a key of
   *     an object with other keys or a value that is not an unsigned integer
   */
  static @Nullable ByteBuffer expand(ByteBuffer context, DedupCache cache) throws Unexpandable {
    byte[] a = new byte[context.remaining()];
    context.duplicate().get(a);
    if (!mayReference(a, 0, a.length)) {
      return null;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(a.length * 2);
    int copied = 0;
    int i = 0;
    while (i < a.length) {
      byte c = a[i];
      if (c == '"') {
        int end = stringEnd(a, i);
        int after = whitespace(a, end);
        if (isAidKey(a, i, end) && after < a.length && a[after] == ':') {
          throw new Unexpandable("an __aid key that is not the only key of its object, with an unsigned integer");
        }
        i = end;
      } else if (c == '{') {
        int end = reference(a, i);
        if (end < 0) {
          i++;
          continue;
        }
        long id = referenceId(a, i, end);
        String value = cache.get(id);
        if (value == null) {
          throw new Unexpandable("dedup id " + id + " is not cached");
        }
        out.write(a, copied, i - copied);
        out.writeBytes(value.getBytes(StandardCharsets.UTF_8));
        copied = end;
        i = end;
      } else {
        i++;
      }
    }
    out.write(a, copied, a.length - copied);
    return ByteBuffer.wrap(out.toByteArray());
  }

  /** The position after the string starting at the quote {@code i} (escapes skipped), or the end of the bytes. */
  private static int stringEnd(byte[] a, int i) {
    int j = i + 1;
    while (j < a.length && a[j] != '"') {
      j += a[j] == '\\' ? 2 : 1;
    }
    return Math.min(j + 1, a.length);
  }

  private static boolean isAidKey(byte[] a, int quote, int end) {
    return end - quote == 7 && a[end - 1] == '"' && mayReference(a, quote + 1, end - 1);
  }

  /** The position after {@code {"__aid": N}} starting at {@code i}, or -1 when no reference starts there. */
  private static int reference(byte[] a, int i) {
    int j = whitespace(a, i + 1);
    if (j >= a.length || a[j] != '"') {
      return -1;
    }
    int keyEnd = stringEnd(a, j);
    if (!isAidKey(a, j, keyEnd)) {
      return -1;
    }
    j = whitespace(a, keyEnd);
    if (j >= a.length || a[j] != ':') {
      return -1;
    }
    j = whitespace(a, j + 1);
    int digits = j;
    while (j < a.length && a[j] >= '0' && a[j] <= '9') {
      j++;
    }
    if (j == digits || j - digits > 10) {
      return -1;
    }
    j = whitespace(a, j);
    return j < a.length && a[j] == '}' ? j + 1 : -1;
  }

  /** The N of the reference {@code a[i, end)}; at most 10 digits, so it fits a long. */
  private static long referenceId(byte[] a, int i, int end) throws Unexpandable {
    int j = i + 1;
    while (a[j] < '0' || a[j] > '9') {
      j = a[j] == '"' ? stringEnd(a, j) : j + 1;
    }
    long id = 0;
    while (j < end && a[j] >= '0' && a[j] <= '9') {
      id = id * 10 + (a[j] - '0');
      j++;
    }
    if (id > 0xFFFF_FFFFL) {
      throw new Unexpandable("dedup id " + id + " is above 2^32 - 1, which VW's JSON parser does not look up");
    }
    return id;
  }

  private static int whitespace(byte[] a, int i) {
    int j = i;
    while (j < a.length && (a[j] == ' ' || a[j] == '\t' || a[j] == '\n' || a[j] == '\r')) {
      j++;
    }
    return j;
  }
}
