package io.github.vwbinlog;

/**
 * How an event's payload bytes are encoded ({@code Metadata.encoding}). Any value other than {@link #ZSTD} means the
 * bytes are used as they are, as VW does.
 *
 * <pre>{@code
 * EventEncoding.of(1) == EventEncoding.ZSTD
 * }</pre>
 */
public enum EventEncoding {
  /** The payload is the flatbuffer itself. */
  IDENTITY,
  /** The payload is one zstd frame that declares its content size. */
  ZSTD;

  /** The stored value. */
  public int code() {
    return ordinal(); // the constants are declared in code order, from 0
  }

  /** {@link #ZSTD} for 1, {@link #IDENTITY} for every other value (VW uses such payloads as they are). */
  public static EventEncoding of(int code) {
    return code == 1 ? ZSTD : IDENTITY;
  }
}
