package io.github.vwbinlog.core.event;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * Decodes a whole REGULAR payload into records, for callers that iterate messages themselves
 * ({@code Message.Regular#joinedEvents(ReadLimits)}). All or nothing: the first part that cannot be read fails the
 * call, which names it. The joiner does not use this: it skips the smallest broken unit instead.
 */
public final class JoinedPayloads {
  /** The REGULAR type as exceptions name it: the value as stored, unsigned. */
  private static final long REGULAR = Integer.toUnsignedLong(MessageType.REGULAR.code());

  private JoinedPayloads() {}

  /**
   * The joined events of a REGULAR payload, in order, every payload decoded (zstd decompressed).
   *
   * @throws MalformedDataException naming the message offset and the first joined event that cannot be read (with
   *     {@link DiagnosticReason#LIMIT_EXCEEDED} when that event exceeds a limit)
   * @throws LimitExceededException if the JoinedPayload exceeds a verifier bound of {@code limits}, or holds more
   *     joined events than {@link ReadLimits#maxEventsPerPayload()} (as the joiners check)
   */
  public static List<JoinedEvent> decode(ByteBuffer payload, long offset, ReadLimits limits) {
    Decoders.verify(payload, offset, limits, Schema.JOINED_PAYLOAD, DiagnosticReason.MALFORMED_PAYLOAD,
        MessageType.REGULAR,
        "the JoinedPayload");
    JoinedPayload root = JoinedPayload.getRootAsJoinedPayload(payload.duplicate());
    int n = root.eventsLength();
    if (n > limits.maxEventsPerPayload()) {
      throw new LimitExceededException(offset, REGULAR, "number of joined events", n,
          limits.maxEventsPerPayload());
    }
    EventDecoder decoder = new EventDecoder(limits);
    List<JoinedEvent> events = new ArrayList<>(n);
    var entry = new reinforcement_learning.messages.flatbuff.v2.JoinedEvent();
    var time = new reinforcement_learning.messages.flatbuff.v2.TimeStamp();
    for (int i = 0; i < n; i++) {
      root.events(entry, i);
      ByteBuffer eventBytes = entry.eventAsByteBuffer();
      if (eventBytes == null || entry.timestamp(time) == null) {
        throw new MalformedDataException(DiagnosticReason.MALFORMED_EVENT, offset, REGULAR,
            "joined event " + i, "no event or no time stamp");
      }
      try {
        EventDecoder.Envelope envelope = decoder.envelope(eventBytes);
        events.add(new JoinedEvent(EventDecoder.timeStamp(time),
            new Event(envelope.meta(), decoder.payload(envelope, DiagnosticReason.MALFORMED_EVENT))));
      } catch (DecodeException e) {
        throw new MalformedDataException(e.reason(), offset, REGULAR, "joined event " + i,
            e.getMessage());
      }
    }
    return events;
  }
}
