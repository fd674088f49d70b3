package io.github.vwbinlog.core;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.run.DefaultDsjsonConverter;
import io.github.vwbinlog.core.eventfile.DefaultEventBatchReader;
import io.github.vwbinlog.core.eventfile.EventFile;
import io.github.vwbinlog.core.run.JoinRun;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.framing.MessageReader;
import io.github.vwbinlog.core.run.DefaultJoiner;
import io.github.vwbinlog.core.join.DefaultRewardCalculator;
import io.github.vwbinlog.core.scan.JoinedPayloads;
import io.github.vwbinlog.core.run.RangeJoiner;
import io.github.vwbinlog.core.logjoin.DefaultLogJoiner;
import io.github.vwbinlog.core.write.LogWriter;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.RewardCalculator;
import io.github.vwbinlog.spi.VwBinlogProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collector;

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
  public BinaryLogReader openReader(Path file, long start, long limit, ReadOptions options) throws IOException {
    return MessageReader.open(file, start, limit, options);
  }

  @Override
  public BinaryLogReader openReader(ReadableByteChannel channel, long position, ReadOptions options) {
    return MessageReader.of(channel, position, options);
  }

  @Override
  public FileHeader decodeFileHeader(ByteBuffer payload, long offset, ReadLimits limits) {
    return Decoders.fileHeader(payload, offset, limits);
  }

  @Override
  public CheckpointInfo decodeCheckpointInfo(ByteBuffer payload, long offset, ReadLimits limits) {
    return Decoders.checkpointInfo(payload, offset, limits);
  }

  @Override
  public java.util.List<io.github.vwbinlog.event.JoinedEvent> decodeJoinedEvents(ByteBuffer payload, long offset,
      ReadLimits limits) {
    return JoinedPayloads.decode(payload, offset, limits);
  }

  @Override
  public java.util.Map<String, ByteBuffer> joinedPayloadsById(ByteBuffer payload, long offset, ReadLimits limits) {
    return io.github.vwbinlog.core.write.RawPayloads.byId(payload, offset, limits);
  }

  @Override
  public ByteBuffer joinedPayload(java.util.List<ByteBuffer> events,
      java.util.List<io.github.vwbinlog.TimeStamp> times) {
    return io.github.vwbinlog.core.write.RawPayloads.joinedPayload(events, times, ReadLimits.defaults());
  }

  @Override
  public RewardCalculator rewardCalculator(CheckpointInfo config, DiagnosticListener listener) {
    return new DefaultRewardCalculator(config, listener);
  }

  @Override
  public Joiner openJoiner(Path file, JoinOptions options) throws IOException {
    return DefaultJoiner.open(file, options, null);
  }

  @Override
  public Joiner openJoiner(Path file, JoinOptions options, long from, long to) throws IOException {
    return RangeJoiner.open(file, options, from, to);
  }

  @Override
  public Joiner joiner(Joiner.Source source, JoinOptions options, long from, long to) throws IOException {
    return RangeJoiner.of(source, options, from, to);
  }

  @Override
  public java.util.List<io.github.vwbinlog.join.LogRange> planRanges(java.nio.channels.SeekableByteChannel log,
      ReadOptions options, long[] cuts) throws IOException {
    return io.github.vwbinlog.core.run.RangePlanner.plan(log, options, cuts);
  }

  @Override
  public Joiner joiner(Joiner.RangeSource source, JoinOptions options, io.github.vwbinlog.join.LogRange range)
      throws IOException {
    return RangeJoiner.of(source, options, range);
  }

  @Override
  public Joiner joiner(BinaryLogReader reader, JoinOptions options) {
    return DefaultJoiner.of(reader, options, null);
  }

  @Override
  public DsjsonConverter dsjsonConverter(JoinOptions options) {
    return new DefaultDsjsonConverter(options);
  }

  @Override
  public <R> Joiner.Collected<R> collect(Path file, JoinOptions options,
      Collector<? super JoinResult, ?, R> collector) throws IOException {
    return JoinRun.collect(file, options, collector, 0);
  }

  @Override
  public <P> JoinSummary run(Path file, JoinOptions options, JoinedEventSink<P> sink) throws IOException {
    return JoinRun.run(file, options, sink, 0);
  }

  @Override
  public <P> JoinSummary run(BinaryLogReader reader, JoinOptions options, JoinedEventSink<P> sink)
      throws IOException {
    return JoinRun.run(reader, options, sink);
  }

  @Override
  public BinaryLogWriter openWriter(Path file) throws IOException {
    return LogWriter.open(file);
  }

  @Override
  public BinaryLogWriter openWriter(WritableByteChannel channel) {
    return LogWriter.of(channel);
  }

  @Override
  public EventBatchReader openEventBatchReader(Path file, ReadOptions options) throws IOException {
    return DefaultEventBatchReader.open(file, options);
  }

  @Override
  public EventBatchReader openEventBatchReader(SeekableByteChannel channel, Path name, long from, long to,
      ReadOptions options) {
    return DefaultEventBatchReader.open(name, channel, from, to, options);
  }

  @Override
  public boolean isEventFile(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return EventFile.startsWithPreamble(in);
    }
  }

  @Override
  public boolean isEventFile(InputStream in) throws IOException {
    return EventFile.startsWithPreamble(in);
  }

  @Override
  public Event decodeEvent(ByteBuffer eventBytes, long offset, ReadLimits limits) {
    return DefaultEventBatchReader.decode(eventBytes, offset, limits);
  }

  @Override
  public LogJoinSummary join(LogJoiner joiner, Path output) throws IOException {
    return new DefaultLogJoiner(joiner).writeTo(output);
  }

  @Override
  public LogJoinSummary join(LogJoiner joiner, java.util.Iterator<io.github.vwbinlog.join.LogJoinInput> events,
      Path output) throws IOException {
    return new DefaultLogJoiner(joiner).writeTo(events, output);
  }
}
