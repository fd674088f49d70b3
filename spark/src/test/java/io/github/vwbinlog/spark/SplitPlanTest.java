package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How files become tasks: Spark's file-source rule (split size, open cost, bytes per core), in the files' order. */
class SplitPlanTest {
  private static final long MIB = 1 << 20;

  private static List<SplitPlan.File> files(long... lengths) {
    List<SplitPlan.File> out = new ArrayList<>();
    for (int i = 0; i < lengths.length; i++) {
      out.add(new SplitPlan.File("f" + i, lengths[i]));
    }
    return out;
  }

  /** Each task as its splits, "f0[0,10)". */
  private static List<String> tasks(List<FilePartition> plan) {
    return plan.stream().map(p -> String.join(" ", p.splits().stream()
        .map(s -> s.path() + "[" + s.start() + "," + Math.min(s.end(), s.length()) + ")").toList())).toList();
  }

  @Test
  void smallFilesArePackedUpToTheSplitSizeCountingTheOpenCost() {
    SplitPlan plan = new SplitPlan(128 * MIB, 4 * MIB, 1);
    // 30 files of 1 MiB: 30 + 30 * 4 MiB over one core is above 128 MiB, so splits are 128 MiB; a task takes
    // files while its bytes (1 MiB each, plus 4 MiB for each file already in it) stay within 128 MiB.
    List<FilePartition> packed = plan.plan(files(new long[30]).stream()
        .map(f -> new SplitPlan.File(f.path(), MIB)).toList(), false);
    assertThat(packed).hasSize(2);
    assertThat(packed.get(0).splits()).hasSize(26);
    assertThat(packed.get(1).splits()).hasSize(4);
  }

  @Test
  void theSplitSizeFallsToTheBytesPerCoreButNotBelowTheOpenCost() {
    assertThat(new SplitPlan(128 * MIB, 4 * MIB, 4).maxSplitBytes(files(60 * MIB))).isEqualTo(16 * MIB);
    assertThat(new SplitPlan(128 * MIB, 4 * MIB, 100).maxSplitBytes(files(60 * MIB))).isEqualTo(4 * MIB);
    assertThat(new SplitPlan(128 * MIB, 4 * MIB, 1).maxSplitBytes(files(600 * MIB))).isEqualTo(128 * MIB);
  }

  @Test
  void largeFilesAreCutInOrderAndMultistepLogsAreNot() {
    SplitPlan plan = new SplitPlan(100, 0, 1);
    assertThat(tasks(plan.plan(files(250, 30, 60), false)))
        .containsExactly("f0[0,100)", "f0[100,200)", "f0[200,250) f1[0,30)", "f2[0,60)");
    assertThat(tasks(plan.plan(files(250, 30), true))).containsExactly("f0[0,250)", "f1[0,30)");
    assertThat(tasks(new SplitPlan(100, 1000, 1).plan(files(10, 10, 10), false)))
        .containsExactly("f0[0,10)", "f1[0,10)", "f2[0,10)");
  }

  @Test
  void anEmptyReadHasNoTasksAndSizesMustMakeSense() {
    assertThat(new SplitPlan(100, 0, 2).plan(List.of(), false)).isEmpty();
    assertThatThrownBy(() -> new SplitPlan(0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SplitPlan(10, -1, 1)).isInstanceOf(IllegalArgumentException.class);
  }
}
