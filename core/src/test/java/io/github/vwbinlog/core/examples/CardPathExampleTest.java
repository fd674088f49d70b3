package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import io.github.vwbinlog.join.RewardCalculator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The design card's own path, as a new user writes it (README.md shows it verbatim): iterate a log's messages, keep
 * the checkpoint in force, group each REGULAR message's {@code joinedEvents()} by event id and call
 * {@link RewardCalculator#calculate} per group. On every corpus log whose messages the reader reads whole, it gives
 * what {@link Joiner} gives, event for event (a DedupInfo event, which has an id of its own, is a group the calculator
 * takes and yields nothing for).
 */
@DisplayName("the design card's path: joinedEvents grouped by id, RewardCalculator per group (README.md)")
class CardPathExampleTest {

  static Stream<Path> logs() {
    return Corpus.joinedLogs().stream();
  }

  /** The card's path. */
  static List<JoinResult> cardPath(Path log) throws IOException {
    List<JoinResult> results = new ArrayList<>();
    // tag::readmeCard[]
    CheckpointInfo config = CheckpointInfo.DEFAULTS;
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message message : reader) {
        if (message instanceof Message.Checkpoint checkpoint) {
          CheckpointInfo read = checkpoint.checkpointInfo();
          // an unknown reward function keeps the one in force, as VW does
          config = read.rewardFunction() == RewardFunction.UNRECOGNIZED
              ? read.withRewardFunction(config.rewardFunction()) : read;
        } else if (message instanceof Message.Regular regular) {
          Map<String, List<JoinedEvent>> groups = new LinkedHashMap<>();
          for (JoinedEvent event : regular.joinedEvents()) {
            groups.computeIfAbsent(event.id(), id -> new ArrayList<>()).add(event);
          }
          RewardCalculator calculator = RewardCalculator.of(config);
          for (List<JoinedEvent> group : groups.values()) {
            calculator.calculate(group).ifPresent(results::add); // a DedupInfo group yields nothing
          }
        }
      }
    }
    // end::readmeCard[]
    return results;
  }

  static List<JoinResult> joiner(Path log) throws IOException {
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      return joiner.stream().toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("logs")
  void theCardsPathGivesWhatTheJoinerGives(Path log) throws IOException {
    List<JoinResult> card;
    try {
      card = cardPath(log);
    } catch (BinaryLogException e) {
      // The reader's joinedEvents() is all or nothing: a log with an unreadable message is the joiner's to read.
      assertThat(log.getParent().getFileName().toString()).isNotEqualTo("valid_joined_logs");
      return;
    }
    assertThat(card).isEqualTo(joiner(log));
  }

  @Test
  void theDedupCompressedLogJoinsOnTheCardsPath() throws IOException {
    Path log = Corpus.resolve("files/valid_joined_logs/cb_dedup_compressed.log");
    assertThat(cardPath(log)).isNotEmpty().isEqualTo(joiner(log));
  }

  @Test
  void theReadmeShowsTheSnippetVerbatim() throws IOException {
    List<DocSnippets.Snippet> snippets = DocSnippets.in(DocSnippets.source("CardPathExampleTest.java"));
    assertThat(snippets).hasSize(1);
    assertThat(DocSnippets.repositoryFile("README.md")).contains(snippets.get(0).text());
  }
}
