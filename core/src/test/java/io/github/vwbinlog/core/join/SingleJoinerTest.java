package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.JoinHarness.CONTEXT;
import static io.github.vwbinlog.core.join.JoinHarness.T;
import static io.github.vwbinlog.core.join.JoinHarness.T_TEXT;
import static io.github.vwbinlog.core.join.JoinHarness.cb;
import static io.github.vwbinlog.core.join.JoinHarness.cbLine;
import static io.github.vwbinlog.core.join.JoinHarness.cbPayload;
import static io.github.vwbinlog.core.join.JoinHarness.event;
import static io.github.vwbinlog.core.join.JoinHarness.eventBytes;
import static io.github.vwbinlog.core.join.JoinHarness.joinedPayload;
import static io.github.vwbinlog.core.join.JoinHarness.outcome;
import static io.github.vwbinlog.core.join.JoinHarness.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.join.JoinHarness.Raw;
import io.github.vwbinlog.core.join.JoinHarness.Run;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The single joiner (SPEC §3–§6) end to end: logs written with {@link BinaryLogWriter} (or, for broken input, with
 * hand-built payloads), joined with the public Joiner and converted to DSJSON, with expected lines derived from SPEC §8.
 * Every run checks the accounting of SPEC §0 item 4: interactions seen = joined events emitted + skipped.
 */
@DisplayName("SingleJoiner (SPEC §3–§6)")
class SingleJoinerTest {
  private static final CheckpointInfo CB = CheckpointInfo.of(ProblemType.CB);
  private static final byte[] GARBAGE = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

  @TempDir
  Path dir;

  private Path log(Consumer<BinaryLogWriter> body) {
    return JoinHarness.write(dir, body);
  }

  /** FILEMAGIC, a CB checkpoint, one REGULAR message with these events, EOF. */
  private Path cbLog(JoinedEvent... events) {
    return log(w -> w.fileMagic().checkpoint(CB).regular(List.of(events)).eof());
  }

  private static JoinedEvent dedup(List<Long> ids, List<String> values) {
    return event("dedup", PayloadType.DEDUP_INFO, new DedupInfo(ids, values));
  }

  // ------------------------------------------------------------------ §4.1 grouping

  @Nested
  @DisplayName("§4.1 grouping")
  class Grouping {

    @Test
    void groupsByIdInFirstSeenOrderAcrossIds() {
      Run run = run(log(w -> w.checkpoint(CB.withRewardFunction(RewardFunction.SUM)).regular(List.of(
          cb("b"), cb("a"), outcome("a", 1f), outcome("b", 2f), cb("c"), outcome("a", 0.5f), outcome("c", 3f)))));
      assertThat(run.ids()).containsExactly("b", "a", "c");
      assertThat(run.lines()).containsExactly(cbLine("b", 2f, 2f), cbLine("a", 1.5f, 1f, 0.5f), cbLine("c", 3f, 3f));
      assertThat(run.reasons()).isEmpty();
      assertThat(run.summary().interactionsSeen()).isEqualTo(3);
    }

