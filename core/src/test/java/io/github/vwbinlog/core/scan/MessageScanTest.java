package io.github.vwbinlog.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.testing.HostileInputs;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.schema.Slots;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link MessageScan} on its own, through the accessors the join reads it with: events by their position in the
 * payload, groups by id in first-seen order chained in payload order, each event's fields as the log holds them, the
 * events it reads or leaves unread by mode, and where it stops. The joiners' tests and the corpus cover what the join
 * makes of it.
 */
class MessageScanTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final TimeStamp CLIENT = TimeStamp.of(2021, 4, 13, 15, 0, 0);

  private static JoinedEvent event(Metadata meta, EventPayload payload) {
    return JoinedEvent.of(T, new Event(meta, payload));
  }

  private static final CbEvent CB = CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"x\":1}");

  /** Two ids interleaved: a deferred apprentice decision "a" with its outcomes, and "b" whose outcome comes first. */
  private static final List<JoinedEvent> INTERLEAVED = List.of(
      event(Metadata.of("a", PayloadType.CB).withPassProbability(0.5f).withClientTime(CLIENT),
          CB.withDeferredAction(true).withLearningMode(LearningMode.APPRENTICE)),
      event(Metadata.of("b", PayloadType.OUTCOME), OutcomeEvent.numeric(2f).withIndex(3)),
      event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.activation().withSlotId("slot-1")),
      event(Metadata.of("b", PayloadType.CB).withEncoding(EventEncoding.ZSTD), CB),
      event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1.5f)));

  /** The settings of a CB log (the defaults' problem type matches no interaction). */
  private static final CheckpointInfo CB_LOG = CheckpointInfo.DEFAULTS.withProblemType(ProblemType.CB);

  /** A scan of {@code events} in {@code mode}, for a CB log (zstd payloads decompressed as the record decoder does). */
  private static MessageScan scanned(MessageScan.Mode mode, List<JoinedEvent> events) {
    MessageScan scan = new MessageScan(ReadLimits.defaults(), null, mode);
    scan.configure(CB_LOG);
    assertThat(scan.scan(ByteBuffer.wrap(new EventEncoder().joinedPayload(events)))).isTrue();
    return scan;
  }

  /** The events of group {@code g}, following the chain. */
  private static List<Integer> group(MessageScan scan, int g) {
    List<Integer> events = new ArrayList<>();
    for (int e = scan.groupHead(g); e != MessageScan.NONE; e = scan.next(e)) {
      events.add(e);
    }
    return events;
  }

  private static String id(MessageScan scan, int e) {
    return new String(scan.message(), scan.idPos(e), scan.idLen(e), StandardCharsets.UTF_8);
  }

  /**
   * Given a file ({@link MessageScan#readFrom}), the scan takes a payload's bytes from it where the file has the payload
   * at the given position, and from the view otherwise: here the "file" holds another payload of the same length, so
   * the ids say which bytes were read.
   */
  @Test
  void readsThePayloadFromTheFileWhereTheFileHasIt() {
    byte[] view = new EventEncoder().joinedPayload(INTERLEAVED);
    byte[] inFile = new EventEncoder().joinedPayload(INTERLEAVED.stream()
        .map(e -> {
          Metadata m = e.event().meta();
          return event(new Metadata(m.id().equals("a") ? "c" : "d", m.clientTime(), m.appId(), m.payloadType(),
              m.passProbability(), m.encoding()), e.event().payload());
        })
        .toList());
    assertThat(inFile).hasSameSizeAs(view).isNotEqualTo(view);
    MessageScan scan = new MessageScan(ReadLimits.defaults(), null, MessageScan.Mode.SINGLE);
    scan.configure(CB_LOG);
    scan.readFrom((position, length, dst) -> {
      if (position != 100 || length != inFile.length) {
        return false;
      }
      System.arraycopy(inFile, 0, dst, 0, length);
      return true;
    });

    assertThat(scan.scan(ByteBuffer.wrap(view), 100)).isTrue();
    assertThat(scan.idString(0) + scan.idString(1)).isEqualTo("cd");
    assertThat(scan.scan(ByteBuffer.wrap(view), 101)).isTrue();
    assertThat(scan.idString(0) + scan.idString(1)).isEqualTo("ab");
    assertThat(scan.scan(ByteBuffer.wrap(view))).isTrue();
    assertThat(scan.idString(0) + scan.idString(1)).isEqualTo("ab");
  }

  @Test
  void groupsByIdInFirstSeenOrderEachChainedInPayloadOrder() {
    MessageScan scan = scanned(MessageScan.Mode.SINGLE, INTERLEAVED);
    assertThat(scan.failure()).isNull();
    assertThat(scan.eventCount()).isEqualTo(5);
    assertThat(scan.interactions()).isEqualTo(2);
    assertThat(scan.groupCount()).isEqualTo(2);
    assertThat(group(scan, 0)).containsExactly(0, 2, 4);
    assertThat(group(scan, 1)).containsExactly(1, 3);
    assertThat(Arrays.asList(id(scan, 0), id(scan, 1), id(scan, 2), id(scan, 3), id(scan, 4)))
        .containsExactly("a", "b", "a", "b", "a");
    assertThat(scan.idString(3)).isEqualTo("b");
    assertThat(scan.idPlain(0)).isTrue();
    assertThat(Arrays.asList(scan.type(0), scan.type(1), scan.type(2), scan.type(3), scan.type(4)))
        .containsExactly(PayloadType.CB, PayloadType.OUTCOME, PayloadType.OUTCOME, PayloadType.CB, PayloadType.OUTCOME);
    for (int e = 0; e < 5; e++) {
      assertThat(scan.failed(e)).isFalse();
    }
  }

  @Test
  void eachEventsFieldsAreTheLogs() {
    MessageScan scan = scanned(MessageScan.Mode.SINGLE, INTERLEAVED);
    // The decisions: deferred, learning mode, pass probability, client time, and where the payload's table is.
    assertThat(scan.deferred(0)).isTrue();
    assertThat(scan.apprentice(0)).isTrue();
    assertThat(scan.learningMode(0)).isEqualTo(LearningMode.APPRENTICE);
    assertThat(scan.passProbability(0)).isEqualTo(0.5f);
    assertThat(scan.hasClientTime(0)).isTrue();
    assertThat(scan.deferred(3)).isFalse();
    assertThat(scan.apprentice(3)).isFalse();
    assertThat(scan.learningMode(3)).isEqualTo(LearningMode.ONLINE);
    assertThat(scan.passProbability(3)).isEqualTo(1f);
    assertThat(scan.hasClientTime(3)).isFalse();
    // A zstd payload is read from the arena, not from the message; both tables are CbEvents with two actions.
    assertThat(scan.bytes(0)).isSameAs(scan.message());
    assertThat(scan.bytes(3)).isNotSameAs(scan.message());
    for (int e : new int[] {0, 3}) {
      assertThat(FlatReads.field(scan.bytes(e), scan.table(e), Slots.CbEvent.ACTION_IDS)).isPositive();
    }
    // The outcomes: value, taken, and each kind of index.
    assertThat(scan.value(1)).isEqualTo(2f);
    assertThat(scan.taken(1)).isFalse();
    assertThat(scan.indexKind(1)).isEqualTo(MessageScan.KIND_NUMERIC);
    assertThat(scan.numericIndex(1)).isEqualTo(3);
    assertThat(scan.taken(2)).isTrue();
    assertThat(scan.indexKind(2)).isEqualTo(MessageScan.KIND_LITERAL);
    assertThat(new String(scan.bytes(2), scan.literalPos(2), scan.literalLen(2), StandardCharsets.UTF_8))
        .isEqualTo("slot-1");
    assertThat(scan.value(4)).isEqualTo(1.5f);
    assertThat(scan.indexKind(4)).isEqualTo(MessageScan.KIND_NONE);
    // The enqueued time, unless the client time is in force and the event has one.
    assertThat(scan.second(0)).isEqualTo(T.epochSecond());
    scan.configure(CB_LOG.withUseClientTime(true));
    scan.scan(ByteBuffer.wrap(new EventEncoder().joinedPayload(INTERLEAVED)));
    assertThat(scan.second(0)).isEqualTo(CLIENT.epochSecond());
    assertThat(scan.second(1)).isEqualTo(T.epochSecond());
  }

  @Test
  void dedupInfoEventsAreDecodedInPayloadOrderAndReadOnly() {
    List<JoinedEvent> events = new ArrayList<>(INTERLEAVED);
    events.add(1, event(Metadata.of("d1", PayloadType.DEDUP_INFO), new DedupInfo(List.of(7L), List.of("{}"))));
    events.add(event(Metadata.of("d2", PayloadType.DEDUP_INFO), new DedupInfo(List.of(8L), List.of("{\"b\":1}"))));
    MessageScan scan = scanned(MessageScan.Mode.SINGLE, events);
    assertThat(scan.dedups()).extracting(DedupInfo::ids).containsExactly(List.of(7L), List.of(8L));
    assertThat(scan.dedupEvent(0)).isEqualTo(1);
    assertThat(scan.dedupEvent(1)).isEqualTo(6);
    assertThat(scan.interactions()).isEqualTo(2);
    assertThatThrownBy(() -> scan.dedups().clear()).isInstanceOf(UnsupportedOperationException.class);
    // The multistep joiner has no use for them: unread, in a group of their own, not failed.
    MessageScan multistep = scanned(MessageScan.Mode.MULTISTEP, events);
    assertThat(multistep.dedups()).isEmpty();
    assertThat(multistep.type(1)).isEqualTo(PayloadType.DEDUP_INFO);
    assertThat(multistep.failed(1)).isFalse();
    assertThat(multistep.groupCount()).isEqualTo(4);
  }

  @Test
  void anEpisodeStopsTheSingleScanWithTheEventsBeforeIt() {
    List<JoinedEvent> events = new ArrayList<>(INTERLEAVED);
    events.add(3, event(Metadata.of("e", PayloadType.EPISODE), new EpisodeEvent("episode")));
    MessageScan scan = scanned(MessageScan.Mode.SINGLE, events);
    MessageScan.Failure failure = scan.failure();
    assertThat(failure).isNotNull();
    assertThat(failure.event()).isEqualTo(3);
    assertThat(failure.reason()).isEqualTo(DiagnosticReason.EPISODE_WITHOUT_MULTISTEP);
    assertThat(failure.eventId()).isEqualTo("e");
    assertThat(scan.eventCount()).isEqualTo(3);
    assertThat(scan.interactions()).isEqualTo(1);
    // Every event mode reads it as it reads any other.
    MessageScan every = scanned(MessageScan.Mode.EVERY, events);
    assertThat(every.failure()).isNull();
    assertThat(every.eventCount()).isEqualTo(6);
    assertThat(every.record(3, new EventDecoder(ReadLimits.defaults(), false)))
        .isEqualTo(events.get(3));
  }

  @Test
  void anEventWhosePayloadDoesNotDecodeIsFailedInItsGroupWithTheDecodersWords() {
    byte[] good = new EventEncoder().event(INTERLEAVED.get(0).event());
    byte[] payload = HostileInputs.joinedPayload(Arrays.asList(good,
        HostileInputs.event("a", PayloadType.OUTCOME.code(), 0, new byte[] {1, 2, 3, 4, 5, 6, 7, 8})));
    MessageScan scan = new MessageScan(ReadLimits.defaults(), null, MessageScan.Mode.SINGLE);
    scan.configure(CB_LOG);
    assertThat(scan.scan(ByteBuffer.wrap(payload))).isTrue();
    assertThat(scan.failure()).isNull();
    assertThat(scan.failed(0)).isFalse();
    assertThat(scan.failed(1)).isTrue();
    assertThat(scan.failReason(1)).isEqualTo(DiagnosticReason.MALFORMED_OUTCOME);
    assertThat(scan.failMessage(1)).contains("OutcomeEvent fails verification");
    assertThat(group(scan, 0)).containsExactly(0, 1);
  }

  @Test
  void anInteractionOfAnotherProblemTypeIsLeftUnreadNotFailed() {
    MessageScan scan = new MessageScan(ReadLimits.defaults(), null, MessageScan.Mode.SINGLE);
    scan.configure(CB_LOG.withProblemType(ProblemType.CA));
    assertThat(scan.problemMatches(PayloadType.CB)).isFalse();
    assertThat(scan.scan(ByteBuffer.wrap(new EventEncoder().joinedPayload(INTERLEAVED)))).isTrue();
    assertThat(scan.type(0)).isEqualTo(PayloadType.CB);
    assertThat(scan.failed(0)).isFalse();
    assertThat(scan.interactions()).isEqualTo(2);
    assertThat(group(scan, 0)).containsExactly(0, 2, 4);
  }

  @Test
  void aPayloadWithMoreEventsThanTheLimitIsRefusedAndSaysWhy() {
    ReadLimits limits = ReadLimits.builder().maxEventsPerPayload(4).build();
    MessageScan scan = new MessageScan(limits, null, MessageScan.Mode.SINGLE);
    ByteBuffer payload = ByteBuffer.wrap(new EventEncoder().joinedPayload(INTERLEAVED));
    assertThat(scan.scan(payload)).isFalse();
    assertThat(MessageScan.tooManyEvents(48, payload, limits))
        .hasMessageContaining("number of joined events (5) exceeds the maximum (4)");
    assertThatThrownBy(() -> MessageScan.tooManyEvents(48, payload, ReadLimits.defaults()))
        .isInstanceOf(IllegalStateException.class);
  }
}
