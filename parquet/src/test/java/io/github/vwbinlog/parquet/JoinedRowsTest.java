package io.github.vwbinlog.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.junit.jupiter.api.Test;

/**
 * The leaf indexes {@link JoinedRows} writes by name the columns of {@link JoinedSchema} in schema order (that each
 * column holds what it should is {@link ParquetReadBackTest}'s to show).
 */
class JoinedRowsTest {

  @Test
  void leafIndexesNameTheSchemasColumnsInOrder() {
    List<String> paths = new ArrayList<>();
    for (ColumnDescriptor c : JoinedSchema.SCHEMA.getColumns()) {
      paths.add(String.join(".", c.getPath()));
    }
    assertThat(paths).containsExactly("file", "offset", "event_id", "timestamp", "problem_type", "reward_function",
        "learning_mode", "model_id", "actions.list.element", "probabilities.list.element", "probability",
        "label_probability", "reward", "original_reward", "slots.list.element.slot_id",
        "slots.list.element.actions.list.element", "slots.list.element.probabilities.list.element",
        "slots.list.element.reward", "slots.list.element.original_reward", "ca_action", "ca_pdf_value", "learnable",
        "pdrop", "weight", "context", "outcomes.list.element.value", "outcomes.list.element.literal_value",
        "outcomes.list.element.index", "outcomes.list.element.time", "outcomes.list.element.action_taken");
    assertThat(new int[] {JoinedRows.Leaf.FILE, JoinedRows.Leaf.OFFSET, JoinedRows.Leaf.EVENT_ID,
        JoinedRows.Leaf.TIMESTAMP, JoinedRows.Leaf.PROBLEM_TYPE, JoinedRows.Leaf.REWARD_FUNCTION,
        JoinedRows.Leaf.LEARNING_MODE, JoinedRows.Leaf.MODEL_ID, JoinedRows.Leaf.ACTIONS,
        JoinedRows.Leaf.PROBABILITIES, JoinedRows.Leaf.PROBABILITY, JoinedRows.Leaf.LABEL_PROBABILITY,
        JoinedRows.Leaf.REWARD, JoinedRows.Leaf.ORIGINAL_REWARD, JoinedRows.Leaf.SLOT_ID, JoinedRows.Leaf.SLOT_ACTIONS,
        JoinedRows.Leaf.SLOT_PROBABILITIES, JoinedRows.Leaf.SLOT_REWARD, JoinedRows.Leaf.SLOT_ORIGINAL_REWARD,
        JoinedRows.Leaf.CA_ACTION, JoinedRows.Leaf.CA_PDF_VALUE, JoinedRows.Leaf.LEARNABLE, JoinedRows.Leaf.PDROP,
        JoinedRows.Leaf.WEIGHT, JoinedRows.Leaf.CONTEXT, JoinedRows.Leaf.OUTCOME_VALUE,
        JoinedRows.Leaf.OUTCOME_LITERAL, JoinedRows.Leaf.OUTCOME_INDEX, JoinedRows.Leaf.OUTCOME_TIME,
        JoinedRows.Leaf.OUTCOME_TAKEN})
        .containsExactly(java.util.stream.IntStream.range(0, 30).toArray());
  }
}
