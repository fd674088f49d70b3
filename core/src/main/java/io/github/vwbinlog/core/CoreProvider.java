package io.github.vwbinlog.core;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.spi.VwBinlogProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;

/** Binds the public API to this implementation; found by {@link java.util.ServiceLoader}. */
public final class CoreProvider implements VwBinlogProvider {

  /** Used by ServiceLoader. */
  public CoreProvider() {}

  @Override
  public BinaryLogReader openReader(Path file, ReadOptions options) throws IOException {
    return MessageReader.open(file, options);
  }

  @Override
  public BinaryLogReader openReader(ByteBuffer buffer, ReadOptions options) {
    return MessageReader.of(buffer, options);
  }

  @Override
  public BinaryLogReader openReader(ReadableByteChannel channel, ReadOptions options) {
    return MessageReader.of(channel, options);
  }

  @Override
  public FileHeader decodeFileHeader(ByteBuffer payload, long offset) {
    return Decoders.fileHeader(payload, offset, ReadLimits.defaults());
  }

  @Override
  public CheckpointInfo decodeCheckpointInfo(ByteBuffer payload, long offset) {
    return Decoders.checkpointInfo(payload, offset, ReadLimits.defaults());
  }
}
