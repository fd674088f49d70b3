package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every joined log of the conformance corpus, converted: the accounting of SPEC §0 item 4 holds on each, exactly the
 * broken files report ERRORs, and what each invalid file reports is pinned. Strict mode stops at the first ERROR and
 * changes nothing for the others.
 */
@DisplayName("Accounting and errors on every corpus log (SPEC §0 item 4)")
class CorpusAccountingTest {

  /**
   * The files with an ERROR, and why. {@code bad_magic.log} starts with 'VWFC': an unknown message type whose size
   * field is missing, so the input is truncated (SPEC §1); a FILEMAGIC of version 2 is unsupported; a 1-byte Event
   * cannot be a flatbuffer (the corpus README's judgement call 4); a JoinedPayload whose second JoinedEvent lies past
   * its end fails verification.
   */
  private static final Map<String, Map<DiagnosticReason, Long>> ERRORS = Map.of(
      "invalid_joined_logs/bad_event_in_joined_event.log", Map.of(DiagnosticReason.MALFORMED_EVENT, 1L),
      "invalid_joined_logs/bad_magic.log", Map.of(DiagnosticReason.TRUNCATED_INPUT, 1L),
      "invalid_joined_logs/bad_version.log", Map.of(DiagnosticReason.UNSUPPORTED_VERSION, 1L),
      "invalid_joined_logs/corrupt_joined_payload.log", Map.of(DiagnosticReason.MALFORMED_PAYLOAD, 1L));

  /**
   * Everything each file of {@code invalid_joined_logs/} reports, notices included, and how many joined events it
   * still gives. The files without an ERROR are invalid only for VW's learner: conversion writes contexts verbatim, so
   * a dedup reference to a missing id ({@code dedup_payload_missing}) or {@code _slot_id} in a CB context
   * ({@code invalid_cb_context}: still syntactically one JSON object) is not an error of the log (SPEC §4.5, §0 item
   * 3); a log that ends after its header or checkpoint is complete (§1); the rest are notices of what VW ignores.
   */
  private static final Map<String, Expected> INVALID_FOLDER = Map.ofEntries(
      Map.entry("bad_event_in_joined_event.log", new Expected(1, Map.of(DiagnosticReason.MALFORMED_EVENT, 1L))),
      Map.entry("bad_magic.log", new Expected(0, Map.of(DiagnosticReason.TRUNCATED_INPUT, 1L))),
      Map.entry("bad_version.log", new Expected(0, Map.of(DiagnosticReason.UNSUPPORTED_VERSION, 1L))),
      Map.entry("corrupt_joined_payload.log", new Expected(1, Map.of(DiagnosticReason.MALFORMED_PAYLOAD, 1L))),
      Map.entry("dedup_payload_missing.log", new Expected(1, Map.of())),
      Map.entry("empty_msg_hdr.log", new Expected(0, Map.of())),
      Map.entry("incomplete_checkpoint_info.log", new Expected(0, Map.of(DiagnosticReason.PROBLEM_TYPE_MISMATCH, 2L,
          DiagnosticReason.NO_INTERACTION, 2L))),
      Map.entry("interaction_with_no_observation.log", new Expected(2, Map.of())),
      Map.entry("invalid_cb_context.log", new Expected(2, Map.of())),
      Map.entry("no_interaction_but_with_observation.log", new Expected(1,
          Map.of(DiagnosticReason.NO_INTERACTION, 1L))),
      Map.entry("no_msg_hdr.log", new Expected(0, Map.of())),
      Map.entry("one_invalid_msg_type.log", new Expected(1, Map.of(DiagnosticReason.UNKNOWN_MESSAGE_TYPE, 1L))));

  private record Expected(long emitted, Map<DiagnosticReason, Long> diagnostics) {}

