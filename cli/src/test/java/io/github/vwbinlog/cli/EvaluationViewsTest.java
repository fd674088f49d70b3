package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.evaluate.EvaluationOptions;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The evaluation from the join's views ({@code PolicyEvaluation.sink()} in {@code Joiner.run}, each part from its
 * events' views, merged in log order) is the evaluation of the join's records added one by one
 * ({@code PolicyEvaluation.add(JoinResult)}): the same estimates, counts and skips, on one thread and on several, for
 * every log of the corpus (CB, CCB, slates, CA, multistep) and a log of hundreds of parts with a predictions policy.
 */
class EvaluationViewsTest {
  @TempDir
  Path temp;

  private static final List<Policy> POLICIES = List.of(Policy.logged(), Policy.baseline1(), Policy.uniform());

  /** Every corpus log (cb_joined_with_pdrop_1.fb too: pdrop 1 weighs its events infinitely, its intervals are null). */
  static Stream<Path> logs() {
    return CorpusLogs.all().stream();
  }

  @ParameterizedTest
  @MethodSource("logs")
  void viewsGiveWhatRecordsGive(Path log) throws IOException {
    JoinOptions join = CorpusLogs.isMultistep(log) ? JoinOptions.defaults().with(JoinFeature.MULTISTEP)
        : JoinOptions.defaults();
    for (EvaluationOptions options : List.of(EvaluationOptions.defaults().withBaseline("baseline1"),
        EvaluationOptions.defaults().withWindow(Duration.ofHours(1)))) {
      compare(log, join, options, POLICIES);
    }
  }

  @Test
  void manyPartsWithPredictions() throws IOException {
    Path log = Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(400));
    long learnable;
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      learnable = joiner.stream().filter(JoinResult::learnable).count();
    }
    assertThat(learnable).isGreaterThan(1000);
    Policy.Predictions.Builder b = Policy.Predictions.builder("m", "m.pred");
    for (int i = 0; i < learnable; i++) {
      double p = (i % 7 + 1) / 10.0;
      b.add(i + 1, new int[] {0, 1, 2}, new double[] {p, (1 - p) / 2, (1 - p) / 2});
    }
    List<Policy> policies = new ArrayList<>(POLICIES);
    policies.add(b.build());
    compare(log, JoinOptions.defaults(), EvaluationOptions.defaults().withBaseline("m")
        .withWindow(Duration.ofMinutes(1)), policies);
    // A prediction that cannot be one fails the same way, naming its line and its event.
    Policy.Predictions.Builder bad = Policy.Predictions.builder("m", "m.pred");
    for (int i = 0; i < learnable; i++) {
      bad.add(i + 1, new int[] {0, 1, 2}, i == 1000 ? new double[] {0.9, 0.9, 0} : new double[] {1, 0, 0});
    }
    List<Policy> withBad = List.of(Policy.logged(), bad.build());
    String expected = null;
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      PolicyEvaluation records = PolicyEvaluation.of(EvaluationOptions.defaults(), withBad);
      joiner.forEach(records::add);
    } catch (IllegalArgumentException e) {
      expected = e.getMessage();
    }
    assertThat(expected).contains("m.pred line 1001: the probabilities sum to 1.8").contains("(event ");
    for (int threads : new int[] {1, 2, 3}) {
      PolicyEvaluation views = PolicyEvaluation.of(EvaluationOptions.defaults(), withBad);
      assertThatThrownBy(() -> Joiner.run(log, JoinOptions.defaults().withThreads(threads), views.sink()))
          .isInstanceOf(IllegalArgumentException.class).hasMessage(expected);
    }
  }

  private static void compare(Path log, JoinOptions join, EvaluationOptions options, List<Policy> policies)
      throws IOException {
    PolicyEvaluation records = PolicyEvaluation.of(options, policies);
    String failure = null;
    try (Joiner joiner = Joiner.open(log, join)) {
      joiner.forEach(records::add);
    } catch (IllegalArgumentException e) {
      failure = e.getMessage();
    } catch (io.github.vwbinlog.BinaryLogException e) {
      return; // a log the joiner stops on: nothing to compare
    }
    List<io.github.vwbinlog.evaluate.Estimate> estimates = failure == null ? records.estimates() : List.of();
    List<io.github.vwbinlog.evaluate.Estimate> overall = failure == null ? records.overall() : List.of();
    for (int threads : new int[] {1, 2, 3}) {
      PolicyEvaluation views = PolicyEvaluation.of(options, policies);
      String as = log.getFileName() + ", " + threads + " threads, " + options;
      if (failure != null) {
        String expected = failure;
        assertThatThrownBy(() -> Joiner.run(log, join.withThreads(threads), views.sink())).as(as)
            .hasMessage(expected);
        continue;
      }
      Joiner.run(log, join.withThreads(threads), views.sink());
      assertThat(views.estimates()).as(as).isEqualTo(estimates);
      assertThat(views.overall()).as(as).isEqualTo(overall);
      assertThat(views.windows()).as(as).isEqualTo(records.windows());
      assertThat(views.skipped()).as(as).isEqualTo(records.skipped());
      assertThat(views.evaluated()).as(as).isEqualTo(records.evaluated());
      assertThat(views.learnable()).as(as).isEqualTo(records.learnable());
      assertThat(views.chosenActions()).as(as).isEqualTo(records.chosenActions());
      assertThat(views.probabilityHistogram()).as(as).isEqualTo(records.probabilityHistogram());
      assertThat(views.slotsByPosition()).as(as).isEqualTo(records.slotsByPosition());
    }
  }
}
