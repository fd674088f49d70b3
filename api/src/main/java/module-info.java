/**
 * The public API of vw-binlog. The implementation is the {@code io.github.vwbinlog.core} module, bound as a service.
 */
module io.github.vwbinlog.api {
  requires transitive org.jspecify;

  exports io.github.vwbinlog;
  exports io.github.vwbinlog.evaluate;
  exports io.github.vwbinlog.event;
  exports io.github.vwbinlog.join;
  exports io.github.vwbinlog.spi to io.github.vwbinlog.core;

  uses io.github.vwbinlog.spi.VwBinlogProvider;
  uses io.github.vwbinlog.spi.EventFileProvider;
}
