package io.github.vwbinlog.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Joiner.collect} beyond what {@code ParallelJoinTest} compares: the modes that join on the calling thread, an
 * empty log, a collector that throws, and a collector whose parts are combined (a count and a joined string, which
 * only the log order gives).
 */
class JoinRunTest {
  private static final Path CB = Corpus.resolve("files/valid_joined_logs/cb_simple.log");
  private static final Path CORRUPT = Corpus.resolve("files/invalid_joined_logs/corrupt_joined_payload.log");
  private static final Path MULTISTEP = Corpus.resolve("files/valid_joined_logs/multistep_3_deferred_episodes.fb");
  private static final Path AVERAGE = Corpus.resolve("files/valid_joined_logs/average_reward_100_interactions.fb");

  @TempDir
  Path dir;

  private static List<JoinResult> iterated(Path log, JoinOptions options) throws IOException {
    try (Joiner joiner = Joiner.open(log, options)) {
      return joiner.stream().toList();
    }
  }

  @Test
  void multistepJoinsOnTheCallingThreadAsTheJoinerDoes() throws IOException {
    JoinOptions options = JoinOptions.defaults().with(JoinFeature.MULTISTEP).withThreads(2);
    List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    Joiner.Collected<List<JoinResult>> c = Joiner.collect(MULTISTEP, options,
        Collectors.mapping(r -> {
          threads.add(Thread.currentThread().getName());
          return r;
        }, Collectors.toList()));
    assertThat(c.result()).isNotEmpty().isEqualTo(iterated(MULTISTEP, options));
    assertThat(threads).containsOnly(Thread.currentThread().getName());
  }

  @Test
  void strictThrowsTheJoinersErrorWhateverTheThreads() {
    JoinOptions strict = JoinOptions.defaults().with(JoinFeature.STRICT).withThreads(2);
    assertThatThrownBy(() -> Joiner.collect(CORRUPT, strict, Collectors.counting()))
        .isInstanceOf(BinaryLogException.class)
        .hasMessageContaining("offset");
  }

  @Test
  void lenientCountsTheErrorAsTheJoinerDoes() throws IOException {
    JoinOptions lenient = JoinOptions.defaults().withThreads(2);
    Joiner.Collected<Long> c = JoinRun.collect(CORRUPT, lenient, Collectors.counting(), 1);
    try (Joiner joiner = Joiner.open(CORRUPT, lenient)) {
      assertThat(c.result()).isEqualTo(joiner.stream().count());
      assertThat(c.summary()).isEqualTo(joiner.summary());
    }
    assertThat(c.summary().errors()).isPositive();
  }

  @Test
  void anEmptyLogGivesTheCollectorsEmptyResult() throws IOException {
    Path empty = dir.resolve("empty.log");
    try (BinaryLogWriter writer = BinaryLogWriter.to(empty)) {
      writer.fileMagic();
    }
    for (int threads : new int[] {1, 2}) {
      Joiner.Collected<List<JoinResult>> c = Joiner.collect(empty, JoinOptions.defaults().withThreads(threads),
          Collectors.toList());
      assertThat(c.result()).isEmpty();
      assertThat(c.summary().emittedTotal()).isZero();
    }
  }

  @Test
  void anExceptionOfTheCollectorReachesTheCaller() {
    Collector<JoinResult, ?, Long> failing = Collectors.reducing(0L, r -> {
      throw new IllegalStateException("the collector fails on " + r.id());
    }, Long::sum);
    for (int threads : new int[] {1, 3}) {
      assertThatThrownBy(() -> JoinRun.collect(AVERAGE, JoinOptions.defaults().withThreads(threads), failing,
          1)).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("the collector fails on ");
    }
  }

  @Test
  void partsAreCombinedInLogOrder() throws IOException {
    JoinOptions options = JoinOptions.defaults();
    String expected = iterated(AVERAGE, options).stream().map(JoinResult::id).collect(Collectors.joining(","));
    for (long partBytes : new long[] {1, 100, 1000}) {
      Joiner.Collected<String> ids = JoinRun.collect(AVERAGE, options.withThreads(3),
          Collectors.mapping(JoinResult::id, Collectors.joining(",")), partBytes);
      assertThat(ids.result()).as("parts of %d bytes", partBytes).isEqualTo(expected);
    }
    Joiner.Collected<Long> count = Joiner.collect(CB, options.withThreads(2), Collectors.counting());
    assertThat(count.result()).isEqualTo(count.summary().emittedTotal()).isPositive();
  }
}
