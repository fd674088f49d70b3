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
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The options of a read, checked on the driver and shipped to the executors: which view, the error policy, and the
 * join options in the CLI's terms (docs/SPARK.md lists them). Keys are case-insensitive, as Spark's options are.
 *
 * @param view {@code joined}, {@code messages} or {@code diagnostics}
 * @param strict whether a read fails at the first error ({@code mode} {@code strict}) rather than skipping it
 * @param join the join options, as text, parsed on each executor by {@link #joinOptions}
 */
record ReadSettings(String view, boolean strict, Map<String, String> join) implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String JOINED = "joined";
  static final String MESSAGES = "messages";
  static final String DIAGNOSTICS = "diagnostics";

  private static final String[] JOIN_KEYS = {"multistep", "multistepreward", "rewardfunction", "defaultreward",
      "problemtype", "learningmode", "useclienttime", "fortraining"};

  /**
   * Reads Spark's options.
   *
   * @throws IllegalArgumentException for an unknown view or mode, or a join option that does not parse
   */
  static ReadSettings of(Map<String, String> options) {
    Map<String, String> lower = new TreeMap<>();
    options.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    String view = lower.getOrDefault("view", JOINED).toLowerCase(Locale.ROOT);
    if (!view.equals(JOINED) && !view.equals(MESSAGES) && !view.equals(DIAGNOSTICS)) {
      throw new IllegalArgumentException("option view must be joined, messages or diagnostics: " + view);
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
    ReadSettings settings = new ReadSettings(view, mode.equals("strict"), join);
    settings.joinOptions(DiagnosticListener.ignoring()); // fails now, on the driver, for a value that does not parse
    return settings;
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
      o = o.withMultistepReward(MultistepReward.parse(value));
    }
    if ((value = join.get("rewardfunction")) != null) {
      o = o.withRewardFunction(RewardFunction.parse(value));
    }
    if ((value = join.get("defaultreward")) != null) {
      o = o.withDefaultReward(parseFloat("defaultReward", value));
    }
    if ((value = join.get("problemtype")) != null) {
      o = o.withProblemType(ProblemType.parse(value));
    }
    if ((value = join.get("learningmode")) != null) {
      o = o.withLearningMode(LearningMode.parse(value));
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
    throw new IllegalArgumentException("option " + key + " must be true or false: " + value);
  }

  private static float parseFloat(String key, String value) {
    try {
      return Float.parseFloat(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be a number: " + value, e);
    }
  }
}
