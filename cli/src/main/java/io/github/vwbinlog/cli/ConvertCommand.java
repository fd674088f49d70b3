package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.parquet.ParquetConverter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * {@code convert FILE... [-o OUT]}: DSJSON, byte for byte as VW's {@code --binary_to_json} writes it, for one or more
 * logs as one stream.
 */
final class ConvertCommand implements Callable<Integer> {

  private final Io io;
  private final CommandSpec spec = Specs.command(this, "convert",
      "Converts logs to DSJSON as VW's --binary_to_json, or to Parquet.",
      new String[] {
          "Joins logs and writes one DSJSON line per joined event, byte for byte as VW's --binary_to_json does.",
          "Several files, or a directory (its files in name order), are converted one after the other into one "
              + "output, each with a fresh joiner as VW would read each in its own run; - reads standard input.",
          "With --format parquet, one Parquet file with a row per joined event instead (the columns of the Spark "
              + "source's joined view, docs/PARQUET.md), for pandas, DuckDB and Polars.",
          "A summary of what was skipped, by reason, and the first error in words go to standard error.",
          "The output file is written to a temporary file and renamed when complete."},
      "0:no error was reported (notices allowed)",
      "1:an error was reported; every valid event was still written (with --strict: stopped at the error, no "
          + "output file written; standard output has the lines before the error)",
      "2:usage error",
      "3:an input cannot be opened (nothing is written), or the output cannot be written (no output file left "
          + "behind)");

  @Nullable Path output;

  /** The output formats. */
  enum Format { dsjson, parquet }

  Format format = Format.dsjson;
  final InputFiles files;
  boolean strict;
  boolean quiet;
  boolean forTraining;
  boolean copyInvalidUtf8;
  final JoinOptionsGroup join;
  final ProgressOptions progressOptions;
  int threads = Runtime.getRuntime().availableProcessors();

  ConvertCommand(Io io) {
    this.io = io;
    spec.addOption(Specs.bind(OptionSpec.builder("-o", "--output").paramLabel("OUT").type(Path.class)
        .description("the DSJSON file (default, or -: standard output)"), () -> output, v -> output = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--format").paramLabel("FORMAT").type(Format.class)
        .description("dsjson (default) or parquet: one Parquet file, zstd-compressed, a row per joined event (the "
            + "Spark source's joined view; written on one thread)"), () -> format, v -> format = v));
    files = new InputFiles(spec);
    spec.addOption(Specs.bind(OptionSpec.builder("--strict").type(boolean.class)
        .description("stop at the first error (exit 1, no output file left behind)"), () -> strict, v -> strict = v));
    spec.addOption(Specs.bind(OptionSpec.builder("-q", "--quiet").type(boolean.class)
        .description("no summary on standard error (nor progress bar)"), () -> quiet, v -> quiet = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--for-training").type(boolean.class)
        .description("write the lines that make vw --dsjson learn what vw --binary_parser learns from the log: "
            + "_label_probability is p[0], not p[0] x pass_probability, and events VW's learner drops are left out "
            + "(NOT_LEARNED); see docs/JOINING.md"), () -> forTraining, v -> forTraining = v));
    spec.addOption(Specs.bind(OptionSpec.builder("--copy-invalid-utf8").type(boolean.class)
        .description("copy contexts that are not valid UTF-8 byte for byte, as VW does, instead of skipping them "
            + "(INVALID_UTF8). Such lines are NOT JSON"), () -> copyInvalidUtf8, v -> copyInvalidUtf8 = v));
    join = new JoinOptionsGroup(spec, JoinOptionsGroup.HEADING);
    progressOptions = new ProgressOptions(spec);
    spec.addOption(Specs.bind(OptionSpec.builder("--threads").paramLabel("N").type(int.class)
        .description("convert on N threads (default: the available cores, ${DEFAULT-VALUE}); the output, summary "
            + "and exit code are the same for any N. The multistep joiner and --strict use one thread."),
        () -> threads, v -> threads = v));
  }

