package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.evaluate.EvaluationOptions;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.Joiner;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collector;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code evaluate FILE... [--window 1h|1d|all] [--policy ...] [--predictions FILE] [--alpha 0.05] [--format
 * table|json|csv] [--html report.html]}: off-policy evaluation of the joined events ({@link PolicyEvaluation}).
 */
@Command(
    name = "evaluate",
    header = "Estimates what the logged policy and other policies earned, with confidence intervals.",
    mixinStandardHelpOptions = true,
    description = {
        "Joins the logs as convert does and estimates, per policy and time window, the average reward with the "
            + "estimators of the VowpalWabbit/estimators package: ips, snips, cressieread (point and interval), "
            + "gaussian and clopper_pearson (intervals).",
        "Only learnable CB decisions are evaluated; every other event is counted with its reason.",
        "The first error of the logs, if any, is described in words on standard error."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:no error was reported",
        "1:an error was reported, or the predictions do not match the events",
        "2:usage error",
        "3:an input cannot be opened"})
final class EvaluateCommand implements Callable<Integer> {

  /** The output formats. */
  enum Format { TABLE, JSON, CSV }

  @ParentCommand
  Main main;

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  InputFiles files = new InputFiles();

  @Option(names = "--window", paramLabel = "LENGTH", defaultValue = "all",
      description = "the length of a time window: all (default), or a number and s, m, h or d (1h, 1d, 15m)")
  String window;

  @Option(names = "--policy", split = ",", paramLabel = "POLICY",
      description = "the policies: logged, baseline1 (or baselineN: always action N), uniform, predictions "
          + "(default: logged, baseline1, uniform, and predictions when --predictions is given)")
  @Nullable List<String> policies;

  @Option(names = "--predictions", paramLabel = "FILE",
      description = "VW's predictions for the learnable events in order (the -p output of "
          + "vw --dsjson -t -i model: one action:probability list a line, actions by 0-based index)")
  @Nullable Path predictions;

  @Option(names = "--alpha", defaultValue = "0.05", description = "1 - the intervals' confidence (default: 0.05)")
  double alpha;

  @Option(names = "--reward-range", paramLabel = "MIN:MAX",
      description = "the possible rewards; a reward outside is an error (default: the range [0, 1] widened to "
          + "the rewards seen)")
  @Nullable String rewardRange;

