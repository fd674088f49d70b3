package io.github.vwbinlog.core.convert;

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
}
