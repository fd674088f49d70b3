package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

/** {@code split FILE --parts N --out-dir DIR}: cuts a log into parts that convert on their own. */
final class SplitCommand implements Callable<Integer> {

  private final CommandSpec spec = Specs.command(this, "split",
      "Cuts a log into parts that convert on their own.",
      new String[] {
          "Splits a log into N files of similar size, named NAME.part-001-of-00N.EXT, for converting in parallel: "
              + "converting the parts and concatenating their DSJSON in order gives the DSJSON of the whole log.",
          "Cuts are made before CHECKPOINT messages when the log has at least N-1 of them with REGULAR messages "
              + "between, otherwise before REGULAR messages; fewer parts are written when there are not enough places "
              + "to cut. Each part repeats the FILEMAGIC, the last HEADER and the CHECKPOINT in force at its cut, and "
              + "ends with EOF. Messages are copied byte for byte.",
          "A log with a framing problem (truncated, bad version) is split up to the problem, with exit code 1."},
      "0:the parts were written",
      "1:the log has a framing problem (the parts hold what was read before it), the parts cannot be written, or "
          + "--verify found a difference",
      "2:usage error",
      "3:the file cannot be opened");

  private final Io io;
  Path input;
  int parts;
  Path outDir;
  boolean verify;
  boolean quiet;
  final JoinOptionsGroup join;

  SplitCommand(Io io) {
    this.io = io;
    spec.addPositional(Specs.bind(PositionalParamSpec.builder().index("0").required(true).paramLabel("FILE")
        .type(Path.class)
        .description("the joined binary log (a file: it is read twice)"), () -> input, v -> input = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-n", "--parts").paramLabel("N").required(true).type(int.class)
        .description("how many parts (at least 1)"), () -> parts, v -> parts = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-d", "--out-dir").paramLabel("DIR").required(true).type(Path.class)
        .description("where to write the parts (created if needed; existing parts of the same names are replaced)"),
        () -> outDir, v -> outDir = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--verify").type(boolean.class)
        .description("convert the log and the parts and check that the DSJSON is the same (with the join options "
            + "below; converts twice)"), () -> verify, v -> verify = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-q", "--quiet").type(boolean.class)
        .description("do not list the parts"), () -> quiet, v -> quiet = v));
    join = new JoinOptionsGroup(spec, "%nJoin options, for --verify (VW's, each sticky):%n");
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    if (parts < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--parts must be at least 1, was " + parts);
    }
    // Unknown messages are copied too, so that a part is the stretch of the log it comes from.
    ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES)
        .withListener(DiagnosticListener.ignoring());
    SplitPlan plan;
    try (BinaryLogReader reader = BinaryLogReader.open(input, options)) {
      plan = SplitPlan.scan(reader);
    } catch (IOException e) {
      io.err().println("vw-binlog split: cannot open " + input + ": " + Input.describe(e));
      return Main.EXIT_UNREADABLE;
    }
    int count = plan.partCount(parts);
    long[] cuts = plan.cuts(parts);
    List<Path> targets = names(input, outDir, count);
    List<SplitWriter.Part> written;
    try {
      written = write(input, options, plan, cuts, targets);
    } catch (IOException | BinaryLogException e) {
      io.err().println("vw-binlog split: cannot write the parts of " + input + " to " + outDir + ": "
          + (e instanceof IOException io2 ? Input.describe(io2) : e.getMessage()));
      return Main.EXIT_DATA_ERROR;
    }
    if (!quiet) {
      list(io, plan, written);
    }
    if (count < parts) {
      io.err().printf(Locale.ROOT, "vw-binlog split: %s has %d %s to cut: %d %s written, not %d%n", input,
          count - 1, count == 2 ? "place" : "places", count, count == 1 ? "part" : "parts", parts);
    }
    int exit = 0;
    BinaryLogException problem = plan.problem();
    if (problem != null) {
      io.err().println("vw-binlog split: " + input + ": " + problem.getMessage());
      io.err().println("vw-binlog split: the parts hold the " + plan.messages() + " messages before the problem");
      exit = Main.EXIT_DATA_ERROR;
    }
    if (verify && !SplitVerifier.verify(input, written, join, io)) {
      exit = Main.EXIT_DATA_ERROR;
    }
    io.out().flush();
    io.err().flush();
    return exit;
  }

  /** Writes every part to a hidden temporary file first, then renames them all: no half-written part is left. */
  private static List<SplitWriter.Part> write(Path input, ReadOptions options, SplitPlan plan, long[] cuts,
      List<Path> targets) throws IOException {
    Files.createDirectories(targets.get(0).toAbsolutePath().getParent());
    List<Path> temps = new ArrayList<>(targets.size());
    for (Path t : targets) {
      temps.add(t.resolveSibling("." + t.getFileName() + ".tmp"));
    }
    try {
      List<SplitWriter.Part> parts;
      try (BinaryLogReader reader = BinaryLogReader.open(input, options)) {
        parts = new SplitWriter().write(reader, plan.messages(), cuts, temps);
      }
      List<SplitWriter.Part> renamed = new ArrayList<>(parts.size());
      for (int i = 0; i < parts.size(); i++) {
        Files.move(temps.get(i), targets.get(i), StandardCopyOption.REPLACE_EXISTING);
        renamed.add(new SplitWriter.Part(targets.get(i), parts.get(i).firstOffset(), parts.get(i).messages()));
      }
      return renamed;
    } finally {
      for (Path t : temps) {
        Files.deleteIfExists(t);
      }
    }
  }

  /** {@code DIR/NAME.part-001-of-004.EXT}: the file's last extension kept last, so tools still recognize it. */
  static List<Path> names(Path input, Path outDir, int count) {
    String name = input.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    int width = Math.max(3, Integer.toString(count).length());
    String format = "%s.part-%0" + width + "d-of-%0" + width + "d%s";
    List<Path> names = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      names.add(outDir.resolve(String.format(Locale.ROOT, format, stem, i, count, ext)));
    }
    return names;
  }

  private void list(Io io, SplitPlan plan, List<SplitWriter.Part> written) {
    io.out().printf(Locale.ROOT, "%s: %d messages, %d %s%s%n", input, plan.messages(), written.size(),
        written.size() == 1 ? "part" : "parts", written.size() == 1 ? ""
            : ", cut before " + plan.kind(parts) + " messages");
    for (SplitWriter.Part p : written) {
      long size;
      try {
        size = Files.size(p.path());
      } catch (IOException e) {
        size = -1;
      }
      io.out().printf(Locale.ROOT, "  %s  %d bytes  %d %s from offset %d%n", p.path(), size, p.messages(),
          p.messages() == 1 ? "message" : "messages", p.firstOffset());
    }
  }
}
