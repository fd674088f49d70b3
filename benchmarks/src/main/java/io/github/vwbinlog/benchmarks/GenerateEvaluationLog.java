package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes the inputs of {@code benchmarks/evaluate-report.sh}: logs for {@code evaluate} whose time stamps advance, so
 * that windows have events. {@code cb}: like GenerateLog's CB log (REGULAR messages of 100 interactions with a
 * ~930-byte context, 1–2 outcomes each), but the chosen action is drawn (0.8 / 0.1 / 0.1) and each message is
 * {@code seconds} later than the one before. {@code ccb-unique-slots}: CCB decisions of 2–4 slots whose slot ids are
 * new in every decision (the case that once took 3 GB of heap), outcomes by slot index.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateEvaluationLog \
 *     cb 256 30 /tmp/cb.log</pre>
 */
public final class GenerateEvaluationLog {
  private GenerateEvaluationLog() {}

  /** Arguments: cb or ccb-unique-slots, size in MiB, seconds between messages, output path. */
  public static void main(String[] args) throws IOException {
    boolean ccb = args[0].equals("ccb-unique-slots");
    if (!ccb && !args[0].equals("cb")) {
      throw new IllegalArgumentException("the kind must be cb or ccb-unique-slots: " + args[0]);
    }
    long bytes = Long.parseLong(args[1]) << 20;
    long seconds = Long.parseLong(args[2]);
    Path out = Path.of(args[3]);
    Random random = new Random(42);
    String context = SyntheticLogs.context(random);
    Instant t = Instant.parse("2021-04-13T00:00:00Z");
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(ccb ? ProblemType.CCB : ProblemType.CB));
      long id = 0;
      while (writer.position() < bytes) {
        TimeStamp ts = time(t);
        List<JoinedEvent> events = new ArrayList<>();
        for (int i = 0; i < 100; i++, id++) {
          String eventId = Long.toHexString(0x9000_0000L + id);
          int slots = 2 + random.nextInt(3);
          if (ccb) {
            List<SlotEvent> s = new ArrayList<>();
            List<Integer> baseline = new ArrayList<>();
            for (int k = 0; k < slots; k++) {
              boolean first = random.nextFloat() < 0.9f;
              long chosen = first ? k : (k + 1) % slots;
              s.add(new SlotEvent(List.of(chosen, (long) (first ? (k + 1) % slots : k)), List.of(first ? 0.9f : 0.1f,
                  first ? 0.1f : 0.9f), "slot-" + eventId + "-" + k));
              baseline.add(k);
            }
            events.add(JoinedEvent.of(ts, new Event(Metadata.of(eventId, PayloadType.CCB), new MultiSlotEvent(
                ByteBuffer.wrap(context.getBytes(StandardCharsets.UTF_8)), s, "model-1", false, baseline,
                LearningMode.ONLINE))));
          } else {
            float u = random.nextFloat();
            long chosen = u < 0.8f ? 1 : u < 0.9f ? 2 : 3;
            List<Long> ids = new ArrayList<>(List.of(chosen));
            List<Float> probabilities = new ArrayList<>(List.of(chosen == 1 ? 0.8f : 0.1f));
            for (long a = 1; a <= 3; a++) {
              if (a != chosen) {
                ids.add(a);
                probabilities.add(a == 1 ? 0.8f : 0.1f);
              }
            }
            events.add(JoinedEvent.of(ts, new Event(Metadata.of(eventId, PayloadType.CB),
                CbEvent.of(ids, probabilities, context))));
          }
          int outcomes = 1 + random.nextInt(2);
          for (int k = 0; k < outcomes; k++) {
            OutcomeEvent o = OutcomeEvent.numeric(random.nextFloat());
            if (ccb) {
              o = o.withIndex(random.nextInt(slots));
            }
            events.add(JoinedEvent.of(ts, new Event(Metadata.of(eventId, PayloadType.OUTCOME), o)));
          }
        }
        writer.regular(events);
        t = t.plusSeconds(seconds);
      }
      writer.eof();
    }
    System.out.println(out + ": " + Files.size(out) + " bytes");
  }

  private static TimeStamp time(Instant t) {
    var d = t.atOffset(ZoneOffset.UTC);
    return TimeStamp.of(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), d.getHour(), d.getMinute(),
        d.getSecond());
  }
}
