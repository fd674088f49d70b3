package io.github.vwbinlog.core.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every line VW's converter wrote in the conformance corpus ({@code reference/**} and {@code expected/*}, SPEC §8.4):
 * the joined event is rebuilt from the line's own content (ids, actions, probabilities, outcomes, costs, context
 * bytes, time, model, pdrop, skip-learn, baseline) and written again, which must give the same bytes. This pins key
 * order, conditional keys and number text on all 349 real lines of every type; the fields the writer derives
 * ({@code _label_probability}, {@code _labelIndex}, {@code pdrop}, {@code Index}) are not copied but recomputed.
 */
class DsjsonWriterReferenceTest {
  private static final int CORPUS_LINES = 349;

  static Stream<Path> corpusFiles() throws IOException {
    Path root = Corpus.root();
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("reference", "expected")) {
      try (Stream<Path> walk = Files.walk(root.resolve(dir))) {
        walk.filter(p -> p.toString().endsWith(".dsjson")).sorted().forEach(files::add);
      }
    }
    return files.stream();
  }

  @Test
  void theCorpusIsWhereExpected() throws IOException {
    int lines = 0;
    for (Path f : (Iterable<Path>) corpusFiles()::iterator) {
      lines += DsjsonWriterTest.expectedLines(Corpus.root().relativize(f)
          .toString()).size();
    }
    assertThat(lines).isEqualTo(CORPUS_LINES);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void everyLineIsRewrittenByteForByte(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    boolean multistep = file.getFileName().toString().contains("multistep");
    DsjsonWriter writer = new DsjsonWriter();
    String[] lines = text.isEmpty() ? new String[0] : text.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      JoinResult r = rebuild(line, multistep);
      JsonBytes out = new JsonBytes();
      assertThat(writer.write(r, out)).as("rejection of line %d", i + 1).isNull();
      assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).as("line %d of %s", i + 1, file)
          .isEqualTo(line + "\n");
    }
  }

  // ------------------------------------------------------------------------------------------ rebuilding events

  @SuppressWarnings("unchecked")
  static JoinResult rebuild(String line, boolean multistep) {
    Map<String, Object> o = (Map<String, Object>) new Reader(line).value();
    TimeStamp t = timestamp((String) o.get("Timestamp"));
    boolean learnable = !o.containsKey("_skipLearn");
    String model = (String) ((Map<String, Object>) o.get("VWState")).get("m");
    float pass = o.containsKey("pdrop") ? 1f - f(o.get("pdrop")) : 1f;
    ByteBuffer context = ByteBuffer.wrap(((Raw) o.get("c")).text.getBytes(StandardCharsets.UTF_8));
    String id = (String) o.getOrDefault("EventId", "");
    if (o.containsKey("_label_ca")) {
      Map<String, Object> label = (Map<String, Object>) o.get("_label_ca");
      CaEvent ca = new CaEvent(!learnable, f(label.get("action")), context, f(label.get("pdf_value")), model,
          LearningMode.ONLINE);
      float reward = -f(label.get("cost"));
      return new JoinResult(interaction(t, id, PayloadType.CA, pass, ca), t, List.of(), List.of(), List.of(reward),
          List.of(reward), learnable);
    }
    if (o.containsKey("_label_Action")) {
      List<Long> actions = longs(o.get("a"));
      List<Float> probabilities = floats(o.get("p"));
      List<JoinedEvent> outcomes = outcomes((List<Object>) o.get("o"), t);
      EventPayload payload;
      String joinId = id;
      PayloadType type = PayloadType.CB;
      if (multistep) {
        // The line's EventId is the step id; the outcomes carry the episode id, the join key.
        joinId = outcomes.isEmpty() ? "episode" : outcomes.get(0).id();
        type = PayloadType.MULTI_STEP;
        payload = new MultiStepEvent(id, null, actions, context, probabilities, model, !learnable);
      } else {
        payload = new CbEvent(!learnable, actions, context, probabilities, model, LearningMode.ONLINE);
      }
      return new JoinResult(interaction(t, joinId, type, pass, payload), t, outcomes, List.of(),
          List.of(-f(o.get("_label_cost"))), List.of(-f(o.get("_original_label_cost"))), learnable);
    }
    List<Object> slotObjects = (List<Object>) o.get("_outcomes");
    List<SlotEvent> slots = new ArrayList<>();
    List<Integer> baseline = new ArrayList<>();
    for (Object b : (List<Object>) o.getOrDefault("_ba", List.of())) {
      baseline.add((int) Long.parseLong(((Num) b).text));
    }
    if (o.containsKey("o")) {
      for (Object s : slotObjects) {
        Map<String, Object> slot = (Map<String, Object>) s;
        slots.add(SlotEvent.of(null, longs(slot.get("_a")), floats(slot.get("_p"))));
      }
      MultiSlotEvent decision = new MultiSlotEvent(context, slots, model, !learnable, baseline, LearningMode.ONLINE);
      float reward = -f(o.get("_label_cost"));
      return new JoinResult(interaction(t, id, PayloadType.SLATES, pass, decision), t,
          outcomes((List<Object>) o.get("o"), t), List.of(), List.of(reward), List.of(reward), learnable);
    }
    List<Float> rewards = new ArrayList<>();
    List<Float> originals = new ArrayList<>();
    List<List<JoinedEvent>> slotOutcomes = new ArrayList<>();
    List<JoinedEvent> all = new ArrayList<>();
    for (Object s : slotObjects) {
      Map<String, Object> slot = (Map<String, Object>) s;
      String slotId = (String) slot.get("_id");
      // A slot id equal to the event id is written the same whether it is present or absent: use the fallback.
      slots.add(SlotEvent.of(slotId.equals(id) ? null : slotId, longs(slot.get("_a")), floats(slot.get("_p"))));
      rewards.add(-f(slot.get("_label_cost")));
      originals.add(-f(slot.get("_original_label_cost")));
      List<JoinedEvent> mapped = outcomes((List<Object>) slot.getOrDefault("_o", List.of()), t);
      slotOutcomes.add(mapped);
      all.addAll(mapped);
    }
    MultiSlotEvent decision = new MultiSlotEvent(context, slots, model, !learnable, baseline, LearningMode.ONLINE);
    return new JoinResult(interaction(t, id, PayloadType.CCB, pass, decision), t, all, slotOutcomes, rewards,
        originals, learnable);
  }

  static JoinedEvent interaction(TimeStamp t, String id, PayloadType type, float pass, EventPayload payload) {
    return JoinedEvent.of(t, new Event(Metadata.of(id, type).withPassProbability(pass), payload));
  }

  @SuppressWarnings("unchecked")
  static List<JoinedEvent> outcomes(List<Object> entries, TimeStamp t) {
    List<JoinedEvent> outcomes = new ArrayList<>();
    for (Object e : entries) {
      Map<String, Object> entry = (Map<String, Object>) e;
      boolean taken = (Boolean) entry.get("ActionTaken");
      OutcomeEvent outcome = taken ? OutcomeEvent.activation() : OutcomeEvent.numeric(f(entry.get("v")));
      if (entry.containsKey("Index")) {
        String index = (String) entry.get("Index");
        outcome = index.matches("-?[0-9]+") ? outcome.withIndex(Integer.parseInt(index)) : outcome.withSlotId(index);
      }
      outcomes.add(JoinedEvent.of(t, new Event(Metadata.of((String) entry.get("EventId"), PayloadType.OUTCOME),
          outcome)));
    }
    return outcomes;
  }

  /** Parses "YYYY-MM-DDTHH:MM:SS.000000Z". */
  static TimeStamp timestamp(String s) {
    assertThat(s).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.000000Z");
    return TimeStamp.of(Integer.parseInt(s.substring(0, 4)), Integer.parseInt(s.substring(5, 7)),
        Integer.parseInt(s.substring(8, 10)), Integer.parseInt(s.substring(11, 13)),
        Integer.parseInt(s.substring(14, 16)), Integer.parseInt(s.substring(17, 19)));
  }

  /** A number of the line as the binary32 it was widened from (RapidJSON's text parses back to that double). */
  static float f(Object number) {
    double d = Double.parseDouble(((Num) number).text);
    float f = (float) d;
    assertThat((double) f).as("%s is a widened float", number).isEqualTo(d);
    return f;
  }

  @SuppressWarnings("unchecked")
  static List<Float> floats(Object array) {
    List<Float> out = new ArrayList<>();
    for (Object n : (List<Object>) array) {
      out.add(f(n));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static List<Long> longs(Object array) {
    List<Long> out = new ArrayList<>();
    for (Object n : (List<Object>) array) {
      out.add(Long.parseLong(((Num) n).text));
    }
    return out;
  }

  // ------------------------------------------------------------------------------- a small JSON reader for tests

  /** A number, kept as its text. */
  record Num(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** The exact text of a value (used for the context {@code c}, which must come back byte for byte). */
  record Raw(String text) {}

  /**
   * Reads the JSON of one line into maps (in key order), lists, strings, {@link Num}, booleans and null; the value of
   * every key {@code c} is kept as {@link Raw} text.
   */
  static final class Reader {
    private final String s;
    private int i;

    Reader(String s) {
      this.s = s;
    }

    Object value() {
      skip();
      char c = s.charAt(i);
      switch (c) {
        case '{':
          return object();
        case '[':
          return array();
        case '"':
          return string();
        case 't':
          i += 4;
          return Boolean.TRUE;
        case 'f':
          i += 5;
          return Boolean.FALSE;
        case 'n':
          i += 4;
          return "null";
        default:
          int start = i;
          while (i < s.length() && "+-.eE0123456789".indexOf(s.charAt(i)) >= 0) {
            i++;
          }
          assertThat(i).as("number at %d", start).isGreaterThan(start);
          return new Num(s.substring(start, i));
      }
    }

    private Map<String, Object> object() {
      Map<String, Object> map = new LinkedHashMap<>();
      i++;
      skip();
      if (s.charAt(i) == '}') {
        i++;
        return map;
      }
      while (true) {
        skip();
        String key = string();
        skip();
        expect(':');
        skip();
        int start = i;
        Object v = value();
        assertThat(map.put(key, key.equals("c") ? new Raw(s.substring(start, i)) : v)).as("duplicate " + key).isNull();
        skip();
        if (s.charAt(i) == ',') {
          i++;
          continue;
        }
        expect('}');
        return map;
      }
    }

    private List<Object> array() {
      List<Object> list = new ArrayList<>();
      i++;
      skip();
      if (s.charAt(i) == ']') {
        i++;
        return list;
      }
      while (true) {
        list.add(value());
        skip();
        if (s.charAt(i) == ',') {
          i++;
          continue;
        }
        expect(']');
        return list;
      }
    }

    private String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') {
          return b.toString();
        }
        if (c != '\\') {
          b.append(c);
          continue;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'b' -> b.append('\b');
          case 't' -> b.append('\t');
          case 'n' -> b.append('\n');
          case 'f' -> b.append('\f');
          case 'r' -> b.append('\r');
          case 'u' -> {
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
          }
          default -> b.append(e);
        }
      }
    }

    private void expect(char c) {
      assertThat(s.charAt(i)).as("character %d of %s", i, s).isEqualTo(c);
      i++;
    }

    private void skip() {
      while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
    }
  }
}
