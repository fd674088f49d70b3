package io.github.vwbinlog;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How a {@link BinaryLogReader} reads: features, limits, where diagnostics go, and how much of a file it maps at
 * once. Immutable and thread-safe; each {@code with...} returns a changed copy, so one instance can be shared by many
 * readers on many threads (the listener it holds is then called from each of them: make it thread-safe too).
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.defaults()
 *     .with(ReadFeature.LENIENT)
 *     .withListener(d -> System.err.println(d));
 * try (BinaryLogReader reader = BinaryLogReader.open(path, options)) { ... }
 * }</pre>
 */
public final class ReadOptions {

  /** Default for {@link #mapWindowSize()}: 1 GiB. */
  public static final long DEFAULT_MAP_WINDOW_SIZE = 1L << 30;

  private static final ReadOptions DEFAULTS = new ReadOptions(defaultFeatures(), ReadLimits.defaults(),
      DiagnosticListener.logging(), DEFAULT_MAP_WINDOW_SIZE);

  private final Set<ReadFeature> features;
  private final ReadLimits limits;
  private final DiagnosticListener listener;
  private final long mapWindowSize;

  private ReadOptions(Set<ReadFeature> features, ReadLimits limits, DiagnosticListener listener, long mapWindowSize) {
    this.features = features;
    this.limits = limits;
    this.listener = listener;
    this.mapWindowSize = mapWindowSize;
  }

  private static Set<ReadFeature> defaultFeatures() {
    EnumSet<ReadFeature> set = EnumSet.noneOf(ReadFeature.class);
    for (ReadFeature f : ReadFeature.values()) {
      if (f.enabledByDefault()) {
        set.add(f);
      }
    }
    return java.util.Collections.unmodifiableSet(set);
  }

  /** Every feature at its default, default limits, diagnostics to {@link DiagnosticListener#logging()}. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** Whether a feature is on. */
  public boolean isEnabled(ReadFeature feature) {
    return features.contains(feature);
  }

  /** The features that are on. */
  public Set<ReadFeature> features() {
    return features;
  }

  /** The limits. */
  public ReadLimits limits() {
    return limits;
  }

  /** Where diagnostics go. */
  public DiagnosticListener listener() {
    return listener;
  }

  /**
   * How many bytes of a file are memory-mapped at once. Files larger than this (and larger than 2 GiB, which one
   * mapping cannot hold) are read through a moving window; a message is never split across windows.
   */
  public long mapWindowSize() {
    return mapWindowSize;
  }

  /** A copy with these features turned on. */
  public ReadOptions with(ReadFeature... features) {
    EnumSet<ReadFeature> set = copyFeatures();
    set.addAll(java.util.List.of(features));
    return new ReadOptions(java.util.Collections.unmodifiableSet(set), limits, listener, mapWindowSize);
  }

  /** A copy with these features turned off. */
  public ReadOptions without(ReadFeature... features) {
    EnumSet<ReadFeature> set = copyFeatures();
    set.removeAll(java.util.List.of(features));
    return new ReadOptions(java.util.Collections.unmodifiableSet(set), limits, listener, mapWindowSize);
  }

  /** A copy with other limits. */
  public ReadOptions withLimits(ReadLimits limits) {
    return new ReadOptions(features, Objects.requireNonNull(limits, "limits"), listener, mapWindowSize);
  }

  /** A copy that reports diagnostics to this listener. */
  public ReadOptions withListener(DiagnosticListener listener) {
    return new ReadOptions(features, limits, Objects.requireNonNull(listener, "listener"), mapWindowSize);
  }

  /**
   * A copy with another {@link #mapWindowSize()}: at least 4096 bytes and at most {@code Integer.MAX_VALUE}. Small
   * windows are for tests of the moving-window path.
   */
  public ReadOptions withMapWindowSize(long bytes) {
    if (bytes < 4096 || bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("mapWindowSize must be within [4096, " + Integer.MAX_VALUE + "], was "
          + bytes);
    }
    return new ReadOptions(features, limits, listener, bytes);
  }

  private EnumSet<ReadFeature> copyFeatures() {
    return features.isEmpty() ? EnumSet.noneOf(ReadFeature.class) : EnumSet.copyOf(features);
  }

  @Override
  public String toString() {
    return "ReadOptions[features=" + features + ", limits=" + limits + ", mapWindowSize=" + mapWindowSize + "]";
  }
}
