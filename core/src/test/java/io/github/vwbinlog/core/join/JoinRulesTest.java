package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.join.Fixtures.ID;
import static io.github.vwbinlog.core.join.Fixtures.activation;
import static io.github.vwbinlog.core.join.Fixtures.apprenticeSlots;
import static io.github.vwbinlog.core.join.Fixtures.ca;
import static io.github.vwbinlog.core.join.Fixtures.cb;
import static io.github.vwbinlog.core.join.Fixtures.cbPayload;
import static io.github.vwbinlog.core.join.Fixtures.ccb;
import static io.github.vwbinlog.core.join.Fixtures.config;
import static io.github.vwbinlog.core.join.Fixtures.day;
import static io.github.vwbinlog.core.join.Fixtures.event;
import static io.github.vwbinlog.core.join.Fixtures.list;
import static io.github.vwbinlog.core.join.Fixtures.outcome;
import static io.github.vwbinlog.core.join.Fixtures.slates;
import static io.github.vwbinlog.core.join.Fixtures.slot;
import static io.github.vwbinlog.core.join.Fixtures.slots;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import org.jspecify.annotations.Nullable;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The one join's rules for the events of one id (SPEC §4.2 the walk, §4.3, §4.6 learning mode, §6.3 to §6.6
 * rewards, §11 items 4 to 6), on records laid out as the join reads a message ({@link MessageScan#load}); a null entry
 * is an outcome that could not be read. The same join runs for every log ({@code SingleJoinerTest} end to end).
 */
class JoinRulesTest {

  private static final long OFFSET = 4096;

  private final Fixtures.Recorder recorder = new Fixtures.Recorder();

  /** What the join of one group gave: the joined event, if any, and the interactions seen and skipped. */
  record GroupOutcome(@Nullable JoinResult result, long interactions, long skipped) {
    boolean emitted() {
      return result != null;
    }
  }

  private GroupOutcome join(CheckpointInfo config, List<@Nullable JoinedEvent> events) {
    for (JoinedEvent e : events) {
      if (e != null) {
        DefaultRewardCalculator.checkGroupable(e);
      }
    }
    StickyConfig sticky = new StickyConfig(JoinOptions.defaults());
    sticky.apply(config);
    JoinCounters counters = new JoinCounters(recorder, false);
    JoinResult result = new SingleJoiner(sticky, counters, ReadLimits.defaults(), null)
        .calculate(events, new EventEncoder(), OFFSET);
    JoinSummary summary = counters.summary();
    GroupOutcome g = new GroupOutcome(result, summary.interactionsSeen(), summary.interactionsSkipped());
    assertThat(g.interactions()).isEqualTo(g.skipped() + (g.emitted() ? 1 : 0));
    return g;
  }

  private JoinResult joined(CheckpointInfo config, List<JoinedEvent> events) {
    GroupOutcome g = join(config, events);
    assertThat(g.result()).as("joined event; diagnostics %s", recorder.seen).isNotNull();
    return g.result();
  }

  private static CheckpointInfo cbSum() {
    return config(ProblemType.CB, RewardFunction.SUM);
  }

  @Nested
  class Walk {

    @Test
    void joinsOutcomesToTheInteraction() {
      JoinedEvent interaction = cb(1, 2);
      JoinedEvent o1 = outcome(2f);
      JoinedEvent o2 = outcome(3f);
      GroupOutcome g = join(cbSum(), list(interaction, o1, o2));
      assertThat(g.interactions()).isEqualTo(1);
      assertThat(g.skipped()).isZero();
      JoinResult r = g.result();
      assertThat(r.interaction()).isSameAs(interaction);
      assertThat(r.timestamp()).isEqualTo(day(30));
      assertThat(r.outcomes()).containsExactly(o1, o2);
      assertThat(r.slotOutcomes()).isEmpty();
      assertThat(r.rewards()).containsExactly(5f);
      assertThat(r.originalRewards()).containsExactly(5f);
      assertThat(r.learnable()).isTrue();
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void interactionWithoutOutcomesGetsTheDefault() {
      JoinResult r = joined(cbSum().withDefaultReward(-3f), list(cb(1, 2)));
      assertThat(r.rewards()).containsExactly(-3f);
      assertThat(r.outcomes()).isEmpty();
    }

    @Test
    void outcomesBeforeTheInteractionAreDroppedAndReported() {
      JoinResult r = joined(cbSum(), list(outcome(7f), outcome(8f), cb(1, 2), outcome(1f)));
      assertThat(r.rewards()).containsExactly(1f);
      assertThat(r.outcomes()).hasSize(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.OUTCOME_BEFORE_INTERACTION);
      assertThat(recorder.seen.get(0).message()).startsWith("2 outcome(s)");
    }

    @Test
    void firstValidInteractionWins() {
      JoinedEvent first = cb(1, 2);
      JoinedEvent second = cb(2, 1);
      GroupOutcome g = join(cbSum(), list(first, outcome(1f), second, outcome(2f)));
      assertThat(g.result().interaction()).isSameAs(first);
      // Outcomes after the duplicate still join the first interaction.
      assertThat(g.result().rewards()).containsExactly(3f);
      assertThat(g.interactions()).isEqualTo(2);
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.DUPLICATE_INTERACTION);
    }

    @Test
    void aRejectedInteractionDoesNotBlockALaterValidOne() {
      JoinedEvent valid = cb(1, 2);
      JoinedEvent wrongMode = event(day(30), PayloadType.CB, cbPayload(1, 2).withLearningMode(LearningMode.APPRENTICE));
      GroupOutcome g = join(cbSum(), list(wrongMode, outcome(4f), valid, outcome(1f)));
      assertThat(g.result().interaction()).isSameAs(valid);
      assertThat(g.result().rewards()).containsExactly(1f);
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.LEARNING_MODE_MISMATCH,
          DiagnosticReason.OUTCOME_BEFORE_INTERACTION);
    }

    @Test
    void noInteractionIsReportedOnceForTheOutcomes() {
      GroupOutcome g = join(cbSum(), list(outcome(1f), outcome(2f)));
      assertThat(g.result()).isNull();
      assertThat(g.interactions()).isZero();
      assertThat(g.skipped()).isZero();
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.NO_INTERACTION);
    }

    @Test
    void rejectedInteractionsWithoutOutcomesAreReportedOnlyOnce() {
      GroupOutcome g = join(cbSum(), list(ca()));
      assertThat(g.result()).isNull();
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.PROBLEM_TYPE_MISMATCH);
    }

    @Test
    void emptyGroupReportsNothing() {
      GroupOutcome g = join(cbSum(), list());
      assertThat(g).isEqualTo(new GroupOutcome(null, 0, 0));
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void aFailedOutcomeAfterTheInteractionInvalidatesIt() {
      GroupOutcome g = join(cbSum(), list(cb(1, 2), outcome(1f), null, outcome(2f)));
      assertThat(g.result()).isNull();
      assertThat(g.interactions()).isEqualTo(1);
      assertThat(g.skipped()).isEqualTo(1);
      // The outcome that cannot be read, then the interaction it invalidates.
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.MALFORMED_OUTCOME,
          DiagnosticReason.MALFORMED_OUTCOME);
      assertThat(recorder.seen.get(0).message()).startsWith("observation cannot be read: ");
      assertThat(recorder.seen.get(1).message()).startsWith("interaction invalidated");
    }

    @Test
    void aFailedOutcomeBeforeTheInteractionChangesNothing() {
      JoinResult r = joined(cbSum(), list(null, cb(1, 2), outcome(2f)));
      assertThat(r.rewards()).containsExactly(2f);
      // Only the outcome that cannot be read is reported.
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.MALFORMED_OUTCOME);
    }

    @Test
    void aFailedOutcomeAloneCountsAsAnOutcomeWithoutInteraction() {
      GroupOutcome g = join(cbSum(), list((JoinedEvent) null));
      assertThat(g.result()).isNull();
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.MALFORMED_OUTCOME,
          DiagnosticReason.NO_INTERACTION);
    }

    @Test
    void diagnosticsNameTheMessageOffsetAndTheId() {
      join(config(ProblemType.UNKNOWN, RewardFunction.EARLIEST), list(cb(1, 2)));
      Diagnostic d = recorder.seen.get(0);
      assertThat(d.offset()).isEqualTo(OFFSET);
      assertThat(d.eventId()).isEqualTo(ID);
      assertThat(d.message()).isEqualTo("problem type UNKNOWN and interaction event type CB don't match");
    }

    @Test
    void dedupAndEpisodeEventsAreRejected() {
      JoinedEvent dedup = event(day(30), PayloadType.DEDUP_INFO, new DedupInfo(List.of(1L), List.of("{}")));
      JoinedEvent episode = event(day(30), PayloadType.EPISODE, new EpisodeEvent("ep"));
      assertThatThrownBy(() -> join(cbSum(), list(cb(1), dedup))).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> join(cbSum(), list(episode))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPayloadOfAnotherTypeThanItsMetadataIsRejected() {
      JoinedEvent bad = event(day(30), PayloadType.OUTCOME, cbPayload(1));
      assertThatThrownBy(() -> join(cbSum(), list(cb(1), bad))).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("OUTCOME");
    }

    @Test
    void unrecognizedRewardFunctionIsRejected() {
      assertThatThrownBy(() -> new DefaultRewardCalculator(cbSum().withRewardFunction(RewardFunction.UNRECOGNIZED),
          recorder)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** §4.3 and §4.6: each rejected interaction gets exactly one reason, in VW's order. */
  @Nested
  class Rejections {

    @Test
    void slatesPayloadMatchesProblemTypeSlates() {
      JoinResult r = joined(config(ProblemType.SLATES, RewardFunction.SUM), list(slates(slots(slot(null, 0, 1))),
          outcome(2f)));
      assertThat(r.payloadType()).isEqualTo(PayloadType.SLATES);
    }

    @Test
    void unknownProblemTypeMatchesNothing() {
      for (JoinedEvent interaction : List.of(cb(1), ccb(slots(slot("a", 1))), slates(slots(slot("a", 1))), ca())) {
        assertThat(join(config(ProblemType.UNKNOWN, RewardFunction.SUM), list(interaction)).result()).isNull();
      }
      assertThat(recorder.reasons()).hasSize(4).containsOnly(DiagnosticReason.PROBLEM_TYPE_MISMATCH);
    }

    @Test
    void typeMismatchComesBeforeLearningMode() {
      JoinedEvent ccbApprentice = ccb(apprenticeSlots(List.of(1), slot("a", 1)));
      GroupOutcome g = join(cbSum(), list(ccbApprentice));
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.PROBLEM_TYPE_MISMATCH);
    }

    @Test
    void multiStepIsUnsupportedWhenTheProblemTypeMatches() {
      JoinedEvent step = event(day(30), PayloadType.MULTI_STEP,
          MultiStepEvent.of("1", null, List.of(1L), List.of(1f), "{}"));
      join(config(ProblemType.MULTISTEP, RewardFunction.SUM), list(step));
      join(cbSum(), list(step));
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.UNSUPPORTED_INTERACTION,
          DiagnosticReason.PROBLEM_TYPE_MISMATCH);
    }

    @Test
    void unrecognizedTypesMatchEachOtherAndAreUnsupported() {
      JoinedEvent unknown = event(day(30), PayloadType.UNRECOGNIZED, cbPayload(1));
      GroupOutcome g = join(config(ProblemType.UNRECOGNIZED, RewardFunction.SUM), list(unknown));
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.UNSUPPORTED_INTERACTION);
    }

    @Test
    void learningModeMustEqualTheConfiguredOne() {
      JoinedEvent loggingOnly =
          event(day(30), PayloadType.CB, cbPayload(1).withLearningMode(LearningMode.LOGGING_ONLY));
      assertThat(join(cbSum(), list(loggingOnly)).result()).isNull();
      assertThat(join(cbSum().withLearningMode(LearningMode.LOGGING_ONLY), list(loggingOnly)).result()).isNotNull();
      JoinedEvent online = cb(1);
      assertThat(join(cbSum().withLearningMode(LearningMode.APPRENTICE), list(online)).result()).isNull();
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.LEARNING_MODE_MISMATCH,
          DiagnosticReason.LEARNING_MODE_MISMATCH);
      assertThat(recorder.seen.get(0).message()).contains("LOGGING_ONLY").contains("ONLINE");
    }

    @Test
    void unrecognizedLearningModesAreEqual() {
      JoinedEvent odd = event(day(30), PayloadType.CA, CaEvent.of(1f, 1f, "{}")
          .withLearningMode(LearningMode.UNRECOGNIZED));
      CheckpointInfo config = config(ProblemType.CA, RewardFunction.SUM).withLearningMode(LearningMode.UNRECOGNIZED);
      assertThat(join(config, list(odd)).result()).isNotNull();
    }
  }

  /** §6.1, §6.5, §6.6 on CB. */
  @Nested
  class Cb {

    @Test
    void activationsAreExcludedFromEveryFunction() {
      // The activation is the earliest outcome and has value 0: counted, it would change each of these.
      JoinedEvent earlyActivation = outcome(day(20), OutcomeEvent.activation());
      for (RewardFunction f : List.of(RewardFunction.EARLIEST, RewardFunction.AVERAGE, RewardFunction.MIN,
          RewardFunction.MEDIAN)) {
        JoinResult r = joined(config(ProblemType.CB, f).withDefaultReward(-1f),
            list(cb(1, 2), earlyActivation, outcome(29, 4f)));
        assertThat(r.rewards()).as("%s", f).containsExactly(4f);
      }
      JoinResult onlyActivation = joined(cbSum().withDefaultReward(-1f), list(cb(1, 2), activation()));
      assertThat(onlyActivation.rewards()).containsExactly(-1f);
    }

    @Test
    void literalValuesCountAsZero() {
      JoinedEvent literal = outcome(day(30), OutcomeEvent.literal("clicked"));
      JoinResult avg = joined(config(ProblemType.CB, RewardFunction.AVERAGE), list(cb(1), literal, outcome(2f)));
      assertThat(avg.rewards()).containsExactly(1f);
      // Max of a literal alone is 0, which does not exceed FLT_MIN: the default.
      JoinResult max = joined(config(ProblemType.CB, RewardFunction.MAX).withDefaultReward(-9f), list(cb(1), literal));
      assertThat(max.rewards()).containsExactly(-9f);
    }

    @Test
    void earliestIgnoresSubsecondsAndTakesTheFirstOfATie() {
      JoinedEvent later = outcome(new TimeStamp(2021, 1, 1, 0, 0, 5, 900_000), OutcomeEvent.numeric(1f));
      JoinedEvent earlier = outcome(new TimeStamp(2021, 1, 1, 0, 0, 5, 100), OutcomeEvent.numeric(2f));
      JoinResult r = joined(config(ProblemType.CB, RewardFunction.EARLIEST), list(cb(1), later, earlier));
      assertThat(r.rewards()).containsExactly(1f);
    }

    @Test
    void earliestUsesEnqueuedTimes() {
      JoinResult r = joined(config(ProblemType.CB, RewardFunction.EARLIEST),
          list(cb(1), outcome(30, 5f), outcome(28, 3f), outcome(29, 4f)));
      assertThat(r.rewards()).containsExactly(3f);
    }

    @Test
    void deferredWithoutActivationIsNotLearnable() {
      JoinedEvent deferred = event(day(30), PayloadType.CB, cbPayload(1, 2).withDeferredAction(true));
      JoinResult r = joined(cbSum(), list(deferred, outcome(1.5f)));
      assertThat(r.learnable()).isFalse();
      assertThat(r.rewards()).containsExactly(1.5f);
    }

    @Test
    void deferredWithActivationIsLearnable() {
      JoinedEvent deferred = event(day(30), PayloadType.CB, cbPayload(1, 2).withDeferredAction(true));
      JoinResult r = joined(cbSum(), list(deferred, activation()));
      assertThat(r.learnable()).isTrue();
      assertThat(r.rewards()).containsExactly(0f);
      // Any action_taken outcome activates, whatever its value or index.
      JoinedEvent valued = outcome(day(30), OutcomeEvent.numeric(3f).withIndex(7).withActionTaken(true));
      assertThat(joined(cbSum(), list(deferred, valued)).learnable()).isTrue();
    }

    @Test
    void passProbabilityGivesPdropWeightAndLabelProbability() {
      Metadata meta = Metadata.of(ID, PayloadType.CB).withPassProbability(0.5f);
      JoinResult r = joined(cbSum(), list(event(day(30), meta, cbPayload(2, 1)), outcome(1f)));
      assertThat(r.pdrop()).isEqualTo(0.5f);
      assertThat(r.weight()).isEqualTo(2f);
      assertThat(r.probability()).isEqualTo(0.5f);
      assertThat(r.labelProbability()).isEqualTo(0.25f);
    }

    @Test
    void absentPassProbabilityMeansPdropOne() {
      Metadata meta = Metadata.of(ID, PayloadType.CB).withPassProbability(0f);
      JoinResult r = joined(cbSum(), list(event(day(30), meta, cbPayload(1, 2))));
      assertThat(r.pdrop()).isEqualTo(1f);
      assertThat(r.weight()).isEqualTo(Float.POSITIVE_INFINITY);
      assertThat(r.labelProbability()).isEqualTo(0f);
    }

    @Test
    void apprenticeRewardsTheBaselineActionOne() {
      CheckpointInfo config = cbSum().withLearningMode(LearningMode.APPRENTICE);
      JoinedEvent chose1 = event(day(30), PayloadType.CB, cbPayload(1, 2).withLearningMode(LearningMode.APPRENTICE));
      JoinResult r = joined(config, list(chose1, outcome(5f), outcome(4f), outcome(3f)));
      assertThat(r.rewards()).containsExactly(1f);
      assertThat(r.originalRewards()).containsExactly(12f);

      JoinedEvent chose2 = event(day(30), PayloadType.CB, cbPayload(2, 1).withLearningMode(LearningMode.APPRENTICE));
      JoinResult other = joined(config, list(chose2, outcome(5f)));
      assertThat(other.rewards()).containsExactly(0f);
      assertThat(other.originalRewards()).containsExactly(5f);
    }

    @Test
    void apprenticeComparesActionIdsTruncatedTo32Bits() {
      CheckpointInfo config = cbSum().withLearningMode(LearningMode.APPRENTICE);
      JoinedEvent wide = event(day(30), PayloadType.CB,
          cbPayload((1L << 32) + 1, 2).withLearningMode(LearningMode.APPRENTICE));
      assertThat(joined(config, list(wide)).rewards()).containsExactly(1f);
    }

    @Test
    void emptyActionsAreSkipped() {
      GroupOutcome g = join(cbSum(), list(cb(), outcome(1f)));
      assertThat(g.result()).isNull();
      assertThat(g.interactions()).isEqualTo(1);
      assertThat(g.skipped()).isEqualTo(1);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.EMPTY_ACTIONS);
    }
  }

  /** §5: client time. */
  @Nested
  class ClientTime {

    private final TimeStamp clientEarly = TimeStamp.of(2019, 1, 1, 0, 0, 0);

    private JoinedEvent withClientTime(JoinedEvent e, TimeStamp client) {
      return JoinedEvent.of(e.timestamp(), new Event(e.event().meta().withClientTime(client), e.event().payload()));
    }

    @Test
    void clientTimeIsUsedWhenSetAndPresent() {
      CheckpointInfo config = config(ProblemType.CB, RewardFunction.EARLIEST).withUseClientTime(true);
      TimeStamp interactionTime = TimeStamp.of(2018, 5, 5, 5, 5, 5);
      JoinResult r = joined(config, list(withClientTime(cb(1), interactionTime),
          withClientTime(outcome(28, 1f), TimeStamp.of(2019, 6, 1, 0, 0, 0)),
          withClientTime(outcome(30, 2f), clientEarly)));
      // Enqueued times would pick 1 (day 28); client times pick 2.
      assertThat(r.rewards()).containsExactly(2f);
      assertThat(r.timestamp()).isEqualTo(interactionTime);
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void missingOrEmptyClientTimeFallsBackWithANoticePerEvent() {
      CheckpointInfo config = config(ProblemType.CB, RewardFunction.EARLIEST).withUseClientTime(true);
      JoinResult r = joined(config, list(cb(1), withClientTime(outcome(28, 1f), TimeStamp.EMPTY),
          withClientTime(outcome(30, 2f), new TimeStamp(0, 0, 0, 0, 0, 0, 5)), outcome(29, 3f)));
      assertThat(r.rewards()).containsExactly(1f);
      assertThat(r.timestamp()).isEqualTo(day(30));
      assertThat(recorder.reasons()).hasSize(4).containsOnly(DiagnosticReason.CLIENT_TIME_MISSING);
    }

    @Test
    void clientTimeIsIgnoredWhenNotConfigured() {
      JoinResult r = joined(config(ProblemType.CB, RewardFunction.EARLIEST),
          list(cb(1), outcome(28, 1f), withClientTime(outcome(30, 2f), clientEarly)));
      assertThat(r.rewards()).containsExactly(1f);
      assertThat(recorder.seen).isEmpty();
    }
  }

  /** §6.3 CCB and §6.4 CCB apprentice. */
  @Nested
  class Ccb {

    private final CheckpointInfo sum = config(ProblemType.CCB, RewardFunction.SUM).withDefaultReward(-1f);

    @Test
    void numericIndexesPickTheSlot() {
      // ccb_simple.log (§8.7): one outcome 1.5 for slot 1; slot 0 gets D.
      JoinedEvent o = outcome(30, 1.5f, 1);
      JoinResult r = joined(sum, list(ccb(slots(slot("s0", 0, 1), slot("s1", 1))), o));
      assertThat(r.rewards()).containsExactly(-1f, 1.5f);
      assertThat(r.originalRewards()).containsExactly(-1f, 1.5f);
      assertThat(r.slotOutcomes()).containsExactly(List.of(), List.of(o));
    }

    @Test
    void literalSlotIdsAreMapped() {
      // ccb_w_slot_id.log (§8.7).
      JoinedEvent o0 = outcome(30, 1.5f, "slot_0");
      JoinedEvent o1 = outcome(30, 2.5f, "slot_1");
      JoinResult r = joined(sum, list(ccb(slots(slot("slot_0", 0, 1), slot("slot_1", 1))), o1, o0));
      assertThat(r.rewards()).containsExactly(1.5f, 2.5f);
      assertThat(r.slotOutcomes()).containsExactly(List.of(o0), List.of(o1));
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void unmatchedSlotIdIsReportedAndIgnored() {
      JoinedEvent stray = outcome(30, 9f, "nope");
      JoinResult r = joined(sum, list(ccb(slots(slot("a", 1), slot("b", 2))), stray, outcome(30, 1f, "b")));
      assertThat(r.rewards()).containsExactly(-1f, 1f);
      assertThat(r.outcomes()).hasSize(2);
      assertThat(r.slotOutcomes().get(0)).isEmpty();
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.UNMATCHED_SLOT_ID);
      assertThat(recorder.seen.get(0).message()).contains("'nope'");
    }

    @Test
    void literalIndexesAreDroppedSilentlyWhenNoSlotHasAnId() {
      JoinedEvent literal = outcome(30, 9f, "slot_0");
      JoinResult r = joined(sum, list(ccb(slots(slot(null, 1), slot(null, 2))), literal, outcome(30, 2f, 0)));
      assertThat(r.rewards()).containsExactly(2f, -1f);
      assertThat(r.slotOutcomes().get(0)).hasSize(1);
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void emptyLiteralIndexIsDroppedSilently() {
      JoinResult r = joined(sum, list(ccb(slots(slot("a", 1))), outcome(30, 9f, "")));
      assertThat(r.rewards()).containsExactly(-1f);
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void numericAndLiteralIndexesMixForTheSameSlot() {
      JoinedEvent byNumber = outcome(30, 1f, 1);
      JoinedEvent byId = outcome(30, 2f, "b");
      JoinResult r = joined(sum, list(ccb(slots(slot("a", 1), slot("b", 2))), byNumber, byId));
      assertThat(r.rewards()).containsExactly(-1f, 3f);
      assertThat(r.slotOutcomes().get(1)).containsExactly(byNumber, byId);
    }

    @Test
    void outOfRangeAndMissingIndexesAreIgnored() {
      JoinedEvent five = outcome(30, 5f, 5);
      JoinedEvent minusTwo = outcome(30, 7f, -2);
      JoinedEvent minusOne = outcome(30, 8f, -1);
      JoinedEvent none = outcome(30, 9f);
      JoinResult r = joined(sum, list(ccb(slots(slot("a", 1), slot("b", 2))), five, minusTwo, minusOne, none));
      assertThat(r.rewards()).containsExactly(-1f, -1f);
      assertThat(r.outcomes()).containsExactly(five, minusTwo, minusOne, none);
      assertThat(r.slotOutcomes()).containsExactly(List.of(), List.of());
      assertThat(recorder.seen).isEmpty();
    }

    @Test
    void firstOfDuplicateSlotIdsWins() {
      JoinResult r = joined(sum, list(ccb(slots(slot("x", 1), slot("x", 2))), outcome(30, 4f, "x")));
      assertThat(r.rewards()).containsExactly(4f, -1f);
    }

    @Test
    void activationsAreListedPerSlotButDoNotCount() {
      JoinedEvent act = outcome(day(30), OutcomeEvent.activation().withIndex(0));
      JoinedEvent value = outcome(30, 2f, 0);
      MultiSlotEvent deferred = slots(slot("a", 1)).withDeferredAction(true);
      JoinResult r = joined(sum, list(ccb(deferred), act, value));
      assertThat(r.slotOutcomes().get(0)).containsExactly(act, value);
      assertThat(r.rewards()).containsExactly(2f);
      assertThat(r.learnable()).isTrue();
    }

    @Test
    void slotRewardFunctionsMatchTheReferenceTable() {
      // fi-reward_v2.fb (§8.7): slot 0 gets 2,5,2,4 (days 30,28,26,24), slot 1 gets 2,2,5,1 (days 29,27,25,23).
      List<JoinedEvent> events = list(ccb(slots(slot("a", 0, 1), slot("b", 1))),
          outcome(30, 2f, 0), outcome(29, 2f, 1), outcome(28, 5f, 0), outcome(27, 2f, 1),
          outcome(26, 2f, 0), outcome(25, 5f, 1), outcome(24, 4f, 0), outcome(23, 1f, 1));
      assertThat(joined(config(ProblemType.CCB, RewardFunction.EARLIEST), events).rewards()).containsExactly(4f, 1f);
      assertThat(joined(config(ProblemType.CCB, RewardFunction.MEDIAN), events).rewards()).containsExactly(3f, 2f);
      assertThat(joined(config(ProblemType.CCB, RewardFunction.MIN), events).rewards()).containsExactly(2f, 1f);
      assertThat(joined(config(ProblemType.CCB, RewardFunction.MAX), events).rewards()).containsExactly(5f, 5f);
    }

    @Test
    void apprenticeRewardsSlotsThatChoseTheirBaseline() {
      CheckpointInfo config = sum.withLearningMode(LearningMode.APPRENTICE);
      JoinResult match = joined(config, list(ccb(apprenticeSlots(List.of(0, 1), slot("a", 0, 1), slot("b", 1))),
          outcome(30, 2f, 0)));
      assertThat(match.rewards()).containsExactly(1f, 1f);
      assertThat(match.originalRewards()).containsExactly(2f, -1f);
      JoinResult noMatch = joined(config, list(ccb(apprenticeSlots(List.of(1, 0), slot("a", 0, 1), slot("b", 1)))));
      assertThat(noMatch.rewards()).containsExactly(0f, 0f);
    }

    @Test
    void apprenticeComparesBaselineAsUnsigned32Bits() {
      CheckpointInfo config = sum.withLearningMode(LearningMode.APPRENTICE);
      JoinResult r = joined(config, list(ccb(apprenticeSlots(List.of(-1, 3), slot("a", 4294967295L), slot("b")))));
      // Slot b has no actions: 0.
      assertThat(r.rewards()).containsExactly(1f, 0f);
    }

    @Test
    void apprenticeBaselineSizeMismatchIsSkipped() {
      CheckpointInfo config = sum.withLearningMode(LearningMode.APPRENTICE);
      GroupOutcome g = join(config, list(ccb(apprenticeSlots(List.of(0), slot("a", 0), slot("b", 1))),
          outcome(30, 1f, "zzz")));
      assertThat(g.result()).isNull();
      assertThat(g.skipped()).isEqualTo(1);
      // The size check comes first, so the unmatched slot id is never looked at.
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.BASELINE_SIZE_MISMATCH);
      assertThat(recorder.seen.get(0).message()).contains("slot size 2").contains("baseline action size 1");
    }

    @Test
    void baselineSizeDoesNotMatterOnline() {
      JoinResult r = joined(sum, list(ccb(slots(slot("a", 0), slot("b", 1)).withBaselineActions(List.of(0)))));
      assertThat(r.rewards()).containsExactly(-1f, -1f);
    }

    @Test
    void noSlotsGiveEmptyRewards() {
      JoinResult r = joined(sum, list(ccb(slots()), outcome(30, 1f, 0)));
      assertThat(r.rewards()).isEmpty();
      assertThat(r.slotOutcomes()).isEmpty();
    }
  }

  /** §6.3 and §6.4 for slates and CA. */
  @Nested
  class SlatesAndCa {

    @Test
    void slatesUseAllOutcomesWhateverTheirIndex() {
      JoinResult r = joined(config(ProblemType.SLATES, RewardFunction.SUM),
          list(slates(slots(slot(null, 0, 1), slot(null, 0, 1, 2))), outcome(30, 1f, 0), outcome(30, 2f, 7),
              outcome(30, 4f, "s")));
      assertThat(r.rewards()).containsExactly(7f);
      assertThat(r.originalRewards()).containsExactly(7f);
      assertThat(r.slotOutcomes()).isEmpty();
    }

    @Test
    void slatesApprenticeLearnsTheDefault() {
      CheckpointInfo config = config(ProblemType.SLATES, RewardFunction.SUM).withLearningMode(LearningMode.APPRENTICE)
          .withDefaultReward(-2f);
      JoinResult r = joined(config, list(slates(apprenticeSlots(List.of(0), slot(null, 0, 1))), outcome(1.5f)));
      assertThat(r.rewards()).containsExactly(-2f);
      assertThat(r.originalRewards()).containsExactly(1.5f);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.APPRENTICE_NOT_IMPLEMENTED);
    }

    @Test
    void caUsesAllOutcomes() {
      // ca_loop_simple.fb (§8.7): four outcomes of 1.5 at the same time.
      JoinResult r = joined(config(ProblemType.CA, RewardFunction.EARLIEST),
          list(ca(), outcome(1.5f), outcome(1.5f), outcome(1.5f), outcome(1.5f)));
      assertThat(r.rewards()).containsExactly(1.5f);
      assertThat(r.probability()).isEqualTo(0.00050505053f);
    }

    @Test
    void caApprenticeLearnsTheDefault() {
      CheckpointInfo config = config(ProblemType.CA, RewardFunction.SUM).withLearningMode(LearningMode.APPRENTICE)
          .withDefaultReward(-2f);
      JoinedEvent apprentice = ca(CaEvent.of(1f, 0.5f, "{}").withLearningMode(LearningMode.APPRENTICE));
      JoinResult r = joined(config, list(apprentice, outcome(1.5f)));
      assertThat(r.rewards()).containsExactly(-2f);
      assertThat(r.originalRewards()).containsExactly(1.5f);
      assertThat(recorder.reasons()).containsExactly(DiagnosticReason.APPRENTICE_NOT_IMPLEMENTED);
    }

    @Test
    void deferredCaWithoutActivationIsNotLearnable() {
      JoinedEvent deferred = ca(CaEvent.of(1f, 0.5f, "{}").withDeferredAction(true));
      assertThat(joined(config(ProblemType.CA, RewardFunction.SUM), list(deferred, outcome(1f))).learnable())
          .isFalse();
    }
  }
}
