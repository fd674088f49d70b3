package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A CB log of a news-article recommender written with {@link BinaryLogWriter}: the logged policy shows article 1 with
 * probability 0.7 and each of the three others with 0.1; readers click article 2 most (0.5), then 1 (0.3), 3 (0.2)
 * and 4 (0.1), a click being an outcome of value 1 and no click the default reward 0. {@code samples/cb_hours.log} is
 * {@link #bytes(Instant, int, int)} of three hours from 2026-11-02T09:00Z, a decision every 20 seconds
 * ({@link SampleLogTest} checks that it still is); the browser test makes longer ones.
 */
final class SampleLog {
  private SampleLog() {}

  /** The sample's first decision. */
  static final Instant START = Instant.parse("2026-11-02T09:00:00Z");
  private static final double[] CLICK = {0.3, 0.5, 0.2, 0.1};

  /** {@code decisions} decisions {@code secondsApart} apart from {@code start}, 10 per REGULAR message. */
  static byte[] bytes(Instant start, int decisions, int secondsApart) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long state = 0x9E3779B97F4A7C15L;
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().header(new FileHeader(time(start), List.of(new FileHeader.Property("joiner", "vw-binlog sample"))))
          .checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.EARLIEST)
              .withDefaultReward(0));
      List<JoinedEvent> batch = new ArrayList<>();
      for (int i = 0; i < decisions; i++) {
        Instant t = start.plusSeconds((long) i * secondsApart);
        state = next(state);
        double u = unit(state);
        int chosen = u < 0.7 ? 1 : 2 + (int) ((u - 0.7) / 0.1);
        chosen = Math.min(chosen, 4);
        List<Long> ids = new ArrayList<>();
        List<Float> probabilities = new ArrayList<>();
        ids.add((long) chosen);
        probabilities.add(chosen == 1 ? 0.7f : 0.1f);
        for (long a = 1; a <= 4; a++) {
          if (a != chosen) {
            ids.add(a);
            probabilities.add(a == 1 ? 0.7f : 0.1f);
          }
        }
        String id = String.format("sample-%05d", i);
        String context = "{\"User\":{\"segment\":\"s" + (i % 3) + "\"},\"_multi\":[{\"Article\":{\"id\":\"a1\"}},"
            + "{\"Article\":{\"id\":\"a2\"}},{\"Article\":{\"id\":\"a3\"}},{\"Article\":{\"id\":\"a4\"}}]}";
        batch.add(JoinedEvent.of(time(t), new Event(Metadata.of(id, PayloadType.CB),
            CbEvent.of(ids, probabilities, context))));
        state = next(state);
        if (unit(state) < CLICK[chosen - 1]) {
          batch.add(JoinedEvent.of(time(t.plusSeconds(5)), new Event(Metadata.of(id, PayloadType.OUTCOME),
              OutcomeEvent.numeric(1f))));
        }
        if (batch.size() >= 10 || i == decisions - 1) {
          w.regular(batch);
          batch = new ArrayList<>();
        }
      }
      w.eof();
    }
    return out.toByteArray();
  }

  private static TimeStamp time(Instant t) {
    var d = t.atOffset(ZoneOffset.UTC);
    return TimeStamp.of(d.getYear(), d.getMonthValue(), d.getDayOfMonth(), d.getHour(), d.getMinute(),
        d.getSecond());
  }

  /** SplitMix64: the same numbers on every JDK. */
  private static long next(long x) {
    return x + 0x9E3779B97F4A7C15L;
  }

  private static double unit(long state) {
    long z = state;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (z >>> 11) * 0x1.0p-53;
  }
}
