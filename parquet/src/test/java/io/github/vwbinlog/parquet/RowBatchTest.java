package io.github.vwbinlog.parquet;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.github.vwbinlog.join.JoinedEventSink;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@link RowBatch} copies from the join's views against the records of the same events: on every corpus log, with
 * one thread and two, every value of every row equals what {@link JoinedRows} wrote from the {@link JoinResult} before
 * the rows came from views (probability, label probability, pdrop and weight as the record's methods define them, the
 * outcome index as text), batches reused from part to part and grown past their first capacity.
 */
class RowBatchTest {

  static Stream<Path> logs() {
    return Corpus.joinedLogs().stream();
  }

  /** A part: the batch, and the record of each of its rows. */
  record Part(RowBatch batch, List<JoinResult> records) {}

  /** Copies each view into the part's batch {@code copies} times, batches reused as the Parquet writer reuses them. */
  static final class Checking implements JoinedEventSink<Part> {
    final int copies;
    final List<RowBatch> free = new ArrayList<>();
    final List<String> mismatches = new ArrayList<>();
    int rows;

    Checking(int copies) {
      this.copies = copies;
    }

    @Override
    public Part open() {
      return new Part(free.isEmpty() ? new RowBatch() : free.remove(free.size() - 1), new ArrayList<>());
    }

    @Override
    public void accept(Part part, JoinedEventView event) {
      JoinResult r = event.record();
      for (int c = 0; c < copies; c++) {
        part.batch().add(event);
        part.records().add(r);
      }
    }

    @Override
    public void finish(Part part) {
      RowBatch b = part.batch();
      assertThat(b.rows).isEqualTo(part.records().size());
      for (int i = 0; i < b.rows; i++) {
        compare(b, i, part.records().get(i), mismatches);
      }
      rows += b.rows;
      b.clear();
      free.add(b);
    }
  }

  @ParameterizedTest
  @MethodSource("logs")
  void everyRowHoldsItsRecordsValues(Path log) throws IOException {
    JoinOptions options = log.getFileName().toString().startsWith("multistep")
        ? JoinOptions.defaults().with(JoinFeature.MULTISTEP) : JoinOptions.defaults();
    long events;
    try (Joiner joiner = Joiner.open(log, options)) {
      events = joiner.stream().count();
    }
    for (int threads : new int[] {1, 2}) {
      for (int copies : new int[] {1, 300}) {
        Checking sink = new Checking(copies);
        Joiner.run(log, options.withThreads(threads), sink);
        assertThat(sink.mismatches).as("%s, %d thread(s), %d copies", log.getFileName(), threads, copies).isEmpty();
        assertThat(sink.rows).isEqualTo(events * copies);
      }
    }
  }

  /** Each value of row {@code i} against the record; each difference is added to {@code out}. */
  private static void compare(RowBatch b, int i, JoinResult r, List<String> out) {
    String id = r.id();
    check(out, id, "type", b.type(i), r.payloadType());
    check(out, id, "offset", b.offset[i] >= 0, true);
    check(out, id, "event id", text(b, b.idStart[i], b.idLength[i]), id);
    check(out, id, "time", b.epochSecond[i], r.timestamp().epochSecond());
    check(out, id, "model id", text(b, b.modelStart[i], b.modelLength[i]), r.modelId());
    check(out, id, "actions", Arrays.asList(box(b.action, b.actionStart[i], b.actionCount[i])), r.actionIds());
    check(out, id, "probabilities", Arrays.asList(box(b.probabilityValue, b.probabilityStart[i],
        b.probabilityCount[i])), r.probabilities());
    check(out, id, "probability", b.probability[i], r.probability());
    check(out, id, "label probability", b.labelProbability[i], r.labelProbability());
    check(out, id, "reward", b.reward[i], r.reward());
    check(out, id, "original reward", b.originalReward[i], r.originalReward());
    check(out, id, "learnable", b.learnable[i], r.learnable());
    check(out, id, "pdrop", b.pdrop[i], r.pdrop());
    check(out, id, "weight", b.weight[i], r.weight());
    ByteBuffer context = r.context();
    check(out, id, "context", text(b, b.contextStart[i], b.contextLength[i]),
        context == null ? null : StandardCharsets.UTF_8.decode(context).toString());
    Object payload = r.interaction().event().payload();
    if (payload instanceof CaEvent ca) {
      check(out, id, "ca action", b.caAction[i], ca.action());
      check(out, id, "ca pdf value", b.caPdfValue[i], ca.pdfValue());
    }
    List<SlotEvent> slots = payload instanceof MultiSlotEvent ms ? ms.slots() : List.of();
    check(out, id, "slots", b.slotCount[i], slots.size());
    for (int s = 0; s < Math.min(slots.size(), b.slotCount[i]); s++) {
      int k = b.slotStart[i] + s;
      SlotEvent slot = slots.get(s);
      check(out, id, "slot id " + s, text(b, b.slotIdStart[k], b.slotIdLength[k]), slot.id());
      check(out, id, "slot actions " + s, Arrays.asList(box(b.action, b.slotActionStart[k], b.slotActionCount[k])),
          slot.actionIds());
      check(out, id, "slot probabilities " + s, Arrays.asList(box(b.probabilityValue, b.slotProbabilityStart[k],
          b.slotProbabilityCount[k])), slot.probabilities());
      if (r.payloadType() == PayloadType.CCB) {
        check(out, id, "slot reward " + s, b.slotReward[k], r.rewards().get(s));
        check(out, id, "slot original reward " + s, b.slotOriginalReward[k], r.originalRewards().get(s));
      }
    }
    List<JoinedEvent> outcomes = r.outcomes();
    check(out, id, "outcomes", b.outcomeCount[i], outcomes.size());
    for (int k = 0; k < Math.min(outcomes.size(), b.outcomeCount[i]); k++) {
      int o = b.outcomeStart[i] + k;
      JoinedEvent e = outcomes.get(k);
      OutcomeEvent oe = (OutcomeEvent) e.event().payload();
      String at = "outcome " + k + " ";
      check(out, id, at + "numeric", b.numericValue[o], oe.valueKind() == OutcomeEvent.Kind.NUMERIC);
      check(out, id, at + "value", b.value[o], oe.numericValue());
      check(out, id, at + "literal value", text(b, b.literalStart[o], b.literalLength[o]), oe.literalValue());
      check(out, id, at + "index", text(b, b.indexStart[o], b.indexLength[o]),
          oe.indexKind() == OutcomeEvent.Kind.NUMERIC ? Integer.toString(oe.numericIndex()) : oe.literalIndex());
      check(out, id, at + "time", b.outcomeEpochSecond[o], e.timestamp().epochSecond());
      check(out, id, at + "taken", b.taken[o], oe.actionTaken());
    }
  }

  private static @Nullable String text(RowBatch b, int start, int length) {
    return length == RowBatch.NONE ? null : new String(b.arena, start, length, StandardCharsets.UTF_8);
  }

  private static Long[] box(long[] values, int start, int count) {
    return Arrays.stream(values, start, start + count).boxed().toArray(Long[]::new);
  }

  private static Float[] box(float[] values, int start, int count) {
    Float[] boxed = new Float[count];
    for (int k = 0; k < count; k++) {
      boxed[k] = values[start + k];
    }
    return boxed;
  }

  private static void check(List<String> out, String id, String what, @Nullable Object batch,
      @Nullable Object record) {
    Mismatches.check(out, id, what, "batch", batch, record);
  }
}
