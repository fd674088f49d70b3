package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.evaluate.Estimate;
import io.github.vwbinlog.evaluate.Estimator;
import io.github.vwbinlog.evaluate.EvaluationOptions;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collector;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/EVALUATION.md as code the build compiles and runs; {@link #theGuideShowsTheseSnippetsVerbatim()}
 * checks that the guide holds exactly these lines.
 */
@DisplayName("documentation examples (docs/EVALUATION.md)")
class EvaluationGuideExamplesTest {
  private final Path log = Corpus.resolve("files/valid_joined_logs/average_reward_100_interactions.fb");

  @Test
  void evaluateALog() throws IOException {
    List<String> lines = new ArrayList<>();
    // tag::evaluate[]
    EvaluationOptions options = EvaluationOptions.defaults().withWindow(Duration.ofHours(1));
    PolicyEvaluation evaluation = PolicyEvaluation.of(options,
        List.of(Policy.logged(), Policy.baseline1(), Policy.uniform()));
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      for (JoinResult r : joiner) {
        evaluation.add(r);
      }
    }
    for (Estimate e : evaluation.estimates()) {
      if (e.estimator() == Estimator.CRESSIE_READ) {
        System.out.println(e.windowStart() + " " + e.policy() + " " + e.value() + " [" + e.low() + ", " + e.high() + "]");
      }
    }
    System.out.println("skipped: " + evaluation.skipped());
    // end::evaluate[]
    for (Estimate e : evaluation.estimates()) {
      lines.add(e.policy() + " " + e.estimator().id());
    }
    // Five bandit estimators and cs for each policy of a CB log, and the lifts of the two that are not the logged one.
    assertThat(lines).hasSize(3 * 6 + 2).contains("baseline1 cressieread").contains("baseline1 cs")
        .contains("uniform lift");
  }

  @Test
  void mergeParts() throws IOException {
    EvaluationOptions options = EvaluationOptions.defaults();
    List<Policy> policies = List.of(Policy.logged());
    List<JoinResult> events = new ArrayList<>();
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      joiner.forEach(events::add);
    }
    List<JoinResult> firstHalf = events.subList(0, 50);
    List<JoinResult> secondHalf = events.subList(50, events.size());
    // tag::merge[]
    PolicyEvaluation first = PolicyEvaluation.of(options, policies);
    firstHalf.forEach(first::add);
    PolicyEvaluation second = PolicyEvaluation.ofPart(options, policies);  // a part after the first
    secondHalf.forEach(second::add);
    first.merge(second);  // the same estimates as one evaluation of both halves
    // end::merge[]
    PolicyEvaluation whole = PolicyEvaluation.of(options, policies);
    events.forEach(whole::add);
    assertThat(first.estimates()).isEqualTo(whole.estimates());
  }

  @Test
  void evaluateOnSeveralThreads() throws IOException {
    EvaluationOptions options = EvaluationOptions.defaults();
    List<Policy> policies = List.of(Policy.logged(), Policy.uniform());
    // tag::parallel[]
    JoinOptions join = JoinOptions.defaults().withThreads(Runtime.getRuntime().availableProcessors());
    Joiner.Collected<PolicyEvaluation> parts = Joiner.collect(log, join, Collector.of(
        () -> PolicyEvaluation.ofPart(options, policies), PolicyEvaluation::add,
        (earlier, later) -> {
          earlier.merge(later);
          return earlier;
        }));
    PolicyEvaluation evaluation = parts.result();
    // end::parallel[]
    PolicyEvaluation one = PolicyEvaluation.of(options, policies);
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      joiner.forEach(one::add);
    }
    // The same estimates: the sums round alike however the log was cut, and cs runs in log order.
    assertThat(evaluation.estimates()).isEqualTo(one.estimates());
    assertThat(evaluation.estimates()).hasSameSizeAs(one.estimates());
    for (int i = 0; i < one.estimates().size(); i++) {
      Estimate a = evaluation.estimates().get(i);
      Estimate b = one.estimates().get(i);
      assertThat(a.policy() + a.estimator() + a.events()).isEqualTo(b.policy() + b.estimator() + b.events());
      for (Double[] v : List.of(new Double[] {a.value(), b.value()}, new Double[] {a.low(), b.low()},
          new Double[] {a.high(), b.high()})) {
        if (v[1] == null) {
          assertThat(v[0]).isNull();
        } else {
          assertThat(v[0]).isCloseTo(v[1], org.assertj.core.api.Assertions.within(1e-12 * Math.abs(v[1])));
        }
      }
    }
    assertThat(parts.summary().emittedTotal()).isEqualTo(100);
  }

  @Test
  void evaluateFromTheJoinsViews() throws IOException {
    EvaluationOptions options = EvaluationOptions.defaults();
    List<Policy> policies = List.of(Policy.logged(), Policy.uniform());
    // tag::sink[]
    PolicyEvaluation evaluation = PolicyEvaluation.of(options, policies);
    JoinOptions join = JoinOptions.defaults().withThreads(Runtime.getRuntime().availableProcessors());
    JoinSummary summary = Joiner.run(log, join, evaluation.sink());
    // end::sink[]
    PolicyEvaluation one = PolicyEvaluation.of(options, policies);
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      joiner.forEach(one::add);
    }
    // The same estimates as the records added one by one, to the last bit.
    assertThat(evaluation.estimates()).isEqualTo(one.estimates());
    assertThat(summary.emittedTotal()).isEqualTo(100);
  }

  @Test
  @DisplayName("docs/EVALUATION.md shows these snippets verbatim")
  void theGuideShowsTheseSnippetsVerbatim() throws IOException {
    String guide = DocSnippets.repositoryFile("docs/EVALUATION.md");
    List<DocSnippets.Snippet> snippets = DocSnippets.in(DocSnippets.source("EvaluationGuideExamplesTest.java"));
    for (DocSnippets.Snippet s : snippets) {
      assertThat(guide).as("the guide holds snippet '%s'", s.name()).contains(s.text());
    }
    assertThat(snippets.size()).isEqualTo(4);
  }
}
