package io.github.vwbinlog.core.logjoin;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The joiner on event files rlclientlib itself wrote (src/test/resources/rlclientlib, README there): what the reader
 * and the join assume holds for the real thing. Every interaction is written, every observation joined, and the
 * output reads back clean.
 */
class RlclientlibFilesTest {
  static final Path FILES = Path.of("src/test/resources/rlclientlib");

  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({
      "cb_v2.fb, f-reward_v2.fb, CB, 4",
      "cb_dedup_compress_v2.fb, f-reward_v2.fb, CB, 4",
      "ccb_v2.fb, fi-reward_v2.fb, CCB, 32",
      "ccb_dedup_v2.fb, fi-reward_v2.fb, CCB, 32",
      "slates_v2.fb, fs-reward_v2.fb, SLATES, 32",
      "slates_v2.fb, s-reward_v2.fb, SLATES, 4",
      "ca_v2.fb, f-reward_v2.fb, CA, 4",
      "deferred/cb_v2.fb, deferred/action-taken_v2.fb, CB, 4"})
  void everyKindJoinsWhole(String interactions, String observations, ProblemType type, long joined)
      throws IOException {
    LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring())
        .interactions(List.of(FILES.resolve(interactions))).observations(List.of(FILES.resolve(observations)))
        .writeTo(dir.resolve("out.log"));
    assertThat(s.interactionsRead()).isEqualTo(4);
    assertThat(s.interactionsWritten()).isEqualTo(4);
    assertThat(s.observationsRead()).isEqualTo(joined);
    assertThat(s.observationsJoined()).isEqualTo(joined);
    assertThat(s.withoutClientTime()).isZero();
    List<JoinResult> results = LogJoinerTest.read(dir.resolve("out.log"));
    assertThat(results).hasSize(4).allSatisfy(r -> {
      assertThat(r.interaction().event().meta().payloadType().name()).isEqualTo(type.name());
      assertThat(r.learnable()).isTrue();
    });
  }

  @Test
  void dedupAndCompressionAreAsTheReaderAssumes() throws IOException {
    try (EventBatchReader r = EventBatchReader.open(FILES.resolve("cb_dedup_compress_v2.fb"))) {
      List<EventBatch> batches = r.batches().toList();
      assertThat(batches).allSatisfy(b -> {
        assertThat(b.isDedup()).isTrue();
        assertThat(b.events().get(0).meta().payloadType()).isEqualTo(PayloadType.DEDUP_INFO);
        assertThat(b.events().get(0).meta().id()).isEqualTo("3defd95a-0122-4aac-9068-0b9ac30b66d8");
        assertThat(b.events()).extracting(e -> e.meta().encoding()).containsOnly(EventEncoding.ZSTD);
        assertThat(b.events()).allSatisfy(e -> assertThat(e.meta().clientTime()).isNotNull());
      });
    }
  }

  @Test
  void theFOutcomeRewardsAreTheirValue() throws IOException {
    LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring())
        .interactions(List.of(FILES.resolve("cb_dedup_compress_v2.fb")))
        .observations(List.of(FILES.resolve("f-reward_v2.fb"))).writeTo(dir.resolve("out.log"));
    assertThat(s.dedupInfosWritten()).isEqualTo(s.dedupInfosRead());
    float value;
    try (EventBatchReader r = EventBatchReader.open(FILES.resolve("f-reward_v2.fb"))) {
      BatchedEvent first = r.events().findFirst().orElseThrow();
      value = ((io.github.vwbinlog.event.OutcomeEvent) first.event().payload()).numericValue();
    }
    assertThat(LogJoinerTest.read(dir.resolve("out.log"))).allSatisfy(r -> assertThat(r.reward()).isEqualTo(value));
  }

  @Test
  void apprenticeDecisionsJoinWithTheApprenticeCheckpoint() throws IOException {
    LogJoinSummary s = LogJoiner.builder().listener(DiagnosticListener.ignoring()).learningMode(LearningMode.APPRENTICE)
        .interactions(List.of(FILES.resolve("apprentice/cb_v2.fb")))
        .observations(List.of(FILES.resolve("apprentice/f-reward_v2.fb"))).writeTo(dir.resolve("out.log"));
    assertThat(s.observationsJoined()).isEqualTo(4);
    assertThat(LogJoinerTest.read(dir.resolve("out.log"))).hasSize(4);
  }
}
