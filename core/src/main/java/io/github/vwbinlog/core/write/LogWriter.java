package io.github.vwbinlog.core.write;

import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.event.JoinedEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;

/**
 * The {@link BinaryLogWriter} implementation: encodes each message's payload first (so that a call rejected with
 * {@link IllegalArgumentException} writes nothing), then frames it.
 */
public final class LogWriter implements BinaryLogWriter {
  private final FrameWriter frames;
  private final EventEncoder encoder = new EventEncoder();
  private final RawPayloadEncoder rawEncoder = new RawPayloadEncoder();
  private final RawPayloads.Events read = new RawPayloads.Events();
  private final RawPayloads.Events copied = new RawPayloads.Events();
  /** The last DedupInfo event written by {@link #regularCopying}, as a list of one (a copy), or empty. */
  private final RawPayloads.Events lastDedup = new RawPayloads.Events();
  private boolean closed;

  private LogWriter(WritableByteChannel channel) {
    this.frames = new FrameWriter(channel);
  }

  /** Creates or truncates a file and writes to it. */
  public static LogWriter open(Path file) throws IOException {
    return new LogWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.WRITE));
  }

  /** Writes to a channel. */
  public static LogWriter of(WritableByteChannel channel) {
    return new LogWriter(Objects.requireNonNull(channel, "channel"));
  }

  @Override
  public BinaryLogWriter fileMagic(long version) {
    checkU32("version", version);
    return write(MessageType.FILEMAGIC, () -> frames.fileMagic(version));
  }

  @Override
  public BinaryLogWriter header(FileHeader header) {
    checkOpen();
    ByteBuffer payload = ByteBuffer.wrap(FileInfoEncoder.fileHeader(header));
    return write(MessageType.HEADER, () -> frames.sized(MessageType.HEADER.code(), payload));
  }

  @Override
  public BinaryLogWriter checkpoint(CheckpointInfo checkpoint) {
    checkOpen();
    ByteBuffer payload = ByteBuffer.wrap(FileInfoEncoder.checkpointInfo(checkpoint));
    return write(MessageType.CHECKPOINT, () -> frames.sized(MessageType.CHECKPOINT.code(), payload));
  }

  @Override
  public BinaryLogWriter regular(List<JoinedEvent> events) {
    checkOpen();
    ByteBuffer payload = ByteBuffer.wrap(encoder.joinedPayload(events));
    return write(MessageType.REGULAR, () -> frames.sized(MessageType.REGULAR.code(), payload));
  }

  @Override
  public BinaryLogWriter regularCopying(List<ByteBuffer> joinedPayloads) {
    checkOpen();
    read.clear();
    copied.clear();
    try {
      for (ByteBuffer p : joinedPayloads) {
        RawPayloads.events(p, position(), io.github.vwbinlog.ReadLimits.defaults(), read);
      }
    } catch (io.github.vwbinlog.MalformedDataException e) {
      read.clear();
      throw new IllegalArgumentException("not a JoinedPayload: " + e.getMessage(), e);
    }
    try {
      for (int i = 0; i < read.count(); i++) {
        if (read.isDedup(i)) {
          if (lastDedup.count() == 1 && read.sameEvent(i, lastDedup, 0)) {
            continue; // the dedup cache holds exactly its ids already (SPEC 4.5): applying it again changes nothing
          }
          if (copied.count() > 0) {
            writeCopied(); // a new dedup batch starts a new message, as the joiner lays them out
          }
          lastDedup.clear();
          lastDedup.addCopyOf(read, i);
        }
        copied.addFrom(read, i);
      }
      writeCopied();
    } finally {
      read.clear();
      copied.clear();
    }
    return this;
  }

  /** Writes the events gathered in {@link #copied} as one REGULAR message, and empties it. */
  private void writeCopied() {
    ByteBuffer payload = copied.joinedPayload(rawEncoder);
    copied.clear();
    write(MessageType.REGULAR, () -> frames.sized(MessageType.REGULAR.code(), payload));
  }

  @Override
  public BinaryLogWriter regular(ByteBuffer rawJoinedPayload) {
    return message(MessageType.REGULAR.code(), rawJoinedPayload);
  }

  @Override
  public BinaryLogWriter message(int typeCode, ByteBuffer payload) {
    MessageType type = MessageType.of(typeCode);
    if (type == MessageType.FILEMAGIC || type == MessageType.EOF) {
      throw new IllegalArgumentException(type + " has no size field: use fileMagic(version) or eof()");
    }
    Objects.requireNonNull(payload, "payload");
    return write(type, () -> frames.sized(typeCode, payload));
  }

  @Override
  public BinaryLogWriter eof(long sizeField) {
    checkU32("sizeField", sizeField);
    return write(MessageType.EOF, () -> frames.eof(true, sizeField));
  }

  @Override
  public BinaryLogWriter eofWithoutSizeField() {
    return write(MessageType.EOF, () -> frames.eof(false, 0));
  }

  @Override
  public BinaryLogWriter flush() {
    checkOpen();
    try {
      frames.flush();
    } catch (IOException e) {
      throw new BinaryLogIOException(frames.position(), "flushing the output", e);
    }
    return this;
  }

  @Override
  public long position() {
    return frames.position();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      frames.close();
    } catch (IOException e) {
      throw new BinaryLogIOException(frames.position(), "closing the output", e);
    }
  }

  /** One framing step that may fail with an I/O error. */
  private interface Step {
    void run() throws IOException;
  }

  private BinaryLogWriter write(MessageType type, Step step) {
    checkOpen();
    long offset = frames.position();
    try {
      step.run();
    } catch (IOException e) {
      throw new BinaryLogIOException(offset, "writing a " + type + " message", e);
    }
    return this;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the writer is closed");
    }
  }

  private static void checkU32(String name, long value) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(name + " " + value + " is not an unsigned 32-bit value");
    }
  }
}
