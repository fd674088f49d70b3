package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.run.DefaultJoiner;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.RecordView;
import io.github.vwbinlog.core.output.DsjsonWriter;
import io.github.vwbinlog.core.output.DsjsonSink;
import io.github.vwbinlog.core.text.JsonBytes;
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
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one join's two kinds of output against each other: random writer-made logs of every payload type (mostly clean
 * events, mixed with the edge cases of {@link RandomEvents} and with deliberate faults) converted from the join's
 * views and written from the records built from those views must give the same bytes, the same summary and the same
 * diagnostics in the same order. (Before the join was one, this compared the conversion's fast path with the record
 * path; the logs are the same.)
 */
class ViewRecordEquivalenceTest {
  private static final int LOGS = 400;

  /** The converter's output, summary and diagnostics. */
  record Run(byte[] output, JoinSummary summary, List<Diagnostic> diagnostics) {}

  @Test
  void viewsConvertExactlyAsRecordsBuiltFromThem() throws IOException {
    long lines = 0;
    long skipped = 0;
    for (int seed = 0; seed < LOGS; seed++) {
      Random random = new Random(seed);
      byte[] log = CleanLogs.log(random, 1 + random.nextInt(8));
      JoinOptions options = CleanLogs.options(random);
      Run records = recordPath(log, options);
      Run converted = converter(log, options);
      assertThat(new String(converted.output(), StandardCharsets.UTF_8)).as("seed %d", seed)
          .isEqualTo(new String(records.output(), StandardCharsets.UTF_8));
      assertThat(converted.output()).as("seed %d", seed).isEqualTo(records.output());
      assertThat(converted.summary()).as("seed %d", seed).isEqualTo(records.summary());
      assertThat(converted.diagnostics()).as("seed %d", seed).isEqualTo(records.diagnostics());
      lines += records.summary().emittedTotal();
      skipped += records.summary().interactionsSkipped();
    }
    assertThat(lines).as("joined events written over all logs").isGreaterThan(LOGS * 10L);
    // The faults must be well exercised too.
    assertThat(skipped).as("interactions skipped over all logs").isGreaterThan(LOGS);
  }

