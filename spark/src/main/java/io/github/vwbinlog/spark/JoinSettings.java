package io.github.vwbinlog.spark;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DurationText;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.LogJoiner;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The options of {@link VwBinlogJoin#join}, named and written as the CLI {@code join}'s ({@code eud},
 * {@code backward}, {@code reward-function}, {@code default-reward}, {@code learning-mode}, {@code problem-type},
 * {@code use-client-time}; durations as {@code 30s}, {@code 10m}, {@code 2h}, {@code 7d}, {@code eud} also
 * {@code unlimited}, {@code backward} also {@code 0}). Checked on the driver; the text is shipped to the executors,
 * where {@link #joiner} builds the {@link LogJoiner} (which is not serializable).
 *
 * @param options the options given, keys lower case
 */
record JoinSettings(Map<String, String> options) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Every option, as the CLI spells it (without its dashes). */
  static final List<String> KNOWN = List.of("eud", "backward", "reward-function", "default-reward", "learning-mode",
      "problem-type", "use-client-time");

  /**
   * Reads the options.
   *
   * @throws IllegalArgumentException for an unknown option, or a value that does not parse, naming the option
   */
  static JoinSettings of(Map<String, String> given) {
    Map<String, String> options = new TreeMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      String key = e.getKey().toLowerCase(Locale.ROOT);
      if (key.startsWith("--")) {
        key = key.substring(2);
      }
      if (!KNOWN.contains(key)) {
        throw new IllegalArgumentException("vw-binlog join: unknown option " + e.getKey() + "; the options are "
            + String.join(", ", KNOWN));
      }
      if (e.getValue() == null) {
        throw new IllegalArgumentException("vw-binlog join: option " + key + " has no value");
      }
      options.put(key, e.getValue());
    }
    JoinSettings settings = new JoinSettings(options);
    settings.joiner(DiagnosticListener.ignoring()); // fails now, on the driver, for a value that does not parse
    return settings;
  }

  /**
   * The joiner these options say, reporting to {@code listener}. Its disorder tolerance is 0: a task's events are
   * sorted by client time, so none is late.
   */
  LogJoiner joiner(DiagnosticListener listener) {
    LogJoiner.Builder b = LogJoiner.builder().listener(listener).disorderTolerance(Duration.ZERO);
    String value = options.get("eud");
    if (value != null) {
      Duration eud = duration("eud", value, true, false);
      if (eud == null) {
        b.unlimitedEud();
      } else {
        b.eud(eud);
      }
    }
    if ((value = options.get("backward")) != null) {
      b.backwardTolerance(java.util.Objects.requireNonNull(duration("backward", value, false, true)));
    }
    if ((value = options.get("reward-function")) != null) {
      b.rewardFunction(parse("reward-function", value, RewardFunction::parse));
    }
    if ((value = options.get("default-reward")) != null) {
      try {
        b.defaultReward(Float.parseFloat(value.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("vw-binlog join: option default-reward must be a number: " + value, e);
      }
    }
    if ((value = options.get("learning-mode")) != null) {
      b.learningMode(parse("learning-mode", value, LearningMode::parse));
    }
    if ((value = options.get("problem-type")) != null) {
      b.problemType(parse("problem-type", value, ProblemType::parse));
    }
    if ((value = options.get("use-client-time")) != null) {
      if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
        throw new IllegalArgumentException("vw-binlog join: option use-client-time must be true or false: " + value);
      }
      b.useClientTime(Boolean.parseBoolean(value));
    }
    return b.build();
  }

  /** A duration as the CLI's {@code join} takes it ({@link DurationText}), with the option's name in its error. */
  static @Nullable Duration duration(String option, String text, boolean unlimited, boolean zero) {
    try {
      return DurationText.parse(text, unlimited, zero);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("vw-binlog join: option " + option + " " + e.getMessage(), e);
    }
  }

  private static <T> T parse(String option, String value, Function<String, T> parser) {
    try {
      return parser.apply(value.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("vw-binlog join: option " + option + ": " + e.getMessage(), e);
    }
  }
}
