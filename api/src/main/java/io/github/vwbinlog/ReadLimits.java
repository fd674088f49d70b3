package io.github.vwbinlog;

/**
 * Bounds on what a log may make the reader allocate or walk, so that a corrupt or hostile file fails with a
 * {@link LimitExceededException} (or a reported {@link Diagnostic} with {@link DiagnosticReason#LIMIT_EXCEEDED})
 * instead of exhausting memory. Each violation states the value and the limit: "payload size (4294967280) exceeds the
 * maximum (1073741824)". Immutable and thread-safe (its {@link Builder} is not); the defaults accept every real log.
 *
 * <table>
 *   <caption>The limits, their defaults, and where each is enforced</caption>
 *   <tr><th>limit</th><th>default</th><th>checked</th><th>on violation</th></tr>
 *   <tr><td>{@link #maxMessageSize()}</td><td>1 GiB</td><td>framing, when a size field is read, before anything is
 *       allocated or read</td><td>{@link LimitExceededException}; reading stops (reported when lenient)</td></tr>
 *   <tr><td>{@link #maxDecompressedSize()}</td><td>256 MiB</td><td>a zstd frame's declared size, before
 *       decompressing</td><td>the event's unit is skipped (interaction, outcome or payload)</td></tr>
 *   <tr><td>{@link #maxEventsPerPayload()}</td><td>10,000,000</td><td>the joined events of a REGULAR message</td>
 *       <td>the message is skipped</td></tr>
 *   <tr><td>{@link #maxVectorLength()}</td><td>100,000,000</td><td>every vector and string of every flatbuffer</td>
 *       <td>the buffer's unit is skipped</td></tr>
 *   <tr><td>{@link #maxDepth()}</td><td>64</td><td>table nesting in every flatbuffer</td><td>as above</td></tr>
 *   <tr><td>{@link #maxTables()}</td><td>1,000,000</td><td>tables visited in one flatbuffer</td><td>as above</td></tr>
 *   <tr><td>{@link #maxContextSize()}</td><td>64 MiB</td><td>the context of every interaction</td><td>the
 *       interaction is skipped</td></tr>
 * </table>
 *
 * <p>Size claims are never trusted beyond these limits either: a size beyond the end of a file fails at once, a stream
 * grows its buffer only as bytes arrive, and a zstd frame may not declare more than its bytes can hold. See
 * docs/ROBUSTNESS.md.
 *
 * <pre>{@code
 * ReadLimits limits = ReadLimits.defaults().toBuilder().maxMessageSize(64 << 20).build();
 * }</pre>
 */
public final class ReadLimits {

  /** Default for {@link #maxMessageSize()}: 1 GiB. */
  public static final int DEFAULT_MAX_MESSAGE_SIZE = 1 << 30;
  /** Default for {@link #maxDecompressedSize()}: 256 MiB. */
  public static final int DEFAULT_MAX_DECOMPRESSED_SIZE = 256 << 20;
  /** Default for {@link #maxEventsPerPayload()}: 10,000,000. */
  public static final int DEFAULT_MAX_EVENTS_PER_PAYLOAD = 10_000_000;
  /** Default for {@link #maxVectorLength()}: 100,000,000 elements. */
  public static final int DEFAULT_MAX_VECTOR_LENGTH = 100_000_000;
  /** Default for {@link #maxDepth()}: 64, the FlatBuffers verifier's default. */
  public static final int DEFAULT_MAX_DEPTH = 64;
  /** Default for {@link #maxTables()}: 1,000,000, the FlatBuffers verifier's default. */
  public static final int DEFAULT_MAX_TABLES = 1_000_000;
  /** Default for {@link #maxContextSize()}: 64 MiB. */
  public static final int DEFAULT_MAX_CONTEXT_SIZE = 64 << 20;

  private static final ReadLimits DEFAULTS = new Builder().build();

  private final int maxMessageSize;
  private final int maxDecompressedSize;
  private final int maxEventsPerPayload;
  private final int maxVectorLength;
  private final int maxDepth;
  private final int maxTables;
  private final int maxContextSize;

  private ReadLimits(Builder b) {
    this.maxMessageSize = b.maxMessageSize;
    this.maxDecompressedSize = b.maxDecompressedSize;
    this.maxEventsPerPayload = b.maxEventsPerPayload;
    this.maxVectorLength = b.maxVectorLength;
    this.maxDepth = b.maxDepth;
    this.maxTables = b.maxTables;
    this.maxContextSize = b.maxContextSize;
  }

  /** The default limits. */
  public static ReadLimits defaults() {
    return DEFAULTS;
  }

