package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.MultistepReward;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * The multistep joiner (SPEC §7), end to end: logs written with {@link BinaryLogWriter} (or, for broken steps, by
 * hand), joined with {@link Joiner} or converted with {@link DsjsonConverter}. Every run checks the accounting
 * <em>interactions seen = emitted + skipped</em>.
 */
class MultistepJoinerTest {
  private static final TimeStamp T0 = TimeStamp.of(2021, 1, 1, 0, 0, 0);
  private static final TimeStamp T1 = TimeStamp.of(2021, 1, 1, 1, 0, 0);
  private static final JoinOptions MULTISTEP = JoinOptions.defaults().with(JoinFeature.MULTISTEP);

  // --- building logs

  /** A step of episode {@code episode} with actions [1,2], probabilities [0.5,0.5] and context {"S_id":{"f":1}}. */
  private static JoinedEvent step(String episode, String id, @Nullable String previous, TimeStamp t) {
    return JoinedEvent.of(t, new Event(Metadata.of(episode, PayloadType.MULTI_STEP),
        MultiStepEvent.of(id, previous, List.of(1L, 2L), List.of(0.5f, 0.5f), "{\"S" + id + "\":{\"f\":1}}")));
  }

  private static JoinedEvent step(String id, @Nullable String previous) {
    return step("ep", id, previous, T0);
  }

  private static JoinedEvent deferred(String id, @Nullable String previous) {
    JoinedEvent e = step(id, previous);
    MultiStepEvent s = (MultiStepEvent) e.event().payload();
    return withPayload(e, new MultiStepEvent(s.eventId(), s.previousId(), s.actionIds(), s.context(),
        s.probabilities(), s.modelId(), true));
  }

  private static JoinedEvent withPayload(JoinedEvent e, MultiStepEvent payload) {
    return JoinedEvent.of(e.timestamp(), new Event(e.event().meta(), payload));
  }

  private static JoinedEvent outcome(OutcomeEvent o) {
    return JoinedEvent.of(T0, new Event(Metadata.of("ep", PayloadType.OUTCOME), o));
  }

  /** A per-step outcome: its literal index names the step. */
  private static JoinedEvent stepOutcome(String step, float value) {
    return outcome(OutcomeEvent.numeric(value).withSlotId(step));
  }

  /** An episodic outcome: no index. */
  private static JoinedEvent episodic(float value) {
    return outcome(OutcomeEvent.numeric(value));
  }

  /** FILEMAGIC, a CB checkpoint (the problem type makes the joiner ready, SPEC §7.1), then one REGULAR per batch. */
  @SafeVarargs
  private static byte[] log(List<JoinedEvent>... batches) {
    return log(CheckpointInfo.of(ProblemType.CB), w -> {
      for (List<JoinedEvent> batch : batches) {
        w.regular(batch);
      }
    });
  }

