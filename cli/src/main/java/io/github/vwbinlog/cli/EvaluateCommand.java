package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DurationText;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.evaluate.EvaluationOptions;
import io.github.vwbinlog.evaluate.Policy;
import io.github.vwbinlog.evaluate.PolicyEvaluation;
import io.github.vwbinlog.join.JoinOptions;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code evaluate FILE... [--window 1h|1d|all] [--policy ...] [--predictions NAME=FILE]... [--baseline POLICY]
 * [--alpha 0.05] [--format table|json|csv] [--html report.html]}: off-policy evaluation of the joined events
 * ({@link PolicyEvaluation}), with a ranked summary of the policies over the whole period first.
 */
final class EvaluateCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "evaluate",
      "Estimates what the logged policy and other policies earned, with confidence intervals.",
      new String[] {
          "Joins the logs as convert does and estimates, per policy and time window, the average reward with the "
              + "estimators of the VowpalWabbit/estimators package: ips, snips, cressieread (point and interval), "
              + "gaussian, clopper_pearson and cs (intervals; cs is valid at every window at once), and each "
              + "policy's lift over the logged policy (and over --baseline) with its interval.",
          "A ranked summary of the policies over the whole period comes first, then the windows.",
          "Learnable CB, CCB and slates decisions are evaluated; every other event is counted with its reason. "
              + "When no event can be evaluated, the reason is said on standard error and the exit code is 1.",
          "The first error of the logs, if any, is described in words on standard error."},
      "0:no error was reported",
      "1:an error was reported, the predictions do not match the events, or no event could be evaluated",
      "2:usage error",
      "3:an input cannot be opened");

  /** The output formats. */
  enum Format { TABLE, JSON, CSV }

  private final Io io;
  final InputFiles files;
  String window = "all";
  @Nullable List<String> policies;
  @Nullable List<String> predictions;
  @Nullable String baseline;
  double alpha = 0.05;
  @Nullable String rewardRange;
  Format format = Format.TABLE;
  @Nullable Path html;
  int threads = Runtime.getRuntime().availableProcessors();
  final JoinOptionsGroup join;
  final ProgressOptions progressOptions;

  EvaluateCommand(Io io) {
    this.io = io;
    files = new InputFiles(spec);
    spec.addOption(Specs.bind(OptionSpec.builder("--window").paramLabel("LENGTH").type(String.class)
        .defaultValue("all")
        .description("the length of a time window: all (default), or a number and s, m, h or d (1h, 1d, 15m)"),
        () -> window, v -> window = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--policy").splitRegex(",").paramLabel("POLICY")
        .type(List.class).auxiliaryTypes(String.class)
        .description("the policies: logged, baseline1 (or baselineN: always action N), uniform, and the names of "
            + "--predictions (default: logged, baseline1, uniform and every --predictions)"),
        () -> policies, v -> policies = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--predictions").paramLabel("NAME=FILE")
        .type(List.class).auxiliaryTypes(String.class)
        .description("VW's predictions of a model for the learnable events in order, as a policy named NAME "
            + "(default name: predictions); repeat for several models. The -p output of vw --dsjson -t -i model: "
            + "one action:probability list a line, actions by their 0-based index into the event's actions"),
        () -> predictions, v -> predictions = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--baseline").paramLabel("POLICY").type(String.class)
        .description("also give every policy's lift over this one (always: over the logged policy)"),
        () -> baseline, v -> baseline = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--alpha").paramLabel("<alpha>").type(double.class)
        .defaultValue("0.05")
        .description("1 - the intervals' confidence (default: 0.05)"), () -> alpha, v -> alpha = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--reward-range").paramLabel("MIN:MAX").type(String.class)
        .description("the possible rewards; a reward outside is an error (default: the range [0, 1] widened to "
            + "the rewards seen)"), () -> rewardRange, v -> rewardRange = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--format").defaultValue("table").paramLabel("FORMAT")
        .type(Format.class)
        .description("table (default), json (JSON Lines: one object per window, policy and estimator) or csv"),
        () -> format, v -> format = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--html").paramLabel("FILE").type(Path.class)
        .description("also write a self-contained HTML report"), () -> html, v -> html = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--threads").paramLabel("N").type(int.class)
        .description("join each file on N threads (default: the available cores, ${DEFAULT-VALUE}); the counts are "
            + "the same for any N, the output too, byte for byte. The multistep joiner and --strict use one."),
        () -> threads, v -> threads = v));
    join = new JoinOptionsGroup(spec, JoinOptionsGroup.HEADING);
    progressOptions = new ProgressOptions(spec);
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() throws IOException {
    if (threads < 1) {
      throw badValue("--threads", Integer.toString(threads), "must be at least 1");
    }
    EvaluationOptions options = options();
    List<Policy> chosen = policies(io);
    if (chosen != null && baseline != null && chosen.stream().noneMatch(p -> p.name().equals(baseline))) {
      throw badValue("--baseline", baseline, "not among the policies evaluated "
          + chosen.stream().map(Policy::name).toList());
    }
    options = options.withBaseline(baseline);
    if (html != null) {
      Path dir = html.toAbsolutePath().getParent();
      if (dir != null && !Files.isDirectory(dir)) {
        io.err().println("vw-binlog evaluate: cannot write " + html + ": the directory " + dir + " does not exist");
        return Main.EXIT_UNREADABLE;
      }
    }
    List<Input> resolved = files.resolve(io);
    if (resolved == null || chosen == null) {
      return Main.EXIT_UNREADABLE;
    }
    JoinOptions joinOptions = join.apply(JoinOptions.defaults())
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    PolicyEvaluation evaluation = PolicyEvaluation.of(options, chosen);
    Progress progress = Progress.of(io, progressOptions, false, Progress.totalSize(resolved));
    // Parts are merged in log order as they are done; a predictions policy's lines are matched when its part is merged.
    Run run = evaluate(resolved, joinOptions.withThreads(threads), evaluation, io, progress);
    if (run.failure() != null) {
      io.err().println("vw-binlog evaluate: " + run.failure());
      return run.exit();
    }
    for (Policy p : chosen) {
      if (p instanceof Policy.Predictions given && given.size() != evaluation.learnable()) {
        io.err().println("vw-binlog evaluate: " + given.source() + " has " + given.size()
            + " predictions but the logs have " + evaluation.learnable() + " learnable events: they must be "
            + "VW's predictions for the same DSJSON, in order");
        return Main.EXIT_DATA_ERROR;
      }
    }
    notices(run.summary(), io.err());
    if (evaluation.evaluated() == 0) {
      io.err().println("vw-binlog evaluate: nothing to evaluate: " + whyNothing(evaluation, run.summary()));
      return Main.EXIT_DATA_ERROR;
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

  /** The join's diagnostics, one line per reason, as {@code convert} lists them under its summary. */
  private static void notices(JoinSummary summary, PrintStream err) {
    if (summary.diagnostics().isEmpty()) {
      return;
    }
    err.printf(Locale.ROOT, "vw-binlog evaluate: while joining: %d errors, %d notices%n", summary.errors(),
        summary.notices());
    summary.diagnostics().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
        err.printf(Locale.ROOT, "  %-7s %-28s %d%n", e.getKey().severity(), e.getKey(), e.getValue()));
  }

  /** Why no event was evaluated, in words. */
  static String whyNothing(PolicyEvaluation evaluation, JoinSummary summary) {
    if (summary.emittedTotal() == 0) {
      String multistep = summary.emitted().isEmpty() && summary.interactionsSeen() > 0
          ? " (" + summary.interactionsSeen() + " interactions seen but none joined, see the notices above; a "
              + "multistep log needs --multistep)" : "";
      return "the logs hold no joined event" + multistep;
    }
    StringBuilder b = new StringBuilder();
    b.append(summary.emittedTotal()).append(" joined events, none a learnable CB, CCB or slates decision with a "
        + "logged probability: ");
    String sep = "";
    for (Map.Entry<String, Long> e : evaluation.skipped().entrySet()) {
      b.append(sep).append(e.getValue()).append(' ').append(e.getKey());
      sep = ", ";
    }
    return b.toString();
  }

  private static List<String> names(List<Input> inputs) {
    return inputs.stream().map(Input::name).toList();
  }

  /** What the run read: the joiners' summed summary, and why it stopped early, if it did. */
  private record Run(JoinSummary summary, @Nullable String failure, int exit) {}

  /**
   * Joins each input, as {@code convert} does (a reader per input, on {@code --threads} threads), into the
   * evaluation's sink: each part of a log is evaluated from the views of its events and merged in log order (a
   * predictions policy's lines are matched when its part is merged), so the estimates, summary and diagnostics are
   * those of one joiner, whatever the thread count.
   */
  private static Run evaluate(List<Input> inputs, JoinOptions options, PolicyEvaluation evaluation, Io io,
      Progress progress) {
    FirstError firstError = new FirstError(options.readOptions().listener());
    options = options.withReadOptions(options.readOptions().withListener(firstError));
    boolean several = inputs.size() > 1;
    JoinSummary total = Summaries.empty();
    try {
      for (Input input : inputs) {
        firstError.input(input.name());
        Conversion.Counting readerDiagnostics = new Conversion.Counting(options.readOptions().listener());
        BinaryLogReader reader;
        try {
          reader = input.open(io.in(), options.readOptions().withListener(readerDiagnostics));
        } catch (IOException e) {
          return new Run(total, "cannot open " + input.name() + ": " + Input.describe(e), Main.EXIT_UNREADABLE);
        }
        // Each input gets a fresh joiner, as convert gives it.
        try (reader) {
          JoinSummary summary = Joiner.run(progress.track(reader), options, evaluation.sink());
          total = Summaries.plus(total, Summaries.withDiagnostics(summary, readerDiagnostics.counts()));
          progress.inputDone(reader);
        } catch (IOException e) {
          return new Run(total, "cannot read " + input.name() + ": " + Input.describe(e), Main.EXIT_UNREADABLE);
        } catch (BinaryLogException | IllegalArgumentException e) {
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
    EvaluationOptions options = EvaluationOptions.defaults();
    try {
      options = options.withAlpha(alpha);
    } catch (IllegalArgumentException e) {
      throw badValue("--alpha", Double.toString(alpha), "must be between 0 and 1 (excluded), e.g. 0.05");
    }
    try {
      options = options.withWindow(parseWindow(window));
    } catch (IllegalArgumentException e) {
      throw badValue("--window", window, "must be all or a number above 0 and s, m, h or d (30s, 10m, 1h, 1d)");
    }
    if (rewardRange != null) {
      String[] parts = rewardRange.split(":", -1);
      String why = "must be MIN:MAX, two finite numbers with MIN < MAX, e.g. 0:1 or -1:1";
      if (parts.length != 2) {
        throw badValue("--reward-range", rewardRange, why);
      }
      try {
        options = options.withRewardRange(Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip()));
      } catch (IllegalArgumentException e) {
        throw badValue("--reward-range", rewardRange, why);
      }
    }
    return options;
  }

  /** A bad option value: one line and a pointer to --help (see {@link Main}), exit code 2. */
  private CommandLine.ParameterException badValue(String option, String value, String why) {
    String message = "'" + value + "' " + why;
    return new CommandLine.ParameterException(spec.commandLine(), message, new IllegalArgumentException(message),
        spec.findOption(option), value);
  }

  /** "all" (null) or a duration as {@link DurationText} reads it. */
  static @Nullable Duration parseWindow(String text) {
    return text.trim().equalsIgnoreCase("all") ? null : DurationText.parse(text);
  }


  /** The policies asked for; null when the predictions cannot be read (said on standard error). */
  private @Nullable List<Policy> policies(Io io) {
    Map<String, Path> predictionFiles = new java.util.LinkedHashMap<>();
    for (String given : predictions == null ? List.<String>of() : predictions) {
      int eq = given.indexOf('=');
      String name = eq < 0 ? "predictions" : given.substring(0, eq).strip();
      String file = eq < 0 ? given : given.substring(eq + 1);
      if (name.isEmpty() || file.isEmpty() || !name.matches("[A-Za-z0-9_.-]+")) {
        throw badValue("--predictions", given, "must be NAME=FILE (NAME: letters, digits, _ . -) or FILE");
      }
      if (List.of("logged", "uniform").contains(name.toLowerCase(Locale.ROOT)) || name.matches("(?i)baseline\\d+")
          || predictionFiles.put(name, Path.of(file)) != null) {
        throw badValue("--predictions", given, "names a policy twice: " + name);
      }
    }
    List<String> names = new ArrayList<>();
    if (policies != null) {
      names.addAll(policies);
    } else {
      names.addAll(List.of("logged", "baseline1", "uniform"));
      names.addAll(predictionFiles.keySet());
    }
    Map<String, Policy.Predictions> read = readAll(predictionFiles, io);
    if (read == null) {
      return null;
    }
    List<Policy> out = new ArrayList<>();
    for (String name : names) {
      String t = name.strip();
      Policy.Predictions given = read.get(t);
      switch (t.toLowerCase(Locale.ROOT)) {
        case "logged" -> out.add(Policy.logged());
        case "baseline1" -> out.add(Policy.baseline1());
        case "uniform" -> out.add(Policy.uniform());
        default -> {
          if (given != null) {
            out.add(given);
          } else if (t.equalsIgnoreCase("predictions")) {
            throw badValue("--policy", t, "needs --predictions FILE");
          } else {
            out.add(constant(t));
          }
        }
      }
    }
    if (out.stream().map(Policy::name).distinct().count() != out.size()) {
      throw badValue("--policy", String.join(",", names), "names a policy twice");
    }
    return out;
  }

  /**
   * Reads the predictions files, on up to {@code --threads} threads at once (each file is parsed on its own); the
   * first file (in the order given) that cannot be read is said on standard error, and null returned.
   */
  private @Nullable Map<String, Policy.Predictions> readAll(Map<String, Path> files, Io io) {
    Map<String, Policy.Predictions> out = new java.util.LinkedHashMap<>();
    if (files.isEmpty()) {
      return out;
    }
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(Math.max(1, Math.min(threads, files.size())));
    try {
      Map<String, java.util.concurrent.Future<Policy.Predictions>> pending = new java.util.LinkedHashMap<>();
      files.forEach((name, file) -> pending.put(name, pool.submit(() -> PredictionsFile.read(name, file))));
      for (Map.Entry<String, java.util.concurrent.Future<Policy.Predictions>> e : pending.entrySet()) {
        try {
          out.put(e.getKey(), e.getValue().get());
        } catch (java.util.concurrent.ExecutionException failed) {
          Throwable cause = failed.getCause();
          if (cause instanceof IOException io2) {
            io.err().println("vw-binlog evaluate: cannot read " + files.get(e.getKey()) + ": " + Input.describe(io2));
          } else {
            io.err().println("vw-binlog evaluate: " + cause.getMessage());
          }
          return null;
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          io.err().println("vw-binlog evaluate: interrupted while reading the predictions");
          return null;
        }
      }
    } finally {
      pool.shutdownNow();
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
    throw badValue("--policy", name, "is not a policy: logged, baseline1 (or baselineN), uniform, or the NAME of "
        + "a --predictions NAME=FILE");
  }

}
