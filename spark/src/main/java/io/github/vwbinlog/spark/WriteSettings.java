package io.github.vwbinlog.spark;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.jspecify.annotations.Nullable;

/**
 * The options and columns of a write, checked on the driver and shipped to the executors: where the logs go, the
 * checkpoint settings (an option overrides the rows' column; without either, the schema default), the
 * {@code partitionBy} columns, and where each column the writer reads is in the rows (by name, so the rows may have
 * other columns too, in any order).
 *
 * @param path the output directory
 * @param overrides the checkpoint settings given as options: {@code rewardFunction}, {@code defaultReward},
 *     {@code learningMode}, {@code problemType}, {@code useClientTime} (lower case keys), parsed
 * @param columns the index in the rows of each column of {@link Schemas#JOINED} they have (by name)
 * @param partitionColumns the indexes of the {@code partitionBy} columns, in order
 * @param partitionNames their names
 * @param partitionTypes their types
 * @param failFirstAttemptAfter for tests: the first attempt of each task fails after writing this many rows (-1: never)
 */
record WriteSettings(String path, Map<String, String> overrides, Map<String, Integer> columns,
    int[] partitionColumns, String[] partitionNames, DataType[] partitionTypes, long failFirstAttemptAfter)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Every option of a write, as docs/SPARK.md spells it. */
  static final List<String> KNOWN = List.of("rewardFunction", "defaultReward", "learningMode", "problemType",
      "useClientTime", "path", "testFailFirstAttemptAfterRows");

  /** The columns a row must have when its {@code joined_events} is null: those its events are encoded from. */
  static final List<String> TYPED = List.of("event_id", "timestamp", "actions", "probabilities", "pdrop", "slots",
      "ca_action", "ca_pdf_value", "learnable", "context", "outcomes");

  /**
   * Reads a write's options and the rows' schema.
   *
   * @throws IllegalArgumentException for an unknown option, a value that does not parse, a column of the joined view
   *     of another type, a partitioning that is not {@code partitionBy} of columns, or rows that have neither
   *     {@code joined_events} nor the columns to encode events from, naming the option or column
   */
  static WriteSettings of(Map<String, String> options, StructType schema, Transform[] partitioning) {
    Map<String, String> lower = OptionNames.lowerCased(options, KNOWN, k -> "vw-binlog: unknown option " + k
        + " for a write; the options of a write are " + String.join(", ", KNOWN.subList(0, KNOWN.size() - 2)));
    String path = lower.get("path");
    if (path == null) {
      throw new IllegalArgumentException("vw-binlog: no path: give save() the output directory");
    }
    Map<String, String> overrides = new TreeMap<>();
    for (String key : List.of("rewardfunction", "defaultreward", "learningmode", "problemtype", "useclienttime")) {
      String value = lower.get(key);
      if (value != null) {
        overrides.put(key, value);
      }
    }
    Map<String, Integer> columns = new HashMap<>();
    for (StructField f : Schemas.JOINED.fields()) {
      if (!schema.getFieldIndex(f.name()).isEmpty()) {
        int index = schema.fieldIndex(f.name());
        DataType type = schema.fields()[index].dataType();
        if (!type.asNullable().equals(f.dataType().asNullable())) {
          throw new IllegalArgumentException("vw-binlog: column " + f.name() + " is " + type.simpleString()
              + " where the joined view's is " + f.dataType().simpleString());
        }
        columns.put(f.name(), index);
      }
    }
    List<String> missing = new ArrayList<>();
    if (!columns.containsKey("joined_events")) {
      for (String c : TYPED) {
        if (!columns.containsKey(c)) {
          missing.add(c);
        }
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("vw-binlog: the rows have neither column joined_events nor the columns to "
          + "encode joined events from; missing: " + String.join(", ", missing));
    }
    int[] partitionColumns = new int[partitioning.length];
    String[] partitionNames = new String[partitioning.length];
    DataType[] partitionTypes = new DataType[partitioning.length];
    for (int i = 0; i < partitioning.length; i++) {
      Transform t = partitioning[i];
      if (!t.name().equals("identity") || t.references().length != 1
          || t.references()[0].fieldNames().length != 1) {
        throw new IllegalArgumentException("vw-binlog: a write is partitioned by columns only (partitionBy): "
            + t.describe());
      }
      String name = t.references()[0].fieldNames()[0];
      if (schema.getFieldIndex(name).isEmpty()) {
        throw new IllegalArgumentException("vw-binlog: partitionBy column " + name + " is not a column of the rows");
      }
      partitionColumns[i] = schema.fieldIndex(name);
      partitionNames[i] = name;
      partitionTypes[i] = schema.fields()[partitionColumns[i]].dataType();
    }
    long fail = -1;
    String test = lower.get("testfailfirstattemptafterrows");
    if (test != null) {
      fail = Long.parseLong(test);
    }
    WriteSettings settings = new WriteSettings(path, overrides, columns, partitionColumns, partitionNames,
        partitionTypes, fail);
    settings.checkOverrides();
    return settings;
  }

  /** Parses the overrides once on the driver, so that a value that does not parse fails there, naming the option. */
  private void checkOverrides() {
    checkpoint(null);
  }

  /** The index of a column of the joined view in the rows, or -1. */
  int column(String name) {
    Integer i = columns.get(name);
    return i == null ? -1 : i;
  }

  /**
   * The checkpoint settings for a row: each an option when given, else the row's column when the rows have it, else
   * the schema default ({@link CheckpointInfo#DEFAULTS}).
   */
  CheckpointInfo checkpoint(@Nullable InternalRow row) {
    CheckpointInfo c = CheckpointInfo.DEFAULTS;
    String v;
    if ((v = text("rewardfunction", "reward_function", row)) != null) {
      c = c.withRewardFunction(parse("rewardFunction", v, RewardFunction::parse, RewardFunction.class));
    }
    if ((v = text("learningmode", "learning_mode", row)) != null) {
      c = c.withLearningMode(parse("learningMode", v, LearningMode::parse, LearningMode.class));
    }
    if ((v = text("problemtype", "problem_type", row)) != null) {
      c = c.withProblemType(parse("problemType", v, ProblemType::parse, ProblemType.class));
    }
    String option = overrides.get("defaultreward");
    if (option != null) {
      try {
        c = c.withDefaultReward(Float.parseFloat(option));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("option defaultReward must be a number: " + option, e);
      }
    } else if (row != null && column("default_reward") >= 0 && !row.isNullAt(column("default_reward"))) {
      c = c.withDefaultReward(row.getFloat(column("default_reward")));
    }
    option = overrides.get("useclienttime");
    if (option != null) {
      if (!option.equalsIgnoreCase("true") && !option.equalsIgnoreCase("false")) {
        throw new IllegalArgumentException("option useClientTime must be true or false: " + option);
      }
      c = c.withUseClientTime(Boolean.parseBoolean(option));
    } else if (row != null && column("use_client_time") >= 0 && !row.isNullAt(column("use_client_time"))) {
      c = c.withUseClientTime(row.getBoolean(column("use_client_time")));
    }
    return c;
  }

  /**
   * A task's view of {@link #checkpoint}: the settings of the last row, given again while a row's settings columns hold
   * the same values, so that a task whose rows share their settings (every row of a log between two CHECKPOINTs)
   * parses them once rather than per row. Not thread-safe: one per writer.
   */
  Checkpoints checkpoints() {
    return new Checkpoints();
  }

  /** See {@link #checkpoints()}. */
  final class Checkpoints {
    private static final String[] TEXTS = {"reward_function", "learning_mode", "problem_type"};
    private static final String[] OPTIONS = {"rewardfunction", "learningmode", "problemtype"};
    /** The columns read for each text setting (-1 where an option overrides it or the rows lack it). */
    private final int[] texts = new int[TEXTS.length];
    private final int reward;
    private final int clientTime;
    private final org.apache.spark.unsafe.types.@Nullable UTF8String[] lastTexts =
        new org.apache.spark.unsafe.types.UTF8String[TEXTS.length];
    private boolean lastRewardNull;
    private float lastReward;
    private boolean lastClientTimeNull;
    private boolean lastClientTime;
    private @Nullable CheckpointInfo last;

    private Checkpoints() {
      for (int i = 0; i < TEXTS.length; i++) {
        texts[i] = overrides.containsKey(OPTIONS[i]) ? -1 : column(TEXTS[i]);
      }
      reward = overrides.containsKey("defaultreward") ? -1 : column("default_reward");
      clientTime = overrides.containsKey("useclienttime") ? -1 : column("use_client_time");
    }

    /** The row's settings, as {@link #checkpoint} gives them. */
    CheckpointInfo of(InternalRow row) {
      CheckpointInfo c = last;
      if (c != null && same(row)) {
        return c;
      }
      for (int i = 0; i < texts.length; i++) {
        lastTexts[i] = texts[i] < 0 || row.isNullAt(texts[i]) ? null : row.getUTF8String(texts[i]).clone();
      }
      lastRewardNull = reward < 0 || row.isNullAt(reward);
      lastReward = lastRewardNull ? 0 : row.getFloat(reward);
      lastClientTimeNull = clientTime < 0 || row.isNullAt(clientTime);
      lastClientTime = !lastClientTimeNull && row.getBoolean(clientTime);
      c = checkpoint(row);
      last = c;
      return c;
    }

    /** Whether the row's settings columns hold what the last row's did. */
    private boolean same(InternalRow row) {
      for (int i = 0; i < texts.length; i++) {
        if (texts[i] >= 0) {
          boolean isNull = row.isNullAt(texts[i]);
          if (isNull != (lastTexts[i] == null) || !isNull && !row.getUTF8String(texts[i]).equals(lastTexts[i])) {
            return false;
          }
        }
      }
      if (reward >= 0 && (row.isNullAt(reward) != lastRewardNull
          || !lastRewardNull && Float.floatToRawIntBits(row.getFloat(reward)) != Float.floatToRawIntBits(lastReward))) {
        return false;
      }
      return clientTime < 0 || row.isNullAt(clientTime) == lastClientTimeNull
          && (lastClientTimeNull || row.getBoolean(clientTime) == lastClientTime);
    }
  }

  /** An option's value, else the row's text in {@code column}, else null. */
  private @Nullable String text(String option, String column, @Nullable InternalRow row) {
    String value = overrides.get(option);
    if (value != null || row == null) {
      return value;
    }
    int i = column(column);
    return i < 0 || row.isNullAt(i) ? null : row.getUTF8String(i).toString();
  }

  /**
   * A value as the option takes it (the CLI's spelling) or as the joined view's column holds it (the constant's name
   * in lower case: {@code logging_only}).
   */
  private static <E extends Enum<E>> E parse(String option, String value, java.util.function.Function<String, E> parser,
      Class<E> type) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      try {
        return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException again) {
        throw new IllegalArgumentException("option or column " + option + ": " + e.getMessage(), e);
      }
    }
  }
}
