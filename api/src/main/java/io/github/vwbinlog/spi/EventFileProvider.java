package io.github.vwbinlog.spi;

import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Internal: what core implements for rlclientlib's event files and the joiner that turns them into joined logs. Kept
 * apart from {@link VwBinlogProvider} so that the two grow independently; core provides both.
 */
public interface EventFileProvider {

  /** See {@link EventBatchReader#open(Path, ReadOptions)}. */
  EventBatchReader openEventBatchReader(Path file, ReadOptions options) throws IOException;

  /** See {@link EventBatchReader#open(java.nio.channels.SeekableByteChannel, Path, long, long, ReadOptions)}. */
  EventBatchReader openEventBatchReader(java.nio.channels.SeekableByteChannel channel, Path name, long from, long to,
      ReadOptions options);

  /** See {@link EventBatchReader#isEventFile(Path)}. */
  boolean isEventFile(Path file) throws IOException;

  /** See {@link EventBatchReader#isEventFile(java.io.InputStream)}. */
  boolean isEventFile(java.io.InputStream in) throws IOException;

  /** See {@link io.github.vwbinlog.BatchedEvent#event()}. */
  Event decodeEvent(ByteBuffer eventBytes, long offset, ReadLimits limits);

  /** See {@link LogJoiner#writeTo(Path)}. */
  LogJoinSummary join(LogJoiner joiner, Path output) throws IOException;
}
