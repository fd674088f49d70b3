package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.RewardFunction;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * {@link WriteSettings.Checkpoints}, the writer's memo of a row's checkpoint settings, gives what
 * {@link WriteSettings#checkpoint} gives for every row, on one row object changed in place between rows (as Spark
 * reuses its rows), with and without options that override the columns.
 */
class WriteSettingsCheckpointsTest {
  private static final String[] FUNCTIONS = {"earliest", "average", "sum", "median"};
  private static final String[] MODES = {"online", "apprentice", "logging_only"};
  private static final String[] PROBLEMS = {"cb", "ccb", "slates"};

  private static void randomSettings(GenericInternalRow row, WriteSettings settings, Random random) {
    // few distinct values, so that runs of equal settings and changes both occur
    row.update(settings.column("reward_function"), random.nextInt(8) == 0 ? null
        : UTF8String.fromString(FUNCTIONS[random.nextInt(2)]));
    int mode = random.nextInt(5) == 0 ? 1 + random.nextInt(2) : 0;
    row.update(settings.column("learning_mode"), UTF8String.fromString(MODES[mode]));
    row.update(settings.column("problem_type"), UTF8String.fromString(PROBLEMS[random.nextInt(6) == 0 ? 1 : 0]));
    float reward = random.nextInt(5) == 0 ? -0.0f : 0.0f; // the same value, another bit pattern: a change
    row.update(settings.column("default_reward"), random.nextInt(7) == 0 ? null : reward);
    row.update(settings.column("use_client_time"), random.nextInt(9) == 0 ? null : random.nextInt(4) == 0);
  }

  private static void everyRowAsCheckpointGivesIt(Map<String, String> options) {
    WriteSettings settings = WriteSettings.of(options, Schemas.JOINED, new Transform[0]);
    WriteSettings.Checkpoints memo = settings.checkpoints();
    GenericInternalRow row = new GenericInternalRow(Schemas.JOINED.length());
    Random random = new Random(21);
    CheckpointInfo previous = null;
    int changes = 0;
    for (int i = 0; i < 2_000; i++) {
      if (i == 0 || random.nextInt(3) == 0) {
        randomSettings(row, settings, random);
      }
      CheckpointInfo expected = settings.checkpoint(row);
      assertThat(memo.of(row)).as("row %d", i).isEqualTo(expected);
      changes += previous != null && !previous.equals(expected) ? 1 : 0;
      previous = expected;
    }
    if (options.size() == 1) {
      assertThat(changes).as("the rows change their settings").isGreaterThan(100);
    }
  }

  @Test
  void givesTheRowsSettingsRowAfterRow() {
    everyRowAsCheckpointGivesIt(Map.of("path", "out"));
  }

  @Test
  void optionsOverrideTheColumnsItCompares() {
    everyRowAsCheckpointGivesIt(Map.of("path", "out", "rewardFunction", "max", "useClientTime", "true"));
    everyRowAsCheckpointGivesIt(Map.of("path", "out", "learningMode", "apprentice", "problemType", "cb",
        "defaultReward", "-1.5"));
    WriteSettings all = WriteSettings.of(Map.of("path", "out", "rewardFunction", "max", "learningMode", "apprentice",
        "problemType", "ccb", "defaultReward", "2", "useClientTime", "true"), Schemas.JOINED, new Transform[0]);
    GenericInternalRow row = new GenericInternalRow(Schemas.JOINED.length());
    randomSettings(row, all, new Random(1));
    assertThat(all.checkpoints().of(row).rewardFunction()).isEqualTo(RewardFunction.MAX);
    assertThat(all.checkpoints().of(row).learningMode()).isEqualTo(LearningMode.APPRENTICE);
  }
}
