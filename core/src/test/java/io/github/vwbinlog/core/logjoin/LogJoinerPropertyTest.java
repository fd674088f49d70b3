package io.github.vwbinlog.core.logjoin;

import static io.github.vwbinlog.core.logjoin.EventFiles.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random streams against a brute-force oracle. Each stream is in client time order, so with no disorder the window
 * rule alone decides: an observation is joined exactly when an interaction with its id lies within
 * {@code [t_o - eud, t_o + backward]}. Every event is accounted for, the output reads back clean with each interaction
 * once, in time order, and two runs give the same bytes.
 */
class LogJoinerPropertyTest {
  @TempDir
  Path dir;

  record Timed(String id, long seconds, long ticks, float value) {}

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void theJoinIsTheWindowRule(long seed) throws IOException {
    Random random = new Random(seed);
    long eud = 60 + random.nextInt(600);
    long backward = random.nextInt(120);
    List<Timed> interactions = new ArrayList<>();
    List<Timed> observations = new ArrayList<>();
    int n = 50 + random.nextInt(200);
    for (int k = 0; k < n; k++) {
      long t = random.nextInt(3600);
      Timed i = new Timed("id" + k, t, random.nextInt(10), 0);
      interactions.add(i);
      int obs = random.nextInt(4);
      for (int m = 0; m < obs; m++) {
        long dt = -backward - 30 + random.nextInt((int) (eud + backward + 60));
        observations.add(new Timed(i.id(), Math.max(0, t + dt), random.nextInt(10), m + 1));
      }
    }
    for (int k = 0; k < n / 10; k++) {
      observations.add(new Timed("unknown" + k, random.nextInt(3600), 0, 9));
    }
    Comparator<Timed> byTime = Comparator.comparingLong(Timed::seconds).thenComparingLong(Timed::ticks);
    interactions.sort(byTime);
    observations.sort(byTime);

    Map<String, Integer> expected = new HashMap<>();
    Map<String, List<Float>> expectedValues = new HashMap<>();
    Map<String, Timed> byId = new HashMap<>();
    interactions.forEach(i -> byId.put(i.id(), i));
    long joined = 0;
    for (Timed o : observations) {
      Timed i = byId.get(o.id());
      long to = o.seconds() * 10_000_000L + o.ticks();
      if (i != null) {
        long ti = i.seconds() * 10_000_000L + i.ticks();
        if (to >= ti - backward * 10_000_000L && to <= ti + eud * 10_000_000L) {
          expected.merge(o.id(), 1, Integer::sum);
          expectedValues.computeIfAbsent(o.id(), k -> new ArrayList<>()).add(o.value());
          joined++;
        }
      }
    }

    Path iFile = dir.resolve("i.fb");
    Path oFile = dir.resolve("o.fb");
    List<Event> iEvents = interactions.stream().map(i -> EventFiles.cb(i.id(), at(i.seconds(), i.ticks()))).toList();
    List<Event> oEvents = observations.stream()
        .map(o -> EventFiles.outcome(o.id(), at(o.seconds(), o.ticks()), o.value())).toList();
    writeInBatches(iFile, iEvents, random);
    writeInBatches(oFile, oEvents, random);
    LogJoiner joiner = LogJoiner.builder().eud(Duration.ofSeconds(eud)).backwardTolerance(Duration.ofSeconds(backward))
        .disorderTolerance(Duration.ZERO).listener(DiagnosticListener.ignoring())
        .interactions(List.of(iFile)).observations(List.of(oFile)).build();
    LogJoinSummary s = joiner.writeTo(dir.resolve("out.log"));

    assertThat(s.interactionsRead()).isEqualTo(n);
    assertThat(s.interactionsWritten()).isEqualTo(n);
    assertThat(s.observationsRead()).isEqualTo(observations.size());
    assertThat(s.observationsJoined()).isEqualTo(joined);
    assertThat(s.observationsRead()).isEqualTo(s.observationsJoined() + s.observationsSkipped());
    List<JoinResult> results = LogJoinerTest.read(dir.resolve("out.log"));
    assertThat(results).extracting(r -> r.interaction().event().meta().id())
        .containsExactlyElementsOf(interactions.stream().map(Timed::id).toList());
    for (JoinResult r : results) {
      String id = r.interaction().event().meta().id();
      assertThat(r.outcomes()).as(id).hasSize(expected.getOrDefault(id, 0));
      // the observations themselves, in time order (the oracle's list is in time order, ties in file order)
      assertThat(r.outcomes()).as(id).extracting(e -> ((OutcomeEvent) e.event().payload()).numericValue())
          .containsExactlyElementsOf(expectedValues.getOrDefault(id, List.of()));
    }
    joiner.writeTo(dir.resolve("again.log"));
    assertThat(Files.readAllBytes(dir.resolve("again.log"))).isEqualTo(Files.readAllBytes(dir.resolve("out.log")));
  }

  private static void writeInBatches(Path file, List<Event> events, Random random) throws IOException {
    try (var w = new io.github.vwbinlog.core.write.EventFileWriter(Files.newOutputStream(file))) {
      int k = 0;
      while (k < events.size()) {
        int size = 1 + random.nextInt(20);
        w.batch("IDENTITY", events.subList(k, Math.min(events.size(), k + size)));
        k += size;
      }
    }
  }
}
