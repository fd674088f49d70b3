package io.github.vwbinlog.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.testing.Mismatches;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The public view of a joined event ({@link JoinedEventView}, what a {@link JoinedEventSink} reads) against the record
 * built from it: on every joined log of the corpus, with one thread and in parts on several, every value the view
 * offers equals the record's, the records are those that {@link Joiner} yields, in the same order, and the summary is
 * the joiner's.
 */
class JoinedEventViewTest {

  static Stream<Path> logs() {
    return Corpus.joinedLogs().stream();
  }

  /** A sink that checks each view against its record and keeps the records, part by part. */
  static final class Checking implements JoinedEventSink<List<JoinResult>> {
    final List<JoinResult> records = new ArrayList<>();
    final List<String> mismatches = new ArrayList<>();
    int parts;

    @Override
    public List<JoinResult> open() {
      return new ArrayList<>();
    }

    @Override
    public void accept(List<JoinResult> part, JoinedEventView view) {
      JoinResult r = view.record();
      compare(view, r, mismatches);
      part.add(r);
    }

    @Override
    public void finish(List<JoinResult> part) {
      parts++;
      records.addAll(part);
    }
  }

  @ParameterizedTest
  @MethodSource("logs")
  void everyValueOfTheViewIsTheRecords(Path log) throws IOException {
    boolean multistep = log.toString().contains("multistep");
    JoinOptions options = multistep ? JoinOptions.defaults().with(JoinFeature.MULTISTEP) : JoinOptions.defaults();
    List<JoinResult> iterated = new ArrayList<>();
    JoinSummary expected;
    try (Joiner joiner = Joiner.open(log, options)) {
      joiner.forEach(iterated::add);
      expected = joiner.summary();
    }
    for (int threads : new int[] {1, 2}) {
      Checking sink = new Checking();
      JoinSummary summary = JoinRun.run(log, options.withThreads(threads), sink, threads == 1 ? 0 : 64);
      assertThat(sink.mismatches).as("%s, %d thread(s)", log.getFileName(), threads).isEmpty();
      assertThat(sink.records).as("%s, %d thread(s)", log.getFileName(), threads).isEqualTo(iterated);
      assertThat(summary).as("%s, %d thread(s)", log.getFileName(), threads).isEqualTo(expected);
      if (!iterated.isEmpty()) {
        assertThat(sink.parts).as("parts").isPositive();
      }
      Checking fromReader = new Checking();
      try (BinaryLogReader reader = BinaryLogReader.open(log, options.readOptions())) {
        assertThat(Joiner.run(reader, options.withThreads(threads), fromReader)).as("%s from a reader, %d thread(s)",
            log.getFileName(), threads).isEqualTo(expected);
      }
      assertThat(fromReader.mismatches).isEmpty();
      assertThat(fromReader.records).isEqualTo(iterated);
    }
  }

