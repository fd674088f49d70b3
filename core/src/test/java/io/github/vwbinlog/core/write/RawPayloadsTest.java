package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link RawPayloads} and {@link BinaryLogWriter#regularCopying}: a message cut by event id and written again holds
 * the same events, copied byte for byte, each batch's DedupInfo once.
 */
class RawPayloadsTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  private static JoinedEvent cb(String id, int second) {
    return JoinedEvent.of(new TimeStamp(2021, 4, 13, 15, 8, second, 17), new Event(Metadata.of(id, PayloadType.CB)
        .withEncoding(EventEncoding.ZSTD), CbEvent.of(List.of(2L, 1L), List.of(0.8f, 0.2f),
        "{\"_multi\":[{\"__aid\":7},{\"__aid\":8}]}")));
  }

  private static JoinedEvent outcome(String id, float value) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, PayloadType.OUTCOME), OutcomeEvent.numeric(value)));
  }

  private static JoinedEvent dedup(long first) {
    return JoinedEvent.of(T, new Event(Metadata.of("dedup", PayloadType.DEDUP_INFO),
        new DedupInfo(List.of(first, first + 1), List.of("{\"a\":1}", "{\"b\":2}"))));
  }

  /** The REGULAR messages of a log written by {@code writes}. */
  private static List<Message.Regular> regulars(java.util.function.Consumer<BinaryLogWriter> writes) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic();
      writes.accept(w);
      w.eof();
    }
    List<Message.Regular> regulars = new ArrayList<>();
    try (BinaryLogReader r = BinaryLogReader.of(ByteBuffer.wrap(out.toByteArray()))) {
      for (Message m : r) {
        if (m instanceof Message.Regular regular) {
          regulars.add(regular);
        }
      }
    }
    return regulars;
  }

  @Test
  void cutsAMessageByIdInFirstSeenOrderWithTheDedupInfoBeforeEachId() throws Exception {
    Message.Regular m = regulars(w -> w.regular(List.of(dedup(7), cb("b", 1), cb("a", 2), outcome("b", 1.5f),
        outcome("a", 2f)))).get(0);
    Map<String, ByteBuffer> byId = m.joinedPayloadsById();
    assertThat(byId.keySet()).containsExactly("b", "a");
    List<Message.Regular> copies = regulars(w -> byId.values().forEach(p -> w.regularCopying(List.of(p))));
    assertThat(copies.get(0).joinedEvents()).containsExactly(dedup(7), cb("b", 1), outcome("b", 1.5f));
    // The same DedupInfo again is left out: the cache already holds exactly its ids.
    assertThat(copies.get(1).joinedEvents()).containsExactly(cb("a", 2), outcome("a", 2f));
  }

  @Test
  void writesTheEventsOfAMessageAgainByteForByteAndEachDedupInfoOnce() throws Exception {
    List<JoinedEvent> events = List.of(dedup(7), cb("a", 1), outcome("a", 1f), cb("b", 2), outcome("b", 3f));
    Message.Regular original = regulars(w -> w.regular(events)).get(0);
    List<Message.Regular> copies = regulars(w -> w.regularCopying(List.copyOf(original.joinedPayloadsById().values()))
        .regularCopying(List.copyOf(original.joinedPayloadsById().values())));
    assertThat(copies.get(0).joinedEvents()).isEqualTo(events);
    assertThat(copies.get(1).joinedEvents()).isEqualTo(events.subList(1, events.size()));
    // Copied once more, the copy is the same bytes: the raw layout is a fixed point.
    Message.Regular first = copies.get(0);
    Message.Regular again = regulars(w -> w.regularCopying(List.copyOf(first.joinedPayloadsById().values()))).get(0);
    assertThat(again.payload()).isEqualTo(first.payload());
  }

  @Test
  void aNewDedupInfoIsWrittenAndTheOldOneAgainAfterIt() throws Exception {
    Message.Regular one = regulars(w -> w.regular(List.of(dedup(7), cb("a", 1)))).get(0);
    Message.Regular two = regulars(w -> w.regular(List.of(dedup(9), cb("b", 1)))).get(0);
    List<Message.Regular> copies = regulars(w -> w.regularCopying(List.of(one.joinedPayloadsById().get("a")))
        .regularCopying(List.of(two.joinedPayloadsById().get("b")))
        .regularCopying(List.of(one.joinedPayloadsById().get("a"))));
    assertThat(copies).extracting(c -> c.joinedEvents().get(0)).containsExactly(dedup(7), dedup(9), dedup(7));
  }

  @Test
  void anotherDedupBatchAfterEventsStartsANewMessage() throws Exception {
    Message.Regular one = regulars(w -> w.regular(List.of(dedup(7), cb("a", 1), cb("b", 1)))).get(0);
    Message.Regular two = regulars(w -> w.regular(List.of(dedup(9), cb("c", 1)))).get(0);
    Map<String, ByteBuffer> first = one.joinedPayloadsById();
    List<Message.Regular> copies = regulars(w -> w.regularCopying(List.of(first.get("a"), first.get("b"),
        two.joinedPayloadsById().get("c"))));
    assertThat(copies).extracting(Message.Regular::joinedEvents).containsExactly(
        List.of(dedup(7), cb("a", 1), cb("b", 1)), List.of(dedup(9), cb("c", 1)));
  }

  @Test
  void eventsAsAnEventFileHoldsThemMakeTheJoinedPayloadOfTheirId() throws Exception {
    EventEncoder encoder = new EventEncoder();
    List<JoinedEvent> events = List.of(dedup(7), cb("a", 1), outcome("a", 2f));
    List<ByteBuffer> bytes = events.stream().map(e -> ByteBuffer.wrap(encoder.event(e.event()))).toList();
    ByteBuffer payload = BinaryLogWriter.joinedPayload(bytes, events.stream().map(JoinedEvent::timestamp).toList());
    Message.Regular copy = regulars(w -> w.regularCopying(List.of(payload))).get(0);
    assertThat(copy.joinedEvents()).isEqualTo(events);
    assertThat(copy.joinedPayloadsById().get("a")).isEqualTo(payload);
    assertThatThrownBy(() -> BinaryLogWriter.joinedPayload(List.of(ByteBuffer.wrap(new byte[] {9, 9, 9, 9})),
        List.of(T))).isInstanceOf(MalformedDataException.class).hasMessageContaining("fails verification");
    assertThatThrownBy(() -> BinaryLogWriter.joinedPayload(bytes, List.of(T)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void refusesBytesThatAreNotAJoinedPayloadAndWritesNothing() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      assertThatThrownBy(() -> w.regularCopying(List.of(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a JoinedPayload");
      assertThat(w.position()).isZero();
    }
    assertThatThrownBy(() -> new Message.Regular(0, ByteBuffer.wrap(new byte[] {1, 0, 0, 0})).joinedPayloadsById())
        .isInstanceOf(MalformedDataException.class).hasMessageContaining("JoinedPayload");
  }
}
