package io.github.vwbinlog;

import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.spi.Providers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a joined binary schema v2 log, one message per call: what tests, benchmarks and tools use to make data that
 * {@link BinaryLogReader} (and VW) read back.
 *
 * <p>Each method appends one message and returns this writer. Framing follows SPEC §1: a sized message is its type,
 * its {@code u32} size, the payload, then exactly {@code size % 8} zero bytes (VW's rule, not alignment padding). The
 * typed methods build the flatbuffers themselves: {@link #header(FileHeader)}, {@link #checkpoint(CheckpointInfo)}
 * and {@link #regular(List)}, which encodes every {@link JoinedEvent} as VW's joiner does (an {@code Event} flatbuffer
 * nested in each {@code JoinedEvent}, its payload flatbuffer nested in the {@code Event}, zstd-compressed as one frame
 * that declares its content size when {@code Metadata.encoding()} is {@link EventEncoding#ZSTD}). Nested buffers are
 * 8-byte aligned within the payload. The raw methods ({@link #message(int, ByteBuffer)}, {@link #regular(ByteBuffer)},
 * {@link #fileMagic(long)}, {@link #eof(long)}) write any bytes, valid or not, for tests of broken input.
 *
 * <p>Output is buffered: call {@link #flush()} to push it to the target, or {@link #close()}, which flushes and closes
 * the target. An I/O error raises the unchecked {@link BinaryLogIOException}, as reading does. Not thread-safe.
 *
 * <pre>{@code
 * TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
 * try (BinaryLogWriter writer = BinaryLogWriter.to(Path.of("synthetic.log"))) {
 *   writer.fileMagic()
 *       .header(new FileHeader(t, List.of(new FileHeader.Property("joiner", "synthetic"))))
 *       .checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE))
 *       .regular(List.of(
 *           JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.CB),
 *               CbEvent.of(List.of(2L, 1L), List.of(0.8f, 0.2f), "{\"U\":{\"age\":42}}"))),
 *           JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.OUTCOME)
 *               .withEncoding(EventEncoding.ZSTD), OutcomeEvent.numeric(1.5f)))))
 *       .eof();
 * }
 * }</pre>
 */
public interface BinaryLogWriter extends AutoCloseable {

  /**
   * Creates or truncates a file and writes to it.
   *
   * @throws IOException if the file cannot be opened for writing
   */
  static BinaryLogWriter to(Path file) throws IOException {
    return Providers.get().openWriter(file);
  }

  /** Writes to a stream; closing the writer closes the stream. */
  static BinaryLogWriter to(OutputStream out) {
    return to(Channels.newChannel(out));
  }

  /** Writes to a channel; closing the writer closes the channel. */
  static BinaryLogWriter to(WritableByteChannel channel) {
    return Providers.get().openWriter(channel);
  }

  /** Writes a FILEMAGIC message of version 1: {@code 56 57 46 42 01 00 00 00}. */
  default BinaryLogWriter fileMagic() {
    return fileMagic(1);
  }

  /**
   * Writes a FILEMAGIC message with any version; readers stop after a version other than 1.
   *
   * @param version the version, an unsigned 32-bit value
   * @throws IllegalArgumentException if the version is outside {@code [0, 0xFFFFFFFF]}
   */
  BinaryLogWriter fileMagic(long version);

  /**
   * Writes a HEADER message: a {@code FileHeader} flatbuffer with the join time (when not null) and the properties in
   * order (each key and value when not null).
   */
  BinaryLogWriter header(FileHeader header);

  /**
   * Writes a CHECKPOINT message: a {@code CheckpointInfo} flatbuffer with all five fields stored explicitly, defaults
   * included.
   *
   * @throws IllegalArgumentException if a field is {@code UNRECOGNIZED}, which has no code to store
   */
  BinaryLogWriter checkpoint(CheckpointInfo checkpoint);

  /**
   * Writes a REGULAR message holding these joined events, in order. Optional fields are stored only when present
   * (strings and the client time when not null; model ids always, as given), and unions as each
   * {@link io.github.vwbinlog.event.OutcomeEvent.Kind} says.
   *
   * @throws IllegalArgumentException if an event's payload record does not fit its {@code Metadata.payloadType()}
   *     (CB needs a {@code CbEvent}, CCB and SLATES a {@code MultiSlotEvent}...), or if a value has no stored form
   *     (an {@code UNRECOGNIZED} enum, a slot action id outside the unsigned 32-bit range)
   */
  BinaryLogWriter regular(List<JoinedEvent> events);

