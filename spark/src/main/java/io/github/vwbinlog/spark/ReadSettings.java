package io.github.vwbinlog.spark;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The options of a read, checked on the driver and shipped to the executors: which view, the error policy, how files
 * are cut into splits, and the join options in the CLI's terms (docs/SPARK.md lists them). Keys are case-insensitive,
 * as Spark's options are; an unknown key fails the read, naming it and the known ones.
 *
 * @param view {@code joined}, {@code messages}, {@code diagnostics} or {@code events}
 * @param strict whether a read fails at the first error ({@code mode} {@code strict}) rather than skipping it
 * @param join the join options, as text, parsed on each executor by {@link #joinOptions}
 * @param maxPartitionBytes option {@code maxPartitionBytes}, or -1 for the session's
 *     {@code spark.sql.files.maxPartitionBytes}
 * @param openCostInBytes option {@code openCostInBytes}, or -1 for the session's
 *     {@code spark.sql.files.openCostInBytes}
 */
record ReadSettings(String view, boolean strict, Map<String, String> join, long maxPartitionBytes, long openCostInBytes)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String JOINED = "joined";
  static final String MESSAGES = "messages";
  static final String DIAGNOSTICS = "diagnostics";
  static final String EVENTS = "events";

  /** The join options, lower case. */
  private static final String[] JOIN_KEYS = {"multistep", "multistepreward", "rewardfunction", "defaultreward",
      "problemtype", "learningmode", "useclienttime", "fortraining"};

  /** Every option, as docs/SPARK.md spells it; {@code path} and {@code paths} are how Spark passes load()'s paths. */
  static final List<String> KNOWN = List.of("view", "mode", "rewardFunction", "defaultReward", "problemType",
      "learningMode", "useClientTime", "multistep", "multistepReward", "forTraining", "maxPartitionBytes",
      "openCostInBytes", "path", "paths");

  /**
   * Reads Spark's options.
   *
   * @throws IllegalArgumentException for an unknown option, or a value that does not parse, naming the option
   */
  static ReadSettings of(Map<String, String> options) {
    Map<String, String> lower = OptionNames.lowerCased(options, KNOWN,
        k -> "vw-binlog: unknown option " + k + "; the options are " + String.join(", ", KNOWN));
    String view = lower.getOrDefault("view", JOINED).toLowerCase(Locale.ROOT);
    if (!view.equals(JOINED) && !view.equals(MESSAGES) && !view.equals(DIAGNOSTICS) && !view.equals(EVENTS)) {
      throw new IllegalArgumentException("option view must be joined, messages, diagnostics or events: " + view);
    }
    String mode = lower.getOrDefault("mode", "lenient").toLowerCase(Locale.ROOT);
    if (!mode.equals("lenient") && !mode.equals("strict")) {
      throw new IllegalArgumentException("option mode must be lenient or strict: " + mode);
    }
    Map<String, String> join = new TreeMap<>();
    for (String key : JOIN_KEYS) {
      String value = lower.get(key);
      if (value != null) {
        join.put(key, value);
      }
    }
    if (view.equals(EVENTS) && !join.isEmpty()) {
      // Nothing is joined: a join option would be ignored, which a user would not see.
      throw new IllegalArgumentException("vw-binlog: option " + spelling(join.keySet().iterator().next())
          + " does not apply to view events (raw events are not joined); the options of view events are view, mode, "
          + "maxPartitionBytes, openCostInBytes");
    }
    long maxPartitionBytes = bytes("maxPartitionBytes", lower.get("maxpartitionbytes"), 1);
    long openCostInBytes = bytes("openCostInBytes", lower.get("opencostinbytes"), 0);
    ReadSettings settings = new ReadSettings(view, mode.equals("strict"), join, maxPartitionBytes, openCostInBytes);
    settings.joinOptions(DiagnosticListener.ignoring()); // fails now, on the driver, for a value that does not parse
    return settings;
  }

  /**
   * A size option: a number of bytes, or with Spark's units ({@code 64m}, {@code 1g}), at least {@code least}.
   *
   * @return the value, or -1 when the option is not given
   */
  static long bytes(String option, @Nullable String value, long least) {
    if (value == null) {
      return -1;
    }
    long bytes;
    try {
      bytes = org.apache.spark.network.util.JavaUtils.byteStringAsBytes(value.trim());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("option " + option + " must be a size in bytes (like 134217728 or 128m): "
          + value, e);
    }
    if (bytes < least) {
      throw new IllegalArgumentException("option " + option + " must be " + (least == 0 ? "0 or more" : "positive")
          + ": " + value);
    }
    return bytes;
  }
  /** Whether the multistep joiner joins (its logs are not cut into byte ranges: episodes cross messages). */
  boolean multistep() {
    return bool("multistep");
  }

  /** The join options these settings say, reporting to {@code listener}. */
  JoinOptions joinOptions(DiagnosticListener listener) {
    JoinOptions o = JoinOptions.defaults().withReadOptions(ReadOptions.defaults().withListener(listener));
    if (strict) {
      o = o.with(JoinFeature.STRICT);
    }
    if (bool("multistep")) {
      o = o.with(JoinFeature.MULTISTEP);
    }
    if (bool("useclienttime")) {
      o = o.with(JoinFeature.CLIENT_TIME);
    }
    if (bool("fortraining")) {
      o = o.with(JoinFeature.FOR_TRAINING);
    }
    String value = join.get("multistepreward");
    if (value != null) {
      o = o.withMultistepReward(parse("multistepReward", value, MultistepReward::parse));
    }
    if ((value = join.get("rewardfunction")) != null) {
      o = o.withRewardFunction(parse("rewardFunction", value, RewardFunction::parse));
    }
    if ((value = join.get("defaultreward")) != null) {
      o = o.withDefaultReward(parseFloat("defaultReward", value));
    }
    if ((value = join.get("problemtype")) != null) {
      o = o.withProblemType(parse("problemType", value, ProblemType::parse));
    }
    if ((value = join.get("learningmode")) != null) {
      o = o.withLearningMode(parse("learningMode", value, LearningMode::parse));
    }
    return o;
  }

  private boolean bool(String key) {
    @Nullable String value = join.get(key);
    if (value == null) {
      return false;
    }
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new IllegalArgumentException("option " + spelling(key) + " must be true or false: " + value);
  }

  /** The option as docs/SPARK.md spells it. */
  private static String spelling(String lowerCaseKey) {
    for (String k : KNOWN) {
      if (k.equalsIgnoreCase(lowerCaseKey)) {
        return k;
      }
    }
    return lowerCaseKey;
  }

  /** A value the library parses, whose error then names the option. */
  private static <T> T parse(String option, String value, java.util.function.Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option " + option + ": " + e.getMessage(), e);
    }
  }

  private static float parseFloat(String key, String value) {
    try {
      return Float.parseFloat(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be a number: " + value, e);
    }
  }
}
