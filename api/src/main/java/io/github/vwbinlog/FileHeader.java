package io.github.vwbinlog;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The decoded payload of a HEADER message: when the log was joined and the joiner's properties. Purely informational:
 * nothing in joining or conversion depends on it.
 *
 * <p>Thread-safe: an immutable record (its property list is unmodifiable), to be shared freely.
 *
 * <pre>{@code
 * FileHeader header = headerMessage.fileHeader();
 * header.property("eventhub").ifPresent(System.out::println);
 * }</pre>
 *
 * @param joinTime the join time, or null when the header has none
 * @param properties the key-value pairs in stored order (keys may repeat)
 */
public record FileHeader(@Nullable TimeStamp joinTime, List<Property> properties) {

  /** Copies the property list, so the record is immutable. */
  public FileHeader {
    properties = List.copyOf(properties);
  }

  /** The value of the first property with this key. */
  public Optional<String> property(String key) {
    for (Property p : properties) {
      if (key.equals(p.key())) {
        return Optional.ofNullable(p.value());
      }
    }
    return Optional.empty();
  }

  /**
   * One key-value pair of a header.
   *
   * @param key the key, or null when absent from the buffer
   * @param value the value, or null when absent from the buffer
   */
  public record Property(@Nullable String key, @Nullable String value) {}
}
