package io.github.vwbinlog.core.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Joiner#position()}: each event's REGULAR message offset and the settings it was joined with. */
class JoinerPositionTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  @TempDir
  Path dir;

  private static List<JoinedEvent> events(String prefix, int n) {
    List<JoinedEvent> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(JoinedEvent.of(T, new Event(Metadata.of(prefix + i, PayloadType.CB),
          CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f), "{}"))));
    }
    return out;
  }

  @Test
  void eachEventHasItsMessagesOffsetAndSettings() throws IOException {
    Path log = dir.resolve("log");
    try (BinaryLogWriter w = BinaryLogWriter.to(log)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM))
          .regular(events("a", 2)).regular(events("b", 1))
          .checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.MAX).withDefaultReward(3))
          .regular(events("c", 3));
    }
    List<Long> regulars = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log, ReadOptions.defaults())) {
      for (Message m : reader) {
        if (m instanceof Message.Regular) {
          regulars.add(m.offset());
        }
      }
    }
    List<String> seen = new ArrayList<>();
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults().withDefaultReward(-1f))) {
      assertThat(joiner.position()).isNull();
      for (JoinResult r : joiner) {
        Joiner.Position at = joiner.position();
        seen.add(r.id() + "@" + regulars.indexOf(at.offset()) + " " + at.settings().rewardFunction() + " "
            + at.settings().defaultReward());
      }
    }
    // The default reward is a sticky override: the second checkpoint's 3 does not change it.
    assertThat(seen).containsExactly("a0@0 SUM -1.0", "a1@0 SUM -1.0", "b0@1 SUM -1.0", "c0@2 MAX -1.0",
        "c1@2 MAX -1.0", "c2@2 MAX -1.0");
  }

  @Test
  void aStrictJoinerGivesPositionsToo() throws IOException {
    Path log = dir.resolve("cb.log");
    try (BinaryLogWriter w = BinaryLogWriter.to(log)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(events("x", 2));
    }
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults().with(JoinFeature.STRICT))) {
      for (JoinResult r : joiner) {
        assertThat(joiner.position().offset()).isPositive();
        assertThat(joiner.position().settings().problemType()).isEqualTo(ProblemType.CB);
      }
    }
  }
}
