package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.junit.jupiter.api.Test;

/** The driver's check, at commit, that no two tasks wrote one multistep batch ({@link VwBinlogWrite#checkBatches}). */
class MultistepBatchCheckTest {
  private static VwBinlogWrite.Committed task(long... batches) {
    return new VwBinlogWrite.Committed(List.of(), List.of(), batches.length, batches, 0);
  }

  @Test
  void batchesOfDistinctTasksPass() {
    assertThatCode(() -> VwBinlogWrite.checkBatches(new WriterCommitMessage[] {task(1, 2, 3), task(4, 5), task(),
        null})).doesNotThrowAnyException();
  }

  @Test
  void aBatchWrittenByTwoTasksFailsTheCommitCountingThem() {
    assertThatThrownBy(() -> VwBinlogWrite.checkBatches(new WriterCommitMessage[] {task(1, 2, 3), task(4, 2),
        task(3, 9)}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("vw-binlog: 2 multistep batch(es) had rows in more than one task")
        .hasMessageContaining("repartition(col(\"joined_events\"))");
  }
}
