package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.LearningMode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds the benchmarks' inputs with the project's own writer, like real Personalizer-style logs: ~1 KB JSON contexts,
 * REGULAR messages of 100 interactions, each followed by 1–2 outcomes, of one payload type: CB (3 actions), CCB (2–4
 * slots, outcomes by slot index), slates (2–4 slots) or CA; optionally zstd-compressed payloads, and optionally one
 * DedupInfo event per message (with its ids and action JSON).
 */
public final class SyntheticLogs {
  private SyntheticLogs() {}

  /** The payload types of the benchmark logs. */
  public enum Kind {
    CB(ProblemType.CB, PayloadType.CB),
    CCB(ProblemType.CCB, PayloadType.CCB),
    SLATES(ProblemType.SLATES, PayloadType.SLATES),
    CA(ProblemType.CA, PayloadType.CA);

    final ProblemType problem;
    final PayloadType payload;

    Kind(ProblemType problem, PayloadType payload) {
      this.problem = problem;
      this.payload = payload;
    }
  }

  /**
   * The CB log of GenerateLog (whole-process timings): about {@code bytes} bytes of REGULAR messages of 100
   * interactions (3 actions, one ~930-byte context) each followed by 1–2 outcomes. Unchanged since the first
   * measurements, so that before and after compare.
   */
  static byte[] cb(long bytes, long seed) {
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 8, bytes + (1 << 20)));
    cb(BinaryLogWriter.to(out), bytes, seed);
    return out.toByteArray();
  }

  /** Writes the log of {@link #cb(long, long)} with {@code writer} (a file for logs of 2 GiB and more), closing it. */
  static void cb(BinaryLogWriter log, long bytes, long seed) {
    Random random = new Random(seed);
    try (BinaryLogWriter writer = log) {
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
  }

  /**
   * A log of about {@code bytes} bytes.
   *
   * @param zstd whether event payloads are zstd-compressed
   * @param dedup whether each message starts with a DedupInfo event
   */
  public static byte[] log(Kind kind, boolean zstd, boolean dedup, long bytes, long seed) {
    return log(kind, zstd, dedup, false, bytes, seed);
  }

  /**
   * A log of about {@code bytes} bytes, whose contexts hold non-ASCII UTF-8 strings when {@code nonAscii} (to measure
   * the UTF-8 check's non-ASCII path; otherwise the contexts are ASCII).
   */
  public static byte[] log(Kind kind, boolean zstd, boolean dedup, boolean nonAscii, long bytes, long seed) {
    Random random = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(Integer.MAX_VALUE - 8, bytes + (1 << 20)));
    EventEncoding encoding = zstd ? EventEncoding.ZSTD : EventEncoding.IDENTITY;
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(kind.problem));
      TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
      String[] contexts = new String[4];
      for (int c = 0; c < contexts.length; c++) {
        contexts[c] = nonAscii ? nonAsciiContext(random) : context(random);
      }
      long id = 0;
      while (writer.position() < bytes) {
        List<JoinedEvent> events = new ArrayList<>();
        if (dedup) {
          List<Long> ids = new ArrayList<>();
          List<String> values = new ArrayList<>();
          for (int a = 0; a < 8; a++) {
            ids.add(random.nextLong());
            values.add("{\"TAction\":{\"a" + a + "\":\"f" + random.nextInt(1000) + "\"}}");
          }
          events.add(JoinedEvent.of(t, new Event(new Metadata("dedup", null, null, PayloadType.DEDUP_INFO, 1f,
              encoding), new DedupInfo(ids, values))));
        }
        for (int i = 0; i < 100; i++, id++) {
          String eventId = Long.toHexString(0x9000_0000L + id) + "-4b1c-8c2e-" + Long.toHexString(0x5a5a_0000L + id);
          String context = contexts[random.nextInt(contexts.length)];
          int slots = 2 + random.nextInt(3);
          events.add(JoinedEvent.of(t, new Event(meta(eventId, kind.payload, encoding),
              interaction(kind, slots, context, random))));
          int outcomes = 1 + random.nextInt(2);
          for (int k = 0; k < outcomes; k++) {
            OutcomeEvent o = OutcomeEvent.numeric(random.nextInt(4) == 0 ? 1f : random.nextFloat());
            if (kind == Kind.CCB) {
              o = o.withIndex(random.nextInt(slots));
            }
            events.add(JoinedEvent.of(t, new Event(meta(eventId, PayloadType.OUTCOME, encoding), o)));
          }
        }
        writer.regular(events);
      }
      writer.eof();
    }
    return out.toByteArray();
  }

  private static Metadata meta(String id, PayloadType type, EventEncoding encoding) {
    return new Metadata(id, null, "app", type, 1f, encoding);
  }

  private static EventPayload interaction(Kind kind, int slots, String context, Random random) {
    ByteBuffer c = ByteBuffer.wrap(context.getBytes(StandardCharsets.UTF_8));
    switch (kind) {
      case CB:
        return CbEvent.of(List.of(1L + random.nextInt(3), 2L, 3L), List.of(0.8f, 0.1f, 0.1f), context);
      case CCB:
      case SLATES: {
        List<SlotEvent> s = new ArrayList<>();
        List<Integer> baseline = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
          s.add(new SlotEvent(List.of((long) i, (long) (i + 1) % slots), List.of(0.9f, 0.1f),
              kind == Kind.CCB ? "slot-" + i : null));
          baseline.add(i);
        }
        return new MultiSlotEvent(c, s, "model-1", false, baseline, LearningMode.ONLINE);
      }
      default:
        return new CaEvent(false, 10f * random.nextFloat(), c, 0.25f, "model-1", LearningMode.ONLINE);
    }
  }

  /** A context like {@link #context}'s, with non-ASCII text in its strings and keys (2-, 3- and 4-byte UTF-8). */
  static String nonAsciiContext(Random random) {
    return context(random).replace("\"eng\"", "\"ingénierie, 工程学\"").replace("\"hiking\"", "\"randonnée 🚶\"")
        .replace("\"f1\"", "\"fé1\"").replace("\"f2\"", "\"特征2\"");
  }

  /** {@link #context(Random, int)} with 12 features an action. */
  static String context(Random random) {
    return context(random, 12);
  }

  /** A context of a user and 3 actions of {@code features} numeric features each. */
  static String context(Random random, int features) {
    StringBuilder sb = new StringBuilder("{\"GUser\":{\"id\":\"u").append(random.nextInt(1000))
        .append("\",\"major\":\"eng\",\"hobby\":\"hiking\"},\"_multi\":[");
    for (int a = 0; a < 3; a++) {
      sb.append(a == 0 ? "" : ",").append("{\"TAction\":{");
      for (int f = 0; f < features; f++) {
        sb.append(f == 0 ? "" : ",").append("\"f").append(f).append("\":").append(random.nextInt(100_000));
      }
      sb.append("}}");
    }
    return sb.append("]}").toString();
  }
}
