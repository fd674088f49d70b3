package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.MultistepReward;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/MULTISTEP.md as code the build compiles and runs; {@link #theGuideShowsTheseSnippetsVerbatim()}
 * checks that the guide holds exactly these lines.
 */
@DisplayName("documentation examples (docs/MULTISTEP.md)")
class MultistepGuideExamplesTest {
  private final Path log = Corpus.resolve("files/valid_joined_logs/multistep_2_episodes.fb");

  @Test
  void convertAMultistepLog(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("out.dsjson");
    // tag::convert[]
    JoinOptions options = JoinOptions.defaults().with(JoinFeature.MULTISTEP);  // VW's --multistep; suffix_mean by default
    try (OutputStream dsjson = Files.newOutputStream(out)) {
      DsjsonConverter.of(options).convert(log, dsjson);
    }
    // end::convert[]
    assertThat(Files.readString(out)).isEqualTo(Files.readString(
        Corpus.resolve("reference/valid_joined_logs/multistep_2_episodes.fb.dsjson")));
  }

  @Test
  void joinSteps() throws IOException {
    List<String> seen = new ArrayList<>();
    // tag::steps[]
    JoinOptions options = JoinOptions.defaults()
        .with(JoinFeature.MULTISTEP)
        .withMultistepReward(MultistepReward.IDENTITY);  // each step keeps its own reward
    try (Joiner joiner = Joiner.open(log, options)) {
      for (JoinResult r : joiner) {
        MultiStepEvent step = (MultiStepEvent) r.interaction().event().payload();
        System.out.println("episode " + r.id() + ", step " + step.eventId() + ": reward " + r.reward());
        // end::steps[]
        seen.add(r.id() + "/" + step.eventId() + "=" + r.reward());
        // tag::steps[]
      }
    }
    // end::steps[]
    assertThat(seen).containsExactly("ep1/1=2.0", "ep1/2=0.0", "ep2/1=3.0", "ep2/2=3.0");
  }

  @Test
  @DisplayName("docs/MULTISTEP.md shows these snippets verbatim")
  void theGuideShowsTheseSnippetsVerbatim() throws IOException {
    String source = DocSnippets.source("MultistepGuideExamplesTest.java");
    String guide = DocSnippets.repositoryFile("docs/MULTISTEP.md");
    // A snippet may be interrupted by test-only lines between "end" and "tag" markers of the same name.
    String joined = source.replaceAll("(?s)\\n\\s*// end::(\\w+)\\[]\\n.*?\\n\\s*// tag::\\1\\[]", "");
    List<DocSnippets.Snippet> snippets = DocSnippets.in(joined);
    for (DocSnippets.Snippet s : snippets) {
      assertThat(guide).as("the guide holds snippet '%s'", s.name()).contains(s.text());
    }
    assertThat(snippets.size()).isEqualTo(2);
  }
}
