package io.github.vwbinlog.spi;

import java.util.Optional;
import java.util.ServiceLoader;

/** Internal: finds the {@link EventFileProvider} once, with {@link ServiceLoader}. */
public final class EventFileProviders {

  private EventFileProviders() {}

  /**
   * The implementation.
   *
   * @throws IllegalStateException if vw-binlog core is not on the class or module path
   */
  public static EventFileProvider get() {
    return Holder.PROVIDER.orElseThrow(() -> new IllegalStateException(
        "vw-binlog core is not on the class path: depend on io.github.vwbinlog:vw-binlog, not only on the API"));
  }

  /** Looked up on first use. A failure is kept as an empty value, not thrown from the initializer. */
  private static final class Holder {
    static final Optional<EventFileProvider> PROVIDER =
        ServiceLoader.load(EventFileProvider.class, EventFileProviders.class.getClassLoader()).findFirst();
  }
}
