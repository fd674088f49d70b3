package io.github.vwbinlog.core.logjoin;

import static io.github.vwbinlog.core.logjoin.EventFiles.at;
import static io.github.vwbinlog.core.logjoin.EventFiles.fromMessages;
import static io.github.vwbinlog.core.logjoin.EventFiles.cb;
import static io.github.vwbinlog.core.logjoin.EventFiles.list;
import static io.github.vwbinlog.core.logjoin.EventFiles.outcome;
import static io.github.vwbinlog.core.logjoin.EventFiles.write;
import static io.github.vwbinlog.core.logjoin.EventFiles.writeEach;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The join's rules on constructed event files: the window's edges, tolerances, order, dedup, broken input. */
class LogJoinerTest {
  @TempDir
  Path dir;

  final List<Diagnostic> diagnostics = new ArrayList<>();

  LogJoiner.Builder joiner(Path interactions, Path observations) {
    return LogJoiner.builder().listener(diagnostics::add)
        .interactions(List.of(interactions)).observations(List.of(observations));
  }

  /** The output as the project's joiner reads it, checked clean (no error, no notice) on the way. */
  static List<JoinResult> read(Path log) throws IOException {
    List<JoinResult> results = new ArrayList<>();
    List<Diagnostic> problems = new ArrayList<>();
    try (Joiner j = Joiner.open(log, JoinOptions.defaults()
        .withReadOptions(io.github.vwbinlog.ReadOptions.defaults().withListener(problems::add)))) {
      j.forEach(results::add);
      assertThat(j.summary().errors()).as("errors reading the joined log: " + problems).isZero();
    }
    return results;
  }

  static List<String> outcomeIds(JoinResult r) {
    return r.outcomes().stream().map(o -> o.event().meta().clientTime().toString()).toList();
  }

  static void accounted(LogJoinSummary s) {
    assertThat(s.interactionsRead()).isEqualTo(s.interactionsWritten() + s.interactionsSkipped());
    assertThat(s.observationsRead()).isEqualTo(s.observationsJoined() + s.observationsSkipped());
  }

