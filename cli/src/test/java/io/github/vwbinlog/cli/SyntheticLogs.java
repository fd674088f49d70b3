package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Logs made with {@link BinaryLogWriter} for the split, convert and stats tests. */
final class SyntheticLogs {
  private SyntheticLogs() {}

  static final TimeStamp T0 = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  /** The recognized reward functions, in code order. */
  static final RewardFunction[] FUNCTIONS = {RewardFunction.EARLIEST, RewardFunction.AVERAGE, RewardFunction.MEDIAN,
      RewardFunction.SUM, RewardFunction.MIN, RewardFunction.MAX};

  /**
   * FILEMAGIC, HEADER, then {@code checkpoints} CHECKPOINTs, each with its own reward function and default reward,
   * each followed by 1 to 4 REGULAR messages of 3 CB interactions with 0 to 3 outcomes; every 7th REGULAR starts
   * with a DedupInfo whose actions the contexts refer to; an unknown message and a second HEADER half-way; EOF.
   */
  static byte[] manyCheckpoints(int checkpoints) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().header(new FileHeader(T0, List.of(new FileHeader.Property("joiner", "synthetic"))));
      int regular = 0;
      for (int c = 0; c < checkpoints; c++) {
        w.checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(FUNCTIONS[c % FUNCTIONS.length])
            .withDefaultReward(c % 3 - 1));
        for (int r = 0; r <= (c * 7) % 4; r++) {
          int n = regular++;
          w.regular(payload(n, n % 7 == 6));
        }
        if (c == checkpoints / 2) {
          w.message(0x1AAAAAAA, ByteBuffer.wrap(new byte[13]))
              .header(new FileHeader(T0, List.of(new FileHeader.Property("half", "way"))));
        }
      }
      w.eof();
    }
    return out.toByteArray();
  }

  /** The events of one REGULAR message: 3 CB interactions (numbered from {@code n * 3}) and their outcomes. */
  static List<JoinedEvent> payload(int n, boolean dedup) {
    List<JoinedEvent> events = new ArrayList<>();
    if (dedup) {
      events.add(dedupInfo("dedup-" + n, List.of(1000L + n, 2000L + n),
          List.of("{\"a\":" + n + "}", "{\"b\":" + n + "}")));
    }
    for (int i = 0; i < 3; i++) {
      String id = "ev-" + n + "-" + i;
      String context = dedup ? "{\"U\":{\"n\":" + n + "},\"_multi\":[{\"__aid\":" + (1000 + n) + "}]}"
          : "{\"U\":{\"n\":" + n + ",\"i\":" + i + "}}";
      events.add(cb(id, TimeStamp.of(2021, 4, 13, 15, 8, n % 60), context));
      for (int o = 0; o < (n + i) % 4; o++) {
        events.add(outcome(id, TimeStamp.of(2021, 4, 13, 15, 9, (n + o) % 60), 0.5f * (o + 1) + i));
      }
    }
    return events;
  }

  static JoinedEvent cb(String id, TimeStamp t, String context) {
    return JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.CB),
        CbEvent.of(List.of(2L, 1L, 3L), List.of(0.7f, 0.2f, 0.1f), context)));
  }

  static JoinedEvent outcome(String id, TimeStamp t, float value) {
    return JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.OUTCOME), OutcomeEvent.numeric(value)));
  }

  static JoinedEvent dedupInfo(String id, List<Long> ids, List<String> values) {
    return JoinedEvent.of(T0, new Event(Metadata.of(id, PayloadType.DEDUP_INFO), new DedupInfo(ids, values)));
  }

  /**
   * A CHECKPOINT payload with an unrecognized reward function code (7) and the other settings of {@code base}: the
   * writer refuses UNRECOGNIZED, so the code is patched into the payload of a written one.
   */
  static byte[] checkpointWithUnrecognizedRewardFunction(CheckpointInfo base) {
    byte[] a = checkpointPayload(base.withRewardFunction(RewardFunction.SUM));
    byte[] b = checkpointPayload(base.withRewardFunction(RewardFunction.MAX));
    int differing = -1;
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        if (differing >= 0) {
          throw new IllegalStateException("the reward function is stored in more than one byte");
        }
        differing = i;
      }
    }
    a[differing] = 7;
    return a;
  }

  /** The payload the writer makes for a checkpoint. */
  static byte[] checkpointPayload(CheckpointInfo info) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.checkpoint(info);
    }
    byte[] framed = out.toByteArray();
    int size = ByteBuffer.wrap(framed, 4, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    return java.util.Arrays.copyOfRange(framed, 8, 8 + size);
  }

  /** Writes {@code file} with what {@code body} writes, and returns it. */
  static Path write(Path file, Consumer<BinaryLogWriter> body) {
    try (BinaryLogWriter w = BinaryLogWriter.to(file)) {
      body.accept(w);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }
}
