package io.github.vwbinlog.spark;

import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** The schema of each view (docs/SPARK.md describes every column). */
final class Schemas {
  private Schemas() {}

  private static StructField field(String name, DataType type, boolean nullable) {
    return DataTypes.createStructField(name, type, nullable);
  }

  private static ArrayType array(DataType element) {
    return DataTypes.createArrayType(element, false);
  }

  /** A CCB or slates slot. */
  static final StructType SLOT = DataTypes.createStructType(new StructField[] {
      field("slot_id", DataTypes.StringType, true),
      field("actions", array(DataTypes.LongType), false),
      field("probabilities", array(DataTypes.FloatType), false),
      field("reward", DataTypes.FloatType, true),
      field("original_reward", DataTypes.FloatType, true)});

  /** An outcome joined to a decision. */
  static final StructType OUTCOME = DataTypes.createStructType(new StructField[] {
      field("value", DataTypes.FloatType, true),
      field("literal_value", DataTypes.StringType, true),
      field("index", DataTypes.StringType, true),
      field("time", DataTypes.TimestampType, false),
      field("action_taken", DataTypes.BooleanType, false)});

  /** One row per joined event. */
  static final StructType JOINED = DataTypes.createStructType(new StructField[] {
      field("file", DataTypes.StringType, false),
      field("offset", DataTypes.LongType, false),
      field("event_id", DataTypes.StringType, false),
      field("timestamp", DataTypes.TimestampType, false),
      field("problem_type", DataTypes.StringType, false),
      field("reward_function", DataTypes.StringType, false),
      field("learning_mode", DataTypes.StringType, false),
      field("model_id", DataTypes.StringType, true),
      field("actions", array(DataTypes.LongType), false),
      field("probabilities", array(DataTypes.FloatType), false),
      field("probability", DataTypes.FloatType, false),
      field("label_probability", DataTypes.FloatType, false),
      field("reward", DataTypes.FloatType, false),
      field("original_reward", DataTypes.FloatType, false),
      field("slots", array(SLOT), false),
      field("ca_action", DataTypes.FloatType, true),
      field("ca_pdf_value", DataTypes.FloatType, true),
      field("learnable", DataTypes.BooleanType, false),
      field("pdrop", DataTypes.FloatType, false),
      field("weight", DataTypes.FloatType, false),
      field("context", DataTypes.StringType, true),
      field("outcomes", array(OUTCOME), false),
      field("dsjson", DataTypes.StringType, true),
      field("default_reward", DataTypes.FloatType, false),
      field("use_client_time", DataTypes.BooleanType, false),
      field("joined_events", DataTypes.BinaryType, true)});

  /** One row per message. */
  static final StructType MESSAGES = DataTypes.createStructType(new StructField[] {
      field("file", DataTypes.StringType, false),
      field("offset", DataTypes.LongType, false),
      field("type", DataTypes.StringType, false),
      field("size", DataTypes.IntegerType, false),
      field("payload", DataTypes.BinaryType, false)});

  /** One row per event of an rlclientlib event file; the columns from {@code model_id} on come from the payload. */
  static final StructType EVENTS = DataTypes.createStructType(new StructField[] {
      field("file", DataTypes.StringType, false),
      field("batch_offset", DataTypes.LongType, false),
      field("batch_encoding", DataTypes.StringType, false),
      field("event_index", DataTypes.IntegerType, false),
      field("offset", DataTypes.LongType, false),
      field("stream", DataTypes.StringType, false),
      field("event_id", DataTypes.StringType, false),
      field("payload_type", DataTypes.StringType, false),
      field("client_time", DataTypes.TimestampType, true),
      field("client_time_ticks", DataTypes.LongType, true),
      field("pass_probability", DataTypes.FloatType, false),
      field("encoding", DataTypes.StringType, false),
      field("app_id", DataTypes.StringType, true),
      field("payload", DataTypes.BinaryType, false),
      field("model_id", DataTypes.StringType, true),
      field("deferred_action", DataTypes.BooleanType, true),
      field("learning_mode", DataTypes.StringType, true),
      field("actions", array(DataTypes.LongType), true),
      field("probabilities", array(DataTypes.FloatType), true),
      field("ca_action", DataTypes.FloatType, true),
      field("ca_pdf_value", DataTypes.FloatType, true),
      field("context", DataTypes.StringType, true),
      field("value", DataTypes.FloatType, true),
      field("literal_value", DataTypes.StringType, true),
      field("index", DataTypes.StringType, true),
      field("action_taken", DataTypes.BooleanType, true),
      field("step_id", DataTypes.StringType, true),
      field("previous_step_id", DataTypes.StringType, true)});

  /** One row per diagnostic. */
  static final StructType DIAGNOSTICS = DataTypes.createStructType(new StructField[] {
      field("file", DataTypes.StringType, false),
      field("offset", DataTypes.LongType, false),
      field("event_id", DataTypes.StringType, true),
      field("severity", DataTypes.StringType, false),
      field("reason", DataTypes.StringType, false),
      field("message", DataTypes.StringType, false)});

  static StructType of(String view) {
    return switch (view) {
      case ReadSettings.MESSAGES -> MESSAGES;
      case ReadSettings.DIAGNOSTICS -> DIAGNOSTICS;
      case ReadSettings.EVENTS -> EVENTS;
      default -> JOINED;
    };
  }
}
