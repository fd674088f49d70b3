package io.github.vwbinlog.spi;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import io.github.vwbinlog.join.RewardCalculator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.stream.Collector;

/**
 * Internal: how the public API reaches its implementation in vw-binlog core. Not exported except to core; not for
 * applications.
 */
public interface VwBinlogProvider {

  /** Opens a memory-mapped reader over a file. */
  BinaryLogReader openReader(Path file, ReadOptions options) throws IOException;

  /** Opens a reader over a buffer, in place. */
  BinaryLogReader openReader(ByteBuffer buffer, ReadOptions options);

  /** Opens a sequential reader over a channel. */
  BinaryLogReader openReader(ReadableByteChannel channel, ReadOptions options);

  /** A reader of the bytes {@code [start, limit)} of a file, mapped: {@link BinaryLogReader#open(Path, long, long, ReadOptions)}. */
  BinaryLogReader openReader(Path file, long start, long limit, ReadOptions options) throws IOException;

  /** A reader of a channel at offset {@code position}: {@link BinaryLogReader#of(ReadableByteChannel, long, ReadOptions)}. */
  BinaryLogReader openReader(ReadableByteChannel channel, long position, ReadOptions options);

  /** Verifies and decodes a HEADER payload within {@code limits}. */
  FileHeader decodeFileHeader(ByteBuffer payload, long offset, ReadLimits limits);

  /** Verifies and decodes a CHECKPOINT payload within {@code limits}. */
  CheckpointInfo decodeCheckpointInfo(ByteBuffer payload, long offset, ReadLimits limits);

  /** Verifies and decodes a REGULAR payload into joined events within {@code limits}. */
  java.util.List<io.github.vwbinlog.event.JoinedEvent> decodeJoinedEvents(ByteBuffer payload, long offset,
      ReadLimits limits);

  /** A REGULAR payload's joined events by event id, each id's as a JoinedPayload of its own. */
  java.util.Map<String, ByteBuffer> joinedPayloadsById(ByteBuffer payload, long offset, ReadLimits limits);

  /** A JoinedPayload of serialized Events and their enqueued times, copied unchanged. */
  ByteBuffer joinedPayload(java.util.List<ByteBuffer> events, java.util.List<io.github.vwbinlog.TimeStamp> times);

  /** A reward calculator for a configuration. */
  RewardCalculator rewardCalculator(CheckpointInfo config, DiagnosticListener listener);

  /** A joiner over a file, whose reader reports to the joiner's counters. */
  Joiner openJoiner(Path file, JoinOptions options) throws IOException;

  /** A joiner of a byte range of a file: {@link Joiner#open(Path, JoinOptions, long, long)}. */
  Joiner openJoiner(Path file, JoinOptions options, long from, long to) throws IOException;

  /** A joiner of a byte range of a log: {@link Joiner#of(Joiner.Source, JoinOptions, long, long)}. */
  Joiner joiner(Joiner.Source source, JoinOptions options, long from, long to) throws IOException;

  /** Plans byte ranges of a log: {@link io.github.vwbinlog.join.LogRange#plan}. */
  java.util.List<io.github.vwbinlog.join.LogRange> planRanges(SeekableByteChannel log, ReadOptions options,
      long[] cuts) throws IOException;

  /** A joiner of a planned range: {@link Joiner#of(Joiner.RangeSource, JoinOptions, io.github.vwbinlog.join.LogRange)}. */
  Joiner joiner(Joiner.RangeSource source, JoinOptions options, io.github.vwbinlog.join.LogRange range)
      throws IOException;

  /** A joiner over a reader. */
  Joiner joiner(BinaryLogReader reader, JoinOptions options);

  /** A DSJSON converter. */
  DsjsonConverter dsjsonConverter(JoinOptions options);

  /**
   * Implements {@link Joiner#collect}.
   *
   * @param <R> the collector's result
   */
  <R> Joiner.Collected<R> collect(Path file, JoinOptions options, Collector<? super JoinResult, ?, R> collector)
      throws IOException;

  /**
   * Implements {@link Joiner#run}.
   *
   * @param <P> what a part of the sink makes
   */
  <P> JoinSummary run(Path file, JoinOptions options, JoinedEventSink<P> sink) throws IOException;

  /**
   * Implements {@link Joiner#run(BinaryLogReader, JoinOptions, JoinedEventSink)}.
   *
   * @param <P> what a part of the sink makes
   */
  <P> JoinSummary run(BinaryLogReader reader, JoinOptions options, JoinedEventSink<P> sink) throws IOException;

  /** Opens a writer that creates or truncates a file. */
  BinaryLogWriter openWriter(Path file) throws IOException;

  /** Opens a writer over a channel; closing the writer closes the channel. */
  BinaryLogWriter openWriter(WritableByteChannel channel);

  /** See {@link EventBatchReader#open(Path, ReadOptions)}. */
  EventBatchReader openEventBatchReader(Path file, ReadOptions options) throws IOException;

  /** See {@link EventBatchReader#open(SeekableByteChannel, Path, long, long, ReadOptions)}. */
  EventBatchReader openEventBatchReader(SeekableByteChannel channel, Path name, long from, long to,
      ReadOptions options);

  /** See {@link EventBatchReader#isEventFile(Path)}. */
  boolean isEventFile(Path file) throws IOException;

  /** See {@link EventBatchReader#isEventFile(InputStream)}. */
  boolean isEventFile(InputStream in) throws IOException;

  /** See {@link io.github.vwbinlog.BatchedEvent#event()}. */
  Event decodeEvent(ByteBuffer eventBytes, long offset, ReadLimits limits);

  /** See {@link LogJoiner#writeTo(Path)}. */
  LogJoinSummary join(LogJoiner joiner, Path output) throws IOException;

  /** See {@link LogJoiner#writeTo(java.util.Iterator, Path)}. */
  LogJoinSummary join(LogJoiner joiner, java.util.Iterator<io.github.vwbinlog.join.LogJoinInput> events, Path output)
      throws IOException;
}
