package io.github.vwbinlog.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Joiner#joinNext}, the pull form of the sink contract: on every joined log of the corpus, a whole file and
 * byte ranges of it joined message by message give, as views, the events the iterator gives as records (every value
 * of each view equal to its record's), one finished part per REGULAR message, and the same summary.
 */
class JoinNextTest {

  static Stream<Path> logs() {
    return Corpus.joinedLogs().stream();
  }

  private static JoinOptions options(Path log) {
    return log.toString().contains("multistep") ? JoinOptions.defaults().with(JoinFeature.MULTISTEP)
        : JoinOptions.defaults();
  }

  @ParameterizedTest
  @MethodSource("logs")
  void aWholeFileMessageByMessageIsTheIteratorsEvents(Path log) throws IOException {
    JoinOptions options = options(log);
    List<JoinResult> iterated = new ArrayList<>();
    JoinSummary expected;
    try (Joiner joiner = Joiner.open(log, options)) {
      joiner.forEach(iterated::add);
      expected = joiner.summary();
    }
    JoinedEventViewTest.Checking sink = new JoinedEventViewTest.Checking();
    JoinSummary summary;
    try (Joiner joiner = Joiner.open(log, options)) {
      int calls = 0;
      while (joiner.joinNext(sink)) {
        calls++;
        assertThat(sink.parts).as("one finished part per call").isEqualTo(calls);
      }
      assertThat(joiner.joinNext(sink)).as("still at the end").isFalse();
      summary = joiner.summary();
    }
    assertThat(sink.mismatches).as(log.toString()).isEmpty();
    assertThat(sink.records).as(log.toString()).isEqualTo(iterated);
    assertThat(summary).isEqualTo(expected);
    if (!options.isEnabled(JoinFeature.MULTISTEP)) {
      assertThat((long) sink.parts).as("a part per REGULAR message").isEqualTo(summary.messages()
          .getOrDefault(MessageType.REGULAR, 0L));
    }
  }

  @ParameterizedTest
  @MethodSource("logs")
  void rangesMessageByMessageAreTheWholeFilesEvents(Path log) throws IOException {
    JoinOptions options = options(log);
    if (options.isEnabled(JoinFeature.MULTISTEP)) {
      return; // a range of a multistep log is not joined on its own
    }
    List<JoinResult> iterated = new ArrayList<>();
    try (Joiner joiner = Joiner.open(log, options)) {
      joiner.forEach(iterated::add);
    }
    long size = Files.size(log);
    long[] cuts = {0, size / 3, 2 * size / 3, size};
    JoinedEventViewTest.Checking sink = new JoinedEventViewTest.Checking();
    for (int i = 0; i + 1 < cuts.length; i++) {
      try (Joiner joiner = Joiner.open(log, options, cuts[i], cuts[i + 1])) {
        while (joiner.joinNext(sink)) {
          // a message at a time
        }
      }
    }
    assertThat(sink.mismatches).as(log.toString()).isEmpty();
    assertThat(sink.records).as(log.toString()).isEqualTo(iterated);
  }

  @Test
  void aJoinerIsIteratedOrJoinedMessageByMessageNotBoth() throws IOException {
    Path log = Corpus.resolve("files/valid_joined_logs/average_reward_100_interactions.fb");
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      assertThat(joiner.joinNext(new JoinedEventViewTest.Checking())).isTrue();
      assertThatThrownBy(joiner::iterator).isInstanceOf(IllegalStateException.class);
    }
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      joiner.iterator();
      assertThatThrownBy(() -> joiner.joinNext(new JoinedEventViewTest.Checking()))
          .isInstanceOf(IllegalStateException.class);
    }
    long size = Files.size(log);
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults(), 0, size)) {
      assertThat(joiner.joinNext(new JoinedEventViewTest.Checking())).isTrue();
      assertThatThrownBy(joiner::iterator).isInstanceOf(IllegalStateException.class);
    }
  }
}
