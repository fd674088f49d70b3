package io.github.vwbinlog.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.testing.HostileInputs;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link JoinedPayloads#decode}, behind {@code Message.Regular#joinedEvents(ReadLimits)}: a {@link ReadLimits} bound
 * of the JoinedPayload, or more joined events than {@link ReadLimits#maxEventsPerPayload()}, is a
 * {@link LimitExceededException} naming value and maximum, as for checkpoints and headers; within an event it is the
 * event's {@link MalformedDataException} with {@link DiagnosticReason#LIMIT_EXCEEDED}. Every event of every payload
 * type is read, whatever the joiners read; the first event that cannot be read fails the call, naming it, with
 * {@link DiagnosticReason#MALFORMED_EVENT} whatever its type.
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
  void theCallersByteOrderDoesNotMatter() {
    assertThat(JoinedPayloads.decode(payload().order(ByteOrder.BIG_ENDIAN), 8, ReadLimits.defaults()))
        .isEqualTo(EVENTS);
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

  // Every payload type, as stored and compressed: the single joiner leaves some unread and the multistep joiner
  // others; a DedupInfo whose id and value counts differ (the single joiner drops its payload) and an episode (which
  // the single joiner refuses) are records like the others.
  private static final List<JoinedEvent> EVERY_TYPE = everyType();

  private static List<JoinedEvent> everyType() {
    List<EventPayload> payloads = List.of(
        new CbEvent(true, List.of(1L, -1L), ByteBuffer.wrap("{\"c\":1}".getBytes(StandardCharsets.UTF_8)),
            List.of(0.5f, 0.5f), "model", LearningMode.APPRENTICE),
        MultiSlotEvent.of("{\"ccb\":1}", List.of(SlotEvent.of("s0", List.of(2L, 1L), List.of(0.8f, 0.2f)))),
        MultiSlotEvent.of("{\"slates\":1}", List.of(SlotEvent.of(null, List.of(0L), List.of(1f)))),
        OutcomeEvent.literal("é"),
        CaEvent.of(1.5f, 0.25f, "{\"ca\":1}"),
        new DedupInfo(List.of(7L, 8L), List.of("{\"a\":7}")),
        MultiStepEvent.of("step-2", "step-1", List.of(3L), List.of(1f), "{\"ms\":1}"),
        new EpisodeEvent("episode"),
        new EpisodeEvent(null));
    PayloadType[] types = {PayloadType.CB, PayloadType.CCB, PayloadType.SLATES, PayloadType.OUTCOME, PayloadType.CA,
        PayloadType.DEDUP_INFO, PayloadType.MULTI_STEP, PayloadType.EPISODE, PayloadType.EPISODE};
    List<JoinedEvent> events = new ArrayList<>();
    for (EventEncoding encoding : EventEncoding.values()) {
      for (int i = 0; i < types.length; i++) {
        Metadata meta = Metadata.of("id-" + i, types[i]).withEncoding(encoding);
        events.add(JoinedEvent.of(T, new Event(meta, payloads.get(i))));
      }
    }
    return events;
  }

  /** The joined events of a log holding one REGULAR message with this payload, as a reader's user reads them. */
  private static List<JoinedEvent> joinedEvents(byte[] joinedPayload, ReadLimits limits) {
    try (BinaryLogReader r = BinaryLogReader.of(HostileInputs.log(joinedPayload))) {
      for (Message m : r) {
        if (m instanceof Message.Regular regular) {
          return regular.joinedEvents(limits);
        }
      }
    }
    throw new AssertionError("no REGULAR message");
  }

  /** Where {@link HostileInputs#log} puts the REGULAR message. */
  private static final long REGULAR_OFFSET = 48;

  /** Not a flatbuffer: too short to hold one. */
  private static final byte[] GARBAGE = {1, 2, 3, 4, 5, 6, 7, 8};
  private static final String TOO_SHORT = "the buffer is 8 bytes, less than the 12 of the smallest flatbuffer";

  /** A well-formed Event buffer: joined event {@code i} of {@link #EVERY_TYPE}. */
  private static byte[] good(int i) {
    return new EventEncoder().event(EVERY_TYPE.get(i).event());
  }

  /**
   * Asserts that the joined events of a message of these Event buffers (a null one: a joined event without an event)
   * cannot be read, for this reason and problem of joined event {@code event}.
   */
  private static void assertUnreadable(int event, DiagnosticReason reason, String problem,
      byte @Nullable []... events) {
    byte[] payload = HostileInputs.joinedPayload(Arrays.asList(events));
    assertThatThrownBy(() -> joinedEvents(payload, ReadLimits.defaults()))
        .isInstanceOfSatisfying(MalformedDataException.class, e -> {
          assertThat(e.reason()).isEqualTo(reason);
          assertThat(e.offset()).isEqualTo(REGULAR_OFFSET);
          assertThat(e.messageType()).isEqualTo(MessageType.REGULAR);
          assertThat(e.reading()).isEqualTo("joined event " + event);
          assertThat(e.problem()).isEqualTo(problem);
        });
  }

  @Test
  void everyEventOfEveryPayloadTypeIsRead() {
    assertThat(EVERY_TYPE).extracting(e -> e.event().meta().encoding()).contains(EventEncoding.ZSTD);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.regular(EVERY_TYPE);
    }
    try (BinaryLogReader r = BinaryLogReader.of(out.toByteArray())) {
      Message.Regular regular = (Message.Regular) r.iterator().next();
      assertThat(regular.joinedEvents()).isEqualTo(EVERY_TYPE);
      assertThat(JoinedPayloads.decode(regular.payload(), regular.offset(), ReadLimits.defaults()))
          .isEqualTo(EVERY_TYPE);
    }
  }

  @Test
  void aMessageOfCompressedPayloadsIsReadWhole() {
    List<JoinedEvent> zstd = EVERY_TYPE.stream().filter(e -> e.event().meta().encoding() == EventEncoding.ZSTD)
        .toList();
    assertThat(zstd).hasSize(EVERY_TYPE.size() / 2);
    assertThat(joinedEvents(new EventEncoder().joinedPayload(zstd), ReadLimits.defaults())).isEqualTo(zstd);
  }

  @Test
  void theFirstOfSeveralUnreadableEventsIsNamed() {
    // Joined event 1's payload is not a CbEvent, joined event 3 is not an Event at all: the call fails at 1.
    assertUnreadable(1, DiagnosticReason.MALFORMED_EVENT, "the CbEvent fails verification: " + TOO_SHORT,
        good(0), HostileInputs.event("x", 0, GARBAGE), good(3), GARBAGE);
  }

  @Test
  void anEventThatIsNotAnEventIsNamedWithTheDecodersWords() {
    assertUnreadable(2, DiagnosticReason.MALFORMED_EVENT, "the Event fails verification: " + TOO_SHORT,
        good(0), good(3), GARBAGE, good(4));
  }

  @Test
  void aJoinedEventWithoutAnEventIsNamed() {
    assertUnreadable(1, DiagnosticReason.MALFORMED_EVENT, "no event or no time stamp", good(0), null, good(3));
    assertThatThrownBy(() -> joinedEvents(HostileInputs.joinedPayload(Arrays.asList(good(0), null)),
        ReadLimits.defaults()))
        .hasMessage("malformed event at offset 48: joined event 1 of the REGULAR message: no event or no time stamp");
  }

  @Test
  void anUnrecognizedPayloadTypeFailsTheCall() {
    assertUnreadable(1, DiagnosticReason.MALFORMED_EVENT, "payload type UNRECOGNIZED has no payload table",
        good(0), HostileInputs.event("x", 42, 0, HostileInputs.cbEvent(1)));
  }

  @Test
  void aZstdPayloadThatDoesNotDecompressIsNamed() {
    assertUnreadable(1, DiagnosticReason.DECOMPRESSION_FAILED, "the payload is not a zstd frame (8 bytes)",
        good(EVERY_TYPE.size() / 2), HostileInputs.event("x", 1, GARBAGE), good(1));
  }

  /** The joiners report a payload of each type with a reason of its own; the records' reader with one reason. */
  @ParameterizedTest
  @EnumSource(value = PayloadType.class, names = "UNRECOGNIZED", mode = EnumSource.Mode.EXCLUDE)
  void anUnreadablePayloadOfAnyTypeIsAMalformedEvent(PayloadType type) {
    assertUnreadable(2, DiagnosticReason.MALFORMED_EVENT, "the " + table(type) + " fails verification: " + TOO_SHORT,
        good(0), good(1), HostileInputs.event("x", type.code(), 0, GARBAGE));
  }

  private static String table(PayloadType type) {
    return switch (type) {
      case CB -> "CbEvent";
      case CCB, SLATES -> "MultiSlotEvent";
      case OUTCOME -> "OutcomeEvent";
      case CA -> "CaEvent";
      case DEDUP_INFO -> "DedupInfo";
      case MULTI_STEP -> "MultiStepEvent";
      default -> "EpisodeEvent";
    };
  }

  @Test
  void aLimitExceededInTheMiddleIsThatEventsLimitExceeded() {
    byte[] payload = new EventEncoder().joinedPayload(List.of(EVENTS.get(1), EVENTS.get(0)));
    assertThatThrownBy(() -> joinedEvents(payload, ReadLimits.builder().maxContextSize(6).build()))
        .isInstanceOfSatisfying(MalformedDataException.class,
            e -> assertThat(e.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED))
        .hasMessage("limit exceeded at offset 48: joined event 1 of the REGULAR message: context size (7) exceeds "
            + "the maximum (6)");
  }
}