  /** The public converter: lines written from the join's views. */
  static Run converter(byte[] log, JoinOptions options) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary summary;
    try (BinaryLogReader reader = BinaryLogReader.of(log, o.readOptions())) {
      summary = DsjsonConverter.of(o).convert(reader, out);
    }
    return new Run(out.toByteArray(), summary, diagnostics);
  }

  /** The join's records, built from its views, each written by {@link DsjsonWriter} from the record. */
  static Run recordPath(byte[] log, JoinOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    JsonBytes buffer = new JsonBytes();
    try (BinaryLogReader reader = BinaryLogReader.of(log, o.readOptions())) {
      DefaultJoiner joiner = DefaultJoiner.of(reader, o, null);
      JoinCounters counters = joiner.counters();
      DsjsonSink lines = new DsjsonSink(buffer, counters, joiner::currentOffset, DsjsonWriter.of(o));
      RecordView records = new RecordView();
      // Each joined event built into a record from its view, and its line written from the record.
      while (joiner.step(view -> lines.accept(records.of(view.record())))) {
        // one message per step
      }
      return new Run(buffer.toByteArray(), counters.summary(), diagnostics);
    }
  }

  /** Logs whose events are mostly clean, of every payload type the single joiner converts. */
  static final class CleanLogs {
    private static final ProblemType[] PROBLEMS = {ProblemType.CB, ProblemType.CCB, ProblemType.SLATES,
        ProblemType.CA};

    /** Whether the message being made gets deliberate faults; a third of them do. */
    private static boolean faults;

    private CleanLogs() {}

    /** A fault, with chance 1 in {@code n}, in a message that gets faults. */
    private static boolean fault(Random random, int n) {
      return faults && random.nextInt(n) == 0;
    }

    static JoinOptions options(Random random) {
      JoinOptions o = JoinOptions.defaults();
      if (random.nextInt(4) == 0) {
        o = o.with(JoinFeature.CLIENT_TIME);
      }
      if (random.nextInt(8) == 0) {
        // Limits the fast path must hold as the record path does: contexts near the limit, zstd payloads within it.
        o = o.withReadOptions(o.readOptions().withLimits(ReadLimits.defaults().toBuilder()
            .maxContextSize(20 + random.nextInt(100))
            .maxDecompressedSize(64 + random.nextInt(400))
            .build()));
      }
      if (random.nextInt(3) == 0) {
        // Lines for training: the fast path leaves what they change (pdrop, CB without probabilities) to the writer.
        o = o.with(JoinFeature.FOR_TRAINING);
      }
      return o;
    }

    /** Writes a log of 1 to 12 messages to {@code file} and returns it. */
    static Path write(Path file, Random random) throws IOException {
      return Files.write(file, log(random, 1 + random.nextInt(12)));
    }

    static byte[] log(Random random, int messages) {
      RandomEvents edge = new RandomEvents(random);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
        writer.fileMagic();
        ProblemType problem = PROBLEMS[random.nextInt(PROBLEMS.length)];
        LearningMode mode = random.nextInt(5) == 0 ? LearningMode.APPRENTICE : LearningMode.ONLINE;
        if (random.nextInt(10) != 0) {
          writer.checkpoint(checkpoint(random, problem, mode));
        }
        int id = 0;
        for (int m = 0; m < messages; m++) {
          if (random.nextInt(6) == 0) {
            problem = PROBLEMS[random.nextInt(PROBLEMS.length)];
            writer.checkpoint(checkpoint(random, problem, mode));
          }
          faults = random.nextInt(3) == 0;
          List<JoinedEvent> events = new ArrayList<>();
          int groups = 1 + random.nextInt(12);
          TimeStamp time = time(random);
          for (int g = 0; g < groups; g++, id++) {
            String eventId = eventId(random, id);
            PayloadType type = fault(random, 30) ? PayloadType.values()[random.nextInt(5)]
                : PayloadType.valueOf(problem.name());
            if (type == PayloadType.OUTCOME) {
              type = PayloadType.CB;
            }
            if (fault(random, 40)) {
              events.add(joined(random, time, eventId, PayloadType.OUTCOME, outcome(random, 3)));
            }
            events.add(joined(random, time, eventId, type, interaction(random, type, mode)));
            int outcomes = random.nextInt(4);
            for (int k = 0; k < outcomes; k++) {
              events.add(joined(random, time, eventId, PayloadType.OUTCOME, outcome(random, 3)));
            }
            if (fault(random, 50)) {
              events.add(joined(random, time, eventId, type, interaction(random, type, mode)));
            }
          }
          if (random.nextInt(8) == 0) {
            events.add(random.nextInt(events.size() + 1), dedup(random, time));
          }
          if (fault(random, 25)) {
            events.add(random.nextInt(events.size() + 1), edge.joinedEvent());
          }
          // Interleave: move a few events to other places, as joiners write them.
          for (int k = faults ? random.nextInt(3) : 0; k > 0; k--) {
            JoinedEvent e = events.remove(random.nextInt(events.size()));
            events.add(random.nextInt(events.size() + 1), e);
          }
          writer.regular(events);
        }
        if (random.nextBoolean()) {
          writer.eof();
        }
      }
      return out.toByteArray();
    }

    private static CheckpointInfo checkpoint(Random random, ProblemType problem, LearningMode mode) {
      RewardFunction f = RewardFunction.values()[random.nextInt(RewardFunction.values().length - 1)];
      return new CheckpointInfo(f, random.nextInt(3) - 1, mode, problem, random.nextInt(4) == 0);
    }

    private static TimeStamp time(Random random) {
      return TimeStamp.of(2020 + random.nextInt(3), 1 + random.nextInt(12), 1 + random.nextInt(28),
          random.nextInt(24), random.nextInt(60), random.nextInt(60));
    }

    private static String eventId(Random random, int id) {
      return switch (faults ? random.nextInt(40) : 4 + random.nextInt(36)) {
        case 0 -> "";
        case 1 -> "é" + id;
        case 2 -> "nul\0" + id;
        case 3 -> "q\"\\" + id;
        default -> Integer.toHexString(0x9000_0000 + id) + "-" + random.nextInt(1000);
      };
    }

    private static JoinedEvent joined(Random random, TimeStamp time, String id, PayloadType type,
        EventPayload payload) {
      TimeStamp client = fault(random, 5) ? null : fault(random, 20) ? TimeStamp.EMPTY : time(random);
      float pass = random.nextInt(4) == 0 ? random.nextFloat() : 1f;
      EventEncoding encoding = random.nextInt(6) == 0 ? EventEncoding.ZSTD : EventEncoding.IDENTITY;
      String app = random.nextInt(3) == 0 ? null : fault(random, 20) ? "app\u00e9" : "app";
      Metadata meta = new Metadata(id, client, app, type, pass, encoding);
      TimeStamp enqueued = random.nextInt(3) == 0 ? time(random) : time;
      return JoinedEvent.of(enqueued, new Event(meta, payload));
    }

    private static EventPayload interaction(Random random, PayloadType type, LearningMode mode) {
      LearningMode m = fault(random, 30) ? LearningMode.LOGGING_ONLY : mode;
      boolean deferred = random.nextInt(4) == 0;
      String model = switch (random.nextInt(10)) {
        case 0 -> null;
        case 1 -> "m\0odel";
        case 2 -> "";
        default -> "model-" + random.nextInt(9);
      };
      return switch (type) {
        case CB -> new CbEvent(deferred, actions(random, 64), context(random), probabilities(random), model(model),
            m);
        case CCB, SLATES -> {
          int n = random.nextInt(5);
          List<SlotEvent> slots = new ArrayList<>();
          List<Integer> baseline = new ArrayList<>();
          for (int s = 0; s < n; s++) {
            String slotId = random.nextInt(3) == 0 ? null : "s" + random.nextInt(4);
            List<Long> actions = new ArrayList<>();
            for (long a : actions(random, 32)) {
              actions.add(a & 0xFFFF_FFFFL);
            }
            slots.add(new SlotEvent(actions, probabilities(random), slotId));
            baseline.add(random.nextInt(4));
          }
          if (fault(random, 10) && !baseline.isEmpty()) {
            baseline.remove(0);
          }
          if (random.nextInt(5) == 0) {
            baseline.clear();
          }
          yield new MultiSlotEvent(context(random), slots, model(model), deferred, baseline, m);
        }
        default -> new CaEvent(deferred, number(random), context(random), number(random), model(model), m);
      };
    }

    private static String model(String model) {
      return model == null ? "N/A" : model;
    }

    private static List<Long> actions(Random random, int bits) {
      int n = fault(random, 12) ? 0 : 1 + random.nextInt(4);
      List<Long> actions = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        long action = random.nextInt(8) == 0 ? random.nextLong() >>> (64 - bits) : 1L + random.nextInt(5);
        if (bits == 64 && random.nextInt(10) == 0) {
          action |= (1L + random.nextInt(3)) << 32; // VW's action is the low 32 bits (SPEC §4.6)
        }
        actions.add(action);
      }
      return actions;
    }

    private static List<Float> probabilities(Random random) {
      int n = random.nextInt(4);
      List<Float> p = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        p.add(number(random));
      }
      return p;
    }

    private static float number(Random random) {
      return switch (random.nextInt(60)) {
        case 0 -> faults ? Float.NaN : 2f;
        case 1 -> -0f;
        case 2 -> Float.MIN_VALUE;
        case 3 -> 1e30f;
        default -> random.nextFloat();
      };
    }

    private static OutcomeEvent outcome(Random random, int slots) {
      OutcomeEvent.Kind valueKind = OutcomeEvent.Kind.values()[random.nextInt(3)];
      OutcomeEvent.Kind indexKind = OutcomeEvent.Kind.values()[random.nextInt(3)];
      String literalIndex = switch (random.nextInt(6)) {
        case 0 -> "";
        case 1 -> faults ? "nope" : "s0";
        default -> "s" + random.nextInt(4);
      };
      int numericIndex = random.nextInt(10) == 0 ? -1 - random.nextInt(3) : random.nextInt(slots + 1);
      return new OutcomeEvent(valueKind, valueKind == OutcomeEvent.Kind.NUMERIC ? number(random) * 4 - 2 : 0f,
          valueKind == OutcomeEvent.Kind.LITERAL ? "lit" + random.nextInt(9) : null, indexKind,
          indexKind == OutcomeEvent.Kind.NUMERIC ? numericIndex : 0,
          indexKind == OutcomeEvent.Kind.LITERAL ? literalIndex : null, random.nextInt(5) == 0);
    }

    private static JoinedEvent dedup(Random random, TimeStamp time) {
      int n = random.nextInt(4);
      List<Long> ids = new ArrayList<>();
      List<String> values = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ids.add((long) random.nextInt(6));
        values.add(fault(random, 10) ? "not json" : "{\"a\":" + i + "}");
      }
      if (random.nextInt(20) == 0) {
        values.add("{}");
      }
      Metadata meta = new Metadata("dedup" + random.nextInt(3), null, null, PayloadType.DEDUP_INFO, 1f,
          random.nextInt(4) == 0 ? EventEncoding.ZSTD : EventEncoding.IDENTITY);
      return JoinedEvent.of(time, new Event(meta, new DedupInfo(ids, values)));
    }

    private static ByteBuffer context(Random random) {
      StringBuilder sb = new StringBuilder();
      switch (faults ? random.nextInt(40) : 4 + random.nextInt(36)) {
        case 0 -> sb.append("");
        case 1 -> sb.append("{\"a\":1");
        case 2 -> sb.append("{\"a\":\"x\0y\"}");
        case 3 -> sb.append("[1]");
        default -> {
          sb.append(random.nextBoolean() ? "{" : " \n{");
          int fields = random.nextInt(5);
          for (int f = 0; f < fields; f++) {
            if (f > 0) {
              sb.append(random.nextInt(6) == 0 ? ",\n" : ",");
            }
            sb.append("\"f").append(f).append(random.nextInt(8) == 0 ? "\nx" : "").append("\":");
            switch (random.nextInt(7)) {
              case 0 -> sb.append(random.nextInt(1000));
              // Dedup references, which lines for training expand from the cache (ids 0 to 5 may be cached).
              case 6 -> sb.append("[{\"__aid\":").append(random.nextInt(7)).append("},{ \"__AID\" : 3 }]");
              case 1 -> sb.append("\"v\\\"\u00e9\"");
              case 2 -> sb.append("[true,false,null,-1.5e3]");
              case 3 -> sb.append("{\"n\":{}}");
              default -> sb.append("\"text ").append(random.nextInt()).append('"');
            }
          }
          sb.append(random.nextBoolean() ? "}" : "}\n ");
        }
      }
      return ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
  }
}
