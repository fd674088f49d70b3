package io.github.vwbinlog.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Json;
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
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random bytes, valid and invalid UTF-8 (overlong forms, surrogates, code points above U+10FFFF, truncated sequences,
 * lone continuation bytes, bytes that never occur), in every string field of writer-made logs: contexts, event ids,
 * app ids, model ids, CCB slot ids and the literal indexes naming them, literal outcome values, dedup values, step
 * and previous-step ids, episode ids. Each log is converted on every path (one thread, two threads, multistep, with and
 * without {@link JoinFeature#FOR_TRAINING}, lenient and strict, by {@link Outcomes#convert}); every line written must
 * decode with the JDK's strict UTF-8 decoder and parse with the tests' strict JSON reader, and the accounting must hold
 * (interactions seen = emitted + skipped, each skip counted under its reason).
 *
 * <p>The writer takes strings, which are always well-formed, so each field gets a unique ASCII marker of the random
 * bytes' length, and the markers are then replaced in the written log by those bytes (the payloads are not
 * compressed, so the markers are there to replace; flatbuffer offsets do not move).
 */
class Utf8PropertyTest {
  private static final int LOGS = 400;
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  /** A log being made: its markers, each with the bytes that replace it. */
  static final class Patched {
    final Random random;
    final Map<String, byte[]> replacements = new LinkedHashMap<>();

    Patched(Random random) {
      this.random = random;
    }

    /** A string for a field: plain ASCII, or (often) a marker of random bytes. */
    String field(String plain) {
      if (random.nextInt(3) != 0) {
        return plain;
      }
      byte[] bytes = randomBytes(random, 6 + random.nextInt(12));
      String marker = String.format("Q%04d", replacements.size());
      marker = marker + "q".repeat(bytes.length - marker.length());
      replacements.put(marker, bytes);
      return marker;
    }

    /** A context: one JSON object whose keys and string values hold random bytes. */
    ByteBuffer context(String extra) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes("{\"U\":{\"".getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(random.nextInt(4) == 0 ? "k".getBytes(StandardCharsets.US_ASCII) : randomBytes(random, 1 + random.nextInt(8)));
      out.writeBytes("\":\"".getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(random.nextInt(4) == 0 ? "v".getBytes(StandardCharsets.US_ASCII) : randomBytes(random, 1 + random.nextInt(8)));
      out.writeBytes(("\"}" + extra + "}").getBytes(StandardCharsets.US_ASCII));
      return ByteBuffer.wrap(out.toByteArray());
    }

    byte[] apply(byte[] log) {
      for (Map.Entry<String, byte[]> e : replacements.entrySet()) {
        byte[] marker = e.getKey().getBytes(StandardCharsets.US_ASCII);
        for (int i = indexOf(log, marker, 0); i >= 0; i = indexOf(log, marker, i + marker.length)) {
          System.arraycopy(e.getValue(), 0, log, i, marker.length);
        }
      }
      return log;
    }
  }

  /**
   * {@code n} or a few more bytes of UTF-8 pieces, valid or not, never a control character, quote or backslash (so
   * that a context stays one JSON object unless its encoding is wrong).
   */
  static byte[] randomBytes(Random random, int n) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    boolean valid = random.nextBoolean(); // half of the fields are valid UTF-8, mostly not ASCII
    while (out.size() < n) {
      int cp;
      int piece = random.nextInt(12);
      if (valid && piece >= 5) {
        piece = piece == 11 ? 11 : piece % 5;
      }
      switch (piece) {
        case 0, 1 -> out.write('a' + random.nextInt(26));
        case 2 -> utf8(out, 0x80 + random.nextInt(0x800 - 0x80));
        case 3 -> {
          do {
            cp = 0x800 + random.nextInt(0x10000 - 0x800);
          } while (cp >= 0xD800 && cp <= 0xDFFF);
          utf8(out, cp);
        }
        case 4 -> utf8(out, 0x10000 + random.nextInt(0x110000 - 0x10000));
        case 5 -> { // overlong: 2, 3 or 4 bytes for a code point that needs fewer
          switch (random.nextInt(3)) {
            case 0 -> out.writeBytes(new byte[] {(byte) (0xC0 + random.nextInt(2)), cont(random)});
            case 1 -> out.writeBytes(new byte[] {(byte) 0xE0, (byte) (0x80 + random.nextInt(0x20)), cont(random)});
            default -> out.writeBytes(new byte[] {(byte) 0xF0, (byte) (0x80 + random.nextInt(0x10)), cont(random),
                cont(random)});
          }
        }
        case 6 -> out.writeBytes(new byte[] {(byte) 0xED, (byte) (0xA0 + random.nextInt(0x20)), cont(random)});
        case 7 -> out.writeBytes(random.nextBoolean() // above U+10FFFF
            ? new byte[] {(byte) 0xF4, (byte) (0x90 + random.nextInt(0x30)), cont(random), cont(random)}
            : new byte[] {(byte) (0xF5 + random.nextInt(3)), cont(random), cont(random), cont(random)});
        case 8 -> { // truncated: a lead byte, fewer continuation bytes than it needs, then ASCII
          int lead = new int[] {0xC2, 0xE6, 0xF0}[random.nextInt(3)];
          out.write(lead);
          if (lead >= 0xE0 && random.nextBoolean()) {
            out.write(lead == 0xF0 ? 0x90 : 0x80);
          }
          out.write('r');
        }
        case 9 -> out.write(cont(random)); // a lone continuation byte
        case 10 -> out.write(0xF8 + random.nextInt(8)); // never in UTF-8
        default -> out.write(' ' + random.nextInt(2)); // a space or '!'
      }
    }
    return out.toByteArray();
  }

  private static byte cont(Random random) {
    return (byte) (0x80 + random.nextInt(0x40));
  }

  private static void utf8(ByteArrayOutputStream out, int cp) {
    out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
  }

  static int indexOf(byte[] haystack, byte[] needle, int from) {
    outer:
    for (int i = from; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** A single-joiner log of one problem type, with random bytes in its string fields. */
  static byte[] singleLog(Random random, ProblemType problem) {
    Patched p = new Patched(random);
    PayloadType type = PayloadType.valueOf(problem.name());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(problem));
      for (int m = 0; m < 1 + random.nextInt(4); m++) {
        List<JoinedEvent> events = new ArrayList<>();
        if (problem == ProblemType.CB && random.nextInt(3) == 0) {
          events.add(event(new Metadata(p.field("dedup"), null, null, PayloadType.DEDUP_INFO, 1f,
              EventEncoding.IDENTITY), new DedupInfo(List.of(7L), List.of("{\"A\":{\"" + p.field("a") + "\":1}}"))));
        }
        for (int e = 0; e < 1 + random.nextInt(6); e++) {
          String id = p.field("id" + m + "-" + e);
          Metadata meta = new Metadata(id, null, random.nextBoolean() ? p.field("app") : null, type,
              random.nextInt(4) == 0 ? 0.5f : 1f, EventEncoding.IDENTITY);
          String slot0 = p.field("slot_0");
          events.add(event(meta, interaction(p, problem, slot0)));
          for (int o = 0; o < random.nextInt(3); o++) {
            OutcomeEvent outcome = random.nextInt(4) == 0 ? OutcomeEvent.literal(p.field("lit"))
                : OutcomeEvent.numeric(random.nextFloat());
            if (problem == ProblemType.CCB) {
              outcome = random.nextBoolean() ? outcome.withSlotId(slot0) : outcome.withIndex(random.nextInt(2));
            }
            events.add(event(new Metadata(id, null, null, PayloadType.OUTCOME, 1f, EventEncoding.IDENTITY),
                outcome));
          }
        }
        writer.regular(events);
      }
      writer.eof();
    }
    return p.apply(out.toByteArray());
  }

  private static EventPayload interaction(Patched p, ProblemType problem, String slot0) {
    String model = p.field("model");
    return switch (problem) {
      case CB -> new CbEvent(false, List.of(1L, 2L), p.random.nextInt(5) == 0
          ? ByteBuffer.wrap("{\"_multi\":[{\"__aid\":7}]}".getBytes(StandardCharsets.US_ASCII)) : p.context(""),
          List.of(0.5f, 0.5f), model, LearningMode.ONLINE);
      case CCB -> new MultiSlotEvent(p.context(",\"_slots\":[{\"S\":{\"s\":1}},{\"S\":{\"s\":2}}]"),
          List.of(SlotEvent.of(slot0, List.of(0L, 1L), List.of(0.5f, 0.5f)),
              SlotEvent.of(p.field("slot_1"), List.of(1L), List.of(1f))),
          model, false, List.of(), LearningMode.ONLINE);
      case SLATES -> new MultiSlotEvent(p.context(""), List.of(SlotEvent.of(null, List.of(0L, 1L),
          List.of(0.5f, 0.5f))), model, false, List.of(), LearningMode.ONLINE);
      default -> new CaEvent(false, 1.5f, p.context(""), 0.25f, model, LearningMode.ONLINE);
    };
  }

  /** A multistep log: episodes of steps with random bytes in step ids, previous ids, episode ids and contexts. */
  static byte[] multistepLog(Random random) {
    Patched p = new Patched(random);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.MULTISTEP));
      for (int m = 0; m < 1 + random.nextInt(3); m++) {
        List<JoinedEvent> events = new ArrayList<>();
        String episode = p.field("ep" + m);
        String previous = null;
        for (int s = 0; s < 1 + random.nextInt(4); s++) {
          String step = p.field("step" + s);
          events.add(event(new Metadata(episode, null, null, PayloadType.MULTI_STEP, 1f, EventEncoding.IDENTITY),
              new MultiStepEvent(step, previous, List.of(1L, 2L), p.context(""), List.of(0.5f, 0.5f),
                  p.field("model"), false)));
          if (random.nextBoolean()) {
            events.add(event(new Metadata(episode, null, null, PayloadType.OUTCOME, 1f, EventEncoding.IDENTITY),
                OutcomeEvent.numeric(random.nextFloat()).withSlotId(step)));
          }
          previous = step;
        }
        events.add(event(new Metadata(episode, null, null, PayloadType.OUTCOME, 1f, EventEncoding.IDENTITY),
            random.nextBoolean() ? OutcomeEvent.numeric(1f) : OutcomeEvent.literal(p.field("lit"))));
        writer.regular(events);
      }
      writer.eof();
    }
    return p.apply(out.toByteArray());
  }

  private static JoinedEvent event(Metadata meta, EventPayload payload) {
    return JoinedEvent.of(T, new Event(meta, payload));
  }

  /** Each line decodes with the JDK's strict UTF-8 decoder and parses as one JSON object with a strict reader. */
  static void strictJson(byte[] output) {
    int start = 0;
    for (int i = 0; i < output.length; i++) {
      if (output[i] == '\n') {
        String line;
        try {
          line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(output, start, i - start))
              .toString();
        } catch (CharacterCodingException e) {
          throw new AssertionError("a line is not UTF-8: " + e);
        }
        assertThat(Json.parse(line)).as(line).isInstanceOf(Map.class);
        start = i + 1;
      }
    }
    assertThat(start).isEqualTo(output.length);
  }

  @Test
  void everyLineIsStrictJsonAndEverySkipIsCountedOnEveryPath() {
    ProblemType[] problems = {ProblemType.CB, ProblemType.CCB, ProblemType.SLATES, ProblemType.CA};
    Map<DiagnosticReason, Long> reasons = new EnumMap<>(DiagnosticReason.class);
    long emitted = 0;
    for (int seed = 0; seed < LOGS; seed++) {
      Random random = new Random(seed);
      boolean multistep = seed % 5 == 4;
      byte[] log = multistep ? multistepLog(random) : singleLog(random, problems[seed % 4]);
      List<JoinOptions> paths = multistep
          ? List.of(JoinOptions.defaults().with(JoinFeature.MULTISTEP),
              JoinOptions.defaults().with(JoinFeature.MULTISTEP, JoinFeature.FOR_TRAINING))
          : List.of(JoinOptions.defaults(), JoinOptions.defaults().withThreads(2),
              JoinOptions.defaults().with(JoinFeature.FOR_TRAINING).withThreads(1 + seed % 2));
      for (JoinOptions options : paths) {
        // Outcomes.convert checks the lines (JSON syntax, UTF-8), the accounting and strict mode (with STRICT too).
        Outcomes.Conversion c = Outcomes.convert(log, options);
        strictJson(c.output());
        JoinSummary s = c.summary();
        assertThat(s.interactionsSeen()).as("seed %d, %s", seed, options)
            .isEqualTo(s.emittedTotal() + s.interactionsSkipped());
        emitted += s.emittedTotal();
        s.diagnostics().forEach((reason, n) -> reasons.merge(reason, n, Long::sum));
      }
    }
    // The logs must exercise both outcomes: lines written, and each kind of string refused.
    assertThat(emitted).as("lines written; reasons %s", reasons).isGreaterThan(LOGS);
    assertThat(reasons).as("reasons counted").containsKeys(DiagnosticReason.INVALID_UTF8,
        DiagnosticReason.MALFORMED_EVENT, DiagnosticReason.MALFORMED_INTERACTION, DiagnosticReason.MALFORMED_OUTCOME,
        DiagnosticReason.MALFORMED_DEDUP);
  }
}
