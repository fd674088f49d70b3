package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.event.CbEvent;
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
import io.github.vwbinlog.join.RewardCalculator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/JOINING.md as code the build compiles and runs; {@link #theGuideShowsTheseSnippetsVerbatim()}
 * checks that the guide holds exactly these lines.
 */
@DisplayName("documentation examples (docs/JOINING.md)")
class JoiningGuideExamplesTest {
  private final Path log = Corpus.resolve("files/valid_joined_logs/average_reward_100_interactions.fb");

  @Test
  void rewardsInAUnitTest() {
    // tag::calculator[]
    CheckpointInfo config = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE);
    TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
    List<JoinedEvent> events = List.of(
        JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.CB),
            CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), "{\"user\":{\"x\":1}}"))),
        JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))),
        JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.OUTCOME), OutcomeEvent.numeric(2f))));

    JoinResult result = RewardCalculator.of(config).calculate(events).orElseThrow();

    assertThat(result.reward()).isEqualTo(1.5f);          // (1 + 2) / 2, in float arithmetic
    assertThat(result.learnable()).isTrue();
    assertThat(result.labelProbability()).isEqualTo(0.9f);
    // end::calculator[]
  }

  @Test
  void maxQuirk() {
    TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
    // tag::quirk[]
    CheckpointInfo max = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.MAX);
    List<JoinedEvent> negative = List.of(
        JoinedEvent.of(t, new Event(Metadata.of("id-2", PayloadType.CB),
            CbEvent.of(List.of(1L), List.of(1f), "{}"))),
        JoinedEvent.of(t, new Event(Metadata.of("id-2", PayloadType.OUTCOME), OutcomeEvent.numeric(-1f))),
        JoinedEvent.of(t, new Event(Metadata.of("id-2", PayloadType.OUTCOME), OutcomeEvent.numeric(-5f))));

    // VW's Max starts from FLT_MIN, so all-negative rewards give the default reward (0), not -1
    assertThat(RewardCalculator.of(max).calculate(negative).orElseThrow().reward()).isEqualTo(0f);
    // end::quirk[]
  }

  @Test
  void joinAWholeLog() throws IOException {
    // tag::joiner[]
    JoinOptions options = JoinOptions.defaults().withRewardFunction(RewardFunction.SUM);  // sticky, like VW's option
    try (Joiner joiner = Joiner.open(log, options)) {
      for (JoinResult r : joiner) {
        System.out.println(r.id() + " reward " + r.reward() + (r.learnable() ? "" : " (not learnable)"));
      }
      JoinSummary summary = joiner.summary();
      System.out.println(summary.emittedTotal() + " joined, " + summary.interactionsSkipped() + " skipped");
    }
    // end::joiner[]
    try (Joiner joiner = Joiner.open(log, options)) {
      assertThat(joiner.stream().count()).isEqualTo(100);
    }
  }

  @Test
  void collectOnSeveralThreads() throws IOException {
    // tag::collect[]
    JoinOptions options = JoinOptions.defaults().withThreads(Runtime.getRuntime().availableProcessors());
    Joiner.Collected<Map<Boolean, Long>> byLearnable = Joiner.collect(log, options,
        Collectors.partitioningBy(JoinResult::learnable, Collectors.counting()));
    System.out.println(byLearnable.result().get(true) + " learnable of "
        + byLearnable.summary().emittedTotal() + " joined events");
    // end::collect[]
    assertThat(byLearnable.result().get(true) + byLearnable.result().get(false)).isEqualTo(100);
    assertThat(byLearnable.summary().emittedTotal()).isEqualTo(100);
  }

  @Test
  void convertAFile(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("out.dsjson");
    // tag::convert[]
    List<Diagnostic> problems = new ArrayList<>();
    JoinOptions options = JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(problems::add));
    try (OutputStream dsjson = Files.newOutputStream(out)) {
      JoinSummary summary = DsjsonConverter.of(options).convert(log, dsjson);
      if (summary.errors() > 0) {
        problems.forEach(System.err::println);  // each names its reason, byte offset and event id
      }
    }
    // end::convert[]
    assertThat(Files.readAllLines(out)).hasSize(100);
    assertThat(problems).extracting(Diagnostic::reason).doesNotContain(DiagnosticReason.MALFORMED_PAYLOAD);
  }

  @Test
  void convertForTraining(@TempDir Path dir) throws IOException {
    Path pdropLog = Corpus.resolve("files/valid_joined_logs/cb_joined_with_pdrop_05.fb");
    Path out = dir.resolve("train.dsjson");
    // tag::forTraining[]
    JoinOptions options = JoinOptions.defaults().with(JoinFeature.FOR_TRAINING);
    try (OutputStream dsjson = Files.newOutputStream(out)) {
      DsjsonConverter.of(options).convert(pdropLog, dsjson);   // then: vw --dsjson -d train.dsjson ...
    }
    // end::forTraining[]
    // p[0] is 0.5; VW's converter writes p[0] x pass_probability = 0.25.
    assertThat(Files.readString(out)).contains("\"_label_probability\":0.5,").contains("\"pdrop\":0.5,");
  }

  @Test
  @DisplayName("docs/JOINING.md shows these snippets verbatim")
  void theGuideShowsTheseSnippetsVerbatim() throws IOException {
    String source = DocSnippets.source("JoiningGuideExamplesTest.java");
    String guide = DocSnippets.repositoryFile("docs/JOINING.md");
    List<DocSnippets.Snippet> snippets = DocSnippets.in(source);
    for (DocSnippets.Snippet s : snippets) {
      assertThat(guide).as("the guide holds snippet '%s'", s.name()).contains(s.text());
    }
    assertThat(snippets.size()).isEqualTo(6);
  }
}