  @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
      description = "table (default), json (JSON Lines: one object per window, policy and estimator) or csv")
  Format format;

  @Option(names = "--html", paramLabel = "FILE", description = "also write a self-contained HTML report")
  @Nullable Path html;

  @Option(names = "--threads", paramLabel = "N",
      description = "join each file on N threads (default: the available cores, ${DEFAULT-VALUE}); the counts are the "
          + "same for any N, the values up to their last digits (--threads 1 for bit-for-bit the same output "
          + "everywhere). Standard input, a predictions policy, the multistep joiner and --strict use one.")
  int threads = Runtime.getRuntime().availableProcessors();

  @ArgGroup(validate = false, heading = JoinOptionsGroup.HEADING)
  @Nullable JoinOptionsGroup join;

  @Mixin
  ProgressOptions progressOptions = new ProgressOptions();

  @Override
  public Integer call() throws IOException {
    Io io = main.io();
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, was " + threads);
    }
    EvaluationOptions options = options();
    List<Policy> chosen = policies(io);
    List<Input> resolved = files.resolve(io);
    if (resolved == null || chosen == null) {
      return Main.EXIT_UNREADABLE;
    }
    JoinOptions joinOptions = JoinOptionsGroup.apply(join, JoinOptions.defaults())
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    PolicyEvaluation evaluation = PolicyEvaluation.of(options, chosen);
    Progress progress = Progress.of(io, progressOptions, false, Progress.totalSize(resolved));
    // A predictions policy matches predictions by position among the learnable events, which parts do not know.
    boolean inParts = threads > 1 && chosen.stream().noneMatch(p -> p instanceof Policy.Predictions);
    Run run = evaluate(resolved, joinOptions.withThreads(inParts ? threads : 1), evaluation, io, progress);
    if (run.failure() != null) {
      io.err().println("vw-binlog evaluate: " + run.failure());
      return run.exit();
    }
    for (Policy p : chosen) {
      if (p instanceof Policy.Predictions given && given.perEvent().size() != evaluation.learnable()) {
        io.err().println("vw-binlog evaluate: " + predictions + " has " + given.perEvent().size()
            + " predictions but the logs have " + evaluation.learnable() + " learnable events: they must be "
            + "VW's predictions for the same DSJSON, in order");
        return Main.EXIT_DATA_ERROR;
      }
    }
    PrintStream out = io.out();
    switch (format) {
      case TABLE -> EvaluationPrinter.table(evaluation, run.summary(), out);
      case JSON -> EvaluationPrinter.json(evaluation, out);
      case CSV -> EvaluationPrinter.csv(evaluation, out);
    }
    out.flush();
    if (html != null) {
      try (BufferedWriter w = Files.newBufferedWriter(html, StandardCharsets.UTF_8)) {
        w.write(HtmlReport.render(evaluation, run.summary(), names(resolved)));
      } catch (IOException e) {
        io.err().println("vw-binlog evaluate: cannot write " + html + ": " + Input.describe(e));
        return Main.EXIT_UNREADABLE;
      }
    }
    return run.exit();
  }

  private static List<String> names(List<Input> inputs) {
    return inputs.stream().map(Input::name).toList();
  }

  /** What the run read: the joiners' summed summary, and why it stopped early, if it did. */
  private record Run(JoinSummary summary, @Nullable String failure, int exit) {}

  private static Run evaluate(List<Input> inputs, JoinOptions options, PolicyEvaluation evaluation, Io io,
      Progress progress) {
    FirstError firstError = new FirstError(options.readOptions().listener());
    options = options.withReadOptions(options.readOptions().withListener(firstError));
    boolean several = inputs.size() > 1;
    JoinSummary total = Summaries.empty();
    try {
      for (Input input : inputs) {
        firstError.input(input.name());
        Path path = input.path();
        if (path != null && options.threads() > 1) {
          // Joined in parts on several threads (Joiner.collect), each part into an evaluation of its own, merged in
          // log order: the estimates, summary and diagnostics of one joiner.
          try {
            Joiner.Collected<PolicyEvaluation> parts = Joiner.collect(path, options, Collector.of(
                () -> PolicyEvaluation.of(evaluation.options(), evaluation.policies()), PolicyEvaluation::add,
                (earlier, later) -> {
                  earlier.merge(later);
                  return earlier;
                }));
            evaluation.merge(parts.result());
            total = Summaries.plus(total, parts.summary());
            progress.inputDone(Files.size(path));
          } catch (IOException e) {
            return new Run(total, "cannot open " + input.name() + ": " + Input.describe(e), Main.EXIT_UNREADABLE);
          } catch (BinaryLogException | IllegalArgumentException e) {
            return new Run(total, input.name() + ": " + e.getMessage(), Main.EXIT_DATA_ERROR);
          }
          continue;
        }
        Conversion.Counting readerDiagnostics = new Conversion.Counting(options.readOptions().listener());
        BinaryLogReader reader;
        try {
          reader = input.open(io.in(), options.readOptions().withListener(readerDiagnostics));
        } catch (IOException e) {
          return new Run(total, "cannot open " + input.name() + ": " + Input.describe(e), Main.EXIT_UNREADABLE);
        }
        // Each input gets a fresh joiner, as convert gives it.
        try (Joiner joiner = Joiner.of(progress.track(reader), options)) {
          for (JoinResult r : joiner) {
            evaluation.add(r);
          }
          total = Summaries.plus(total, Summaries.withDiagnostics(joiner.summary(), readerDiagnostics.counts()));
          progress.inputDone(reader);
        } catch (BinaryLogException e) {
          return new Run(total, input.name() + ": " + e.getMessage(), Main.EXIT_DATA_ERROR);
        } catch (IllegalArgumentException e) {
          return new Run(total, input.name() + ": " + e.getMessage(), Main.EXIT_DATA_ERROR);
        }
      }
    } finally {
      progress.finish();
    }
    String first = firstError.describe(several);
    if (first != null) {
      io.err().println("vw-binlog evaluate: " + first);
    }
    return new Run(total, null, total.errors() > 0 ? Main.EXIT_DATA_ERROR : 0);
  }

  private EvaluationOptions options() {
    EvaluationOptions options;
    try {
      options = EvaluationOptions.defaults().withAlpha(alpha).withWindow(parseWindow(window));
      if (rewardRange != null) {
        String[] parts = rewardRange.split(":", -1);
        if (parts.length != 2) {
          throw new IllegalArgumentException("--reward-range must be MIN:MAX, e.g. 0:1: " + rewardRange);
        }
        options = options.withRewardRange(Double.parseDouble(parts[0]), Double.parseDouble(parts[1]));
      }
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    return options;
  }

  /** "all" or a number and a unit: s, m, h or d. */
  static @Nullable Duration parseWindow(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("all")) {
      return null;
    }
    if (t.length() >= 2) {
      String digits = t.substring(0, t.length() - 1);
      if (digits.chars().allMatch(Character::isDigit) && digits.length() <= 9) {
        long n = Long.parseLong(digits);
        Duration d = switch (t.charAt(t.length() - 1)) {
          case 's' -> Duration.ofSeconds(n);
          case 'm' -> Duration.ofMinutes(n);
          case 'h' -> Duration.ofHours(n);
          case 'd' -> Duration.ofDays(n);
          default -> null;
        };
        if (d != null && n > 0) {
          return d;
        }
      }
    }
    throw new IllegalArgumentException("--window must be all or a number and s, m, h or d (1h, 1d): " + text);
  }

  /** The policies asked for; null when the predictions cannot be read (said on standard error). */
  private @Nullable List<Policy> policies(Io io) {
    List<String> names = policies != null ? policies
        : predictions != null ? List.of("logged", "baseline1", "uniform", "predictions")
        : List.of("logged", "baseline1", "uniform");
    List<Policy> out = new ArrayList<>();
    for (String name : names) {
      switch (name.trim().toLowerCase(Locale.ROOT)) {
        case "logged" -> out.add(Policy.logged());
        case "baseline1" -> out.add(Policy.baseline1());
        case "uniform" -> out.add(Policy.uniform());
        case "predictions" -> {
          if (predictions == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--policy predictions needs --predictions FILE");
          }
          try {
            out.add(Policy.predictions(readPredictions(predictions)));
          } catch (IOException e) {
            io.err().println("vw-binlog evaluate: cannot read " + predictions + ": " + Input.describe(e));
            return null;
          } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
          }
        }
        default -> out.add(constant(name));
      }
    }
    if (out.stream().map(Policy::name).distinct().count() != out.size()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "a policy is named twice: " + names);
    }
    return out;
  }

  /** {@code baselineN}: always the action with id N (N from 1). */
  private Policy constant(String name) {
    String t = name.trim().toLowerCase(Locale.ROOT);
    if (t.startsWith("baseline") && t.length() > 8 && t.length() <= 17
        && t.substring(8).chars().allMatch(Character::isDigit) && Long.parseLong(t.substring(8)) > 0) {
      return new Policy.Constant(Long.parseLong(t.substring(8)));
    }
    throw new CommandLine.ParameterException(spec.commandLine(),
        "unknown policy '" + name + "': expected logged, baseline1 (or baselineN), uniform or predictions");
  }

  /**
   * VW's {@code -p} output of a CB model: one line per example, {@code index:probability} pairs separated by commas,
   * optionally followed by a space and the example's tag; blank lines are skipped.
   *
   * @throws IllegalArgumentException naming the line that is not such a list
   */
  static List<Map<Integer, Double>> readPredictions(Path file) throws IOException {
    List<Map<Integer, Double>> out = new ArrayList<>();
    int lineNumber = 0;
    try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
      for (String line : (Iterable<String>) lines::iterator) {
        lineNumber++;
        String t = line.strip();
        if (t.isEmpty()) {
          continue;
        }
        int space = t.indexOf(' ');
        String list = space < 0 ? t : t.substring(0, space);
        Map<Integer, Double> probabilities = new HashMap<>();
        try {
          for (String pair : list.split(",")) {
            int colon = pair.indexOf(':');
            probabilities.put(Integer.parseInt(pair.substring(0, colon)),
                Double.parseDouble(pair.substring(colon + 1)));
          }
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(file + " line " + lineNumber
              + ": not a list of action:probability pairs: " + abbreviate(t));
        }
        out.add(probabilities);
      }
    }
    return out;
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }
}
