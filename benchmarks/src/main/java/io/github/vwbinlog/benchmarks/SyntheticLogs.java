package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Builds the benchmarks' inputs with the project's own writer: CB logs with ~1 KB contexts, like real logs. */
final class SyntheticLogs {
  private SyntheticLogs() {}

  /**
   * A CB log of about {@code bytes} bytes: REGULAR messages of 100 interactions, each followed by 1–2 outcomes.
   */
  static byte[] cb(long bytes, long seed) {
    Random random = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) bytes + (1 << 20));
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB));
      TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
      String context = context(random);
      long id = 0;
      while (writer.position() < bytes) {
        List<JoinedEvent> events = new ArrayList<>();
        for (int i = 0; i < 100; i++, id++) {
          String eventId = Long.toHexString(0x9000_0000L + id);
          events.add(JoinedEvent.of(t, new Event(Metadata.of(eventId, PayloadType.CB),
              CbEvent.of(List.of(1L, 2L, 3L), List.of(0.8f, 0.1f, 0.1f), context))));
          int outcomes = 1 + random.nextInt(2);
          for (int k = 0; k < outcomes; k++) {
            events.add(JoinedEvent.of(t, new Event(Metadata.of(eventId, PayloadType.OUTCOME),
                OutcomeEvent.numeric(random.nextFloat()))));
          }
        }
        writer.regular(events);
      }
      writer.eof();
    }
    return out.toByteArray();
  }

  private static String context(Random random) {
    StringBuilder sb = new StringBuilder("{\"GUser\":{\"id\":\"u").append(random.nextInt(1000))
        .append("\",\"major\":\"eng\",\"hobby\":\"hiking\"},\"_multi\":[");
    for (int a = 0; a < 3; a++) {
      sb.append(a == 0 ? "" : ",").append("{\"TAction\":{");
      for (int f = 0; f < 12; f++) {
        sb.append(f == 0 ? "" : ",").append("\"f").append(f).append("\":").append(random.nextInt(100_000));
      }
      sb.append("}}");
    }
    return sb.append("]}").toString();
  }
}
