package io.github.vwbinlog.examples;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a small synthetic CB log: 10 decisions, each with one observation, the decisions zstd-compressed.
 *
 * <pre>java WriteSyntheticLog synthetic.log</pre>
 */
public final class WriteSyntheticLog {
  private WriteSyntheticLog() {}

  /** Writes the log to the path named by the first argument. */
  public static void main(String[] args) throws IOException {
    TimeStamp t = TimeStamp.of(2024, 1, 1, 12, 0, 0);
    List<JoinedEvent> events = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String id = "event-" + i;
      Metadata decision = Metadata.of(id, PayloadType.CB).withEncoding(EventEncoding.ZSTD);
      events.add(JoinedEvent.of(t, new Event(decision,
          CbEvent.of(List.of(1L + i % 3, 2L), List.of(0.7f, 0.3f), "{\"user\":{\"n\":" + i + "}}"))));
      events.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.OUTCOME), OutcomeEvent.numeric(i / 10f))));
    }
    try (BinaryLogWriter writer = BinaryLogWriter.to(Path.of(args[0]))) {
      writer.fileMagic()
          .checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM))
          .regular(events)
          .eof();
    }
    System.out.println("wrote " + args[0]);
  }
}
