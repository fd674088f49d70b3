package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property test: every random event the writer encodes (all payload types, both encodings, edge values: NaN, negative
 * zero, u64 ids, NUL and supplementary characters, non-UTF-8 contexts) is decoded by the joiner's {@link EventDecoder}
 * to exactly the record it was written from (SPEC §2, §4.4). Seeded, so a failure names its event.
 */
class EventDecoderRoundTripPropertyTest {
  private static final int EVENTS = 3_000;

  @Test
  void theJoinersDecoderReadsBackEveryEventTheWriterEncodes() throws DecodeException {
    EventEncoder encoder = new EventEncoder();
    EventDecoder decoder = new EventDecoder(ReadLimits.defaults());
    RandomEvents gen = new RandomEvents(new Random(20240611));
    for (int i = 0; i < EVENTS; i++) {
      JoinedEvent written = gen.joinedEvent();
      Event e = written.event();
      EventDecoder.Envelope envelope = decoder.envelope(ByteBuffer.wrap(encoder.event(e)));
      Event read = new Event(envelope.meta(), decoder.payload(envelope, DiagnosticReason.MALFORMED_INTERACTION));
      assertThat(read).as("event %d: %s", i, e).isEqualTo(e);
    }
  }
}
