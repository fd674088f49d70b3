package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Writes a pair of rlclientlib event files for the joiner's benchmarks, as a client's file senders would: CB decisions
 * (3 actions, a ~400-byte context: about 500 bytes per interaction) at {@code rate} per second of client time, in
 * batches of 100 events (under a second), and for 90% of them one outcome 0 to 120 seconds later, in time order in
 * their own file.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateEventFiles 1000000 DIR [RATE]</pre>
 */
public final class GenerateEventFiles {
  private static final int BATCH = 100;

  private GenerateEventFiles() {}

  /** Arguments: interactions, output directory, interactions per second (default 200). */
  public static void main(String[] args) throws IOException {
    long count = Long.parseLong(args[0]);
    Path dir = Files.createDirectories(Path.of(args[1]));
    int rate = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    Random random = new Random(42);
    long start = TimeStamp.of(2026, 11, 1, 0, 0, 0).epochSecond() * 10_000_000L;
    long step = 10_000_000L / rate;
    record Pending(long ticks, String id, float value) {}
    PriorityQueue<Pending> outcomes = new PriorityQueue<>((a, b) -> Long.compare(a.ticks, b.ticks));
    try (EventFileWriter interactions = new EventFileWriter(new BufferedOutputStream(
            Files.newOutputStream(dir.resolve("interactions.fb")), 1 << 20));
        EventFileWriter observations = new EventFileWriter(new BufferedOutputStream(
            Files.newOutputStream(dir.resolve("observations.fb")), 1 << 20))) {
      List<Event> batch = new ArrayList<>(BATCH);
      List<Event> done = new ArrayList<>(BATCH);
      for (long k = 0; k < count; k++) {
        long t = start + k * step;
        String id = Long.toHexString(0x9000_0000L + k) + "-" + Integer.toHexString(random.nextInt());
        batch.add(new Event(Metadata.of(id, PayloadType.CB).withClientTime(time(t)).withPassProbability(1f),
            CbEvent.of(List.of(1L, 2L, 3L), List.of(0.8f, 0.1f, 0.1f), context(random))));
        if (random.nextInt(10) < 9) {
          outcomes.add(new Pending(t + (long) (random.nextDouble() * 120 * 10_000_000L), id, random.nextFloat()));
        }
        if (batch.size() == BATCH || k == count - 1) {
          interactions.batch("IDENTITY", batch);
          batch.clear();
          while (!outcomes.isEmpty() && (outcomes.peek().ticks() <= t || k == count - 1)) {
            Pending p = outcomes.poll();
            done.add(new Event(Metadata.of(p.id(), PayloadType.OUTCOME).withClientTime(time(p.ticks()))
                .withPassProbability(1f), OutcomeEvent.numeric(p.value())));
            if (done.size() == BATCH) {
              observations.batch("IDENTITY", done);
              done.clear();
            }
          }
        }
      }
      if (!done.isEmpty()) {
        observations.batch("IDENTITY", done);
      }
    }
    System.out.println(dir.resolve("interactions.fb") + ": " + Files.size(dir.resolve("interactions.fb")) + " bytes, "
        + dir.resolve("observations.fb") + ": " + Files.size(dir.resolve("observations.fb")) + " bytes");
  }

  private static TimeStamp time(long ticks) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(ticks / 10_000_000L, 0, ZoneOffset.UTC);
    return new TimeStamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
        t.getSecond(), ticks % 10_000_000L);
  }

  /** A ~400-byte context: a user and 3 actions of 6 numeric features. */
  private static String context(Random random) {
    return SyntheticLogs.context(random, 6);
  }
}