  private static final JoinOptions OPTIONS = JoinOptions.defaults()
      .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));

  private static String name(Path log) {
    return Corpus.resolve("files").relativize(log).toString().replace('\\', '/');
  }

  private static JoinSummary convert(Path log, JoinOptions options, ByteArrayOutputStream out) throws IOException {
    return DsjsonConverter.of(options).convert(log, out);
  }

  @TestFactory
  Stream<DynamicTest> everyJoinedLog() {
    List<Path> logs = Corpus.joinedLogs();
    assertThat(logs).hasSizeGreaterThan(90);
    assertThat(logs.stream().map(CorpusAccountingTest::name)).containsAll(ERRORS.keySet());
    return logs.stream().map(log -> DynamicTest.dynamicTest(name(log), () -> {
      JoinSummary s = convert(log, OPTIONS, new ByteArrayOutputStream());
      JoinHarness.assertAccounting(s);
      Map<DiagnosticReason, Long> errors = new java.util.EnumMap<>(DiagnosticReason.class);
      s.diagnostics().forEach((reason, count) -> {
        if (reason.severity() == io.github.vwbinlog.Severity.ERROR) {
          errors.put(reason, count);
        }
      });
      assertThat(errors).as("the ERRORs of %s", name(log)).isEqualTo(ERRORS.getOrDefault(name(log), Map.of()));
      assertThat(s.errors()).isEqualTo(errors.values().stream().mapToLong(Long::longValue).sum());
    }));
  }

  @TestFactory
  Stream<DynamicTest> invalidJoinedLogsReportWhatIsWrong() {
    List<Path> invalid = Corpus.joinedLogs().stream().filter(p -> name(p).startsWith("invalid_joined_logs/")).toList();
    assertThat(invalid.stream().map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(
        INVALID_FOLDER.keySet());
    return invalid.stream().map(log -> DynamicTest.dynamicTest(name(log), () -> {
      Expected expected = INVALID_FOLDER.get(log.getFileName().toString());
      JoinSummary s = convert(log, OPTIONS, new ByteArrayOutputStream());
      assertThat(s.diagnostics()).isEqualTo(expected.diagnostics());
      assertThat(s.emittedTotal()).isEqualTo(expected.emitted());
    }));
  }

  @TestFactory
  Stream<DynamicTest> strictModeThrowsAtTheFirstError() {
    return ERRORS.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> DynamicTest.dynamicTest(
        e.getKey(), () -> {
          Path log = Corpus.resolve("files/" + e.getKey());
          DiagnosticReason reason = e.getValue().keySet().iterator().next();
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          assertThatThrownBy(() -> convert(log, OPTIONS.with(JoinFeature.STRICT), out))
              .isInstanceOfSatisfying(BinaryLogException.class, x -> assertThat(x.reason()).isEqualTo(reason));
          List<JoinResult> joined = new ArrayList<>();
          assertThatThrownBy(() -> {
            try (Joiner joiner = Joiner.open(log, OPTIONS.with(JoinFeature.STRICT))) {
              joiner.forEach(joined::add);
            }
          }).isInstanceOfSatisfying(BinaryLogException.class, x -> assertThat(x.reason()).isEqualTo(reason));
        }));
  }

  @Test
  void strictModeStopsBeforeTheEventsAfterTheError() throws IOException {
    // corrupt_joined_payload.log: REGULAR 1 fails verification, REGULAR 2 holds a valid event. Lenient conversion
    // writes that event; strict conversion stops at REGULAR 1 and writes nothing.
    Path log = Corpus.resolve("files/invalid_joined_logs/corrupt_joined_payload.log");
    ByteArrayOutputStream lenient = new ByteArrayOutputStream();
    assertThat(convert(log, OPTIONS, lenient).emittedTotal()).isEqualTo(1);
    assertThat(lenient.toString()).contains("\"EventId\":\"75d50657\"");
    ByteArrayOutputStream strict = new ByteArrayOutputStream();
    assertThatThrownBy(() -> convert(log, OPTIONS.with(JoinFeature.STRICT), strict))
        .isInstanceOf(BinaryLogException.class).hasMessageContaining("160");
    assertThat(strict.size()).isZero();
  }

  @TestFactory
  Stream<DynamicTest> strictModeConvertsValidFilesUnchanged() {
    return Corpus.joinedLogs().stream().filter(p -> !ERRORS.containsKey(name(p))).map(log -> DynamicTest.dynamicTest(
        name(log), () -> {
          ByteArrayOutputStream lenient = new ByteArrayOutputStream();
          JoinSummary expected = convert(log, OPTIONS, lenient);
          ByteArrayOutputStream strict = new ByteArrayOutputStream();
          JoinSummary actual = convert(log, OPTIONS.with(JoinFeature.STRICT), strict);
          assertThat(strict.toByteArray()).isEqualTo(lenient.toByteArray());
          assertThat(actual).isEqualTo(expected);
        }));
  }

  /**
   * A joiner or converter given a reader counts what the reader reports itself (the unknown message type, the bad
   * magic, the bad version), as one that opens the file does; those diagnostics go to the reader's listener.
   */
  @TestFactory
  Stream<DynamicTest> aReaderGivenByTheCallerIsCountedLikeAnOpenedFile() {
    return Corpus.joinedLogs().stream().filter(p -> name(p).startsWith("invalid_joined_logs/")).map(log ->
        DynamicTest.dynamicTest(name(log), () -> {
          JoinSummary opened;
          try (Joiner joiner = Joiner.open(log, OPTIONS)) {
            joiner.forEach(r -> { });
            opened = joiner.summary();
          }
          for (int threads : new int[] {1, 2}) {
            List<Diagnostic> readerHeard = new ArrayList<>();
            ReadOptions readerOptions = ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(readerHeard::add);
            JoinSummary given;
            try (Joiner joiner = Joiner.of(BinaryLogReader.open(log, readerOptions), OPTIONS)) {
              joiner.forEach(r -> { });
              given = joiner.summary();
            }
            assertThat(given).as("Joiner.of").isEqualTo(opened);
            try (BinaryLogReader reader = BinaryLogReader.open(log, readerOptions)) {
              JoinSummary converted = DsjsonConverter.of(OPTIONS.withThreads(threads))
                  .convert(reader, new ByteArrayOutputStream());
              assertThat(converted.diagnostics()).as("convert(reader), %d threads", threads)
                  .isEqualTo(opened.diagnostics());
            }
            assertThat(readerHeard).as("what the reader reported itself")
                .allMatch(d -> opened.diagnostics().containsKey(d.reason()));
          }
        }));
  }
}
