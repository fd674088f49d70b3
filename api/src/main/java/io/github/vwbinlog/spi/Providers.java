package io.github.vwbinlog.spi;

import java.util.Optional;
import java.util.ServiceLoader;

/** Internal: finds the {@link VwBinlogProvider} once, with {@link ServiceLoader}. */
public final class Providers {

  private Providers() {}

  /**
   * The implementation.
   *
   * @throws IllegalStateException if vw-binlog core is not on the class or module path (every time it is asked for,
   *     not only the first)
   */
  public static VwBinlogProvider get() {
    return Holder.PROVIDER.orElseThrow(() -> new IllegalStateException(
        "vw-binlog core is not on the class path: depend on io.github.vwbinlog:vw-binlog, not only on the API"));
  }

  /** Looked up on first use. A failure is kept as an empty value, not thrown from the initializer. */
  private static final class Holder {
    static final Optional<VwBinlogProvider> PROVIDER =
        ServiceLoader.load(VwBinlogProvider.class, Providers.class.getClassLoader()).findFirst();
  }
}
