package io.github.vwbinlog.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * {@code DsjsonConverter.line}, one joined event at a time, against the converter's whole output: the same bytes on
 * every joined corpus log, in both modes, also when four threads share one converter (each reuses its own buffer).
 */
class LineTest {

  private static String lines(DsjsonConverter converter, Path log) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Joiner joiner = Joiner.open(log, converter.options())) {
      for (JoinResult r : joiner) {
        try {
          out.write(converter.line(r));
        } catch (IllegalArgumentException refused) {
          // convert writes no line for it either
        }
      }
    }
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String converted(DsjsonConverter converter, Path log) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    converter.convert(log, out);
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void linesOneByOneAreTheConvertersOnEveryCorpusLog() throws Exception {
    List<Path> logs = new ArrayList<>();
    for (Path log : Corpus.joinedLogs()) {
      if (!log.getFileName().toString().startsWith("multistep")) {
        logs.add(log);
      }
    }
    for (JoinOptions options : List.of(JoinOptions.defaults(), JoinOptions.defaults().with(JoinFeature.FOR_TRAINING))) {
      DsjsonConverter converter = DsjsonConverter.of(options);
      for (Path log : logs) {
        assertThat(lines(converter, log)).as(log.toString()).isEqualTo(converted(converter, log));
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<String>> futures = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          for (Path log : logs) {
            futures.add(pool.submit(() -> lines(converter, log)));
          }
        }
        for (int i = 0; i < futures.size(); i++) {
          Path log = logs.get(i % logs.size());
          assertThat(futures.get(i).get()).as(log + " on a shared converter").isEqualTo(converted(converter, log));
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /** A refused line's exception carries the reason, event id and message convert reports, at the message's offset. */
  @Test
  void aRefusedLineSaysWhatConvertReports(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    List<Path> logs = new ArrayList<>(Corpus.joinedLogs());
    logs.add(refusedLines(dir.resolve("refused.log")));
    logs.removeIf(log -> log.getFileName().toString().startsWith("multistep"));
    int refused = 0;
    for (Path log : logs) {
      List<io.github.vwbinlog.Diagnostic> reported = new ArrayList<>();
      JoinOptions options = JoinOptions.defaults().withReadOptions(
          io.github.vwbinlog.ReadOptions.defaults().withListener(reported::add));
      DsjsonConverter.of(options).convert(log, new ByteArrayOutputStream());
      reported.removeIf(d -> !LINE_REASONS.contains(d.reason()));
      List<io.github.vwbinlog.Diagnostic> thrown = new ArrayList<>();
      DsjsonConverter converter = DsjsonConverter.of(JoinOptions.defaults());
      try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
        for (JoinResult r : joiner) {
          try {
            converter.line(r);
          } catch (io.github.vwbinlog.join.LineRefusedException e) {
            thrown.add(e.toDiagnostic(joiner.position().offset()));
          }
        }
      }
      assertThat(thrown).as(log.toString()).isEqualTo(reported);
      refused += thrown.size();
    }
    assertThat(refused).isPositive();
  }

  private static final java.util.Set<io.github.vwbinlog.DiagnosticReason> LINE_REASONS = java.util.EnumSet.of(
      io.github.vwbinlog.DiagnosticReason.NON_FINITE_NUMBER, io.github.vwbinlog.DiagnosticReason.INVALID_CONTEXT,
      io.github.vwbinlog.DiagnosticReason.INVALID_UTF8, io.github.vwbinlog.DiagnosticReason.EMPTY_ACTIONS);

  /**
   * A log of 40 CB events of which convert refuses 28: NaN and infinite probabilities, contexts that are not JSON
   * objects, not valid UTF-8 or empty.
   */
  static Path refusedLines(Path file) throws IOException {
    io.github.vwbinlog.TimeStamp t = io.github.vwbinlog.TimeStamp.of(2026, 11, 24, 10, 0, 0);
    try (io.github.vwbinlog.BinaryLogWriter w = io.github.vwbinlog.BinaryLogWriter.to(file)) {
      w.fileMagic().checkpoint(io.github.vwbinlog.CheckpointInfo.of(io.github.vwbinlog.ProblemType.CB));
      for (int m = 0; m < 4; m++) {
        List<io.github.vwbinlog.event.JoinedEvent> events = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          float p = i % 4 == 1 ? Float.NaN : i == 6 ? Float.POSITIVE_INFINITY : 0.7f;
          java.nio.ByteBuffer context = java.nio.ByteBuffer.wrap(switch (i) {
            case 3 -> "[1, 2]".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            case 7 -> new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, '"', '}'};
            case 8 -> new byte[0];
            default -> ("{\"u\":" + i + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
          });
          io.github.vwbinlog.event.CbEvent cb = new io.github.vwbinlog.event.CbEvent(false, List.of(1L, 2L), context,
              List.of(p, 0.3f), "N/A", io.github.vwbinlog.LearningMode.ONLINE);
          events.add(io.github.vwbinlog.event.JoinedEvent.of(t, new io.github.vwbinlog.event.Event(
              io.github.vwbinlog.event.Metadata.of("e" + m + "-" + i, io.github.vwbinlog.PayloadType.CB), cb)));
        }
        w.regular(events);
      }
    }
    return file;
  }
}
