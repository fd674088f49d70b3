package io.github.vwbinlog.parquet;

import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The Parquet schema of a joined event: the columns of the Spark source's {@code joined} view (spark module,
 * {@code Schemas.JOINED}) in the same order and with the same names and types, but for {@code dsjson}, which Spark
 * writes on demand and which would more than double the file (docs/PARQUET.md). Lists are Parquet's three-level
 * {@code LIST}s, times are microseconds since the epoch in UTC, texts are UTF-8 {@code STRING}s.
 */
final class JoinedSchema {
  private JoinedSchema() {}

  /** A required three-level {@code LIST} named {@code name} of required {@code element}s. */
  private static String list(String name, String element) {
    return "required group " + name + " (LIST) { repeated group list { required " + element + " element; } }\n";
  }

  /** A required three-level {@code LIST} named {@code name} of required groups of {@code fields}. */
  private static String listOfGroups(String name, String fields) {
    return "required group " + name + " (LIST) { repeated group list { required group element {\n" + fields
        + "} } }\n";
  }

  /** The schema. */
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message joined {\n"
      + """
        required binary file (STRING);
        required int64 offset;
        required binary event_id (STRING);
        required int64 timestamp (TIMESTAMP(MICROS,true));
        required binary problem_type (STRING);
        required binary reward_function (STRING);
        required binary learning_mode (STRING);
        optional binary model_id (STRING);
        """
      + list("actions", "int64") + list("probabilities", "float")
      + """
        required float probability;
        required float label_probability;
        required float reward;
        required float original_reward;
        """
      + listOfGroups("slots", "optional binary slot_id (STRING);\n" + list("actions", "int64")
          + list("probabilities", "float") + "optional float reward;\noptional float original_reward;\n")
      + """
        optional float ca_action;
        optional float ca_pdf_value;
        required boolean learnable;
        required float pdrop;
        required float weight;
        optional binary context (STRING);
        """
      + listOfGroups("outcomes", """
          optional float value;
          optional binary literal_value (STRING);
          optional binary index (STRING);
          required int64 time (TIMESTAMP(MICROS,true));
          required boolean action_taken;
          """)
      + "}");
}
