package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.DurationText;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.Severity;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.io.PrintStream;
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
 * {@code join --interactions F... --observations F... [--episodes F...] -o OUT}: rlclientlib's raw event files in, a
 * joined binary log out ({@link LogJoiner}).
 */
final class JoinCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "join",
      "Joins rlclientlib's interaction and observation files into a joined binary log.",
      new String[] {
          "Reads the event files rlclientlib's file senders write (protocol v2), merges them by client time and "
              + "joins each interaction with the observations of its event id within the experimental unit duration; "
              + "writes a joined binary log that vw --binary_parser, convert and the Spark source read.",
          "Interactions without observations are written (they get the default reward); observations that join "
              + "nothing and late events are counted by reason in the summary on standard error.",
          "Files or directories (their files in name order) may be given for each stream. The output is written to "
              + "a temporary file and renamed when complete. Durations: a number and s, m, h or d (30s, 10m, 2h, 7d)."},
      "0:no error was reported (notices allowed)",
      "1:an error was reported (a malformed or truncated batch; the rest was joined and written), or an input is "
          + "not a protocol v2 event file (nothing written)",
      "2:usage error",
      "3:an input cannot be opened, or the output cannot be written (nothing written)");

  private final Io io;
  List<String> interactions = new ArrayList<>();
  List<String> observations = new ArrayList<>();
  List<String> episodes = new ArrayList<>();
  Path output;
  String eud = "10m";
  String backward = "2m";
  String disorder = "1m";
  @Nullable String roll;
  @Nullable ProblemType problemType;
  @Nullable RewardFunction rewardFunction;
  float defaultReward;
  @Nullable LearningMode learningMode;
  boolean useClientTime;
  boolean quiet;
  final ProgressOptions progressOptions;

  JoinCommand(Io io) {
    this.io = io;
    spec.addOption(Specs.bind(OptionSpec.builder("--interactions").arity("1..*").required(true).paramLabel("F")
        .type(List.class).auxiliaryTypes(String.class)
        .description("interaction files (CB, CCB, slates, CA, multistep steps) or directories of them"),
        () -> interactions, v -> interactions = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--observations").arity("1..*").paramLabel("F")
        .type(List.class).auxiliaryTypes(String.class)
        .description("observation files (outcomes, activations) or directories of them"),
        () -> observations, v -> observations = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--episodes").arity("1..*").paramLabel("F")
        .type(List.class).auxiliaryTypes(String.class)
        .description("episode files (multistep) or directories of them; multistep steps are joined only with them"),
        () -> episodes, v -> episodes = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-o", "--output").required(true).paramLabel("OUT").type(Path.class)
        .description("the joined log, or with --roll the directory of the joined logs"),
        () -> output, v -> output = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--eud").paramLabel("DURATION").type(String.class).defaultValue("10m")
        .description("experimental unit duration: how long after its interaction an observation joins it "
            + "(inclusive; default ${DEFAULT-VALUE}), or unlimited"), () -> eud, v -> eud = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--backward").paramLabel("DURATION").type(String.class)
        .defaultValue("2m")
        .description("how long before its interaction an observation still joins it (inclusive; default "
            + "${DEFAULT-VALUE}; 0 for none)"), () -> backward, v -> backward = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--disorder").paramLabel("DURATION").type(String.class)
        .defaultValue("1m")
        .description("how far behind the latest client time read an event may be and still be joined (default "
            + "${DEFAULT-VALUE}; 0 for none); later ones are counted as LATE_EVENT"),
        () -> disorder, v -> disorder = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--roll").paramLabel("DURATION").type(String.class)
        .description("write one joined log per period of interaction time (1h: hourly files) into the directory OUT"),
        () -> roll, v -> roll = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--problem-type").paramLabel("TYPE").type(ProblemType.class)
        .completionCandidates(JoinOptionsGroup.PROBLEM_TYPES)
        .description("cb, ccb, slates or ca, written to the CHECKPOINT (default: the first interaction's type)"),
        () -> problemType, v -> problemType = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--reward-function").paramLabel("F").type(RewardFunction.class)
        .completionCandidates(JoinOptionsGroup.REWARD_FUNCTIONS)
        .description("earliest (default), average, median, sum, min or max, written to the CHECKPOINT"),
        () -> rewardFunction, v -> rewardFunction = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--default-reward").paramLabel("R").type(float.class)
        .description("written to the CHECKPOINT (default 0)"), () -> defaultReward, v -> defaultReward = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--learning-mode").paramLabel("MODE").type(LearningMode.class)
        .description("online (default), apprentice or loggingonly, written to the CHECKPOINT"),
        () -> learningMode, v -> learningMode = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--use-client-time").type(boolean.class)
        .description("set use_client_time in the CHECKPOINT (the joined events' timestamps are the client times "
            + "either way)"), () -> useClientTime, v -> useClientTime = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-q", "--quiet").type(boolean.class)
        .description("no summary on standard error (nor progress bar)"), () -> quiet, v -> quiet = v));
    progressOptions = new ProgressOptions(spec);
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    LogJoiner.Builder b = LogJoiner.builder();
    try {
      Duration e = duration("--eud", eud, true, false);
      if (e == null) {
        b.unlimitedEud();
      } else {
        b.eud(e);
      }
      b.backwardTolerance(duration("--backward", backward, false, true));
      b.disorderTolerance(duration("--disorder", disorder, false, true));
      if (roll != null) {
        b.roll(duration("--roll", roll, false, false));
      }
    } catch (IllegalArgumentException ex) {
      throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
    }
    List<Path> interactionFiles = resolve(io, interactions);
    List<Path> observationFiles = resolve(io, observations);
    List<Path> episodeFiles = resolve(io, episodes);
    if (interactionFiles == null || observationFiles == null || episodeFiles == null) {
      return Main.EXIT_UNREADABLE;
    }
    if (roll == null && Files.isDirectory(output)) {
      io.err().println("vw-binlog join: cannot write " + output + ": is a directory (use --roll to write into it)");
      return Main.EXIT_UNREADABLE;
    }
    if (problemType != null) {
      b.problemType(problemType);
    }
    if (rewardFunction != null) {
      b.rewardFunction(rewardFunction);
    }
    if (learningMode != null) {
      b.learningMode(learningMode);
    }
    long total = 0;
    for (List<Path> files : List.of(interactionFiles, observationFiles, episodeFiles)) {
      for (Path f : files) {
        total += Input.file(f).size();
      }
    }
    Progress progress = Progress.of(io, progressOptions, quiet, total);
    Diagnostic[] firstError = new Diagnostic[1];
    long[] done = new long[1];
    b.defaultReward(defaultReward).useClientTime(useClientTime)
        .interactions(interactionFiles).observations(observationFiles).episodes(episodeFiles)
        .listener(d -> {
          if (firstError[0] == null && d.severity() == Severity.ERROR) {
            firstError[0] = d;
          }
        })
        .progress(bytes -> {
          progress.inputDone(bytes - done[0]);
          done[0] = bytes;
        });
    LogJoinSummary summary;
    try {
      summary = b.writeTo(output);
    } catch (BinaryLogException ex) {
      progress.finish();
      io.err().println("vw-binlog join: " + ex.getMessage() + " (nothing written)");
      return Main.EXIT_DATA_ERROR;
    } catch (IOException ex) {
      progress.finish();
      String file = ex instanceof java.nio.file.FileSystemException f && f.getFile() != null ? f.getFile() + ": " : "";
      io.err().println("vw-binlog join: " + file + Input.describe(ex) + " (nothing written)");
      return Main.EXIT_UNREADABLE;
    }
    progress.finish();
    if (!quiet) {
      print(summary, io.err());
      if (firstError[0] != null) {
        io.err().println("vw-binlog join: " + firstError[0]);
      }
    }
    io.err().flush();
    return errors(summary) > 0 ? Main.EXIT_DATA_ERROR : 0;
  }

  /** A duration as {@link DurationText} reads it, with this option's name in its error. */
  static @Nullable Duration duration(String option, String text, boolean unlimited, boolean zero) {
    try {
      return DurationText.parse(text, unlimited, zero);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " " + e.getMessage(), e);
    }
  }

  private @Nullable List<Path> resolve(Io io, List<String> args) {
    if (args.isEmpty()) {
      return List.of();
    }
    if (args.contains(Input.STDIN)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "join reads files, not standard input (-)");
    }
    try {
      List<Path> files = new ArrayList<>();
      for (Input in : Inputs.resolve(args, "*")) {
        files.add(in.path());
      }
      return files;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    } catch (Inputs.UnreadableException e) {
      io.err().println("vw-binlog join: " + e.getMessage());
      return null;
    }
  }

  private static long errors(LogJoinSummary s) {
    long n = 0;
    for (Map<DiagnosticReason, Long> m : List.of(s.interactionsSkippedBy(), s.observationsSkippedBy(),
        s.otherSkippedBy())) {
      for (Map.Entry<DiagnosticReason, Long> e : m.entrySet()) {
        if (e.getKey().severity() == Severity.ERROR) {
          n += e.getValue();
        }
      }
    }
    return n;
  }

  /** The summary on standard error: one line, then every reason with its count, as convert's. */
  static void print(LogJoinSummary s, PrintStream err) {
    err.printf(Locale.ROOT, "vw-binlog: %d of %d interactions written, %d of %d observations joined, %d file%s "
        + "written (%d REGULAR messages; at most %d events held)%n", s.interactionsWritten(), s.interactionsRead(),
        s.observationsJoined(), s.observationsRead(), s.files().size(), s.files().size() == 1 ? "" : "s",
        s.regularMessages(), s.peakHeld());
    if (s.withoutClientTime() > 0) {
      err.printf(Locale.ROOT, "  %d events had no client time and took the time of the event before them in their "
          + "file%n", s.withoutClientTime());
    }
    print("interactions", s.interactionsSkippedBy(), err);
    print("observations", s.observationsSkippedBy(), err);
    print("other", s.otherSkippedBy(), err);
  }

  private static void print(String what, Map<DiagnosticReason, Long> counts, PrintStream err) {
    for (Map.Entry<DiagnosticReason, Long> e : new java.util.TreeMap<>(counts).entrySet()) {
      err.printf(Locale.ROOT, "  %-7s %-28s %-12s %d%n", e.getKey().severity(), e.getKey(), what, e.getValue());
    }
  }
}
