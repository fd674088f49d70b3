package io.github.vwbinlog.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The decoding methods of {@link Message} that take {@link ReadLimits}: {@code Header#fileHeader(ReadLimits)},
 * {@code Checkpoint#checkpointInfo(ReadLimits)} and {@code Regular#joinedEvents(ReadLimits)} verify within the limits
 * given, through the service provider, while the methods without arguments verify within the message's own: its
 * reader's, or {@link ReadLimits#defaults()} for a message built without.
 * Every input is written with {@link BinaryLogWriter} and read back with {@link BinaryLogReader}.
 */
class MessageDecodingLimitsTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final FileHeader HEADER =
      new FileHeader(T, List.of(new FileHeader.Property("a", "b"), new FileHeader.Property("c", "d")));
  private static final CheckpointInfo CHECKPOINT =
      CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE);
  private static final List<JoinedEvent> EVENTS = List.of(
      JoinedEvent.of(T, new Event(Metadata.of("a", PayloadType.CB),
          CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"x\":1}"))),
      JoinedEvent.of(T, new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))));

  /** The messages of a log written by {@code writing}, between a FILEMAGIC and an EOF. */
  private static List<Message> messages(Consumer<BinaryLogWriter> writing) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic();
      writing.accept(w);
      w.eof();
    }
    List<Message> messages = new ArrayList<>();
    try (BinaryLogReader r = BinaryLogReader.of(out.toByteArray())) {
      r.forEach(messages::add);
    }
    return messages;
  }

  private static <M extends Message> M only(Class<M> type, Consumer<BinaryLogWriter> writing) {
    List<Message> found = messages(writing).stream().filter(type::isInstance).toList();
    assertThat(found).hasSize(1);
    return type.cast(found.get(0));
  }

  private static Message.Header header(FileHeader header) {
    return only(Message.Header.class, w -> w.header(header));
  }

  private static Message.Regular regular(List<JoinedEvent> events) {
    return only(Message.Regular.class, w -> w.checkpoint(CHECKPOINT).regular(events));
  }

  /**
   * Asserts a {@link LimitExceededException} of the message, naming the bound (with the buffer for a verifier bound,
   * as in "table count of FileHeader (3) exceeds the maximum (2)"), the value and the maximum.
   */
  private static void assertLimitExceeded(ThrowingCallable call, Message m, String what, long value, long limit) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(LimitExceededException.class, e -> {
          assertThat(e.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED);
          assertThat(e.offset()).isEqualTo(m.offset());
          assertThat(e.messageType()).isEqualTo(m.type());
          assertThat(e.value()).isEqualTo(value);
          assertThat(e.limit()).isEqualTo(limit);
        })
        .hasMessageContaining(what + " (" + value + ") exceeds the maximum (" + limit + ")");
  }

  /**
   * Asserts that {@code decode} rejects the message's {@code table} under each verifier bound set one below what the
   * table needs ({@code tables} tables, nested {@code depth} deep, a longest vector of {@code vectorLength}).
   */
  private static void assertVerifierBounds(Function<ReadLimits, ?> decode, Message m, String table, int tables,
      int depth, int vectorLength) {
    assertLimitExceeded(() -> decode.apply(ReadLimits.builder().maxTables(tables - 1).build()), m,
        "table count of " + table, tables, tables - 1);
    assertLimitExceeded(() -> decode.apply(ReadLimits.builder().maxDepth(depth - 1).build()), m,
        "nesting depth of " + table, depth, depth - 1);
    assertLimitExceeded(() -> decode.apply(ReadLimits.builder().maxVectorLength(vectorLength - 1).build()), m,
        "vector length of " + table, vectorLength, vectorLength - 1);
  }

  @Test
  void aHeaderBeyondTighterLimitsIsRejectedByTheOverloadAndDecodedByDefault() {
    // Two properties: a properties vector of 2, the FileHeader and 2 KeyValue tables, nested 2 deep.
    Message.Header h = header(HEADER);
    assertThat(h.offset()).isEqualTo(8);

    assertThat(h.fileHeader()).isEqualTo(HEADER);
    assertThat(h.fileHeader(ReadLimits.defaults())).isEqualTo(HEADER);

    assertVerifierBounds(h::fileHeader, h, "FileHeader", 3, 2, 2);
    // At the bounds it needs, it decodes.
    assertThat(h.fileHeader(ReadLimits.builder().maxTables(3).maxDepth(2).maxVectorLength(2).build()))
        .isEqualTo(HEADER);
  }

  @Test
  void aLooserLimitAcceptsAHeaderTheDefaultsReject() {
    // A million properties without key or value: the FileHeader and a million KeyValue tables, one table more than
    // the default maxTables (C++'s default too).
    int n = ReadLimits.DEFAULT_MAX_TABLES;
    FileHeader many = new FileHeader(null, Collections.nCopies(n, new FileHeader.Property(null, null)));
    Message.Header h = header(many);

    assertLimitExceeded(h::fileHeader, h, "table count of FileHeader", n + 1L, n);
    assertLimitExceeded(() -> h.fileHeader(ReadLimits.defaults()), h, "table count of FileHeader", n + 1L, n);

    FileHeader decoded = h.fileHeader(ReadLimits.builder().maxTables(n + 1).build());
    assertThat(decoded.joinTime()).isNull();
    assertThat(decoded.properties()).hasSize(n).allMatch(p -> p.key() == null && p.value() == null);
  }

  @Test
  void aCheckpointIsWithinEvenTheTightestLimits() {
    // A CheckpointInfo is one table of scalars (depth 1, 1 table, no vector), so no ReadLimits can reject a valid
    // one: with every limit at its smallest value, the overload still decodes what the default does.
    ReadLimits tightest = ReadLimits.builder().maxMessageSize(1).maxDecompressedSize(1).maxEventsPerPayload(1)
        .maxVectorLength(1).maxDepth(1).maxTables(1).maxContextSize(1).build();
    Message.Checkpoint c = only(Message.Checkpoint.class, w -> w.checkpoint(CHECKPOINT));

    assertThat(c.checkpointInfo()).isEqualTo(CHECKPOINT);
    assertThat(c.checkpointInfo(tightest)).isEqualTo(CHECKPOINT);
    assertThat(c.checkpointInfo(ReadOptions.defaults().limits())).isEqualTo(CHECKPOINT);
  }

  @Test
  void theCheckpointOverloadStillVerifies() {
    Message.Checkpoint written = only(Message.Checkpoint.class, w -> w.checkpoint(CHECKPOINT));
    ByteBuffer corrupt = ByteBuffer.allocate(written.payloadSize()).order(ByteOrder.LITTLE_ENDIAN)
        .put(written.payload()).flip();
    corrupt.putInt(0, corrupt.limit()); // the root offset points past the end
    Message.Checkpoint c = new Message.Checkpoint(4242, corrupt);

    for (ThrowingCallable call : List.<ThrowingCallable>of(c::checkpointInfo,
        () -> c.checkpointInfo(ReadLimits.builder().maxTables(5).build()))) {
      assertThatThrownBy(call).isInstanceOfSatisfying(MalformedDataException.class, e -> {
        assertThat(e.reason()).isEqualTo(DiagnosticReason.MALFORMED_CHECKPOINT);
        assertThat(e.offset()).isEqualTo(4242);
        assertThat(e.messageType()).isEqualTo(MessageType.CHECKPOINT);
      });
    }
  }

  @Test
  void joinedEventsBeyondTighterLimitsAreRejectedByTheOverloadAndDecodedByDefault() {
    // Two joined events: a JoinedPayload and 2 JoinedEvent tables, nested 2 deep; a context of 7 bytes.
    Message.Regular r = regular(EVENTS);

    assertThat(r.joinedEvents()).isEqualTo(EVENTS);
    assertThat(r.joinedEvents(ReadLimits.defaults())).isEqualTo(EVENTS);

    assertLimitExceeded(() -> r.joinedEvents(ReadLimits.builder().maxEventsPerPayload(1).build()), r,
        "number of joined events", 2, 1);
    assertVerifierBounds(r::joinedEvents, r, "JoinedPayload", 3, 2, 2);
    // A limit within one event fails that event, as a MalformedDataException with the reason LIMIT_EXCEEDED.
    assertThatThrownBy(() -> r.joinedEvents(ReadLimits.builder().maxContextSize(6).build()))
        .isInstanceOfSatisfying(MalformedDataException.class, e -> {
          assertThat(e.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED);
          assertThat(e.offset()).isEqualTo(r.offset());
        })
        .hasMessageContaining("joined event 0")
        .hasMessageContaining("context size (7) exceeds the maximum (6)");
    // At the bounds the message needs, it decodes.
    assertThat(r.joinedEvents(ReadLimits.builder().maxEventsPerPayload(2).maxContextSize(7).build()))
        .isEqualTo(EVENTS);
  }

  @Test
  void messagesOfAReaderDecodeWithinItsLimits() {
    ReadOptions options = ReadOptions.defaults()
        .withLimits(ReadLimits.builder().maxEventsPerPayload(1).build());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().checkpoint(CHECKPOINT).regular(EVENTS).eof();
    }
    int regulars = 0;
    try (BinaryLogReader reader = BinaryLogReader.of(ByteBuffer.wrap(out.toByteArray()), options)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular regular) {
          regulars++;
          assertThat(regular.limits()).isEqualTo(options.limits());
          assertLimitExceeded(regular::joinedEvents, regular, "number of joined events", 2, 1);
          assertThat(regular.joinedEvents(ReadLimits.defaults())).isEqualTo(EVENTS);
        }
      }
    }
    assertThat(regulars).isEqualTo(1);
    // The stream of a reader (split across threads) hands its limits on the same way.
    try (BinaryLogReader reader = BinaryLogReader.of(ByteBuffer.wrap(out.toByteArray()), options)) {
      List<Message.Regular> streamed = reader.stream().filter(Message.Regular.class::isInstance)
          .map(Message.Regular.class::cast).toList();
      assertThat(streamed).hasSize(1);
      assertLimitExceeded(streamed.get(0)::joinedEvents, streamed.get(0), "number of joined events", 2, 1);
    }
  }

  @Test
  void aMessageBuiltWithoutLimitsDecodesWithinTheDefaults() {
    Message.Regular read = regular(EVENTS);
    Message.Regular built = new Message.Regular(read.offset(), read.payload());
    assertThat(built.limits()).isEqualTo(ReadLimits.defaults());
    assertThat(built).isEqualTo(read);
    assertThat(built.joinedEvents()).isEqualTo(EVENTS);
  }
}
