package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.run.DsjsonParts;
import io.github.vwbinlog.core.run.JoinRun;
import io.github.vwbinlog.core.run.ParallelJoin;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A join in parts against one thread, for both of its sinks: parallel conversion gives the same bytes, summary and
 * diagnostics (in order), and {@code Joiner.collect} the same records (in order), summary and diagnostics, on every
 * joined log of the conformance corpus and on random writer-made logs, with parts as small as one message so that
 * every boundary is crossed, and through the public option.
 */
class ParallelJoinTest {
  @TempDir
  Path dir;

  record Run(byte[] output, JoinSummary summary, List<Diagnostic> diagnostics) {}

  static Run sequential(Path log, JoinOptions options) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary summary = DsjsonConverter.of(o).convert(log, out);
    return new Run(out.toByteArray(), summary, diagnostics);
  }

  static int rejoined;

  static Run parallel(Path log, JoinOptions options, int threads, long partBytes) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add))
        .withThreads(threads);
    JoinCounters counters = new JoinCounters(diagnostics::add, false);
    List<Diagnostic> notices = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ZstdContexts zstd = new ZstdContexts(threads);
        BinaryLogReader reader = BinaryLogReader.open(log, o.readOptions().withListener(notices::add))) {
      ParallelJoin<?> conversion = new ParallelJoin<>(o, counters, zstd, partBytes, new DsjsonParts(o, out));
      conversion.run(reader.iterator(), notices);
      rejoined += conversion.rejoined();
      assertThat(zstd.idle()).as("zstd contexts kept").isLessThanOrEqualTo(threads);
    }
    return new Run(out.toByteArray(), counters.summary(), diagnostics);
  }

  static Run publicParallel(Path log, JoinOptions options, int threads) throws IOException {
    return sequential(log, options.withThreads(threads));
  }

  private static void assertSame(Run expected, Run actual, Object what) {
    assertThat(actual.output()).as("output of %s", what).isEqualTo(expected.output());
    assertThat(actual.summary()).as("summary of %s", what).isEqualTo(expected.summary());
    assertThat(actual.diagnostics()).as("diagnostics of %s", what).isEqualTo(expected.diagnostics());
  }

  record Records(List<JoinResult> results, JoinSummary summary, List<Diagnostic> diagnostics) {}

  /** The records of one joiner on the calling thread, as {@code Joiner.open} yields them. */
  static Records iterated(Path log, JoinOptions options) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add));
    try (Joiner joiner = Joiner.open(log, o)) {
      List<JoinResult> results = joiner.stream().toList();
      return new Records(results, joiner.summary(), diagnostics);
    }
  }

  /** The records of {@code Joiner.collect} on {@code threads} threads, in parts of {@code partBytes} (0: the default). */
  static Records collected(Path log, JoinOptions options, int threads, long partBytes) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    JoinOptions o = options.withReadOptions(options.readOptions().withListener(diagnostics::add))
        .withThreads(threads);
    Joiner.Collected<List<JoinResult>> c = partBytes == 0 ? Joiner.collect(log, o, Collectors.toList())
        : JoinRun.collect(log, o, Collectors.toList(), partBytes);
    return new Records(c.result(), c.summary(), diagnostics);
  }

  private static void assertSame(Records expected, Records actual, Object what) {
    assertThat(actual.results()).as("records of %s", what).isEqualTo(expected.results());
    assertThat(actual.summary()).as("summary of %s", what).isEqualTo(expected.summary());
    assertThat(actual.diagnostics()).as("diagnostics of %s", what).isEqualTo(expected.diagnostics());
  }

  @Test
  void everyCorpusLogConvertsTheSameInParallel() throws IOException {
    List<JoinOptions> variants = List.of(JoinOptions.defaults(),
        JoinOptions.defaults().withProblemType(ProblemType.CB),
        JoinOptions.defaults().withProblemType(ProblemType.CCB),
        JoinOptions.defaults().withProblemType(ProblemType.SLATES),
        JoinOptions.defaults().withProblemType(ProblemType.CA).with(JoinFeature.CLIENT_TIME));
    int logs = 0;
    for (Path log : Corpus.joinedLogs()) {
      logs++;
      for (JoinOptions options : variants) {
        Run one = sequential(log, options);
        assertSame(one, parallel(log, options, 3, 1), log + " " + options + " (one message per part)");
        assertSame(one, parallel(log, options, 2, 300), log + " " + options + " (small parts)");
        assertSame(one, publicParallel(log, options, 2), log + " " + options + " (withThreads)");
        Records records = iterated(log, options);
        assertSame(records, collected(log, options, 3, 1), log + " " + options + " (records, one message per part)");
        assertSame(records, collected(log, options, 2, 300), log + " " + options + " (records, small parts)");
        assertSame(records, collected(log, options, 2, 0), log + " " + options + " (records, Joiner.collect)");
      }
    }
    assertThat(logs).isGreaterThan(10);
  }

  @Test
  void randomLogsConvertTheSameInParallel() throws IOException {
    for (int seed = 0; seed < 150; seed++) {
      Random random = new Random(seed);
      Path log = ViewRecordEquivalenceTest.CleanLogs.write(dir.resolve("random-" + seed + ".log"), random);
      JoinOptions options = ViewRecordEquivalenceTest.CleanLogs.options(random);
      Run one = sequential(log, options);
      assertSame(one, parallel(log, options, 1 + random.nextInt(3), random.nextInt(3000)), "seed " + seed);
      assertSame(iterated(log, options), collected(log, options, 1 + random.nextInt(3), 1 + random.nextInt(3000)),
          "records, seed " + seed);
      Files.delete(log);
    }
  }

  @Test
  void randomEdgeLogsConvertTheSameInParallel() throws IOException {
    // RandomEvents' edge cases: mostly events the record path rejects, in any order, with any checkpoints.
    for (int seed = 0; seed < 150; seed++) {
      RandomEvents gen = new RandomEvents(new Random(seed));
      Path log = gen.edgeLog(dir.resolve("edge-" + seed + ".log"));
      JoinOptions options = JoinOptions.defaults().withProblemType(ProblemType.CB);
      assertSame(sequential(log, options), parallel(log, options, 2, 1), "edge seed " + seed);
      assertSame(sequential(log, JoinOptions.defaults()), parallel(log, JoinOptions.defaults(), 2, 1),
          "edge seed " + seed + " (checkpoints)");
      assertSame(iterated(log, options), collected(log, options, 2, 1), "records, edge seed " + seed);
      assertSame(iterated(log, JoinOptions.defaults()), collected(log, JoinOptions.defaults(), 2, 1),
          "records, edge seed " + seed + " (checkpoints)");
    }
  }

  /**
   * The dedup cache crosses parts: a DedupInfo value that is not JSON fails unless its id is cached, perhaps by an
   * earlier part. Such parts are converted again with the whole log's cache.
   */
  @Test
  void dedupAcrossPartsIsExact() throws IOException {
    rejoined = 0;
    for (int seed = 0; seed < 60; seed++) {
      Random random = new Random(seed);
      Path log = dir.resolve("dedup-" + seed + ".log");
      TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
      try (BinaryLogWriter writer = BinaryLogWriter.to(log)) {
        writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB));
        for (int m = 0; m < 20; m++) {
          List<JoinedEvent> events = new ArrayList<>();
          List<Long> ids = new ArrayList<>();
          List<String> values = new ArrayList<>();
          for (int k = random.nextInt(4); k > 0; k--) {
            ids.add((long) random.nextInt(5));
            values.add(random.nextInt(3) == 0 ? "broken" : "{\"x\":1}");
          }
          events.add(JoinedEvent.of(t, new Event(Metadata.of("d" + m, PayloadType.DEDUP_INFO),
              new DedupInfo(ids, values))));
          for (int i = 0; i < 3; i++) {
            String id = m + "-" + i;
            events.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.CB),
                CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f), "{\"a\":" + i + "}"))));
            events.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.OUTCOME),
                OutcomeEvent.numeric(random.nextFloat()))));
          }
          writer.regular(events);
        }
      }
      Run one = sequential(log, JoinOptions.defaults());
      assertSame(one, parallel(log, JoinOptions.defaults(), 2, 1), "dedup seed " + seed);
      assertSame(one, parallel(log, JoinOptions.defaults(), 3, 500), "dedup seed " + seed + " (small parts)");
      Records records = iterated(log, JoinOptions.defaults());
      assertSame(records, collected(log, JoinOptions.defaults(), 2, 1), "records, dedup seed " + seed);
      assertSame(records, collected(log, JoinOptions.defaults(), 3, 500), "records, dedup seed " + seed + " (small)");
    }
    assertThat(rejoined).as("parts converted again").isGreaterThan(0);
  }
}
