package io.github.vwbinlog.spi;

import java.util.ServiceLoader;

/** Internal: finds the {@link VwBinlogProvider} once, with {@link ServiceLoader}. */
public final class Providers {

  private Providers() {}

  /**
   * The implementation.
   *
   * @throws IllegalStateException if vw-binlog core is not on the class or module path
   */
  public static VwBinlogProvider get() {
    return Holder.PROVIDER;
  }

  private static final class Holder {
    static final VwBinlogProvider PROVIDER = ServiceLoader.load(VwBinlogProvider.class,
            Providers.class.getClassLoader())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(
            "vw-binlog core is not on the class path: depend on io.github.vwbinlog:vw-binlog, not only on the API"));
  }
}