  /** The model picocli parses this command's arguments with. */
  CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, was " + threads);
    }
    List<Input> resolved = files.resolve(io);
    if (resolved == null) {
      return Main.EXIT_UNREADABLE;
    }
    // The converter splits each input over the threads (DefaultDsjsonConverter); it converts on this thread alone in
    // strict mode and for the multistep joiner. Standard input is parallel too: a stream's payloads are buffers of
    // their own, so the parts in flight (a few MiB per thread) stay valid as reading goes on.
    JoinOptions base = strict ? JoinOptions.defaults().with(JoinFeature.STRICT) : JoinOptions.defaults();
    if (forTraining) {
      base = base.with(JoinFeature.FOR_TRAINING);
    }
    if (copyInvalidUtf8) {
      base = base.with(JoinFeature.COPY_INVALID_UTF8);
    }
    JoinOptions options = join.apply(base).withThreads(threads)
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    if (output != null && output.toString().equals("-")) {
      output = null; // "-" is standard output, as an input "-" is standard input
    }
    if (output != null && Files.isDirectory(output)) {
      io.err().println("vw-binlog convert: cannot write " + output + ": is a directory");
      return Main.EXIT_UNREADABLE;
    }
    Progress progress = Progress.of(io, progressOptions, quiet, Progress.totalSize(resolved));
    Conversion.Outcome outcome;
    try {
      if (output == null) {
        outcome = toStdout(resolved, options, io, progress);
      } else if (Files.exists(output) && !Files.isRegularFile(output)) {
        outcome = toSpecialFile(resolved, options, io, progress, output);
      } else {
        outcome = toFile(resolved, options, io, progress, output);
      }
    } catch (IOException e) {
      // Reading problems are diagnostics or BinaryLogExceptions; an IOException here is about the output.
      io.err().println("vw-binlog convert: cannot write " + (output == null ? "standard output" : output) + ": "
          + describeOutput(e, output));
      return Main.EXIT_UNREADABLE;
    }
    if (outcome.failure() != null) {
      io.err().println("vw-binlog convert: " + outcome.failure());
    }
    // After a failure nothing complete was written (no -o file at all), so no summary of what was written; in strict
    // mode the failure is the first error.
    if (!quiet && outcome.failure() == null) {
      SummaryPrinter.skips(outcome.summary(), resolved.size(), io.err());
      if (outcome.firstError() != null) {
        io.err().println("vw-binlog convert: " + outcome.firstError());
      }
    }
    io.err().flush();
    return outcome.exit();
  }

  /** Converts the inputs into {@code out} in the chosen format. */
  private Conversion.Outcome run(List<Input> inputs, JoinOptions options, Io io, OutputStream out, Progress progress)
      throws IOException {
    if (format == Format.parquet) {
      return Conversion.run(inputs, options, io.in(), progress, o -> parquet(o, out, progress));
    }
    return Conversion.run(inputs, options, io.in(), out, progress);
  }

  /** One Parquet file over {@code out}, each input appended under its name; complete when closed. */
  private static Conversion.Sink parquet(JoinOptions options, OutputStream out, Progress progress)
      throws IOException {
    ParquetConverter.Writer writer = ParquetConverter.of(options).open(out);
    progress.countEvents(writer::rows);
    return new Conversion.Sink() {
      @Override
      public JoinSummary convert(BinaryLogReader reader, String input) throws IOException {
        return writer.append(reader, input);
      }

      @Override
      public void close() throws IOException {
        writer.close();
      }
    };
  }

  private Conversion.Outcome toStdout(List<Input> inputs, JoinOptions options, Io io, Progress progress)
      throws IOException {
    OutputStream out = new BufferedOutputStream(io.out(), 1 << 16);
    try {
      return run(inputs, options, io, out, progress);
    } finally {
      out.flush(); // also when --strict stops the run: the lines before the error, whatever their size
    }
  }

  /**
   * Writes straight into an existing special file ({@code /dev/null}, a named pipe): renaming a temporary file over it
   * would replace the device with a regular file.
   */
  private Conversion.Outcome toSpecialFile(List<Input> inputs, JoinOptions options, Io io, Progress progress,
      Path target) throws IOException {
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(target, StandardOpenOption.WRITE),
        1 << 16)) {
      return run(inputs, options, io, out, progress);
    }
  }

  /**
   * Writes next to the target and renames, so a failed run never leaves a file that looks complete. The temporary file
   * is created like any new file (not with {@code Files.createTempFile}, whose owner-only permissions the output would
   * keep after the rename), before any input is read.
   */
  private Conversion.Outcome toFile(List<Input> inputs, JoinOptions options, Io io, Progress progress,
      Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path temp;
    OutputStream file;
    while (true) {
      // The name needs to be unlikely, not unpredictable: CREATE_NEW fails on any existing file or link, and another
      // name is drawn. (SecureRandom's seeding cost 20 ms of every run's start.)
      long random = ThreadLocalRandom.current().nextLong();
      temp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(random, 36) + ".part");
      try {
        // CREATE_NEW and WRITE, without TRUNCATE_EXISTING: on ext4 (auto_da_alloc) opening with O_TRUNC makes close()
        // flush the whole file to disk, ~70 ms for 270 MB.
        file = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        break;
      } catch (FileAlreadyExistsException e) {
        // another run's temporary file: draw another name
      }
    }
    try {
      Conversion.Outcome outcome;
      try (OutputStream out = new BufferedOutputStream(file, 1 << 20)) {
        outcome = run(inputs, options, io, out, progress);
      }
      if (outcome.failure() == null) {
        try {
          Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return outcome;
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Why the output cannot be written, in a few words: a missing directory is named as such. */
  private static String describeOutput(IOException e, @Nullable Path target) {
    if (e instanceof NoSuchFileException && target != null) {
      Path dir = target.toAbsolutePath().getParent();
      if (dir != null && !Files.isDirectory(dir)) {
        return "no such directory";
      }
    }
    return Input.describe(e);
  }
}
