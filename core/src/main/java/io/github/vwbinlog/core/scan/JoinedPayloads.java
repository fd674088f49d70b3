package io.github.vwbinlog.core.scan;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.event.JoinedEvent;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of every joined event of a REGULAR payload, for callers that iterate messages themselves
 * ({@code Message.Regular#joinedEvents(ReadLimits)}). The events are read by the one reader of events,
 * {@link MessageScan}, in its mode that reads every event whatever its type, and built into records from what it has
 * verified. All or nothing: the first joined event that cannot be read fails the call, which names it. The joiners
 * skip the smallest broken unit instead.
 *
 * <pre>{@code
 * List<JoinedEvent> events = JoinedPayloads.decode(regular.payload(), regular.offset(), ReadLimits.defaults());
 * }</pre>
 */
public final class JoinedPayloads {
  private JoinedPayloads() {}

  /**
   * The joined events of a REGULAR payload, in order, every payload decoded (zstd decompressed).
   *
   * @param payload the payload, from its position to its limit; neither is changed, and the records' contexts are
   *     views of it
   * @param offset the byte offset of the message in the log, for the exceptions
   * @throws MalformedDataException naming the message offset and the first joined event that cannot be read (with
   *     {@link DiagnosticReason#LIMIT_EXCEEDED} when that event exceeds a limit)
   * @throws LimitExceededException if the JoinedPayload exceeds a verifier bound of {@code limits}, or holds more
   *     joined events than {@link ReadLimits#maxEventsPerPayload()} (as the joiners check)
   */
  public static List<JoinedEvent> decode(ByteBuffer payload, long offset, ReadLimits limits) {
    // One zstd context for the message's payloads (made when the first needs it), not one per payload.
    try (ZstdContexts zstd = new ZstdContexts(1)) {
      MessageScan scan = new MessageScan(limits, zstd, MessageScan.Mode.EVERY);
      try {
        return read(scan, payload, offset, limits);
      } finally {
        scan.close();
      }
    }
  }

  private static List<JoinedEvent> read(MessageScan scan, ByteBuffer payload, long offset, ReadLimits limits) {
    if (!scan.scan(payload)) {
      Decoders.verify(payload, offset, limits, Schema.JOINED_PAYLOAD, DiagnosticReason.MALFORMED_PAYLOAD,
          MessageType.REGULAR, "the JoinedPayload");
      throw MessageScan.tooManyEvents(offset, payload, limits);
    }
    // The scan stops at an event it cannot read at all, and goes on past one whose payload does not decode.
    for (int i = 0; i < scan.eventCount(); i++) {
      if (scan.failed(i)) {
        throw unreadable(offset, i, scan.failReason(i), scan.failMessage(i));
      }
    }
    MessageScan.Failure failure = scan.failure();
    if (failure != null) {
      throw unreadable(offset, failure.event(), failure.reason(), failure.cause());
    }
    EventDecoder decoder = new EventDecoder(limits, false); // the scan verified every buffer
    List<JoinedEvent> events = new ArrayList<>(scan.eventCount());
    for (int i = 0; i < scan.eventCount(); i++) {
      events.add(scan.record(i, decoder));
    }
    return events;
  }

  private static MalformedDataException unreadable(long offset, int event, DiagnosticReason reason, String cause) {
    return new MalformedDataException(reason, offset, MessageScan.REGULAR, "joined event " + event, cause);
  }
}