  private static byte[] log(CheckpointInfo checkpoint, Consumer<BinaryLogWriter> body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().checkpoint(checkpoint);
      body.accept(w);
      w.eof();
    }
    return out.toByteArray();
  }

  /** What a join gave. */
  private record Run(List<JoinResult> results, JoinSummary summary, List<Diagnostic> diagnostics) {
    List<String> stepIds() {
      return results.stream().map(r -> ((MultiStepEvent) r.interaction().event().payload()).eventId()).toList();
    }

    List<Float> rewards() {
      return results.stream().map(JoinResult::reward).toList();
    }

    List<DiagnosticReason> reasons() {
      return diagnostics.stream().map(Diagnostic::reason).toList();
    }
  }

  private static Run join(byte[] log, JoinOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(ReadOptions.defaults().withListener(diagnostics::add));
    List<JoinResult> results = new ArrayList<>();
    JoinSummary summary;
    try (Joiner joiner = Joiner.of(BinaryLogReader.of(log), o)) {
      joiner.forEach(results::add);
      summary = joiner.summary();
    }
    assertAccounting(summary);
    return new Run(results, summary, diagnostics);
  }

  private static Run join(byte[] log) {
    return join(log, MULTISTEP);
  }

  private static List<String> convert(byte[] log, JoinOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinOptions o = options.withReadOptions(ReadOptions.defaults().withListener(d -> { }));
    assertAccounting(DsjsonConverter.of(o).convert(BinaryLogReader.of(log), out));
    String text = out.toString(StandardCharsets.UTF_8);
    return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
  }

  private static void assertAccounting(JoinSummary s) {
    assertThat(s.interactionsSeen()).as("interactions seen = emitted + skipped")
        .isEqualTo(s.emittedTotal() + s.interactionsSkipped());
  }

  // --- §7.2 ordering

  @Nested
  class Ordering {
    /** The table of SPEC §7.2 (reference test {@code multistep_unordered}), steps given in a shuffled order. */
    private final List<JoinedEvent> unordered = List.of(
        step("ep", "6", "4", T1), step("ep", "3", "2", T0), stepOutcome("3", 3), step("ep", "5", "4", T0),
        stepOutcome("1", 1), step("ep", "1", null, T0), stepOutcome("6", 6), step("ep", "4", null, T1),
        stepOutcome("2", 2), stepOutcome("4", 4), step("ep", "2", "1", T1), stepOutcome("5", 5));

    @Test
    void preOrderWalkWithSiblingsByTimeThenId() {
      Run run = join(log(unordered), MULTISTEP.withMultistepReward(MultistepReward.IDENTITY));
      assertThat(run.stepIds()).containsExactly("1", "2", "3", "4", "5", "6");
      assertThat(run.rewards()).containsExactly(1f, 2f, 3f, 4f, 5f, 6f);
      assertThat(run.diagnostics()).isEmpty();
    }

    @Test
    void suffixMeanOfTheTableRunsAlongTheOutputOrder() {
      assertThat(join(log(unordered)).rewards()).containsExactly(3.5f, 4f, 4.5f, 5f, 5.5f, 6f);
    }

    @Test
    void referenceUnorderedFileGivesVwsOrderAndCosts() throws IOException {
      byte[] file = Files.readAllBytes(Corpus.resolve("files/valid_joined_logs/multistep_unordered_episodes.fb"));
      // The reference test (identity): A, B from the first message, then C..H with costs -1..-6.
      Run identity = join(file, MULTISTEP.withMultistepReward(MultistepReward.IDENTITY));
      assertThat(identity.results().stream().map(MultistepJoinerTest::sharedNamespace).toList())
          .containsExactly("A", "B", "C", "D", "E", "F", "G", "H");
      assertThat(identity.rewards()).containsExactly(1f, 2f, 1f, 2f, 3f, 4f, 5f, 6f);
      // The default suffix_mean runs per message: [1.5, 2] and the table's [3.5 .. 6].
      assertThat(join(file).rewards()).containsExactly(1.5f, 2f, 3.5f, 4f, 4.5f, 5f, 5.5f, 6f);
    }

    @Test
    void siblingIdsCompareAsUnsignedBytesAfterTime() {
      // U+FF21 is EF BC A1 in UTF-8 and U+1F600 is F0 9F 98 80: bytewise U+FF21 comes first, while Java's UTF-16
      // order would put the surrogate pair (D83D ...) first. A later time loses whatever the id.
      Run run = join(log(List.of(step("ep", "\uD83D\uDE00", null, T0), step("ep", "\uFF21", null, T0),
          step("ep", "!", null, T1))));
      assertThat(run.stepIds()).containsExactly("\uFF21", "\uD83D\uDE00", "!");
    }

    @Test
    void clientTimeOrdersStepsWhenConfigured() {
      JoinedEvent late = step("ep", "a", null, T0);
      late = JoinedEvent.of(late.timestamp(), new Event(late.event().meta().withClientTime(T1),
          late.event().payload()));
      byte[] log = log(List.of(late, step("ep", "b", null, T0)));
      assertThat(join(log).stepIds()).containsExactly("a", "b");
      Run client = join(log, MULTISTEP.with(JoinFeature.CLIENT_TIME));
      assertThat(client.stepIds()).containsExactly("b", "a");
      assertThat(client.results().get(1).timestamp()).isEqualTo(T1);
      // "b" has no client time: a notice, and its enqueued time is used.
      assertThat(client.reasons()).containsExactly(DiagnosticReason.CLIENT_TIME_MISSING);
    }
  }

  // --- §7.2 orphans, §7.4 duplicates

  @Nested
  class OrphansAndDuplicates {
    @Test
    void orphansCyclesAndSelfReferencesAreNeverEmittedAndHaveNoSlot() {
      Run run = join(log(List.of(
          step("a", null), stepOutcome("a", 2),
          step("x", "missing"), stepOutcome("x", 100), step("y", "x"),
          step("c1", "c2"), step("c2", "c1"), stepOutcome("c1", 100),
          step("s", "s"), stepOutcome("s", 100))));
      assertThat(run.stepIds()).containsExactly("a");
      // Only "a" has a reward slot: suffix_mean over one slot is its own reward.
      assertThat(run.rewards()).containsExactly(2f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.ORPHAN_STEP, DiagnosticReason.ORPHAN_STEP,
          DiagnosticReason.ORPHAN_STEP, DiagnosticReason.ORPHAN_STEP, DiagnosticReason.ORPHAN_STEP);
      assertThat(run.diagnostics()).extracting(Diagnostic::message).containsExactly(
          "step 'x' is never emitted, as in VW: it names previous step 'missing', which is not in the batch",
          "step 'y' is never emitted, as in VW: it descends from step 'x', which names previous step 'missing', "
              + "which is not in the batch",
          "step 'c1' is never emitted, as in VW: it is in a cycle of previous steps",
          "step 'c2' is never emitted, as in VW: it is in a cycle of previous steps",
          "step 's' is never emitted, as in VW: it names itself as its previous step");
      assertThat(run.summary().interactionsSeen()).isEqualTo(6);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(5);
    }

    @Test
    void aStepHangingOffACycleDescendsFromIt() {
      Run run = join(log(List.of(step("c1", "c2"), step("c2", "c1"), step("d", "c1"))));
      assertThat(run.results()).isEmpty();
      assertThat(run.diagnostics()).extracting(Diagnostic::message).contains(
          "step 'd' is never emitted, as in VW: it descends from step 'c1', which is in a cycle of previous steps");
    }

    @Test
    void duplicatesAreNotEmittedButTheirSlotFeedsTheSuffix() {
      Run run = join(log(List.of(step("1", null), step("2", "1"), step("2", "1"), step("3", "2"),
          stepOutcome("1", 1), stepOutcome("2", 2), stepOutcome("3", 3))),
          MULTISTEP.withMultistepReward(MultistepReward.SUFFIX_SUM));
      assertThat(run.stepIds()).containsExactly("1", "3");
      // Slots [1, 2, 3] sum to [6, 5, 3]; the duplicate's 5 is not emitted.
      assertThat(run.rewards()).containsExactly(6f, 3f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.DUPLICATE_STEP, DiagnosticReason.DUPLICATE_STEP);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(2);
    }
  }

  // --- §7.3 rewards

  @Nested
  class Rewards {
    private final List<JoinedEvent> chain = List.of(step("1", null), step("2", "1"), step("3", "2"),
        stepOutcome("1", 0.1f), stepOutcome("2", 0.2f), stepOutcome("3", 0.7f));

    @Test
    void identityKeepsEachStepsReward() {
      assertThat(join(log(chain), MULTISTEP.withMultistepReward(MultistepReward.IDENTITY)).rewards())
          .containsExactly(0.1f, 0.2f, 0.7f);
    }

    @Test
    void suffixSumInBinary32() {
      float r2 = 0.2f + 0.7f;
      float r1 = 0.1f + r2;
      assertThat(join(log(chain), MULTISTEP.withMultistepReward(MultistepReward.SUFFIX_SUM)).rewards())
          .containsExactly(r1, r2, 0.7f);
    }

    @Test
    void suffixMeanIsTheDefault() {
      float r2 = 0.2f + 0.7f;
      float r1 = 0.1f + r2;
      assertThat(join(log(chain)).rewards()).containsExactly(r1 / 3f, r2 / 2f, 0.7f);
    }

    @Test
    void theRewardFunctionAndDefaultComeFromTheCheckpoint() {
      byte[] log = log(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM).withDefaultReward(-1f),
          w -> w.regular(List.of(step("1", null), step("2", "1"), stepOutcome("1", 2), stepOutcome("1", 3))));
      assertThat(join(log, MULTISTEP.withMultistepReward(MultistepReward.IDENTITY)).rewards())
          .containsExactly(5f, -1f);
    }

    @Test
    void numericIndexesAreEpisodicAndStepOutcomesComeFirstInTheList() {
      Run run = join(log(List.of(step("1", null), step("2", "1"),
          outcome(OutcomeEvent.numeric(5f).withIndex(1)), stepOutcome("2", 3))),
          JoinOptions.defaults().with(JoinFeature.MULTISTEP).withRewardFunction(RewardFunction.SUM)
              .withMultistepReward(MultistepReward.IDENTITY));
      // The numerically indexed outcome counts for both steps (SPEC §7.1).
      assertThat(run.rewards()).containsExactly(5f, 8f);
      // The list of step 2: its own outcome first, then the episodic one (SPEC §7.4).
      assertThat(run.results().get(1).outcomes()).extracting(e -> ((OutcomeEvent) e.event().payload()).value())
          .containsExactly(3f, 5f);
    }

    @Test
    void earliestReturnsTheFirstNonActivationOutcomeEpisodicFirst() {
      // The step outcome is much earlier, but every multistep outcome time is the epoch (SPEC §7.3): the first
      // non-activation outcome of "episodic, then step" wins.
      JoinedEvent early = JoinedEvent.of(TimeStamp.of(2000, 1, 1, 0, 0, 0),
          new Event(Metadata.of("ep", PayloadType.OUTCOME), OutcomeEvent.numeric(2f).withSlotId("1")));
      JoinedEvent late = JoinedEvent.of(TimeStamp.of(2030, 1, 1, 0, 0, 0),
          new Event(Metadata.of("ep", PayloadType.OUTCOME), OutcomeEvent.numeric(7f)));
      Run run = join(log(List.of(step("1", null), early, outcome(OutcomeEvent.activation()), late)));
      assertThat(run.rewards()).containsExactly(7f);
    }

    @Test
    void severalEpisodesInOneMessageShareTheSuffix() {
      Run run = join(log(List.of(step("ep1", "1", null, T0), step("ep1", "2", "1", T0),
          step("ep2", "a", null, T0), step("ep2", "b", "a", T0), stepOutcome("1", 4))));
      // Order 1, 2, a, b; the batch vector [4, 0, 0, 0] has suffix means [1, 0, 0, 0]: episode ep2's steps dilute
      // ep1's reward, as in VW (SPEC §11 item 12).
      assertThat(run.stepIds()).containsExactly("1", "2", "a", "b");
      assertThat(run.rewards()).containsExactly(1f, 0f, 0f, 0f);
      assertThat(run.results()).extracting(JoinResult::id).containsExactly("ep1", "ep1", "ep2", "ep2");
    }

    @Test
    void eachMessageIsItsOwnBatch() {
      Run run = join(log(List.of(step("1", null), stepOutcome("1", 4)), List.of(step("1", null))));
      assertThat(run.rewards()).containsExactly(4f, 0f);
    }
  }

  // --- §6.6 learnability and §7.4 lines

  @Nested
  class Lines {
    @Test
    void anActivationMakesADeferredStepLearnable() throws IOException {
      byte[] log = log(List.of(deferred("1", null), deferred("2", "1"),
          outcome(OutcomeEvent.activation().withSlotId("1"))));
      Run run = join(log);
      assertThat(run.results()).extracting(JoinResult::learnable).containsExactly(true, false);
      List<String> lines = convert(log, MULTISTEP);
      assertThat(lines.get(0)).startsWith("{\"_label_cost\":-0.0,\"_label_probability\":0.5,\"_label_Action\":1,"
          + "\"_labelIndex\":0,\"o\":[{\"EventId\":\"ep\",\"ActionTaken\":true}],");
      assertThat(lines.get(1)).startsWith("{\"_label_cost\":-0.0,\"_label_probability\":0.5,\"_label_Action\":1,"
          + "\"_labelIndex\":0,\"_skipLearn\":true,\"o\":[],");
    }

    @Test
    void anEpisodicActivationActivatesEveryStep() {
      Run run = join(log(List.of(deferred("1", null), deferred("2", "1"), outcome(OutcomeEvent.activation()))));
      assertThat(run.results()).extracting(JoinResult::learnable).containsExactly(true, true);
    }

    @Test
    void aLineIsCbShapedUnderTheStepIdWithOriginalCostMinusZero() throws IOException {
      List<String> lines = convert(log(List.of(step("1", null), stepOutcome("1", 2), episodic(1))), MULTISTEP);
      // Earliest takes the episodic 1.0 (the reward list is episodic first), while "o" lists the step's 2.0 first.
      assertThat(lines).containsExactly("{\"_label_cost\":-1.0,\"_label_probability\":0.5,\"_label_Action\":1,"
          + "\"_labelIndex\":0,\"o\":[{\"v\":2.0,\"EventId\":\"ep\",\"ActionTaken\":false},{\"v\":1.0,"
          + "\"EventId\":\"ep\",\"ActionTaken\":false}],\"Timestamp\":\"2021-01-01T00:00:00.000000Z\","
          + "\"Version\":\"1\",\"EventId\":\"1\",\"a\":[1,2],\"c\":{\"S1\":{\"f\":1}},\"p\":[0.5,0.5],"
          + "\"VWState\":{\"m\":\"N/A\"},\"_original_label_cost\":-0.0}");
    }

    @Test
    void aZstdStepIsDecompressed() throws IOException {
      JoinedEvent plain = step("1", null);
      JoinedEvent zstd = JoinedEvent.of(plain.timestamp(), new Event(
          plain.event().meta().withEncoding(EventEncoding.ZSTD), plain.event().payload()));
      JoinedEvent zstdOutcome = JoinedEvent.of(T0, new Event(Metadata.of("ep", PayloadType.OUTCOME)
          .withEncoding(EventEncoding.ZSTD), OutcomeEvent.numeric(2f).withSlotId("1")));
      assertThat(convert(log(List.of(zstd, zstdOutcome)), MULTISTEP))
          .isEqualTo(convert(log(List.of(plain, stepOutcome("1", 2))), MULTISTEP));
    }

    @Test
    void noMetricsForMultistep() {
      Run run = join(log(List.of(step("1", null), stepOutcome("1", 2))));
      assertThat(run.results()).hasSize(1);
      assertThat(run.summary().metrics().firstEventId()).isEmpty();
      assertThat(run.summary().metrics().numberSkippedEvents()).isZero();
      assertThat(run.summary().metrics().dsjsonSumCostOriginal()).isZero();
    }
  }

  // --- §7.1 what the batch ignores, §3.1 readiness

  @Nested
  class Ignored {
    @Test
    void episodeAndDedupEventsAreIgnoredSilently() {
      Run run = join(log(List.of(
          JoinedEvent.of(T0, new Event(Metadata.of("ep", PayloadType.EPISODE), new EpisodeEvent("ep"))),
          JoinedEvent.of(T0, new Event(Metadata.of("dedup", PayloadType.DEDUP_INFO),
              new DedupInfo(List.of(1L), List.of("not json")))),
          step("1", null))));
      assertThat(run.stepIds()).containsExactly("1");
      assertThat(run.diagnostics()).isEmpty();
    }

    @Test
    void otherDecisionsAreIgnoredAsInVwButReportedAndCounted() {
      Run run = join(log(List.of(step("1", null), JoinedEvent.of(T0, new Event(Metadata.of("cb", PayloadType.CB),
          CbEvent.of(List.of(1L), List.of(1f), "{}"))))));
      assertThat(run.stepIds()).containsExactly("1");
      assertThat(run.reasons()).containsExactly(DiagnosticReason.PROBLEM_TYPE_MISMATCH);
      assertThat(run.summary().interactionsSeen()).isEqualTo(2);
    }

    @Test
    void regularMessagesBeforeAnyCheckpointAreSkipped() {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
        w.fileMagic().regular(List.of(step("1", null))).checkpoint(CheckpointInfo.of(ProblemType.UNKNOWN))
            .regular(List.of(step("2", null))).eof();
      }
      // Any problem type makes the joiner ready, even UNKNOWN: its value is irrelevant to multistep (SPEC §7.1).
      Run run = join(out.toByteArray());
      assertThat(run.stepIds()).containsExactly("2");
      assertThat(run.reasons()).containsExactly(DiagnosticReason.REGULAR_BEFORE_CHECKPOINT);
    }

    @Test
    void stepOutcomesNamingNoStepAreIgnoredWithANotice() {
      Run run = join(log(List.of(step("1", null), stepOutcome("nope", 5))));
      assertThat(run.rewards()).containsExactly(0f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.NO_INTERACTION);
    }
  }

  // --- §11 item 11: what VW crashes on

  @Nested
  class BrokenSteps {
    @Test
    void aStepMissingAFieldIsLeftOutOfTheBatchAndItsChildrenAreOrphans() {
      byte[] log = rawLog(
          encoded(step("1", null)), encoded(stepOutcome("1", 2)),
          JoinHarness.eventBytes("ep", PayloadType.MULTI_STEP, EventEncoding.IDENTITY,
              multiStepWithoutContext("2", "1"), 8),
          encoded(stepOutcome("2", 4)),
          encoded(step("3", "2")));
      Run run = join(log);
      assertThat(run.stepIds()).containsExactly("1");
      // "2" has no slot (it is not in the batch), so "1" keeps its own reward under suffix_mean.
      assertThat(run.rewards()).containsExactly(2f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.MALFORMED_INTERACTION, DiagnosticReason.ORPHAN_STEP,
          DiagnosticReason.NO_INTERACTION);
      assertThat(run.summary().interactionsSeen()).isEqualTo(3);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(2);
    }

    @Test
    void aStepThatDoesNotDecompressIsLeftOutOfTheBatch() {
      byte[] uncompressed = new EventEncoder().payload(PayloadType.MULTI_STEP, step("2", null).event().payload());
      Run run = join(rawLog(encoded(step("1", null)),
          JoinHarness.eventBytes("ep", PayloadType.MULTI_STEP, EventEncoding.ZSTD, uncompressed, 8)));
      assertThat(run.stepIds()).containsExactly("1");
      assertThat(run.reasons()).containsExactly(DiagnosticReason.DECOMPRESSION_FAILED);
    }

    @Test
    void aStepWithAnUnparsableContextIsSkippedButKeepsItsSlot() {
      JoinedEvent bad = withPayload(step("2", "1"), MultiStepEvent.of("2", "1", List.of(1L), List.of(1f), "{oops"));
      Run run = join(log(List.of(step("1", null), bad, stepOutcome("1", 2), stepOutcome("2", 4))));
      // VW computes the whole batch's rewards first and aborts when it parses the context of "2": line "1" is what VW
      // wrote before aborting, with the mean of [2, 4].
      assertThat(run.stepIds()).containsExactly("1");
      assertThat(run.rewards()).containsExactly(3f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.INVALID_CONTEXT);
    }

    @Test
    void aStepWhoseContextIsNotUtf8IsRewardedAsInVwButNotWritten() throws IOException {
      byte[] context = {'{', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', ':', '1', '}'}; // a surrogate
      JoinedEvent bad = withPayload(step("2", "1"), new MultiStepEvent("2", "1", List.of(1L),
          ByteBuffer.wrap(context), List.of(1f), "N/A", false));
      byte[] log = log(List.of(step("1", null), bad, stepOutcome("1", 2), stepOutcome("2", 4)));
      // VW's parser does not validate the encoding, so the step is joined and rewarded as in VW...
      Run run = join(log);
      assertThat(run.stepIds()).containsExactly("1", "2");
      assertThat(run.rewards()).containsExactly(3f, 4f);
      assertThat(run.reasons()).isEmpty();
      // ...and only its line, which would not be JSON, is left out.
      List<Diagnostic> diagnostics = new ArrayList<>();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JoinSummary conversion = DsjsonConverter.of(MULTISTEP.withReadOptions(ReadOptions.defaults()
          .withListener(diagnostics::add))).convert(BinaryLogReader.of(log), out);
      assertAccounting(conversion);
      assertThat(out.toString(StandardCharsets.UTF_8).split("\n")).hasSize(1);
      assertThat(diagnostics).extracting(Diagnostic::reason).containsExactly(DiagnosticReason.INVALID_UTF8);
      assertThat(diagnostics.get(0).message()).contains("step 2").contains("not valid UTF-8 at byte 2");
    }

    @Test
    void aStepWithoutActionsIsSkippedButKeepsItsSlot() {
      JoinedEvent empty = withPayload(step("2", "1"), MultiStepEvent.of("2", "1", List.of(), List.of(), "{}"));
      Run run = join(log(List.of(step("1", null), empty, stepOutcome("2", 4))));
      assertThat(run.rewards()).containsExactly(2f);
      assertThat(run.reasons()).containsExactly(DiagnosticReason.EMPTY_ACTIONS);
    }

    @Test
    void anUnreadableOutcomeInvalidatesTheBatch() {
      byte[] uncompressed = new EventEncoder().payload(PayloadType.OUTCOME, OutcomeEvent.numeric(1f));
      Run run = join(rawLog(encoded(step("1", null)), encoded(step("2", "1")),
          JoinHarness.eventBytes("ep", PayloadType.OUTCOME, EventEncoding.ZSTD, uncompressed, 8)));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsExactly(DiagnosticReason.DECOMPRESSION_FAILED,
          DiagnosticReason.MALFORMED_OUTCOME, DiagnosticReason.MALFORMED_OUTCOME);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(2);
    }

    @Test
    void anUnreadableEventDropsTheMessageAsTheSingleJoinerDoes() {
      Run run = join(rawLog(encoded(step("1", null)), new byte[] {1, 2, 3}, encoded(step("2", null))));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsExactly(DiagnosticReason.MALFORMED_EVENT);
      assertThat(run.summary().skippedMessages()).isEqualTo(1);
      assertThat(run.summary().interactionsSeen()).isEqualTo(1);
    }

    @Test
    void aJoinedPayloadOverAVerifierLimitIsLimitExceededAndSkippedWhole() {
      // One table per joined event plus the JoinedPayload: 4 tables for three steps, 2 for one.
      byte[] log = log(List.of(step("1", null), step("2", "1"), step("3", "2")), List.of(step("4", null)));
      List<Diagnostic> diagnostics = new ArrayList<>();
      JoinOptions limited = MULTISTEP.withReadOptions(ReadOptions.defaults()
          .withLimits(ReadLimits.builder().maxTables(3).build()).withListener(diagnostics::add));
      List<String> ids = new ArrayList<>();
      JoinSummary summary;
      try (Joiner joiner = Joiner.of(BinaryLogReader.of(log), limited)) {
        joiner.forEach(r -> ids.add(((MultiStepEvent) r.interaction().event().payload()).eventId()));
        summary = joiner.summary();
      }
      assertThat(ids).containsExactly("4");
      assertThat(diagnostics).singleElement().satisfies(d -> {
        assertThat(d.reason()).isEqualTo(DiagnosticReason.LIMIT_EXCEEDED);
        assertThat(d.message()).contains("table count (4) exceeds the maximum (3)");
      });
      assertThat(summary.skippedMessages()).isEqualTo(1);
      assertAccounting(summary);
    }

    @Test
    void accountingHoldsInConversionWhenTheWriterRejectsALine() throws IOException {
      // A NaN probability is only caught when the line is written: counted as skipped by the converter.
      JoinedEvent nan = withPayload(step("2", "1"), MultiStepEvent.of("2", "1", List.of(1L), List.of(Float.NaN),
          "{}"));
      assertThat(convert(log(List.of(step("1", null), nan)), MULTISTEP)).hasSize(1);
    }

    /** The Event flatbuffer of a well-formed event, as the writer encodes it. */
    private byte[] encoded(JoinedEvent e) {
      return new EventEncoder().event(e.event());
    }

    /** A MultiStepEvent flatbuffer without a context, which VW dereferences (SPEC §7.1). */
    private byte[] multiStepWithoutContext(String id, String previous) {
      FlatBufferBuilder b = new FlatBufferBuilder();
      int idOffset = b.createString(id);
      int previousOffset = b.createString(previous);
      int actions = reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createActionIdsVector(b,
          new long[] {1});
      int probabilities = reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createProbabilitiesVector(b,
          new float[] {1});
      b.finish(reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.createMultiStepEvent(b, idOffset,
          previousOffset, actions, 0, probabilities, 0, false));
      return b.sizedByteArray();
    }

    /** A log with a CB checkpoint and one REGULAR message holding these Event buffers, all at {@link #T0}. */
    private byte[] rawLog(byte[]... events) {
      FlatBufferBuilder b = new FlatBufferBuilder();
      int[] offsets = new int[events.length];
      for (int i = 0; i < events.length; i++) {
        int bytes = nested(b, events[i]);
        reinforcement_learning.messages.flatbuff.v2.JoinedEvent.startJoinedEvent(b);
        reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addEvent(b, bytes);
        reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addTimestamp(b,
            reinforcement_learning.messages.flatbuff.v2.TimeStamp.createTimeStamp(b, 2021, 1, 1, 0, 0, 0, 0));
        offsets[i] = reinforcement_learning.messages.flatbuff.v2.JoinedEvent.endJoinedEvent(b);
      }
      int vector = JoinedPayload.createEventsVector(b, offsets);
      b.finish(JoinedPayload.createJoinedPayload(b, vector));
      ByteBuffer payload = ByteBuffer.wrap(b.sizedByteArray());
      return log(CheckpointInfo.of(ProblemType.CB), w -> w.regular(payload));
    }

    /** A nested buffer, 8-byte aligned as the joiner writes it (the verifier checks alignment). */
    private int nested(FlatBufferBuilder b, byte[] bytes) {
      b.createUnintializedVector(1, bytes.length, 8).put(bytes);
      return b.endVector();
    }
  }

  // --- the parts, directly

  @Nested
  class Parts {
    @Test
    void theTransformsOfTheUnorderedTable() {
      float[] mean = {1, 2, 3, 4, 5, 6};
      MultistepRewards.transform(mean, MultistepReward.SUFFIX_MEAN);
      assertThat(mean).containsExactly(3.5f, 4f, 4.5f, 5f, 5.5f, 6f);
      float[] sum = {1, 2, 3, 4, 5, 6};
      MultistepRewards.transform(sum, MultistepReward.SUFFIX_SUM);
      assertThat(sum).containsExactly(21f, 20f, 18f, 15f, 11f, 6f);
      float[] none = {};
      MultistepRewards.transform(none, MultistepReward.SUFFIX_MEAN);
      assertThat(none).isEmpty();
    }

    @Test
    void aLongEpisodeIsWalkedWithoutRecursion() {
      int n = 200_000;
      List<StepOrder.Node> chain = new ArrayList<>(n);
      for (int i = n - 1; i >= 0; i--) {
        chain.add(new StepOrder.Node("s" + i, i == 0 ? null : "s" + (i - 1), 0));
      }
      StepOrder.Result r = StepOrder.of(chain);
      assertThat(r.order()).hasSize(n).startsWith("s0", "s1").endsWith("s" + (n - 1));
      assertThat(r.orphans()).isEmpty();
    }

    @Test
    void aLongOrphanChainIsClassifiedOnce() {
      int n = 200_000;
      List<StepOrder.Node> chain = new ArrayList<>(n);
      for (int i = n - 1; i >= 0; i--) {
        chain.add(new StepOrder.Node("s" + i, "s" + (i - 1), 0));  // s0 names the missing s-1
      }
      StepOrder.Result r = StepOrder.of(chain);
      assertThat(r.order()).isEmpty();
      assertThat(r.orphans()).hasSize(n);
      assertThat(r.orphans().get(n - 1)).isEqualTo(new StepOrder.Orphan("s0",
          "it names previous step 's-1', which is not in the batch"));
      assertThat(r.orphans().get(0).why()).isEqualTo(
          "it descends from step 's0', which names previous step 's-1', which is not in the batch");
    }
  }

  /** The first letter of the first key of a step's context: VW's shared namespace. */
  private static String sharedNamespace(JoinResult r) {
    ByteBuffer context = ((MultiStepEvent) r.interaction().event().payload()).context();
    String text = StandardCharsets.UTF_8.decode(context).toString();
    return text.substring(text.indexOf('"') + 1, text.indexOf('"') + 2);
  }
}