  /**
   * Writes a REGULAR message holding the joined events of these {@code JoinedPayload} flatbuffers, in order, each
   * event copied unchanged (its {@code Event} bytes, a zstd payload still compressed, and its enqueued time): how a
   * joined event that was read is written again without being encoded anew, byte for byte as VW's joiner and
   * {@link io.github.vwbinlog.join.LogJoiner} lay a message out. The payloads are typically those of
   * {@link Message.Regular#joinedPayloadsById()} (a Spark row's {@code joined_events} column).
   *
   * <p>A DedupInfo event equal, byte for byte and in its time, to the last DedupInfo event this method wrote is left
   * out: after a DedupInfo the dedup cache holds exactly its ids (SPEC §4.5), so applying it again would change
   * nothing; so the DedupInfo that each event of one batch carries is written once, where its batch starts. Another
   * DedupInfo after events of this call ends the message there, and starts the next REGULAR message: VW applies a
   * message's DedupInfo events before it joins any of its events, so a message must not hold the interactions of two
   * dedup batches (the joiners lay logs out so). So one call writes one REGULAR message, or one per dedup batch.
   *
   * <pre>{@code
   * writer.regularCopying(List.of(byId.get("id-1"), byId.get("id-2")));
   * }</pre>
   *
   * @param joinedPayloads the payloads, each from its position to its limit, which are left unchanged
   * @throws IllegalArgumentException if a payload is not a {@code JoinedPayload} whose joined events and their
   *     events' metadata can be read (then nothing is written)
   */
  BinaryLogWriter regularCopying(List<ByteBuffer> joinedPayloads);

  /**
   * A {@code JoinedPayload} flatbuffer (a REGULAR message's payload) holding these serialized {@code Event}s, each with
   * its enqueued time, copied unchanged, in order: what a joiner of rlclientlib's events makes of an event id's events
   * ({@link BatchedEvent#bytes()}, a DedupInfo event first where the id's context refers to it), what
   * {@link #regularCopying(List)} writes, and what a Spark row's {@code joined_events} column holds. Nothing is
   * written.
   *
   * <pre>{@code
   * ByteBuffer joined = BinaryLogWriter.joinedPayload(List.of(interaction.bytes(), outcome.bytes()),
   *     List.of(interactionTime, outcomeTime));
   * }</pre>
   *
   * @param events serialized {@code Event} flatbuffers, each from its position to its limit
   * @param times the enqueued time of each, in the same order
   * @throws MalformedDataException if an event fails verification or has no metadata or id
   * @throws IllegalArgumentException if the lists differ in size
   */
  static ByteBuffer joinedPayload(List<ByteBuffer> events, List<TimeStamp> times) {
    return Providers.get().joinedPayload(events, times);
  }

  /** Writes a REGULAR message with these payload bytes (from position to limit, which are left unchanged), as is. */
  BinaryLogWriter regular(ByteBuffer rawJoinedPayload);

  /**
   * Writes a sized message of any type with these payload bytes, as is: type, size, payload, {@code size % 8} zero
   * bytes. For unknown types, raw HEADER, CHECKPOINT or REGULAR payloads, and byte-exact copies of other logs.
   *
   * @param typeCode the type value (for example {@code 0x1AAAAAAA}, or {@link MessageType#code()})
   * @param payload the payload, from its position to its limit, which are left unchanged
   * @throws IllegalArgumentException for the FILEMAGIC and EOF types, which have no size field: use
   *     {@link #fileMagic(long)} and {@link #eof(long)}
   */
  BinaryLogWriter message(int typeCode, ByteBuffer payload);

  /** Writes an EOF message followed by 4 zero bytes, as VW's joiner does: {@code AA AA AA AA 00 00 00 00}. */
  default BinaryLogWriter eof() {
    return eof(0);
  }

  /**
   * Writes an EOF message followed by 4 bytes holding {@code sizeField}. Readers never look at them.
   *
   * @param sizeField an unsigned 32-bit value
   * @throws IllegalArgumentException if it is outside {@code [0, 0xFFFFFFFF]}
   */
  BinaryLogWriter eof(long sizeField);

  /** Writes an EOF message's 4 type bytes alone, with nothing after them. */
  BinaryLogWriter eofWithoutSizeField();

  /**
   * Pushes buffered bytes to the target.
   *
   * @throws BinaryLogIOException if writing fails
   */
  BinaryLogWriter flush();

  /** How many bytes have been written so far (buffered included): the offset at which the next message starts. */
  long position();

  /**
   * Flushes and closes the target. Closing again does nothing; any other call after closing throws
   * {@link IllegalStateException}.
   *
   * @throws BinaryLogIOException if flushing or closing fails
   */
  @Override
  void close();
}
