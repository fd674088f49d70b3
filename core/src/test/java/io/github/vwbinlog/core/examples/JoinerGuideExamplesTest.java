package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/JOINER.md as code the build compiles and runs; {@link #theGuideShowsTheseSnippetsVerbatim()}
 * checks that the guide holds exactly these lines.
 */
@DisplayName("documentation examples (docs/JOINER.md)")
class JoinerGuideExamplesTest {
  private final Path interactions = Corpus.resolve("files/reward_functions/cb/cb_v2.fb");
  private final Path observations = Corpus.resolve("files/reward_functions/cb/f-reward_3obs_v2.fb");

  @Test
  void joinEventFiles(@TempDir Path dir) throws IOException {
    Path joined = dir.resolve("joined.log");
    // tag::join[]
    LogJoinSummary summary = LogJoiner.builder()
        .eud(Duration.ofMinutes(10))                      // an observation joins up to 10 minutes after its decision
        .rewardFunction(RewardFunction.AVERAGE)           // written to the CHECKPOINT, for VW and convert
        .listener(d -> System.err.println(d))             // every event not joined, with its reason
        .interactions(List.of(interactions))
        .observations(List.of(observations))
        .writeTo(joined);
    System.out.println(summary.interactionsWritten() + " interactions, " + summary.observationsJoined()
        + " observations joined, skipped: " + summary.observationsSkippedBy());
    // end::join[]
    assertThat(summary.interactionsWritten()).isEqualTo(1);
    assertThat(summary.observationsJoined()).isEqualTo(3);
    assertThat(summary.observationsSkippedBy()).doesNotContainKey(DiagnosticReason.ORPHAN_OBSERVATION);
    List<JoinResult> results = new ArrayList<>();
    // tag::read[]
    try (Joiner joiner = Joiner.open(joined, JoinOptions.defaults())) {
      joiner.forEach(r -> System.out.println(r.id() + " reward " + r.reward()));
    }
    // end::read[]
    try (Joiner joiner = Joiner.open(joined, JoinOptions.defaults())) {
      joiner.forEach(results::add);
    }
    assertThat(results).singleElement().satisfies(r -> assertThat(r.reward()).isEqualTo(4f));
  }

  @Test
  void iterateAnEventFile() throws IOException {
    List<String> lines = new ArrayList<>();
    // tag::batches[]
    try (EventBatchReader reader = EventBatchReader.open(observations)) {
      for (EventBatch batch : reader) {
        for (BatchedEvent e : batch.events()) {
          lines.add(e.offset() + " " + e.meta().payloadType() + " " + e.meta().id());
        }
      }
    }
    // end::batches[]
    assertThat(lines).hasSize(3).allMatch(l -> l.contains("OUTCOME"));
  }

  @Test
  void theGuideShowsTheseSnippetsVerbatim() throws IOException {
    String guide = DocSnippets.repositoryFile("docs/JOINER.md");
    List<DocSnippets.Snippet> snippets = DocSnippets.in(DocSnippets.source("JoinerGuideExamplesTest.java"));
    for (DocSnippets.Snippet s : snippets) {
      assertThat(guide).as("the guide holds snippet '%s'", s.name()).contains(s.text());
    }
    assertThat(snippets).hasSize(3);
  }
}