  /** A builder that starts from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder that starts from these limits. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The largest payload size a sized message may declare, in bytes. */
  public int maxMessageSize() {
    return maxMessageSize;
  }

  /** The largest size a zstd-encoded event payload may declare or decompress to, in bytes. */
  public int maxDecompressedSize() {
    return maxDecompressedSize;
  }

  /** The most joined events one REGULAR message may hold. */
  public int maxEventsPerPayload() {
    return maxEventsPerPayload;
  }

  /** The most elements any flatbuffer vector may declare. */
  public int maxVectorLength() {
    return maxVectorLength;
  }

  /** The deepest nesting of flatbuffer tables the verifier follows. */
  public int maxDepth() {
    return maxDepth;
  }

  /** The most tables the verifier visits in one flatbuffer. */
  public int maxTables() {
    return maxTables;
  }

  /** The largest context, in bytes. */
  public int maxContextSize() {
    return maxContextSize;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReadLimits l
        && maxMessageSize == l.maxMessageSize
        && maxDecompressedSize == l.maxDecompressedSize
        && maxEventsPerPayload == l.maxEventsPerPayload
        && maxVectorLength == l.maxVectorLength
        && maxDepth == l.maxDepth
        && maxTables == l.maxTables
        && maxContextSize == l.maxContextSize;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(maxMessageSize, maxDecompressedSize, maxEventsPerPayload, maxVectorLength,
        maxDepth, maxTables, maxContextSize);
  }

  @Override
  public String toString() {
    return "ReadLimits[maxMessageSize=" + maxMessageSize + ", maxDecompressedSize=" + maxDecompressedSize
        + ", maxEventsPerPayload=" + maxEventsPerPayload + ", maxVectorLength=" + maxVectorLength
        + ", maxDepth=" + maxDepth + ", maxTables=" + maxTables + ", maxContextSize=" + maxContextSize + "]";
  }

  /** Builds {@link ReadLimits}; every value must be positive. Not thread-safe: use one builder per thread. */
  public static final class Builder {
    private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
    private int maxDecompressedSize = DEFAULT_MAX_DECOMPRESSED_SIZE;
    private int maxEventsPerPayload = DEFAULT_MAX_EVENTS_PER_PAYLOAD;
    private int maxVectorLength = DEFAULT_MAX_VECTOR_LENGTH;
    private int maxDepth = DEFAULT_MAX_DEPTH;
    private int maxTables = DEFAULT_MAX_TABLES;
    private int maxContextSize = DEFAULT_MAX_CONTEXT_SIZE;

    private Builder() {}

    private Builder(ReadLimits l) {
      maxMessageSize = l.maxMessageSize;
      maxDecompressedSize = l.maxDecompressedSize;
      maxEventsPerPayload = l.maxEventsPerPayload;
      maxVectorLength = l.maxVectorLength;
      maxDepth = l.maxDepth;
      maxTables = l.maxTables;
      maxContextSize = l.maxContextSize;
    }

    /** See {@link ReadLimits#maxMessageSize()}; at most {@code Integer.MAX_VALUE - 8}. */
    public Builder maxMessageSize(int value) {
      positive("maxMessageSize", value);
      if (value > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("maxMessageSize " + value + " exceeds " + (Integer.MAX_VALUE - 8));
      }
      maxMessageSize = value;
      return this;
    }

    /** See {@link ReadLimits#maxDecompressedSize()}. */
    public Builder maxDecompressedSize(int value) {
      maxDecompressedSize = positive("maxDecompressedSize", value);
      return this;
    }

    /** See {@link ReadLimits#maxEventsPerPayload()}. */
    public Builder maxEventsPerPayload(int value) {
      maxEventsPerPayload = positive("maxEventsPerPayload", value);
      return this;
    }

    /** See {@link ReadLimits#maxVectorLength()}. */
    public Builder maxVectorLength(int value) {
      maxVectorLength = positive("maxVectorLength", value);
      return this;
    }

    /** See {@link ReadLimits#maxDepth()}. */
    public Builder maxDepth(int value) {
      maxDepth = positive("maxDepth", value);
      return this;
    }

    /** See {@link ReadLimits#maxTables()}. */
    public Builder maxTables(int value) {
      maxTables = positive("maxTables", value);
      return this;
    }

    /** See {@link ReadLimits#maxContextSize()}. */
    public Builder maxContextSize(int value) {
      maxContextSize = positive("maxContextSize", value);
      return this;
    }

    /** The limits. */
    public ReadLimits build() {
      return new ReadLimits(this);
    }

    private static int positive(String name, int value) {
      if (value <= 0) {
        throw new IllegalArgumentException(name + " must be positive, was " + value);
      }
      return value;
    }
  }
}
