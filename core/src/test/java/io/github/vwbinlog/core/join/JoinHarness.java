package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventEncoder;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Test support for the joining pipeline: logs written with the project's {@link BinaryLogWriter}, joined with the
 * public {@link Joiner} and converted with the public {@link DsjsonConverter}, with every diagnostic collected and the
 * accounting of SPEC §0 item 4 checked on every run.
 */
final class JoinHarness {
  /** The enqueued time of most events: 2021-04-13T15:08:46Z. */
  static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);
  static final String T_TEXT = "2021-04-13T15:08:46.000000Z";
  static final String CONTEXT = "{\"x\":1}";

  private static final AtomicInteger FILES = new AtomicInteger();

  private JoinHarness() {}

  /** What joining and converting a log gave. */
  record Run(List<JoinResult> results, JoinSummary summary, List<Diagnostic> diagnostics, List<String> lines,
      JoinSummary conversion) {

    List<String> ids() {
      return results.stream().map(JoinResult::id).toList();
    }

    /** Diagnostics counted by reason. */
    Map<DiagnosticReason, Long> reasons() {
      return summary.diagnostics();
    }

    /** The rewards of the joined event with this id. */
    List<Float> rewards(String id) {
      return result(id).rewards();
    }

    JoinResult result(String id) {
      return results.stream().filter(r -> r.id().equals(id)).findFirst()
          .orElseThrow(() -> new AssertionError("no joined event " + id + " in " + ids()));
    }

    List<Diagnostic> diagnostics(DiagnosticReason reason) {
      return diagnostics.stream().filter(d -> d.reason() == reason).toList();
    }
  }

  /** Writes a log into {@code dir}. */
  static Path write(Path dir, Consumer<BinaryLogWriter> body) {
    Path file = dir.resolve("log-" + FILES.incrementAndGet() + ".log");
    try (BinaryLogWriter writer = BinaryLogWriter.to(file)) {
      body.accept(writer);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /**
   * Joins {@code log} (collecting every diagnostic) and converts it, then checks the accounting of both runs:
   * interactions seen = joined events emitted + interactions skipped (SPEC §0 item 4).
   */
  static Run run(Path log, JoinOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<JoinResult> results = new ArrayList<>();
    JoinSummary summary;
    try (Joiner joiner = Joiner.open(log, options.withReadOptions(options.readOptions().withListener(
        diagnostics::add)))) {
      joiner.forEach(results::add);
      summary = joiner.summary();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary conversion;
    try {
      conversion = DsjsonConverter.of(options.withReadOptions(options.readOptions().withListener(
          DiagnosticListener.ignoring()))).convert(log, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertAccounting(summary);
    assertAccounting(conversion);
    assertThat(summary.emittedTotal()).isEqualTo(results.size());
    assertThat(diagnostics).hasSize((int) summary.diagnostics().values().stream().mapToLong(Long::longValue).sum());
    String text = out.toString(StandardCharsets.UTF_8);
    List<String> lines = text.isEmpty() ? List.of() : Arrays.asList(text.split("\n", -1)).subList(0,
        text.split("\n", -1).length - 1);
    assertThat(text.isEmpty() || text.endsWith("\n")).isTrue();
    assertThat(lines).hasSize((int) conversion.emittedTotal());
    return new Run(results, summary, diagnostics, lines, conversion);
  }

  static Run run(Path log) {
    return run(log, JoinOptions.defaults());
  }

  /** SPEC §0 item 4: interactions seen = joined events emitted + skipped. */
  static void assertAccounting(JoinSummary s) {
    assertThat(s.interactionsSeen())
        .as("accounting: interactions seen == emitted + skipped in %s", s)
        .isEqualTo(s.emittedTotal() + s.interactionsSkipped());
  }

  // ------------------------------------------------------------------ events

  static JoinedEvent event(String id, PayloadType type, EventPayload payload) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, type), payload));
  }

  static JoinedEvent event(TimeStamp t, Metadata meta, EventPayload payload) {
    return JoinedEvent.of(t, new Event(meta, payload));
  }

  /** A CB decision: actions 1 and 2 with probabilities 0.75 and 0.25, context {@link #CONTEXT}. */
  static CbEvent cbPayload() {
    return CbEvent.of(List.of(1L, 2L), List.of(0.75f, 0.25f), CONTEXT);
  }

  static JoinedEvent cb(String id) {
    return event(id, PayloadType.CB, cbPayload());
  }

  static JoinedEvent outcome(String id, float value) {
    return event(id, PayloadType.OUTCOME, OutcomeEvent.numeric(value));
  }

  static JoinedEvent outcome(String id, OutcomeEvent o) {
    return event(id, PayloadType.OUTCOME, o);
  }

  /** The DSJSON line VW writes for {@link #cb} with these outcome values (all at {@link #T}) and reward (SPEC §8.4). */
  static String cbLine(String id, float reward, float... values) {
    StringBuilder o = new StringBuilder();
    for (float v : values) {
      o.append(o.length() == 0 ? "" : ",").append("{\"v\":").append(num(v)).append(",\"EventId\":\"").append(id)
          .append("\",\"ActionTaken\":false}");
    }
    return "{\"_label_cost\":" + num(-reward) + ",\"_label_probability\":0.75,\"_label_Action\":1,\"_labelIndex\":0,"
        + "\"o\":[" + o + "],\"Timestamp\":\"" + T_TEXT + "\",\"Version\":\"1\",\"EventId\":\"" + id + "\","
        + "\"a\":[1,2],\"c\":" + CONTEXT + ",\"p\":[0.75,0.25],\"VWState\":{\"m\":\"N/A\"},"
        + "\"_original_label_cost\":" + num(-reward) + "}";
  }

  /**
   * RapidJSON's form (SPEC §8.2) of a float that is an exact short decimal (1 → {@code 1.0}, -0 → {@code -0.0},
   * 0.375 → {@code 0.375}); tests use only such values so that expected lines can be written by hand.
   */
  static String num(float v) {
    if (v == Math.rint(v)) {
      return (Float.floatToRawIntBits(v) < 0 ? "-" : "") + Math.abs((long) v) + ".0";
    }
    String exact = new java.math.BigDecimal(v).toPlainString();
    if (exact.length() > 12) {
      throw new IllegalArgumentException("use a value with an exact short decimal form, not " + v);
    }
    return exact;
  }

  // ------------------------------------------------------------------ raw buffers

  /** An encoded Event, as the writer encodes it. */
  static byte[] eventBytes(Event e) {
    return new EventEncoder().event(e);
  }

  /** An Event buffer with this metadata and these payload bytes stored as they are (compressed or not). */
  static byte[] eventBytes(String id, PayloadType type, EventEncoding encoding, byte[] storedPayload) {
    return eventBytes(id, type, encoding, storedPayload, 1);
  }

  /**
   * The same with the payload vector aligned to {@code alignment} bytes: 1 is what {@code Event.createPayloadVector}
   * does, 8 what the joiner does for nested buffers (the verifier checks alignment).
   */
  static byte[] eventBytes(String id, PayloadType type, EventEncoding encoding, byte[] storedPayload, int alignment) {
    FlatBufferBuilder b = new FlatBufferBuilder(256);
    int idOffset = b.createString(id);
    b.createUnintializedVector(1, storedPayload.length, alignment).put(storedPayload);
    int payload = b.endVector();
    reinforcement_learning.messages.flatbuff.v2.Metadata.startMetadata(b);
    reinforcement_learning.messages.flatbuff.v2.Metadata.addId(b, idOffset);
    reinforcement_learning.messages.flatbuff.v2.Metadata.addPayloadType(b, type.code());
    reinforcement_learning.messages.flatbuff.v2.Metadata.addPassProbability(b, 1f);
    reinforcement_learning.messages.flatbuff.v2.Metadata.addEncoding(b, encoding.code());
    int meta = reinforcement_learning.messages.flatbuff.v2.Metadata.endMetadata(b);
    b.finish(reinforcement_learning.messages.flatbuff.v2.Event.createEvent(b, meta, payload));
    return b.sizedByteArray();
  }

  /** One JoinedEvent of a raw payload: its event bytes and time stamp, either of which may be absent. */
  record Raw(byte @Nullable [] event, @Nullable TimeStamp time) {
    static Raw of(JoinedEvent e) {
      return new Raw(eventBytes(e.event()), e.timestamp());
    }

    static Raw of(byte[] event) {
      return new Raw(event, T);
    }
  }

  /** A JoinedPayload flatbuffer holding these joined events, built by hand so that any of them can be broken. */
  static ByteBuffer joinedPayload(Raw... events) {
    FlatBufferBuilder b = new FlatBufferBuilder(1024);
    int[] offsets = new int[events.length];
    for (int i = 0; i < events.length; i++) {
      Raw r = events[i];
      int bytes = 0;
      if (r.event() != null) {
        b.startVector(1, r.event().length, 8);
        for (int k = r.event().length - 1; k >= 0; k--) {
          b.addByte(r.event()[k]);
        }
        bytes = b.endVector();
      }
      reinforcement_learning.messages.flatbuff.v2.JoinedEvent.startJoinedEvent(b);
      if (r.event() != null) {
        reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addEvent(b, bytes);
      }
      TimeStamp t = r.time();
      if (t != null) {
        reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addTimestamp(b,
            reinforcement_learning.messages.flatbuff.v2.TimeStamp.createTimeStamp(b, t.year(), t.month(), t.day(),
                t.hour(), t.minute(), t.second(), t.subsecond()));
      }
      offsets[i] = reinforcement_learning.messages.flatbuff.v2.JoinedEvent.endJoinedEvent(b);
    }
    int vector = reinforcement_learning.messages.flatbuff.v2.JoinedPayload.createEventsVector(b, offsets);
    b.finish(reinforcement_learning.messages.flatbuff.v2.JoinedPayload.createJoinedPayload(b, vector));
    return ByteBuffer.wrap(b.sizedByteArray());
  }
}
