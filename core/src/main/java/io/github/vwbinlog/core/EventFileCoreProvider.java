package io.github.vwbinlog.core;

import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.eventfile.DefaultEventBatchReader;
import io.github.vwbinlog.core.logjoin.DefaultLogJoiner;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import io.github.vwbinlog.spi.EventFileProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/** Binds the public API's event-file types and joiner to this implementation; found by ServiceLoader. */
public final class EventFileCoreProvider implements EventFileProvider {

  /** Used by ServiceLoader. */
  public EventFileCoreProvider() {}

  @Override
  public EventBatchReader openEventBatchReader(Path file, ReadOptions options) throws IOException {
    return DefaultEventBatchReader.open(file, options);
  }

  @Override
  public EventBatchReader openEventBatchReader(java.nio.channels.SeekableByteChannel channel, Path name, long from,
      long to, ReadOptions options) {
    return DefaultEventBatchReader.open(name, channel, from, to, options);
  }

  @Override
  public boolean isEventFile(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return isEventFile(in);
    }
  }

  @Override
  public boolean isEventFile(InputStream in) throws IOException {
    byte[] head = new byte[4];
    int n = in.readNBytes(head, 0, 4);
    // a preamble: reserved byte 0, version 0, a big-endian message type of protocol v1 (2, 8, 9, 12) or v2 (13)
    if (n < 4 || head[0] != 0 || head[1] != 0 || head[2] != 0) {
      return false;
    }
    int type = head[3];
    return type == 2 || type == 8 || type == 9 || type == 12 || type == EventBatchReader.PROTOCOL_V2_MESSAGE_TYPE;
  }

  @Override
  public Event decodeEvent(ByteBuffer eventBytes, long offset, ReadLimits limits) {
    EventDecoder decoder = new EventDecoder(limits);
    try {
      EventDecoder.Envelope envelope = decoder.envelope(eventBytes.duplicate());
      return new Event(envelope.meta(), decoder.payload(envelope, io.github.vwbinlog.DiagnosticReason.MALFORMED_EVENT));
    } catch (DecodeException e) {
      throw new MalformedDataException(e.reason(), offset, BinaryLogException.NO_MESSAGE_TYPE, "the event",
          String.valueOf(e.getMessage()));
    }
  }

  @Override
  public LogJoinSummary join(LogJoiner joiner, Path output) throws IOException {
    return new DefaultLogJoiner(joiner).writeTo(output);
  }
}
