/**
 * vw-binlog core: framing, verified flatbuffer views, events, joining, rewards and DSJSON output. Exports nothing;
 * it provides the API's service.
 */
module io.github.vwbinlog.core {
  requires transitive io.github.vwbinlog.api;
  requires io.github.vwbinlog.schema;
  requires flatbuffers.java;
  requires com.github.luben.zstd_jni;

  provides io.github.vwbinlog.spi.VwBinlogProvider with io.github.vwbinlog.core.CoreProvider;
  provides io.github.vwbinlog.spi.EventFileProvider with io.github.vwbinlog.core.EventFileCoreProvider;
}
