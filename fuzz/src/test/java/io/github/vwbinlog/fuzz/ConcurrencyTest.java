package io.github.vwbinlog.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.RewardCalculator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The concurrency contract (the packages' Javadoc): the types documented as thread-safe give, used by 8 threads at
 * once, exactly what they give used by one. One {@link DsjsonConverter} (and its {@link JoinOptions} and
 * {@link ReadOptions}) converts every corpus joined log from 8 threads; one {@link RewardCalculator} per reward
 * function joins random groups from 8 threads.
 */
class ConcurrencyTest {
  static final int THREADS = 8;

  record Converted(byte[] output, JoinSummary summary) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Converted c && java.util.Arrays.equals(output, c.output) && summary.equals(c.summary);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(output);
    }
  }

  @Test
  void oneConverterSharedByEightThreadsGivesTheSequentialResults() throws Exception {
    ReadOptions read = ReadOptions.defaults().withListener(d -> { });
    DsjsonConverter converter = DsjsonConverter.of(JoinOptions.defaults().withReadOptions(read));
    List<Path> logs = Seeds.joinedLogs();
    List<Converted> sequential = new ArrayList<>();
    for (Path log : logs) {
      sequential.add(convert(converter, read, Seeds.bytes(log)));
    }
    List<List<Converted>> parallel = inThreads(() -> {
      List<Converted> results = new ArrayList<>();
      for (int round = 0; round < 3; round++) {
        results.clear();
        for (Path log : logs) {
          results.add(convert(converter, read, Seeds.bytes(log)));
        }
      }
      return results;
    });
    for (List<Converted> results : parallel) {
      assertThat(results).isEqualTo(sequential);
    }
  }

  private static Converted convert(DsjsonConverter converter, ReadOptions read, byte[] log) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogReader reader = BinaryLogReader.of(log, read)) {
      JoinSummary summary = converter.convert(reader, out);
      return new Converted(out.toByteArray(), summary);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void oneRewardCalculatorSharedByEightThreadsGivesTheSequentialResults() throws Exception {
    List<List<JoinedEvent>> groups = randomGroups(new Random(42), 2000);
    for (RewardFunction f : RewardFunction.values()) {
      if (f == RewardFunction.UNRECOGNIZED) {
        continue;
      }
      RewardCalculator calculator = RewardCalculator.of(CheckpointInfo.of(ProblemType.CB).withRewardFunction(f)
          .withDefaultReward(-0.5f));
      List<Optional<JoinResult>> sequential = new ArrayList<>();
      for (List<JoinedEvent> g : groups) {
        sequential.add(calculator.calculate(g));
      }
      for (List<Optional<JoinResult>> results : inThreads(() -> {
        List<Optional<JoinResult>> out = new ArrayList<>();
        for (List<JoinedEvent> g : groups) {
          out.add(calculator.calculate(g));
        }
        return out;
      })) {
        assertThat(results).as(f.name()).isEqualTo(sequential);
      }
    }
  }

  /** CB interactions with 0 to 6 outcomes of random values and times, some of them activations. */
  static List<List<JoinedEvent>> randomGroups(Random random, int n) {
    List<List<JoinedEvent>> groups = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String id = "id-" + i;
      List<JoinedEvent> g = new ArrayList<>();
      TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, random.nextInt(60));
      g.add(JoinedEvent.of(t, new Event(Metadata.of(id, PayloadType.CB),
          CbEvent.of(List.of(1L + random.nextInt(3), 2L), List.of(0.7f, 0.3f), "{\"u\":" + i + "}"))));
      int outcomes = random.nextInt(7);
      for (int k = 0; k < outcomes; k++) {
        TimeStamp ot = TimeStamp.of(2021, 4, 13, 15, 9, random.nextInt(60));
        OutcomeEvent o = random.nextInt(5) == 0 ? OutcomeEvent.activation()
            : OutcomeEvent.numeric((float) (random.nextGaussian() * 10));
        g.add(JoinedEvent.of(ot, new Event(Metadata.of(id, PayloadType.OUTCOME), o)));
      }
      groups.add(g);
    }
    return groups;
  }

  /** Runs {@code task} on 8 threads started together; returns each thread's result. */
  static <T> List<T> inThreads(Callable<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        futures.add(pool.submit(() -> {
          start.await();
          return task.call();
        }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