    @Test
    void anOutcomeCountsForFirstSeenOrderButIsDroppedBeforeItsInteraction() {
      Run run = run(cbLog(outcome("x", 4f), cb("y"), cb("x"), outcome("x", 3f)));
      assertThat(run.ids()).containsExactly("x", "y");
      assertThat(run.lines()).containsExactly(cbLine("x", 3f, 3f), cbLine("y", 0f));
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.OUTCOME_BEFORE_INTERACTION, 1L));
      assertThat(run.diagnostics().get(0).eventId()).isEqualTo("x");
    }

    @Test
    void groupsDoNotSpanMessages() {
      Run run = run(log(w -> w.checkpoint(CB).regular(List.of(cb("a"))).regular(List.of(outcome("a", 5f)))));
      assertThat(run.lines()).containsExactly(cbLine("a", 0f));
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.NO_INTERACTION, 1L));
    }

    @Test
    void idsAreComparedByteExactly() {
      Run run = run(cbLog(cb("a"), cb("A"), cb("a "), outcome("A", 1f)));
      assertThat(run.ids()).containsExactly("a", "A", "a ");
      assertThat(run.rewards("A")).containsExactly(1f);
      assertThat(run.rewards("a")).containsExactly(0f);
    }

    @Test
    void theFirstValidInteractionWinsAndEveryRejectedOneIsCountedOnce() {
      JoinedEvent apprentice = event("d", PayloadType.CB, cbPayload().withLearningMode(LearningMode.APPRENTICE));
      JoinedEvent ca = event("b", PayloadType.CA, CaEvent.of(1f, 0.5f, CONTEXT));
      JoinedEvent second = event("a", PayloadType.CB, CbEvent.of(List.of(2L), List.of(1f), CONTEXT));
      Run run = run(cbLog(cb("a"), second, ca, outcome("b", 1f), apprentice, outcome("a", 2f)));
      assertThat(run.ids()).containsExactly("a");
      assertThat(run.lines()).containsExactly(cbLine("a", 2f, 2f));
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.DUPLICATE_INTERACTION, 1L),
          entry(DiagnosticReason.PROBLEM_TYPE_MISMATCH, 1L), entry(DiagnosticReason.LEARNING_MODE_MISMATCH, 1L),
          entry(DiagnosticReason.NO_INTERACTION, 1L));
      assertThat(run.summary().interactionsSeen()).isEqualTo(4);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(3);
    }

    @Test
    void aPayloadThatFailsVerificationIsSkippedWhole() {
      Run run = run(log(w -> w.checkpoint(CB).regular(ByteBuffer.wrap(GARBAGE)).regular(List.of(cb("b")))));
      assertThat(run.ids()).containsExactly("b");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_PAYLOAD, 1L));
      assertThat(run.summary().skippedMessages()).isEqualTo(1);
    }

    @Test
    void tooManyEventsInOnePayloadIsLimitExceeded() {
      JoinOptions limited = JoinOptions.defaults().withReadOptions(ReadOptions.defaults().withLimits(
          ReadLimits.builder().maxEventsPerPayload(2).build()));
      Run run = run(log(w -> w.checkpoint(CB).regular(List.of(cb("a"), outcome("a", 1f), cb("b")))
          .regular(List.of(cb("c"), outcome("c", 1f)))), limited);
      assertThat(run.ids()).containsExactly("c");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.LIMIT_EXCEEDED, 1L));
      assertThat(run.summary().skippedMessages()).isEqualTo(1);
    }

    @Test
    void anAbsentEventsVectorIsAnEmptyPayload() {
      // VW dereferences it (SPEC §11 item 2); vw-binlog reads no events.
      com.google.flatbuffers.FlatBufferBuilder b = new com.google.flatbuffers.FlatBufferBuilder();
      b.finish(reinforcement_learning.messages.flatbuff.v2.JoinedPayload.createJoinedPayload(b, 0));
      Run run = run(log(w -> w.checkpoint(CB).regular(ByteBuffer.wrap(b.sizedByteArray())).regular(List.of(cb("a")))));
      assertThat(run.ids()).containsExactly("a");
      assertThat(run.reasons()).isEmpty();
    }
  }

  // ------------------------------------------------------------------ §3 configuration

  @Nested
  @DisplayName("§3 configuration")
  class Configuration {

    /** rrcr: REGULAR, REGULAR, CHECKPOINT, REGULAR. */
    private Path rrcr() {
      return log(w -> w.regular(List.of(cb("r1"))).regular(List.of(cb("r2"), outcome("r2", 1f))).checkpoint(CB)
          .regular(List.of(cb("r3"))));
    }

    @Test
    void regularBeforeTheFirstCheckpointIsSkipped_3_1() {
      Run run = run(rrcr());
      assertThat(run.ids()).containsExactly("r3");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.REGULAR_BEFORE_CHECKPOINT, 2L));
      assertThat(run.summary().skippedMessages()).isEqualTo(2);
      assertThat(run.summary().interactionsSeen()).isEqualTo(1);
    }

    @Test
    void regularBeforeTheFirstCheckpointIsJoinedWithAProblemTypeOverride_3_3() {
      Run run = run(rrcr(), JoinOptions.defaults().withProblemType(ProblemType.CB));
      assertThat(run.ids()).containsExactly("r1", "r2", "r3");
      assertThat(run.rewards("r2")).containsExactly(1f);
      assertThat(run.reasons()).isEmpty();
    }

    @Test
    void aCheckpointWithoutProblemTypeMatchesNothing_3_2() {
      Run run = run(log(w -> w.checkpoint(CheckpointInfo.DEFAULTS).regular(List.of(cb("a"), outcome("a", 1f)))));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.PROBLEM_TYPE_MISMATCH, 1L),
          entry(DiagnosticReason.NO_INTERACTION, 1L));
    }

    @Test
    void checkpointsChangeTheRewardFunctionBetweenMessages_3_2() {
      Path log = log(w -> w.fileMagic()
          .checkpoint(CB.withRewardFunction(RewardFunction.SUM))
          .regular(List.of(cb("a"), outcome("a", 1f), outcome("a", 2f)))
          .checkpoint(CB.withRewardFunction(RewardFunction.MAX))
          .regular(List.of(cb("b"), outcome("b", 1f), outcome("b", 2f)))
          .checkpoint(CB.withRewardFunction(RewardFunction.AVERAGE))
          .regular(List.of(cb("c"), outcome("c", 1f), outcome("c", 2f)))
          .checkpoint(CB.withDefaultReward(-1f))
          .regular(List.of(cb("d")))
          .eof());
      Run run = run(log);
      assertThat(run.rewards("a")).containsExactly(3f);
      assertThat(run.rewards("b")).containsExactly(2f);
      assertThat(run.rewards("c")).containsExactly(1.5f);
      assertThat(run.rewards("d")).containsExactly(-1f);
      assertThat(run.lines()).containsExactly(cbLine("a", 3f, 1f, 2f), cbLine("b", 2f, 1f, 2f),
          cbLine("c", 1.5f, 1f, 2f), cbLine("d", -1f));

      Run sticky = run(log, JoinOptions.defaults().withRewardFunction(RewardFunction.MIN));
      assertThat(sticky.results()).extracting(r -> r.rewards().get(0)).containsExactly(1f, 1f, 1f, -1f);
    }

    @Test
    void aCheckpointOnlyAffectsLaterMessages_3_2() {
      Run run = run(log(w -> w.checkpoint(CB).regular(List.of(cb("a"), outcome("a", 1f), outcome("a", 2f)))
          .checkpoint(CB.withRewardFunction(RewardFunction.SUM))));
      assertThat(run.rewards("a")).containsExactly(1f);
    }

    @Test
    void learningModeOverrideIsSticky_3_3() {
      Path log = cbLog(event("a", PayloadType.CB, cbPayload().withLearningMode(LearningMode.APPRENTICE)),
          cb("b"));
      assertThat(run(log).ids()).containsExactly("b");
      Run apprentice = run(log, JoinOptions.defaults().withLearningMode(LearningMode.APPRENTICE));
      assertThat(apprentice.ids()).containsExactly("a");
      assertThat(apprentice.rewards("a")).containsExactly(1f); // apprentice CB: action 1 is the baseline (§6.4)
      assertThat(apprentice.result("a").originalRewards()).containsExactly(0f);
    }
  }

  // ------------------------------------------------------------------ §4.1 payload failures

  @Nested
  @DisplayName("§4.1 payload failures drop the payload whole (SPEC §11 item 3)")
  class PayloadFailures {

    private Run runRaw(ByteBuffer payload) {
      return run(log(w -> w.fileMagic().checkpoint(CB).regular(payload)
          .regular(List.of(cb("next"), outcome("next", 1f))).eof()));
    }

    private void assertDroppedWhole(Run run, DiagnosticReason reason, int interactionsBefore) {
      assertThat(run.ids()).containsExactly("next");
      assertThat(run.lines()).containsExactly(cbLine("next", 1f, 1f));
      assertThat(run.reasons()).containsExactly(entry(reason, 1L));
      assertThat(run.summary().skippedMessages()).isEqualTo(1);
      assertThat(run.summary().interactionsSeen()).isEqualTo(interactionsBefore + 1);
      assertThat(run.summary().interactionsSkipped()).isEqualTo(interactionsBefore);
      assertThat(run.diagnostics().get(0).offset()).isEqualTo(48); // FILEMAGIC 8 + CHECKPOINT 8 + 32
    }

    @Test
    void aJoinedEventWithEmptyEventBytes() {
      Run run = runRaw(joinedPayload(Raw.of(cb("a")), Raw.of(outcome("a", 1f)), new Raw(new byte[0], T),
          Raw.of(cb("b"))));
      // The interactions read before the failure are counted seen and skipped; "b" after it was never read.
      assertDroppedWhole(run, DiagnosticReason.MALFORMED_EVENT, 1);
    }

    @Test
    void aJoinedEventWithoutEventOrTimeStamp() {
      assertDroppedWhole(runRaw(joinedPayload(Raw.of(cb("a")), new Raw(null, T))), DiagnosticReason.MALFORMED_EVENT,
          1);
      assertDroppedWhole(runRaw(joinedPayload(Raw.of(cb("a")), Raw.of(cb("b")),
          new Raw(eventBytes(cb("c").event()), null))), DiagnosticReason.MALFORMED_EVENT, 2);
    }

    @Test
    void anEventThatFailsVerification() {
      assertDroppedWhole(runRaw(joinedPayload(Raw.of(GARBAGE), Raw.of(cb("a")))), DiagnosticReason.MALFORMED_EVENT,
          0);
    }

    @Test
    void anEpisodeEventRequiresMultistep() {
      JoinedEvent episode = event("ep", PayloadType.EPISODE, new EpisodeEvent("ep"));
      Run run = run(log(w -> w.fileMagic().checkpoint(CB).regular(List.of(cb("a"), outcome("a", 1f), episode,
          cb("b"))).regular(List.of(cb("next"), outcome("next", 1f))).eof()));
      assertDroppedWhole(run, DiagnosticReason.EPISODE_WITHOUT_MULTISTEP, 1);
      assertThat(run.diagnostics().get(0).eventId()).isEqualTo("ep");
    }
  }

  // ------------------------------------------------------------------ §4.5 dedup

  @Nested
  @DisplayName("§4.5 DedupInfo")
  class Dedup {

    @Test
    void dedupEventsNeverJoinAGroupAndContextsKeepTheirReferences() {
      String context = "{\"_multi\":[{\"__aid\":1},{\"__aid\":18446744073709551615}]}";
      JoinedEvent decision = event("a", PayloadType.CB, CbEvent.of(List.of(1L, 2L), List.of(0.75f, 0.25f), context));
      Run run = run(cbLog(dedup(List.of(1L, -1L), List.of("{\"a\":1}", "{\"b\":2}")), decision));
      assertThat(run.ids()).containsExactly("a");
      assertThat(run.lines()).containsExactly(cbLine("a", 0f).replace("\"c\":" + CONTEXT, "\"c\":" + context));
      assertThat(run.summary().interactionsSeen()).isEqualTo(1);
      assertThat(run.reasons()).isEmpty();
    }

    @Test
    void idAndValueSizesThatDifferFailThePayload() {
      Run run = run(cbLog(cb("a"), dedup(List.of(1L, 2L), List.of("{}")), outcome("a", 1f)));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_DEDUP, 1L));
      assertThat(run.summary().interactionsSkipped()).isEqualTo(1);
    }

    @Test
    void aValueThatIsNotOneJsonObjectFailsThePayload() {
      for (String bad : List.of("not json", "[1]", "{", "{} {}", "")) {
        Run run = run(cbLog(dedup(List.of(1L), List.of(bad)), cb("a")));
        assertThat(run.results()).as(bad).isEmpty();
        assertThat(run.reasons()).as(bad).containsExactly(entry(DiagnosticReason.MALFORMED_DEDUP, 1L));
      }
    }

    @Test
    void theCacheSurvivesCheckpoints() {
      // A cached id ignores its new value text, so a second DedupInfo with a broken value for it still applies, but
      // only if the cache survived the checkpoint in between.
      Path log = log(w -> w.checkpoint(CB)
          .regular(List.of(dedup(List.of(7L), List.of("{\"a\":1}")), cb("a")))
          .checkpoint(CB.withRewardFunction(RewardFunction.SUM))
          .regular(List.of(dedup(List.of(7L), List.of("not json")), cb("b"))));
      Run run = run(log);
      assertThat(run.ids()).containsExactly("a", "b");
      assertThat(run.reasons()).isEmpty();

      Run fresh = run(log(w -> w.checkpoint(CB).regular(List.of(dedup(List.of(7L), List.of("not json")), cb("b")))));
      assertThat(fresh.results()).isEmpty();
      assertThat(fresh.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_DEDUP, 1L));
    }

    @Test
    void aRepeatedIdInOnePayloadIgnoresItsSecondValue() {
      // VW adds 5, then finds 5 cached and ignores the second text without parsing it (SPEC §4.5).
      Run run = run(cbLog(dedup(List.of(5L, 5L), List.of("{\"a\":1}", "not json")), cb("a")));
      assertThat(run.ids()).containsExactly("a");
      assertThat(run.reasons()).isEmpty();
    }

    @Test
    void aRepeatedIdEvictsTheIdsBetweenItsOccurrences() {
      // [1, 2, 1] leaves only 1 (SPEC §11 item 10): 2 must parse again in the next payload.
      Path log = log(w -> w.checkpoint(CB)
          .regular(List.of(dedup(List.of(1L, 2L, 1L), List.of("{}", "{}", "{}")), cb("a")))
          .regular(List.of(dedup(List.of(1L), List.of("not json")), cb("b")))
          .regular(List.of(dedup(List.of(2L), List.of("not json")), cb("c"))));
      Run run = run(log);
      assertThat(run.ids()).containsExactly("a", "b");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_DEDUP, 1L));
    }

    @Test
    void aFailureKeepsTheEntriesBeforeItAndEvictsNothing() {
      Path log = log(w -> w.checkpoint(CB)
          .regular(List.of(dedup(List.of(9L), List.of("{}")), cb("a")))
          .regular(List.of(dedup(List.of(1L, 2L), List.of("{}", "bad")), cb("b")))
          .regular(List.of(dedup(List.of(1L, 9L), List.of("bad", "bad")), cb("c")))
          .regular(List.of(dedup(List.of(2L), List.of("bad")), cb("d"))));
      Run run = run(log);
      // b's payload fails on id 2 but keeps 1 (and 9); c's values are ignored as both ids are cached; 2 never was.
      assertThat(run.ids()).containsExactly("a", "c");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_DEDUP, 2L));
    }

    @Test
    void aCompressedDedupInfoApplies() {
      JoinedEvent zstd = event(T, Metadata.of("dedup", PayloadType.DEDUP_INFO).withEncoding(EventEncoding.ZSTD),
          new DedupInfo(List.of(3L), List.of("{\"z\":1}")));
      Path log = log(w -> w.checkpoint(CB).regular(List.of(zstd, cb("a")))
          .regular(List.of(dedup(List.of(3L), List.of("bad")), cb("b"))));
      assertThat(run(log).ids()).containsExactly("a", "b");
    }

    @Test
    void aDedupInfoThatDoesNotDecompressFailsThePayload() {
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(Raw.of(cb("a")),
          Raw.of(eventBytes("dedup", PayloadType.DEDUP_INFO, EventEncoding.ZSTD, GARBAGE))))));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.DECOMPRESSION_FAILED, 1L));
      assertThat(run.summary().skippedMessages()).isEqualTo(1);
    }
  }

  // ------------------------------------------------------------------ §4.2, §4.4 decoding in groups

  @Nested
  @DisplayName("§4.2, §4.4 decoding")
  class Decoding {

    @Test
    void zstdInteractionsAndOutcomesJoinLikeIdentityOnes() {
      JoinedEvent decision = event(T, Metadata.of("z", PayloadType.CB).withEncoding(EventEncoding.ZSTD), cbPayload());
      JoinedEvent reward = event(T, Metadata.of("z", PayloadType.OUTCOME).withEncoding(EventEncoding.ZSTD),
          OutcomeEvent.numeric(1.5f));
      Run run = run(cbLog(decision, reward, cb("plain"), outcome("plain", 1.5f)));
      assertThat(run.lines()).containsExactly(cbLine("z", 1.5f, 1.5f), cbLine("plain", 1.5f, 1.5f));
      assertThat(run.reasons()).isEmpty();
    }

    @Test
    void aCorruptZstdOutcomeAfterTheInteractionInvalidatesTheEvent() {
      // VW would still write the invalidated event with costs never computed (§11 item 4); vw-binlog writes nothing.
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(Raw.of(cb("a")),
          Raw.of(eventBytes("a", PayloadType.OUTCOME, EventEncoding.ZSTD, GARBAGE)), Raw.of(outcome("a", 1f)),
          Raw.of(cb("b")), Raw.of(outcome("b", 2f))))));
      assertThat(run.ids()).containsExactly("b");
      assertThat(run.lines()).containsExactly(cbLine("b", 2f, 2f));
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.DECOMPRESSION_FAILED, 1L),
          entry(DiagnosticReason.MALFORMED_OUTCOME, 1L));
      assertThat(run.diagnostics(DiagnosticReason.MALFORMED_OUTCOME).get(0).eventId()).isEqualTo("a");
      assertThat(run.summary().interactionsSkipped()).isEqualTo(1);
    }

    @Test
    void anOutcomeThatFailsVerificationInvalidatesTheEvent() {
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(Raw.of(cb("a")),
          Raw.of(eventBytes("a", PayloadType.OUTCOME, EventEncoding.IDENTITY, GARBAGE))))));
      assertThat(run.results()).isEmpty();
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.MALFORMED_OUTCOME, 2L));
    }

    @Test
    void aCorruptOutcomeBeforeTheInteractionChangesNothing() {
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(
          Raw.of(eventBytes("a", PayloadType.OUTCOME, EventEncoding.ZSTD, GARBAGE)), Raw.of(cb("a")),
          Raw.of(outcome("a", 1f))))));
      assertThat(run.lines()).containsExactly(cbLine("a", 1f, 1f));
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.DECOMPRESSION_FAILED, 1L));
    }

    @Test
    void aCorruptZstdInteractionIsSkippedAndItsOutcomesHaveNoInteraction() {
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(
          Raw.of(eventBytes("a", PayloadType.CB, EventEncoding.ZSTD, GARBAGE)), Raw.of(outcome("a", 1f)),
          Raw.of(cb("b"))))));
      assertThat(run.ids()).containsExactly("b");
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.DECOMPRESSION_FAILED, 1L),
          entry(DiagnosticReason.NO_INTERACTION, 1L));
      assertThat(run.summary().interactionsSeen()).isEqualTo(2);
    }

    @Test
    void aMalformedInteractionIsSkippedAndALaterValidOneWins() {
      Run run = run(log(w -> w.checkpoint(CB).regular(joinedPayload(
          Raw.of(eventBytes("a", PayloadType.CB, EventEncoding.IDENTITY, GARBAGE)), Raw.of(outcome("a", 1f)),
          Raw.of(cb("a")), Raw.of(outcome("a", 2f))))));
      assertThat(run.lines()).containsExactly(cbLine("a", 2f, 2f));
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.MALFORMED_INTERACTION, 1L),
          entry(DiagnosticReason.OUTCOME_BEFORE_INTERACTION, 1L));
    }

    @Test
    void multiStepAndUnknownInteractionsAreNotSupported() {
      byte[] unknownType = unknownTypeEvent("u", new io.github.vwbinlog.core.write.EventEncoder().cb(cbPayload()));
      JoinedEvent step = event("m", PayloadType.MULTI_STEP, io.github.vwbinlog.event.MultiStepEvent.of("1", null,
          List.of(1L), List.of(1f), CONTEXT));
      Run run = run(log(w -> w.checkpoint(CheckpointInfo.of(ProblemType.MULTISTEP)).regular(joinedPayload(
          Raw.of(step), Raw.of(unknownType), Raw.of(outcome("m", 1f))))));
      assertThat(run.results()).isEmpty();
      // MultiStep matches MULTISTEP, then is rejected as unsupported by the single joiner (§4.3); the unknown type
      // does not match MULTISTEP.
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.UNSUPPORTED_INTERACTION, 1L),
          entry(DiagnosticReason.PROBLEM_TYPE_MISMATCH, 1L), entry(DiagnosticReason.NO_INTERACTION, 1L));
      assertThat(run.summary().interactionsSeen()).isEqualTo(2);
    }

    /** An Event whose payload type is 42, a value the schema does not have. */
    private byte[] unknownTypeEvent(String id, byte[] payload) {
      com.google.flatbuffers.FlatBufferBuilder b = new com.google.flatbuffers.FlatBufferBuilder();
      int idOffset = b.createString(id);
      int p = reinforcement_learning.messages.flatbuff.v2.Event.createPayloadVector(b, payload);
      reinforcement_learning.messages.flatbuff.v2.Metadata.startMetadata(b);
      reinforcement_learning.messages.flatbuff.v2.Metadata.addId(b, idOffset);
      reinforcement_learning.messages.flatbuff.v2.Metadata.addPayloadType(b, 42);
      reinforcement_learning.messages.flatbuff.v2.Metadata.addPassProbability(b, 1f);
      int meta = reinforcement_learning.messages.flatbuff.v2.Metadata.endMetadata(b);
      b.finish(reinforcement_learning.messages.flatbuff.v2.Event.createEvent(b, meta, p));
      return b.sizedByteArray();
    }

    @Test
    void aContextAboveTheLimitSkipsItsInteraction() {
      JoinOptions limited = JoinOptions.defaults().withReadOptions(ReadOptions.defaults().withLimits(
          ReadLimits.builder().maxContextSize(CONTEXT.length()).build()));
      JoinedEvent big = event("big", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{\"x\":12}"));
      Run run = run(cbLog(big, outcome("big", 1f), cb("a")), limited);
      assertThat(run.ids()).containsExactly("a");
      assertThat(run.reasons()).containsOnly(entry(DiagnosticReason.LIMIT_EXCEEDED, 1L),
          entry(DiagnosticReason.NO_INTERACTION, 1L));
      assertThat(run.diagnostics(DiagnosticReason.LIMIT_EXCEEDED).get(0).eventId()).isEqualTo("big");
    }

    @Test
    void aCbDecisionWithoutActionsIsSkipped() {
      // VW reads actions[0] of an empty vector (§11 item 5).
      Run run = run(cbLog(event("a", PayloadType.CB, CbEvent.of(List.of(), List.of(), CONTEXT)), outcome("a", 1f),
          cb("b")));
      assertThat(run.ids()).containsExactly("b");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.EMPTY_ACTIONS, 1L));
    }
  }

  // ------------------------------------------------------------------ §5 time

  @Nested
  @DisplayName("§5 client time")
  class ClientTime {
    private final TimeStamp client = TimeStamp.of(2021, 1, 2, 3, 4, 5);
    private final TimeStamp early = TimeStamp.of(2020, 1, 1, 0, 0, 0);

    /** Outcome 1 was enqueued first but its client time is later; outcome 2 the other way round. */
    private Path log(CheckpointInfo checkpoint) {
      JoinedEvent decision = event(T, Metadata.of("a", PayloadType.CB).withClientTime(client), cbPayload());
      JoinedEvent first = event(early, Metadata.of("a", PayloadType.OUTCOME)
          .withClientTime(TimeStamp.of(2021, 1, 2, 3, 10, 0)), OutcomeEvent.numeric(1f));
      JoinedEvent second = event(T, Metadata.of("a", PayloadType.OUTCOME)
          .withClientTime(TimeStamp.of(2021, 1, 2, 3, 5, 0)), OutcomeEvent.numeric(2f));
      return SingleJoinerTest.this.log(w -> w.checkpoint(checkpoint).regular(List.of(decision, first, second)));
    }

    @Test
    void enqueuedTimeByDefault() {
      Run run = run(log(CB));
      assertThat(run.lines()).containsExactly(cbLine("a", 1f, 1f, 2f));
      assertThat(run.reasons()).isEmpty();
    }

    @Test
    void clientTimeFromTheCheckpoint() {
      Run run = run(log(CB.withUseClientTime(true)));
      assertThat(run.lines()).containsExactly(cbLine("a", 2f, 1f, 2f).replace(T_TEXT, "2021-01-02T03:04:05.000000Z"));
      assertThat(run.result("a").timestamp()).isEqualTo(client);
    }

    @Test
    void clientTimeFromTheStickySwitch() {
      Run run = run(log(CB), JoinOptions.defaults().with(JoinFeature.CLIENT_TIME));
      assertThat(run.rewards("a")).containsExactly(2f);
      assertThat(run.lines().get(0)).contains("\"Timestamp\":\"2021-01-02T03:04:05.000000Z\"");
    }

    @Test
    void missingOrEmptyClientTimeFallsBackToEnqueuedTimeWithANotice() {
      TimeStamp subsecondOnly = new TimeStamp(0, 0, 0, 0, 0, 0, 5);
      JoinedEvent decision = event(T, Metadata.of("a", PayloadType.CB).withClientTime(subsecondOnly), cbPayload());
      JoinedEvent reward = event(early, Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f));
      JoinedEvent late = event(T, Metadata.of("a", PayloadType.OUTCOME).withClientTime(TimeStamp.of(2000, 1, 1, 0, 0,
          0)), OutcomeEvent.numeric(2f));
      Run run = run(SingleJoinerTest.this.log(w -> w.checkpoint(CB.withUseClientTime(true))
          .regular(List.of(decision, reward, late))));
      // The decision and the first outcome use their enqueued times; the second outcome's client time is earliest.
      assertThat(run.lines()).containsExactly(cbLine("a", 2f, 1f, 2f));
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.CLIENT_TIME_MISSING, 2L));
    }
  }

  // ------------------------------------------------------------------ §6 rewards and §8 lines

  @Nested
  @DisplayName("§6 rewards, §8 lines")
  class Rewards {

    @Test
    void pdropAndLabelProbability_6_5() {
      JoinedEvent half = event(T, Metadata.of("h", PayloadType.CB).withPassProbability(0.5f), cbPayload());
      JoinedEvent absent = event(T, Metadata.of("z", PayloadType.CB).withPassProbability(0f), cbPayload());
      Run run = run(cbLog(half, outcome("h", 1f), absent));
      assertThat(run.lines()).containsExactly(
          cbLine("h", 1f, 1f).replace("\"_label_probability\":0.75", "\"_label_probability\":0.375")
              .replace("{\"m\":\"N/A\"}", "{\"m\":\"N/A\"},\"pdrop\":0.5"),
          cbLine("z", 0f).replace("\"_label_probability\":0.75", "\"_label_probability\":0.0")
              .replace("{\"m\":\"N/A\"}", "{\"m\":\"N/A\"},\"pdrop\":1.0"));
      assertThat(run.result("h").pdrop()).isEqualTo(0.5f);
      assertThat(run.result("h").weight()).isEqualTo(2f);
      assertThat(run.result("h").labelProbability()).isEqualTo(0.375f);
      assertThat(run.result("z").pdrop()).isEqualTo(1f);
    }

    @Test
    void literalOutcomesCountAsZero_4_2() {
      Path log = log(w -> w.checkpoint(CB.withRewardFunction(RewardFunction.SUM)).regular(List.of(cb("a"),
          outcome("a", OutcomeEvent.literal("clicked")), outcome("a", 2f), outcome("a", OutcomeEvent.literal("")))));
      Run run = run(log);
      assertThat(run.lines()).containsExactly(cbLine("a", 2f, 0f, 2f, 0f));
      assertThat(run.result("a").outcomes()).extracting(e -> ((OutcomeEvent) e.event().payload()).literalValue())
          .containsExactly("clicked", null, "");
      // Max starts from FLT_MIN: literal-only outcomes give the default reward (§6.2).
      Run max = run(log(w -> w.checkpoint(CB.withRewardFunction(RewardFunction.MAX).withDefaultReward(-3f))
          .regular(List.of(cb("m"), outcome("m", OutcomeEvent.literal("7"))))));
      assertThat(max.rewards("m")).containsExactly(-3f);
    }

    @Test
    void ccbSlotIdsAndIndexes_6_3() {
      MultiSlotEvent decision = MultiSlotEvent.of(CONTEXT, List.of(
          SlotEvent.of("s0", List.of(1L, 2L), List.of(0.75f, 0.25f)),
          SlotEvent.of("s1", List.of(3L), List.of(1f)),
          SlotEvent.of(null, List.of(4L), List.of(1f))));
      Run run = run(log(w -> w.checkpoint(CheckpointInfo.of(ProblemType.CCB)).regular(List.of(
          event("c", PayloadType.CCB, decision),
          outcome("c", OutcomeEvent.numeric(1f).withIndex(0)),
          outcome("c", OutcomeEvent.numeric(2f).withSlotId("s1")),
          outcome("c", OutcomeEvent.numeric(4f).withSlotId("zz")),
          outcome("c", OutcomeEvent.numeric(8f)),
          outcome("c", OutcomeEvent.numeric(16f).withIndex(5))))));
      assertThat(run.rewards("c")).containsExactly(1f, 2f, 0f);
      assertThat(run.lines()).containsExactly("{\"Timestamp\":\"" + T_TEXT + "\",\"Version\":\"1\",\"EventId\":\"c\","
          + "\"c\":" + CONTEXT + ",\"_outcomes\":["
          + "{\"_label_cost\":-1.0,\"_id\":\"s0\",\"_a\":[1,2],\"_p\":[0.75,0.25],"
          + "\"_o\":[{\"v\":1.0,\"EventId\":\"c\",\"Index\":\"0\",\"ActionTaken\":false}],\"_original_label_cost\":-1.0},"
          + "{\"_label_cost\":-2.0,\"_id\":\"s1\",\"_a\":[3],\"_p\":[1.0],"
          + "\"_o\":[{\"v\":2.0,\"EventId\":\"c\",\"Index\":\"s1\",\"ActionTaken\":false}],\"_original_label_cost\":-2.0},"
          + "{\"_label_cost\":-0.0,\"_id\":\"c\",\"_a\":[4],\"_p\":[1.0],\"_original_label_cost\":-0.0}],"
          + "\"VWState\":{\"m\":\"N/A\"}}");
      assertThat(run.reasons()).containsExactly(entry(DiagnosticReason.UNMATCHED_SLOT_ID, 1L));
    }

    @Test
    void deferredDecisionsAreLearnableOnlyWhenActivated_6_6() {
      JoinedEvent deferred = event("d", PayloadType.CB, cbPayload().withDeferredAction(true));
      JoinedEvent activated = event("e", PayloadType.CB, cbPayload().withDeferredAction(true));
      Run run = run(cbLog(deferred, outcome("d", 1f), activated, outcome("e", OutcomeEvent.activation()),
          outcome("e", 1f)));
      assertThat(run.results()).extracting(r -> r.learnable()).containsExactly(false, true);
      assertThat(run.lines().get(0)).isEqualTo(cbLine("d", 1f, 1f).replace("\"_labelIndex\":0,",
          "\"_labelIndex\":0,\"_skipLearn\":true,"));
      assertThat(run.lines().get(1)).isEqualTo(cbLine("e", 1f, 1f).replace("\"o\":[",
          "\"o\":[{\"EventId\":\"e\",\"ActionTaken\":true},"));
      assertThat(run.summary().learnable()).isEqualTo(1);
    }

    @Test
    void aLineThatWouldNotBeValidJsonIsNotWrittenButCounted_0_3() {
      JoinedEvent badContext = event("c", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{\"x\":"));
      Run run = run(cbLog(cb("nan"), outcome("nan", Float.NaN), badContext, cb("ok")));
      // The joiner emits all three; the converter skips two of them at output, and its accounting still holds.
      assertThat(run.ids()).containsExactly("nan", "c", "ok");
      assertThat(run.lines()).containsExactly(cbLine("ok", 0f));
      assertThat(run.conversion().diagnostics()).containsOnly(entry(DiagnosticReason.NON_FINITE_NUMBER, 1L),
          entry(DiagnosticReason.INVALID_CONTEXT, 1L));
      assertThat(run.conversion().interactionsSkipped()).isEqualTo(2);
    }

    @Test
    void aContextThatIsNotUtf8IsNotWrittenButCountedOnOneThreadAndOnTwo_0_3() {
      byte[] bad = {'{', '"', 'R', '"', ':', '{', '"', (byte) 0xE6, 'r', 'i', '"', ':', '7', '8', '}', '}'};
      JoinedEvent notUtf8 = event("u", PayloadType.CB, new CbEvent(false, List.of(1L), ByteBuffer.wrap(bad),
          List.of(1f), "N/A", LearningMode.ONLINE));
      Path log = cbLog(cb("a"), notUtf8, cb("b"));
      for (JoinOptions options : List.of(JoinOptions.defaults(), JoinOptions.defaults().withThreads(2))) {
        Run run = run(log, options);
        assertThat(run.ids()).containsExactly("a", "u", "b");
        assertThat(run.lines()).containsExactly(cbLine("a", 0f), cbLine("b", 0f));
        assertThat(run.conversion().diagnostics()).containsOnly(entry(DiagnosticReason.INVALID_UTF8, 1L));
        assertThat(run.conversion().interactionsSkipped()).isEqualTo(1);
      }
    }
  }
}