  /** Every value of {@code v} against the record {@code r}; each difference is added to {@code out}. */
  static void compare(JoinedEventView v, JoinResult r, List<String> out) {
    String id = r.id();
    check(out, id, "type", v.type(), r.payloadType());
    check(out, id, "learnable", v.learnable(), r.learnable());
    check(out, id, "time", v.epochSecond(), r.timestamp().epochSecond());
    check(out, id, "pass probability", v.passProbability(), r.interaction().event().meta().passProbability());
    check(out, id, "event id", text(v.eventId()), id);
    check(out, id, "model id", text(v.modelId()), r.modelId());
    check(out, id, "context", v.context(), r.context());
    check(out, id, "reward", v.reward(JoinedEventView.TOP), r.reward());
    check(out, id, "original reward", v.originalReward(JoinedEventView.TOP), r.originalReward());
    check(out, id, "offset", v.offset() >= 0, true);
    Object payload = r.interaction().event().payload();
    if (r.payloadType() == PayloadType.CB || r.payloadType() == PayloadType.MULTI_STEP) {
      list(out, id, "actions", v, JoinedEventView.TOP, r.actionIds(), r.probabilities());
    }
    List<SlotEvent> slots = payload instanceof MultiSlotEvent ms ? ms.slots() : List.of();
    check(out, id, "slots", v.slotCount(), slots.size());
    for (int s = 0; s < Math.min(slots.size(), v.slotCount()); s++) {
      SlotEvent slot = slots.get(s);
      check(out, id, "slot id " + s, text(v.slotIdBytes(s)), slot.id());
      list(out, id, "slot " + s, v, s, slot.actionIds(), slot.probabilities());
      if (r.payloadType() == PayloadType.CCB) {
        check(out, id, "slot reward " + s, v.reward(s), r.rewards().get(s));
        check(out, id, "slot original reward " + s, v.originalReward(s), r.originalRewards().get(s));
        outcomes(out, id, v, s, s < r.slotOutcomes().size() ? r.slotOutcomes().get(s) : List.of());
      }
    }
    outcomes(out, id, v, JoinedEventView.TOP, r.outcomes());
    if (payload instanceof MultiSlotEvent ms) {
      check(out, id, "baselines", v.baselineCount(), ms.baselineActions().size());
      for (int k = 0; k < Math.min(v.baselineCount(), ms.baselineActions().size()); k++) {
        check(out, id, "baseline " + k, v.baseline(k), ms.baselineActions().get(k));
      }
    }
    if (payload instanceof CaEvent ca) {
      check(out, id, "ca action", v.caAction(), ca.action());
      check(out, id, "pdf value", v.pdfValue(), ca.pdfValue());
    }
  }

  private static void list(List<String> out, String id, String what, JoinedEventView v, int list, List<Long> actions,
      List<Float> probabilities) {
    check(out, id, what + " action count", v.actionCount(list), actions.size());
    for (int k = 0; k < Math.min(v.actionCount(list), actions.size()); k++) {
      check(out, id, what + " action " + k, v.action(list, k), actions.get(k));
    }
    check(out, id, what + " probability count", v.probabilityCount(list), probabilities.size());
    for (int k = 0; k < Math.min(v.probabilityCount(list), probabilities.size()); k++) {
      check(out, id, what + " probability " + k, v.probability(list, k), probabilities.get(k));
    }
  }

  private static void outcomes(List<String> out, String id, JoinedEventView v, int list, List<JoinedEvent> events) {
    check(out, id, "outcomes of " + list, v.outcomeCount(list), events.size());
    for (int k = 0; k < Math.min(v.outcomeCount(list), events.size()); k++) {
      JoinedEvent e = events.get(k);
      OutcomeEvent o = (OutcomeEvent) e.event().payload();
      String at = "outcome " + list + "/" + k + " ";
      check(out, id, at + "value kind", v.outcomeValueKind(list, k), o.valueKind());
      check(out, id, at + "value", v.outcomeValue(list, k), o.value());
      check(out, id, at + "literal value", text(v.outcomeLiteralValue(list, k)), o.literalValue());
      check(out, id, at + "index kind", v.outcomeIndexKind(list, k), o.indexKind());
      check(out, id, at + "numeric index", v.outcomeNumericIndex(list, k), o.numericIndex());
      check(out, id, at + "literal index", text(v.outcomeLiteralIndexBytes(list, k)),
          o.indexKind() == OutcomeEvent.Kind.LITERAL ? o.literalIndex() : null);
      check(out, id, at + "taken", v.outcomeTaken(list, k), o.actionTaken());
      check(out, id, at + "time", v.outcomeEpochSecond(list, k), e.timestamp().epochSecond());
    }
  }

  private static @Nullable String text(@Nullable ByteBuffer b) {
    return b == null ? null : StandardCharsets.UTF_8.decode(b.duplicate()).toString();
  }

  private static void check(List<String> out, String id, String what, @Nullable Object view,
      @Nullable Object record) {
    Mismatches.check(out, id, what, "view", view, record);
  }
}
