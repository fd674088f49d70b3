package io.github.vwbinlog.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.UnsupportedVersionException;
import io.github.vwbinlog.core.testing.ReadResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The {@code parse_error} cases of the conformance corpus (VW's {@code test_vw_binary_parser.cc}), one test per case
 * id, at the framing level only: which messages are read, in which order and with which sizes; the unknown message
 * that is skipped; where and why reading fails. What the joiner must still produce from these files
 * ({@code produced_multi_examples}, {@code total_vw_examples}, labels) belongs to the joining issue and is not
 * asserted here.
 */
@DisplayName("conformance: parse_error cases (SPEC §1)")
class ParseErrorCasesTest {

  /** One step of a file's message walk: a message, the clean end of the input, or the error that ended reading. */
  record Entry(String what, long offset, long value, @Nullable BinaryLogException error) {
    static Entry of(Message m) {
      long value = m instanceof Message.FileMagic f ? f.version() : m.payloadSize();
      return new Entry(m.typeName(), m.offset(), value, null);
    }

    boolean isMessage() {
      return error == null && !what.equals("END_OF_DATA");
    }

    @Override
    public String toString() {
      if (error != null) {
        return "ERROR " + error.getClass().getSimpleName() + " at " + offset + " (" + error.messageType() + ", "
            + error.reading() + ")";
      }
      return what.equals("END_OF_DATA") ? what : what + " " + value + " at " + offset;
    }
  }

  /** The message walk of a file, unknown messages included, ending in END_OF_DATA, EOF or an ERROR entry. */
  static List<Entry> walk(Path file) {
    ReadResult result;
    try {
      result = ReadResult.readAll(BinaryLogReader.open(file,
          ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Entry> entries = new ArrayList<>();
    result.messages().forEach(m -> entries.add(Entry.of(m)));
    BinaryLogException error = result.error();
    if (error != null) {
      entries.add(new Entry("ERROR", error.offset(), 0, error));
    } else if (entries.isEmpty() || !entries.get(entries.size() - 1).what().equals("EOF")) {
      entries.add(new Entry("END_OF_DATA", -1, 0, null));
    }
    return entries;
  }

  @TestFactory
  Stream<DynamicTest> parseErrorCases() {
    List<Corpus.Case> cases = Corpus.cases("parse_error");
    assertThat(cases).as("parse_error cases in cases.json").hasSize(10);
    return cases.stream().map(c -> DynamicTest.dynamicTest(
        c.id() + " [framing level only; joining expectations are a later issue]",
        c.input().toUri(),
        () -> check(c)));
  }

  private void check(Corpus.Case c) {
    List<Entry> walk = walk(c.input());
    Map<String, @Nullable Object> expect = c.expect();
    if (expect.get("steps") != null) {
      checkSteps(Json.array(expect.get("steps")), walk);
    }
    Object messageWalk = c.implied().get("message_walk");
    if (messageWalk != null) {
      checkMessageWalk(Json.array(messageWalk), walk);
    }
    if (expect.get("skipped_messages") != null) {
      checkSkippedMessages(c.input(), Json.array(expect.get("skipped_messages")), walk);
    }
  }

  /** The C++ test's own assertions: its low-level reads, in order. */
  private static void checkSteps(List<@Nullable Object> steps, List<Entry> walk) {
    int i = 0;
    for (Object s : steps) {
      Map<String, @Nullable Object> step = Json.object(s);
      String op = (String) step.get("op");
      boolean ok = Boolean.TRUE.equals(step.get("ok"));
      String where = "step " + step + " against walk " + walk;
      assertThat(i).as(where).isLessThan(walk.size());
      Entry entry = walk.get(i);
      switch (op) {
        case "read_message_type" -> {
          assertThat(ok).as(where).isTrue();
          checkType(step, entry, where);
        }
        case "read_version" -> {
          assertThat(entry.what()).as(where).isEqualTo("FILEMAGIC");
          if (ok) {
            assertThat(entry.value()).as(where).isEqualTo(1);
            i++;
          } else {
            Matcher m = Pattern.compile("version field is (\\d+)").matcher((String) step.get("reason"));
            assertThat(m.find()).as(where).isTrue();
            assertThat(entry.value()).as(where).isEqualTo(Long.parseLong(m.group(1)));
            assertThat(walk.get(i + 1).error()).as(where).isInstanceOf(UnsupportedVersionException.class);
            i += 2;
          }
        }
        case "read_header", "read_checkpoint", "read_regular" -> {
          if (ok) {
            String type = op.substring("read_".length()).toUpperCase(java.util.Locale.ROOT);
            assertThat(entry.what()).as(where).isEqualTo(type);
            checkSize(step, entry, where);
            i++;
          } else {
            // VW's test reads a header where no bytes are left; the reader sees the clean end of the input.
            assertThat(entry.what()).as(where).isEqualTo("END_OF_DATA");
          }
        }
        case "skip_unknown_payload" -> {
          assertThat(ok).as(where).isTrue();
          assertThat(entry.what()).as(where).startsWith("UNKNOWN(");
          checkSize(step, entry, where);
          i++;
        }
        default -> fail("unknown step op " + op);
      }
    }
  }

  private static void checkType(Map<String, @Nullable Object> step, Entry entry, String where) {
    // The type may belong to a message that could not be read further: the error then names it.
    BinaryLogException error = entry.error();
    String typeName = error == null ? entry.what()
        : error.messageType() == null ? null : MessageType.describe((int) error.messageTypeCode());
    assertThat(typeName).as(where).isNotNull();
    Object type = step.get("type");
    if (type != null) {
      assertThat(typeName).as(where).isEqualTo(type);
    }
    Object typeIsNot = step.get("type_is_not");
    if (typeIsNot != null) {
      List<Object> excluded = typeIsNot instanceof List<?> l ? List.copyOf(l) : List.of(typeIsNot);
      assertThat(typeName).as(where).isNotIn(excluded);
    }
    Object actual = step.get("actual_type");
    if (actual != null) {
      int code = Integer.parseUnsignedInt(((String) actual).substring(2), 16);
      assertThat(typeName).as(where).isEqualTo(MessageType.describe(code));
    }
  }

  private static void checkSize(Map<String, @Nullable Object> step, Entry entry, String where) {
    Object size = step.get("payload_size");
    if (size != null) {
      assertThat(entry.value()).as(where).isEqualTo(((Number) size).longValue());
    }
  }

  private static final Pattern UNKNOWN_SKIPPED = Pattern.compile("unknown message type skipped: (UNKNOWN\\(0x\\p{XDigit}{8}\\))");
  private static final Pattern BAD_VERSION = Pattern.compile("bad version (\\d+)");
  private static final Pattern TRUNCATED_SIZE = Pattern.compile("read error: truncated size field at offset (\\d+)");

  /** The walk the corpus computed with its model of the reference (implied, not asserted by the C++ test). */
  private static void checkMessageWalk(List<@Nullable Object> expected, List<Entry> walk) {
    List<String> want = new ArrayList<>();
    for (Object o : expected) {
      String step = (String) o;
      Matcher m;
      if (step.equals("FILEMAGIC v1")) {
        want.add("FILEMAGIC 1");
      } else if (step.equals("EOF") || step.equals("END_OF_DATA") || step.equals("HEADER")) {
        want.add(step);
      } else if (step.startsWith("CHECKPOINT ") || step.startsWith("REGULAR ")) {
        want.add(step.substring(0, step.indexOf(' ')));
      } else if ((m = UNKNOWN_SKIPPED.matcher(step)).matches()) {
        want.add(m.group(1).toUpperCase(java.util.Locale.ROOT).replace("0X", "0x"));
      } else if ((m = BAD_VERSION.matcher(step)).matches()) {
        want.add("FILEMAGIC " + m.group(1));
        want.add("ERROR UnsupportedVersionException");
      } else if ((m = TRUNCATED_SIZE.matcher(step)).matches()) {
        want.add("ERROR TruncatedInputException at " + m.group(1) + ": the payload size");
      } else {
        fail("message_walk entry not understood: " + step);
      }
    }
    List<String> got = walk.stream().map(e -> {
      if (e.error() instanceof TruncatedInputException t) {
        return "ERROR TruncatedInputException at " + t.offset() + ": " + t.reading();
      }
      if (e.error() != null) {
        return "ERROR " + e.error().getClass().getSimpleName();
      }
      if (e.what().equals("FILEMAGIC")) {
        return "FILEMAGIC " + e.value();
      }
      return e.what();
    }).toList();
    assertThat(got).as("message walk " + walk).containsExactlyElementsOf(want);
  }

  private static final Pattern SKIPPED_UNKNOWN = Pattern.compile("unknown type 0x(\\p{XDigit}{8}) at offset (\\d+)");
  private static final Pattern SKIPPED_REGULAR = Pattern.compile("REGULAR #\\d+ \\(offset (\\d+)\\): .*");

  /**
   * The messages the case says are skipped. An unknown type is skipped by the framing, and reported; a REGULAR whose
   * payload fails verification is skipped by the joiner, so here it only has to be framed as a REGULAR at that offset.
   */
  private static void checkSkippedMessages(Path file, List<@Nullable Object> skipped, List<Entry> walk) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    try {
      ReadResult.readAll(BinaryLogReader.open(file, ReadOptions.defaults().withListener(diagnostics::add)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Object o : skipped) {
      String s = (String) o;
      Matcher m;
      if ((m = SKIPPED_UNKNOWN.matcher(s)).matches()) {
        long offset = Long.parseLong(m.group(2));
        String name = MessageType.describe(Integer.parseUnsignedInt(m.group(1), 16));
        assertThat(diagnostics).as(s).anySatisfy(d -> {
          assertThat(d.reason()).isEqualTo(DiagnosticReason.UNKNOWN_MESSAGE_TYPE);
          assertThat(d.offset()).isEqualTo(offset);
          assertThat(d.message()).contains(name);
        });
      } else if ((m = SKIPPED_REGULAR.matcher(s)).matches()) {
        long offset = Long.parseLong(m.group(1));
        assertThat(walk).as(s).anySatisfy(e -> {
          assertThat(e.what()).isEqualTo("REGULAR");
          assertThat(e.offset()).isEqualTo(offset);
        });
      } else {
        fail("skipped_messages entry not understood: " + s);
      }
    }
  }

  @Test
  @DisplayName("the corpus is read in place from the shared folder")
  void corpusIsReadInPlace() {
    assertThat(Corpus.root()).isDirectory();
    assertThat(Files.isRegularFile(Corpus.resolve("cases.json"))).isTrue();
    assertThat(Corpus.cases()).isNotEmpty().extracting(Corpus.Case::id).doesNotHaveDuplicates();
    assertThat(Corpus.joinedLogs()).hasSizeGreaterThan(60)
        .allSatisfy(p -> assertThat(p.toString()).doesNotContain("fb_events", "reward_functions/", "client_time/"));
  }
}