  @Test
  void anObservationExactlyAtTheEudJoinsOneTickLaterDoesNot() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(0))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("a", at(600), 1f), outcome("a", at(600, 1), 2f)));
    LogJoinSummary s = joiner(i, o).eud(Duration.ofMinutes(10)).writeTo(dir.resolve("out.log"));
    accounted(s);
    assertThat(s.observationsJoined()).isEqualTo(1);
    assertThat(s.observationsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.OBSERVATION_AFTER_EUD, 1L));
    List<JoinResult> r = read(dir.resolve("out.log"));
    assertThat(r).hasSize(1);
    assertThat(r.get(0).outcomes()).hasSize(1);
    assertThat(r.get(0).rewards()).containsExactly(1f);
  }

  @Test
  void anObservationExactlyTheBackwardToleranceBeforeJoinsOneTickMoreDoesNot() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(1000))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("a", at(879, 9_999_999), 2f), outcome("a", at(880), 1f)));
    LogJoinSummary s = joiner(i, o).backwardTolerance(Duration.ofMinutes(2)).writeTo(dir.resolve("out.log"));
    accounted(s);
    assertThat(s.observationsSkippedBy())
        .containsExactlyEntriesOf(Map.of(DiagnosticReason.OBSERVATION_BEFORE_TOLERANCE, 1L));
    List<JoinResult> r = read(dir.resolve("out.log"));
    assertThat(r.get(0).outcomes()).hasSize(1);
    // the interaction is written first even though its observation came before it
    assertThat(r.get(0).rewards()).containsExactly(1f);
  }

  @Test
  void anUnlimitedEudJoinsAnyLaterObservation() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(0))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("a", at(86_400 * 30), 3f)));
    LogJoinSummary s = joiner(i, o).unlimitedEud().writeTo(dir.resolve("out.log"));
    assertThat(s.observationsJoined()).isEqualTo(1);
  }

  @Test
  void aDuplicateInteractionIsCountedAndTheFirstWritten() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(0)), cb("a", at(1))));
    Path o = write(dir.resolve("o.fb"), list(outcome("a", at(2), 1f)));
    LogJoinSummary s = joiner(i, o).writeTo(dir.resolve("out.log"));
    accounted(s);
    assertThat(s.interactionsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.DUPLICATE_INTERACTION, 1L));
    assertThat(read(dir.resolve("out.log"))).singleElement()
        .satisfies(r -> assertThat(r.timestamp()).isEqualTo(at(0)));
  }

  @Test
  void anObservationForAnUnknownIdIsAnOrphanAndAnInteractionWithoutObservationIsWritten() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(0))));
    Path o = write(dir.resolve("o.fb"), list(outcome("nobody", at(5), 1f)));
    LogJoinSummary s = joiner(i, o).writeTo(dir.resolve("out.log"));
    accounted(s);
    assertThat(s.observationsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.ORPHAN_OBSERVATION, 1L));
    assertThat(diagnostics).singleElement().satisfies(d -> {
      assertThat(d.eventId()).isEqualTo("nobody");
      assertThat(d.message()).contains("o.fb");
      assertThat(d.offset()).isPositive();
    });
    List<JoinResult> r = read(dir.resolve("out.log"));
    assertThat(r).singleElement().satisfies(x -> assertThat(x.rewards()).containsExactly(0f));
  }

  @Test
  void anActivationJoinsADeferredDecision() throws IOException {
    Event deferred = EventFiles.event("a", PayloadType.CB, at(0), CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f),
        "{\"_multi\":[{\"a\":1},{\"a\":2}]}").withDeferredAction(true));
    Path i = write(dir.resolve("i.fb"), list(deferred, cb("b", at(0))));
    Path o = write(dir.resolve("o.fb"), list(
        EventFiles.event("a", PayloadType.OUTCOME, at(3), OutcomeEvent.activation()), outcome("a", at(4), 2f)));
    joiner(i, o).writeTo(dir.resolve("out.log"));
    List<JoinResult> r = read(dir.resolve("out.log"));
    assertThat(r).extracting(x -> x.interaction().event().meta().id()).containsExactly("a", "b");
    assertThat(r.get(0).learnable()).isTrue();
    assertThat(r.get(0).rewards()).containsExactly(2f);
  }

  @Test
  void severalObservationsPerCcbSlotAreWrittenInTimeOrder() throws IOException {
    Event ccb = EventFiles.event("c", PayloadType.CCB, at(0), MultiSlotEvent.of("{\"_multi\":[{\"a\":1},{\"a\":2}]"
        + ",\"_slots\":[{},{}]}", List.of(SlotEvent.of(null, List.of(1L, 2L), List.of(0.5f, 0.5f)),
        SlotEvent.of(null, List.of(2L), List.of(1f)))));
    Path i = write(dir.resolve("i.fb"), list(ccb));
    Path o = write(dir.resolve("o.fb"), list(
        EventFiles.event("c", PayloadType.OUTCOME, at(9), OutcomeEvent.numeric(3f).withIndex(1)),
        EventFiles.event("c", PayloadType.OUTCOME, at(5), OutcomeEvent.numeric(1f).withIndex(1)),
        EventFiles.event("c", PayloadType.OUTCOME, at(7), OutcomeEvent.numeric(2f).withIndex(0))));
    joiner(i, o).rewardFunction(RewardFunction.EARLIEST).writeTo(dir.resolve("out.log"));
    JoinResult r = read(dir.resolve("out.log")).get(0);
    assertThat(r.outcomes()).extracting(JoinedEvent::timestamp).containsExactly(at(5), at(7), at(9));
    assertThat(r.rewards()).containsExactly(2f, 1f);
  }

  @Test
  void eventsLaterThanTheDisorderToleranceAreCountedAsLate() throws IOException {
    Path i = writeEach(dir.resolve("i.fb"), list(cb("a", at(0)), cb("b", at(600)), cb("c", at(539)), cb("d", at(540))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("b", at(601), 1f), outcome("a", at(530), 1f)));
    LogJoinSummary s = joiner(i, o).disorderTolerance(Duration.ofMinutes(1)).writeTo(dir.resolve("out.log"));
    accounted(s);
    assertThat(s.interactionsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.LATE_EVENT, 1L));
    assertThat(s.observationsSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.LATE_EVENT, 1L));
    assertThat(read(dir.resolve("out.log"))).extracting(x -> x.interaction().event().meta().id())
        .containsExactly("a", "d", "b");
  }

  @Test
  void severalFilesPerStreamAreMergedByClientTime() throws IOException {
    Path i1 = writeEach(dir.resolve("i1.fb"), list(cb("a", at(0)), cb("c", at(20))));
    Path i2 = writeEach(dir.resolve("i2.fb"), list(cb("b", at(10)), cb("d", at(30))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("d", at(31), 1f)));
    LogJoinSummary s = LogJoiner.builder().listener(diagnostics::add).interactions(List.of(i1, i2))
        .observations(List.of(o)).writeTo(dir.resolve("out.log"));
    assertThat(s.observationsJoined()).isEqualTo(1);
    assertThat(read(dir.resolve("out.log"))).extracting(x -> x.interaction().event().meta().id())
        .containsExactly("a", "b", "c", "d");
  }

  @Test
  void eachMessageStartsWithTheDedupInfoItsInteractionsNeed() throws IOException {
    Event d1 = EventFiles.dedup(at(0), List.of(11L, 12L), List.of("{\"a\":1}", "{\"a\":2}"));
    Event d2 = EventFiles.dedup(at(5), List.of(21L, 22L), List.of("{\"b\":1}", "{\"b\":2}"));
    Event a = EventFiles.event("a", PayloadType.CB, at(0), CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f),
        "{\"_multi\":[{\"__aid\":11},{\"__aid\":12}]}"));
    Event b = EventFiles.event("b", PayloadType.CB, at(5), CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f),
        "{\"_multi\":[{\"__aid\":21},{\"__aid\":22}]}"));
    Event c = EventFiles.event("c", PayloadType.CB, at(6), CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f),
        "{\"_multi\":[{\"__aid\":11},{\"__aid\":12}]}"));
    Event d3 = EventFiles.dedup(at(6), List.of(11L, 12L), List.of("{\"a\":1}", "{\"a\":2}"));
    Path i = write(dir.resolve("i.fb"), list(d1, a), list(d2, b), list(EventFiles.zstd(d3), c));
    Path o = write(dir.resolve("o.fb"), list(outcome("a", at(1), 1f), outcome("b", at(6), 1f),
        outcome("c", at(7), 1f)));
    LogJoinSummary s = joiner(i, o).writeTo(dir.resolve("out.log"));
    assertThat(s.dedupInfosRead()).isEqualTo(3);
    assertThat(s.dedupInfosWritten()).isEqualTo(3);
    assertThat(s.regularMessages()).isEqualTo(3);
    List<List<String>> messages = fromMessages(dir.resolve("out.log"), m -> m instanceof Message.Regular regular
        ? regular.joinedEvents().stream().map(e -> e.event().meta().payloadType() + ":"
            + e.event().meta().id().substring(0, 1)).toList()
        : null);
    assertThat(messages).containsExactly(List.of("DEDUP_INFO:3", "CB:a", "OUTCOME:a"),
        List.of("DEDUP_INFO:3", "CB:b", "OUTCOME:b"), List.of("DEDUP_INFO:3", "CB:c", "OUTCOME:c"));
    // VW's learner would find every __aid in its cache: nothing is NOT_LEARNED
    JoinSummary training = DsjsonConverter.of(JoinOptions.defaults().with(JoinFeature.FOR_TRAINING))
        .convert(dir.resolve("out.log"), ByteArrayOutputStream.nullOutputStream());
    assertThat(training.diagnostics()).doesNotContainKey(DiagnosticReason.NOT_LEARNED);
    assertThat(training.emittedTotal()).isEqualTo(3);
  }

  @Test
  void payloadBytesAreCopiedUnchangedZstdIncluded() throws IOException {
    Event z = EventFiles.zstd(cb("z", at(0)));
    Event oz = EventFiles.zstd(outcome("z", at(1), 4f));
    Path i = write(dir.resolve("i.fb"), list(z));
    Path o = write(dir.resolve("o.fb"), list(oz));
    joiner(i, o).writeTo(dir.resolve("out.log"));
    EventFileWriter encoder = new EventFileWriter(ByteArrayOutputStream.nullOutputStream());
    List<ByteBuffer> expected = List.of(ByteBuffer.wrap(encoder.event(z)), ByteBuffer.wrap(encoder.event(oz)));
    List<ByteBuffer> written = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(dir.resolve("out.log"))) {
      for (Message m : reader) {
        if (m instanceof Message.Regular regular) {
          var payload = reinforcement_learning.messages.flatbuff.v2.JoinedPayload.getRootAsJoinedPayload(
              regular.payload());
          for (int k = 0; k < payload.eventsLength(); k++) {
            written.add(payload.events(k).eventAsByteBuffer().slice());
          }
        }
      }
    }
    assertThat(written).isEqualTo(expected);
    assertThat(read(dir.resolve("out.log")).get(0).rewards()).containsExactly(4f);
  }

  @Test
  void aTruncatedLastBatchIsReportedAndTheRestJoined() throws IOException {
    Path i = writeEach(dir.resolve("i.fb"), list(cb("a", at(0)), cb("b", at(1))));
    byte[] bytes = Files.readAllBytes(i);
    Files.write(i, java.util.Arrays.copyOf(bytes, bytes.length - 10));
    Path o = write(dir.resolve("o.fb"), list(outcome("a", at(1), 1f)));
    LogJoinSummary s = joiner(i, o).writeTo(dir.resolve("out.log"));
    assertThat(s.otherSkippedBy()).containsExactlyEntriesOf(Map.of(DiagnosticReason.TRUNCATED_INPUT, 1L));
    assertThat(diagnostics).anySatisfy(d -> assertThat(d.message()).contains("i.fb"));
    assertThat(read(dir.resolve("out.log"))).extracting(x -> x.interaction().event().meta().id())
        .containsExactly("a");
  }

  @Test
  void aProtocolV1FileIsRefusedNamingTheFileTheOffsetAndTheFix() throws IOException {
    Path v1 = dir.resolve("v1.fb");
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(v1))) {
      w.rawBatch(2, "IDENTITY", new byte[0][]);
    }
    Path o = write(dir.resolve("o.fb"), list(outcome("a", at(1), 1f)));
    assertThatThrownBy(() -> joiner(v1, o).writeTo(dir.resolve("out.log")))
        .isInstanceOf(BinaryLogException.class)
        .hasMessageContaining("v1.fb").hasMessageContaining("offset 0").hasMessageContaining("\"protocol.version\": 2")
        .satisfies(e -> assertThat(((BinaryLogException) e).reason()).isEqualTo(DiagnosticReason.UNSUPPORTED_VERSION));
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("v1.fb", "o.fb");
    }
  }

  @Test
  void emptyFilesGiveALogWithoutRegularMessages() throws IOException {
    Path i = Files.createFile(dir.resolve("i.fb"));
    Path o = Files.createFile(dir.resolve("o.fb"));
    LogJoinSummary s = joiner(i, o).problemType(ProblemType.CB).writeTo(dir.resolve("out.log"));
    assertThat(s.interactionsRead()).isZero();
    assertThat(s.files()).containsExactly(dir.resolve("out.log"));
    assertThat(fromMessages(dir.resolve("out.log"), Message::typeName))
        .containsExactly("FILEMAGIC", "HEADER", "CHECKPOINT", "EOF");
    assertThat(read(dir.resolve("out.log"))).isEmpty();
  }

  @Test
  void theHeaderSaysWhatMadeTheLogAndTheCheckpointHoldsTheSettings() throws IOException {
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(0))));
    Path o = write(dir.resolve("o.fb"), list(outcome("a", at(1), 1f)));
    joiner(i, o).eud(Duration.ofMinutes(5)).rewardFunction(RewardFunction.AVERAGE).defaultReward(-1f)
        .useClientTime(true).writeTo(dir.resolve("out.log"));
    FileHeader header = fromMessages(dir.resolve("out.log"), m -> m instanceof Message.Header h ? h.fileHeader()
        : null).get(0);
    CheckpointInfo checkpoint = fromMessages(dir.resolve("out.log"), m -> m instanceof Message.Checkpoint c
        ? c.checkpointInfo() : null).get(0);
    assertThat(header.properties()).contains(new FileHeader.Property("joiner", "vw-binlog"),
        new FileHeader.Property("eud", "PT5M"), new FileHeader.Property("interactions", "i.fb"),
        new FileHeader.Property("observations", "o.fb"));
    assertThat(checkpoint).isEqualTo(new CheckpointInfo(RewardFunction.AVERAGE, -1f,
        io.github.vwbinlog.LearningMode.ONLINE, ProblemType.CB, true));
  }

  @Test
  void eachJoinedEventIsStampedWithItsClientTimeAsStoredFieldForField() throws IOException {
    // a leap second and a subsecond above 2^31: written back as stored, not normalized, not sign-extended
    TimeStamp odd = new TimeStamp(2026, 11, 26, 23, 59, 60, 4_000_000_000L);
    TimeStamp odder = new TimeStamp(-2, 255, 0, 1, 2, 3, 0xFFFF_FFFFL);
    Path i = write(dir.resolve("i.fb"), list(cb("a", odd)));
    Path o = write(dir.resolve("o.fb"), list(outcome("a", odd, 1f)));
    joiner(i, o).writeTo(dir.resolve("out.log"));
    List<JoinResult> r = read(dir.resolve("out.log"));
    assertThat(r).singleElement().satisfies(j -> {
      assertThat(j.interaction().timestamp()).isEqualTo(odd);
      assertThat(j.outcomes()).extracting(JoinedEvent::timestamp).containsExactly(odd);
    });
    Path i2 = write(dir.resolve("i2.fb"), list(cb("b", odder)));
    joiner(i2, o).writeTo(dir.resolve("out2.log"));
    assertThat(read(dir.resolve("out2.log"))).extracting(j -> j.interaction().timestamp()).containsExactly(odder);
  }

  @Test
  void anEventWithoutClientTimeTakesTheTimeOfTheEventBeforeIt() throws IOException {
    Event timeless = new Event(cb("b", at(0)).meta().withClientTime(null), cb("b", at(0)).payload());
    Path i = write(dir.resolve("i.fb"), list(cb("a", at(100)), timeless));
    Path o = write(dir.resolve("o.fb"), list(outcome("b", at(101), 1f)));
    LogJoinSummary s = joiner(i, o).writeTo(dir.resolve("out.log"));
    assertThat(s.withoutClientTime()).isEqualTo(1);
    assertThat(s.observationsJoined()).isEqualTo(1);
    assertThat(read(dir.resolve("out.log"))).extracting(JoinResult::timestamp).containsExactly(at(100), at(100));
  }

  @Test
  void rollingWritesOneFilePerHourOfInteractionTime() throws IOException {
    Path i = writeEach(dir.resolve("i.fb"), list(cb("a", at(0)), cb("b", at(3599)), cb("c", at(3600)),
        cb("d", at(3 * 3600 + 5))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("b", at(3650), 1f)));
    LogJoinSummary s = joiner(i, o).roll(Duration.ofHours(1)).writeTo(dir.resolve("hourly"));
    assertThat(s.files()).extracting(p -> p.getFileName().toString()).containsExactly(
        "joined-20261126T120000Z.fb", "joined-20261126T130000Z.fb", "joined-20261126T150000Z.fb");
    assertThat(read(s.files().get(0))).extracting(x -> x.interaction().event().meta().id()).containsExactly("a", "b");
    assertThat(read(s.files().get(0)).get(1).rewards()).containsExactly(1f);
    assertThat(read(s.files().get(1))).hasSize(1);
    assertThat(read(s.files().get(2))).hasSize(1);
  }

  @Test
  void theSameInputsGiveTheSameBytes() throws IOException {
    Path i = writeEach(dir.resolve("i.fb"), list(cb("a", at(0)), cb("b", at(0)), cb("c", at(1))));
    Path o = writeEach(dir.resolve("o.fb"), list(outcome("c", at(2), 1f), outcome("a", at(2), 2f),
        outcome("b", at(0), 3f)));
    joiner(i, o).writeTo(dir.resolve("one.log"));
    joiner(i, o).writeTo(dir.resolve("two.log"));
    assertThat(Files.readAllBytes(dir.resolve("one.log"))).isEqualTo(Files.readAllBytes(dir.resolve("two.log")));
  }

  @Test
  void optionsAreImmutableAndDerivable() {
    LogJoiner a = LogJoiner.builder().eud(Duration.ofMinutes(3)).build();
    LogJoiner b = a.toBuilder().unlimitedEud().build();
    assertThat(a.eud()).contains(Duration.ofMinutes(3));
    assertThat(b.eud()).isEmpty();
    assertThat(a.backwardTolerance()).isEqualTo(LogJoiner.DEFAULT_BACKWARD_TOLERANCE);
    assertThatThrownBy(() -> LogJoiner.builder().eud(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LogJoiner.builder().roll(Duration.ofMillis(1500)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(DiagnosticListener.class).isNotNull();
  }

  @Test
  void whatIsHeldGrowsWithTheEudNotWithTheInput() throws IOException {
    long[] peaks = new long[2];
    for (int run = 0; run < 2; run++) {
      int n = 1000 * (run + 1);
      List<Event> interactions = new ArrayList<>();
      List<Event> observations = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        interactions.add(cb("i" + k, at(k)));
        observations.add(outcome("i" + k, at(k + 3), 1f));
      }
      Path i = writeEach(dir.resolve("i" + run + ".fb"), interactions);
      Path o = writeEach(dir.resolve("o" + run + ".fb"), observations);
      LogJoinSummary s = joiner(i, o).eud(Duration.ofSeconds(10)).disorderTolerance(Duration.ZERO)
          .writeTo(dir.resolve("out" + run + ".log"));
      assertThat(s.observationsJoined()).isEqualTo(n);
      peaks[run] = s.peakHeld();
    }
    assertThat(peaks[0]).isEqualTo(peaks[1]).isBetween(10L, 12L);
  }
}
