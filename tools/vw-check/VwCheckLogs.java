import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the logs that tools/vw-check.sh converts and trains on, with the project's own BinaryLogWriter: one file per
 * case, {@code OUT/<problem>-<case>.fb}, for every problem type with pdrop, deferred actions, apprentice mode, zstd,
 * dedup, CCB slot ids and multistep. Deterministic (fixed seeds), so two runs write the same bytes.
 *
 * <p>Run by the script with the built jars: {@code java -cp CLASSPATH tools/vw-check/VwCheckLogs.java OUT}.
 */
public final class VwCheckLogs {
  private static final TimeStamp T0 = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  private static final int EVENTS = 300;

  /** What varies between the cases of one problem type. */
  record Variant(float[] passProbabilities, boolean deferred, boolean apprentice, boolean zstd, boolean dedup,
      boolean slotIds, boolean sizeMismatch) {
    static Variant plain() {
      return new Variant(new float[] {1f}, false, false, false, false, false, false);
    }

    Variant pass(float... values) {
      return new Variant(values, deferred, apprentice, zstd, dedup, slotIds, sizeMismatch);
    }

    Variant deferring() {
      return new Variant(passProbabilities, true, apprentice, zstd, dedup, slotIds, sizeMismatch);
    }

    Variant inApprenticeMode() {
      return new Variant(passProbabilities, deferred, true, zstd, dedup, slotIds, sizeMismatch);
    }

    Variant compressed() {
      return new Variant(passProbabilities, deferred, apprentice, true, dedup, slotIds, sizeMismatch);
    }

    Variant deduplicated() {
      return new Variant(passProbabilities, deferred, apprentice, zstd, true, slotIds, sizeMismatch);
    }

    Variant withSizeMismatch() {
      return new Variant(passProbabilities, deferred, apprentice, zstd, dedup, slotIds, true);
    }

    Variant withSlotIds() {
      return new Variant(passProbabilities, deferred, apprentice, zstd, dedup, true, sizeMismatch);
    }
  }

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    Files.createDirectories(out);
    Variant plain = Variant.plain();
    // pass probabilities: 0 is pdrop 1, 1.5 is pdrop -0.5 (both outside VW's CB learner's [0, 1))
    write(out, "cb-plain", ProblemType.CB, plain);
    write(out, "cb-pdrop", ProblemType.CB, plain.pass(1f, 0.5f, 0.25f));
    write(out, "cb-pdrop-invalid", ProblemType.CB, plain.pass(1f, 0.5f, 0f, 1.5f));
    write(out, "cb-deferred", ProblemType.CB, plain.deferring());
    write(out, "cb-apprentice", ProblemType.CB, plain.inApprenticeMode());
    write(out, "cb-zstd", ProblemType.CB, plain.compressed().pass(1f, 0.5f));
    write(out, "cb-dedup", ProblemType.CB, plain.deduplicated());
    write(out, "ccb-plain", ProblemType.CCB, plain);
    write(out, "ccb-pdrop", ProblemType.CCB, plain.pass(1f, 0.5f, 0.25f));
    write(out, "ccb-pdrop1", ProblemType.CCB, plain.pass(1f, 0f));
    write(out, "ccb-deferred", ProblemType.CCB, plain.deferring());
    write(out, "ccb-apprentice", ProblemType.CCB, plain.inApprenticeMode());
    write(out, "ccb-slotids", ProblemType.CCB, plain.withSlotIds());
    write(out, "ccb-zstd", ProblemType.CCB, plain.compressed());
    write(out, "ccb-sizes", ProblemType.CCB, plain.withSizeMismatch());
    write(out, "slates-sizes", ProblemType.SLATES, plain.withSizeMismatch());
    write(out, "slates-plain", ProblemType.SLATES, plain);
    write(out, "slates-pdrop", ProblemType.SLATES, plain.pass(1f, 0.5f));
    write(out, "slates-deferred", ProblemType.SLATES, plain.deferring());
    write(out, "slates-apprentice", ProblemType.SLATES, plain.inApprenticeMode());
    write(out, "ca-plain", ProblemType.CA, plain);
    write(out, "ca-pdrop", ProblemType.CA, plain.pass(1f, 0.5f, 0f));
    write(out, "ca-deferred", ProblemType.CA, plain.deferring());
    write(out, "ca-apprentice", ProblemType.CA, plain.inApprenticeMode());
    writeMultistep(out, "multistep-plain", new float[] {1f}, false);
    writeMultistep(out, "multistep-pdrop", new float[] {1f, 0.5f, 0f}, false);
    writeMultistep(out, "multistep-deferred", new float[] {1f}, true);
  }

  private static void write(Path dir, String name, ProblemType problem, Variant v) throws Exception {
    Random random = new Random(name.hashCode());
    PayloadType type = PayloadType.valueOf(problem.name());
    EventEncoding encoding = v.zstd() ? EventEncoding.ZSTD : EventEncoding.IDENTITY;
    CheckpointInfo checkpoint = CheckpointInfo.of(problem).withRewardFunction(RewardFunction.AVERAGE);
    if (v.apprentice()) {
      checkpoint = checkpoint.withLearningMode(LearningMode.APPRENTICE);
    }
    try (BinaryLogWriter writer = BinaryLogWriter.to(dir.resolve(name + ".fb"))) {
      writer.fileMagic().checkpoint(checkpoint);
      int id = 0;
      while (id < EVENTS) {
        List<JoinedEvent> events = new ArrayList<>();
        TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46 + id / 10);
        if (v.dedup()) {
          events.add(JoinedEvent.of(t, new Event(new Metadata("dedup", null, null, PayloadType.DEDUP_INFO, 1f,
              encoding), new DedupInfo(List.of(11L, 12L, 13L),
              List.of("{\"A\":{\"a1\":1}}", "{\"A\":{\"a2\":1}}", "{\"A\":{\"a3\":1}}")))));
        }
        for (int k = 0; k < 10; k++, id++) {
          String eventId = "ev-" + id;
          float pass = v.passProbabilities()[id % v.passProbabilities().length];
          Metadata meta = new Metadata(eventId, null, "app", type, pass, encoding);
          events.add(JoinedEvent.of(t, new Event(meta, interaction(problem, v, random))));
          boolean activate = !v.deferred() || random.nextInt(3) > 0;
          int outcomes = random.nextInt(3);
          for (int o = 0; o < outcomes; o++) {
            OutcomeEvent outcome = OutcomeEvent.numeric(random.nextInt(4) == 0 ? 1f : random.nextFloat());
            if (problem == ProblemType.CCB) {
              outcome = v.slotIds() ? outcome.withSlotId("slot_" + random.nextInt(2)) : outcome.withIndex(random.nextInt(2));
            }
            events.add(JoinedEvent.of(TimeStamp.of(2021, 4, 13, 15, 9, o + id % 50),
                new Event(new Metadata(eventId, null, "app", PayloadType.OUTCOME, 1f, encoding), outcome)));
          }
          if (v.deferred() && activate) {
            events.add(JoinedEvent.of(t, new Event(new Metadata(eventId, null, "app", PayloadType.OUTCOME, 1f,
                encoding), OutcomeEvent.activation())));
          }
        }
        writer.regular(events);
      }
      writer.eof();
    }
  }

  private static EventPayload interaction(ProblemType problem, Variant v, Random random) {
    String user = "\"U\":{\"f" + random.nextInt(5) + "\":1,\"g\":" + random.nextInt(10) + "}";
    LearningMode mode = v.apprentice() ? LearningMode.APPRENTICE : LearningMode.ONLINE;
    switch (problem) {
      case CB: {
        long chosen = 1 + random.nextInt(3);
        List<Long> actions = new ArrayList<>(List.of(1L, 2L, 3L));
        actions.remove(chosen);
        actions.add(0, chosen);
        String multi = v.dedup()
            ? "[{\"__aid\":11},{\"__aid\":12},{\"__aid\":13}]"
            : "[{\"A\":{\"a1\":1}},{\"A\":{\"a2\":1}},{\"A\":{\"a3\":1}}]";
        return CbEvent.of(actions, List.of(0.8f, 0.1f, 0.1f), "{" + user + ",\"_multi\":" + multi + "}")
            .withDeferredAction(v.deferred()).withLearningMode(mode);
      }
      case CCB: {
        List<SlotEvent> slots = new ArrayList<>();
        List<Integer> baseline = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
          long first = random.nextInt(3);
          List<Long> actions = new ArrayList<>();
          actions.add(first);
          for (long a = 0; a < 3; a++) {
            if (a != first) {
              actions.add(a);
            }
          }
          // A slot whose probabilities are fewer than its actions (SPEC §8.8: VW's learner skips its label).
          slots.add(SlotEvent.of(v.slotIds() ? "slot_" + s : null, actions,
              v.sizeMismatch() && s == 0 && random.nextBoolean() ? List.of(0.6f, 0.4f) : List.of(0.6f, 0.2f, 0.2f)));
          baseline.add(s);
        }
        String slotsJson = v.slotIds()
            ? "[{\"S\":{\"s0\":1},\"_id\":\"slot_0\"},{\"S\":{\"s1\":1},\"_id\":\"slot_1\"}]"
            : "[{\"S\":{\"s0\":1}},{\"S\":{\"s1\":1}}]";
        MultiSlotEvent e = MultiSlotEvent.of("{" + user + ",\"_multi\":[{\"A\":{\"a1\":1}},{\"A\":{\"a2\":1}},"
            + "{\"A\":{\"a3\":1}}],\"_slots\":" + slotsJson + "}", slots).withDeferredAction(v.deferred())
            .withLearningMode(mode);
        return v.apprentice() ? e.withBaselineActions(baseline) : e;
      }
      case SLATES: {
        List<SlotEvent> slots = List.of(
            SlotEvent.of(null, random.nextBoolean() ? List.of(0L, 1L) : List.of(1L, 0L),
                v.sizeMismatch() && random.nextBoolean() ? List.of(1f) : List.of(0.7f, 0.3f)),
            SlotEvent.of(null, random.nextBoolean() ? List.of(0L, 1L, 2L) : List.of(2L, 0L, 1L),
                List.of(0.6f, 0.2f, 0.2f)));
        return MultiSlotEvent.of("{" + user + ",\"_multi\":[{\"A\":{\"a1\":1},\"_slot_id\":0},"
            + "{\"A\":{\"a2\":1},\"_slot_id\":0},{\"A\":{\"a3\":1},\"_slot_id\":1},{\"A\":{\"a4\":1},\"_slot_id\":1},"
            + "{\"A\":{\"a5\":1},\"_slot_id\":1}],\"_slots\":[{\"S\":{\"s0\":1}},{\"S\":{\"s1\":1}}]}", slots)
            .withDeferredAction(v.deferred()).withLearningMode(mode);
      }
      default:
        return CaEvent.of(1f + random.nextFloat() * 98f, 0.01f + random.nextFloat() * 0.02f, "{" + user + "}")
            .withDeferredAction(v.deferred()).withLearningMode(mode);
    }
  }

  private static void writeMultistep(Path dir, String name, float[] passes, boolean deferred) throws Exception {
    Random random = new Random(name.hashCode());
    try (BinaryLogWriter writer = BinaryLogWriter.to(dir.resolve(name + ".fb"))) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.MULTISTEP));
      for (int episode = 0; episode < 30; episode++) {
        List<JoinedEvent> events = new ArrayList<>();
        TimeStamp t = TimeStamp.of(2021, 1, 1, 0, 0, episode);
        String episodeId = "ep" + episode;
        for (int step = 1; step <= 4; step++) {
          float pass = passes[(episode * 4 + step) % passes.length];
          long chosen = 1 + random.nextInt(2);
          MultiStepEvent s = new MultiStepEvent(Integer.toString(step), step == 1 ? null : Integer.toString(step - 1),
              chosen == 1 ? List.of(1L, 2L) : List.of(2L, 1L),
              java.nio.ByteBuffer.wrap(("{\"S\":{\"f" + random.nextInt(5) + "\":1},\"_multi\":[{\"a1\":\"f1\"},"
                  + "{\"a2\":\"f2\"}]}").getBytes(java.nio.charset.StandardCharsets.UTF_8)),
              List.of(0.5f, 0.5f), "model", deferred && random.nextBoolean());
          events.add(JoinedEvent.of(t, new Event(new Metadata(episodeId, null, "app", PayloadType.MULTI_STEP, pass,
              EventEncoding.IDENTITY), s)));
          if (random.nextBoolean()) {
            events.add(JoinedEvent.of(t, new Event(new Metadata(episodeId, null, "app", PayloadType.OUTCOME, 1f,
                EventEncoding.IDENTITY), OutcomeEvent.numeric(random.nextFloat()).withSlotId(Integer.toString(step)))));
          }
          if (deferred && random.nextBoolean()) {
            events.add(JoinedEvent.of(t, new Event(new Metadata(episodeId, null, "app", PayloadType.OUTCOME, 1f,
                EventEncoding.IDENTITY), OutcomeEvent.activation().withSlotId(Integer.toString(step)))));
          }
        }
        events.add(JoinedEvent.of(t, new Event(new Metadata(episodeId, null, "app", PayloadType.OUTCOME, 1f,
            EventEncoding.IDENTITY), OutcomeEvent.numeric(random.nextFloat()))));
        writer.regular(events);
      }
      writer.eof();
    }
  }
}
