package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JoinedPayloads#decode}, behind {@code Message.Regular#joinedEvents(ReadLimits)}: a {@link ReadLimits} bound
 * of the JoinedPayload, or more joined events than {@link ReadLimits#maxEventsPerPayload()}, is a
 * {@link LimitExceededException} naming value and maximum, as for checkpoints and headers; within an event it is the
 * event's {@link MalformedDataException} with {@link DiagnosticReason#LIMIT_EXCEEDED}.
 */
class JoinedPayloadsTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final List<JoinedEvent> EVENTS = List.of(
      JoinedEvent.of(T, new Event(Metadata.of("a", PayloadType.CB),
          CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"x\":1}"))),
      JoinedEvent.of(T, new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))));

  private static ByteBuffer payload() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.regular(EVENTS);
    }
    try (BinaryLogReader r = BinaryLogReader.of(out.toByteArray())) {
      for (Message m : r) {
        if (m instanceof Message.Regular regular) {
          return regular.payload();
        }
      }
    }
    throw new AssertionError("no REGULAR message");
  }

  @Test
  void withinTheLimitsEveryEventIsDecoded() {
    assertThat(JoinedPayloads.decode(payload(), 8, ReadLimits.defaults())).isEqualTo(EVENTS);
  }

  @Test
  void aVerifierBoundOfTheJoinedPayloadIsALimitExceededException() {
    // Two joined events: a vector of length 2 in the JoinedPayload.
    assertThatThrownBy(() -> JoinedPayloads.decode(payload(), 8, ReadLimits.builder().maxVectorLength(1).build()))
        .isInstanceOfSatisfying(LimitExceededException.class, e -> {
          assertThat(e.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED);
          assertThat(e.value()).isEqualTo(2);
          assertThat(e.limit()).isEqualTo(1);
          assertThat(e.offset()).isEqualTo(8);
        })
        .hasMessageContaining("(2) exceeds the maximum (1)");
  }

  @Test
  void moreJoinedEventsThanMaxEventsPerPayloadIsALimitExceededException() {
    assertThatThrownBy(() -> JoinedPayloads.decode(payload(), 8, ReadLimits.builder().maxEventsPerPayload(1).build()))
        .isInstanceOfSatisfying(LimitExceededException.class, e -> {
          assertThat(e.value()).isEqualTo(2);
          assertThat(e.limit()).isEqualTo(1);
          assertThat(e.offset()).isEqualTo(8);
          assertThat(e.messageType()).isEqualTo(MessageType.REGULAR);
        })
        .hasMessageContaining("number of joined events (2) exceeds the maximum (1)");
    assertThat(JoinedPayloads.decode(payload(), 8, ReadLimits.builder().maxEventsPerPayload(2).build()))
        .isEqualTo(EVENTS);
  }

  @Test
  void aContextAboveTheLimitIsTheEventsLimitExceeded() {
    assertThatThrownBy(() -> JoinedPayloads.decode(payload(), 8, ReadLimits.builder().maxContextSize(6).build()))
        .isInstanceOfSatisfying(MalformedDataException.class,
            e -> assertThat(e.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED))
        .hasMessageContaining("joined event 0")
        .hasMessageContaining("context size (7) exceeds the maximum (6)");
  }
}
