package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.Severity;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code vw-binlog convert FILE... [-o OUT] [join options] [--strict]}, run in-process: one file, several, a
 * directory, standard input; exit codes, the skip summary on standard error, the atomic output file (and its
 * permissions, and a clean error when it cannot be written), {@code --strict}, and every join option changing the
 * output as VW's option of the same name does (SPEC §3.3). Expected outputs are the library's, or VW's own
 * conversions from the conformance corpus where one exists.
 */
@DisplayName("vw-binlog convert")
class ConvertCommandTest {
  private static final Path CONFORMANCE = Path.of(System.getProperty("vwbinlog.shared"), "conformance");
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  private static final Path CB_SIMPLE = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
  private static final Path CCB_SIMPLE = CliRun.FILES.resolve("valid_joined_logs/ccb_simple.log");
  private static final Path CORRUPT = CliRun.FILES.resolve("invalid_joined_logs/corrupt_joined_payload.log");

  @TempDir
  Path temp;

  /**
   * What the library says for a file: its DSJSON, and its summary as convert prints it followed by the first error
   * (naming its log when there are several).
   */
  private static String[] expected(List<Path> logs, JoinOptions options) throws IOException {
    List<Diagnostic> errors = new ArrayList<>();
    DsjsonConverter converter = DsjsonConverter.of(options.withReadOptions(ReadOptions.defaults().withListener(d -> {
      if (d.severity() == Severity.ERROR) {
        errors.add(d);
      }
    })));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary total = Summaries.empty();
    String firstError = null;
    for (Path log : logs) {
      total = Summaries.plus(total, converter.convert(log, out));
      if (firstError == null && !errors.isEmpty()) {
        firstError = "vw-binlog convert: first error: " + (logs.size() > 1 ? log + ": " : "") + errors.get(0) + "\n";
      }
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    SummaryPrinter.skips(total, logs.size(), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8) + (firstError == null ? "" : firstError)};
  }

  /**
   * Every corpus log converts as DsjsonConverter.convert(Path) converts it, with the same summary: the CLI opens the
   * reader itself (for progress and standard input) and adds the reader's own notices back into the counts.
   */
  @TestFactory
  Stream<DynamicTest> everyCorpusLogAsTheLibraryConvertsIt() {
    return CorpusLogs.all().stream().map(log -> DynamicTest.dynamicTest(CorpusLogs.name(log), () -> {
      String[] expected = expected(List.of(log), JoinOptions.defaults());
      CliRun run = CliRun.of("convert", log.toString());
      assertThat(run.out()).isEqualTo(expected[0]);
      assertThat(run.err()).isEqualTo(expected[1]);
      assertThat(run.exit()).isEqualTo(run.err().contains(" 0 errors, ") ? 0 : 1);
    }));
  }

  @Test
  void theReadersNoticesAreCounted() {
    CliRun run = CliRun.of("convert", CliRun.FILES.resolve("invalid_joined_logs/one_invalid_msg_type.log").toString());

    assertThat(run.err()).isEqualTo("vw-binlog: 1 joined events written (1 learnable), 0 of 1 interactions skipped, "
        + "0 errors, 1 notices\n  NOTICE  UNKNOWN_MESSAGE_TYPE         1\n");
  }

  @Test
  void severalFilesAreOneStreamInTheOrderGiven() throws IOException {
    List<Path> logs = List.of(CCB_SIMPLE, CORRUPT, CB_SIMPLE);
    String[] expected = expected(logs, JoinOptions.defaults());
    CliRun run = CliRun.of("convert", CCB_SIMPLE.toString(), CORRUPT.toString(), CB_SIMPLE.toString());

    assertThat(run.out()).isEqualTo(expected[0]).isEqualTo(
        new String(LogMessages.dsjson(logs, JoinOptions.defaults()), StandardCharsets.UTF_8));
    assertThat(run.err()).isEqualTo(expected[1]).startsWith("vw-binlog: 3 inputs, 3 joined events written "
        + "(3 learnable), 0 of 3 interactions skipped, 1 errors, 0 notices\n");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void aDirectoryIsReadInNameOrder() throws IOException {
    Path dir = temp.resolve("logs");
    Files.createDirectories(dir);
    Files.copy(CB_SIMPLE, dir.resolve("2021-01-02.log"));
    Files.copy(CCB_SIMPLE, dir.resolve("2021-01-01.log"));
    Files.copy(CORRUPT, dir.resolve(".hidden.log"));
    Files.writeString(dir.resolve("notes.txt"), "not a log");
    Files.createDirectories(dir.resolve("sub.log"));

    CliRun all = CliRun.of("convert", "--glob", "*.log", dir.toString());

    assertThat(all.exit()).isZero();
    assertThat(all.outBytes()).isEqualTo(LogMessages.dsjson(List.of(CCB_SIMPLE, CB_SIMPLE), JoinOptions.defaults()));
    assertThat(all.err()).startsWith("vw-binlog: 2 inputs, 2 joined events written");

    // without the glob, notes.txt is read too, and is no log: the bytes "not " are an unknown type with a huge size
    CliRun everything = CliRun.of("convert", dir.toString());
    assertThat(everything.exit()).isEqualTo(1);
    assertThat(everything.err()).startsWith("vw-binlog: 3 inputs, ");
  }

  @Test
  void eachFileHasItsOwnJoiner() throws IOException {
    // REGULARs without a checkpoint: skipped, even after a file whose checkpoint set CB (VW reads one file per run)
    ByteArrayOutputStream bare = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(bare)) {
      w.fileMagic().regular(SyntheticLogs.payload(1, false)).eof();
    }
    Path noCheckpoint = Files.write(temp.resolve("bare.log"), bare.toByteArray());

    CliRun run = CliRun.of("convert", CB_SIMPLE.toString(), noCheckpoint.toString());

    assertThat(run.outBytes()).isEqualTo(LogMessages.dsjson(CB_SIMPLE, JoinOptions.defaults()));
    assertThat(run.err()).contains("NOTICE  REGULAR_BEFORE_CHECKPOINT    1");
    assertThat(run.exit()).isZero();
    // a sticky problem type applies to every file
    CliRun sticky = CliRun.of("convert", "--problem-type", "cb", CB_SIMPLE.toString(), noCheckpoint.toString());
    assertThat(sticky.err()).startsWith("vw-binlog: 2 inputs, 4 joined events written");
  }

  @Test
  void standardInput() {
    byte[] log = CorpusLogs.bytes(CCB_SIMPLE);
    CliRun run = CliRun.withInput(log, "convert", "-");

    assertThat(run.outBytes()).isEqualTo(LogMessages.dsjson(CCB_SIMPLE, JoinOptions.defaults()));
    assertThat(run.err()).startsWith("vw-binlog: 1 joined events written");
    assertThat(run.exit()).isZero();

    CliRun mixed = CliRun.withInput(log, "convert", CB_SIMPLE.toString(), "-");
    assertThat(mixed.outBytes()).isEqualTo(LogMessages.dsjson(List.of(CB_SIMPLE, CCB_SIMPLE),
        JoinOptions.defaults()));
  }

  @Test
  void outputDashIsStandardOutput() {
    byte[] log = CorpusLogs.bytes(CCB_SIMPLE);
    CliRun run = CliRun.withInput(log, "convert", "-", "-o", "-");

    assertThat(run.outBytes()).isEqualTo(LogMessages.dsjson(CCB_SIMPLE, JoinOptions.defaults()));
    assertThat(run.exit()).isZero();
    assertThat(Path.of("-")).as("no file named -").doesNotExist();
  }

  /**
   * {@code --threads N}: each input is cut into parts converted in parallel and written in order, so the output, the
   * summary, the first error and the exit code are those of one thread, for several files (one with an error, one of
   * hundreds of checkpoints, so many parts), standard input and an output file alike.
   */
  @Test
  void threadsChangeNothingButTheSpeed() throws IOException {
    Path many = Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(400));
    String[] files = {CCB_SIMPLE.toString(), CORRUPT.toString(), many.toString(), CB_SIMPLE.toString()};
    CliRun one = CliRun.of(args(files, "convert", "--threads", "1"));
    String[] expected = expected(Arrays.stream(files).map(Path::of).toList(), JoinOptions.defaults());
    assertThat(one.out()).isEqualTo(expected[0]);
    assertThat(one.err()).isEqualTo(expected[1]);
    assertThat(one.exit()).isEqualTo(1);

    for (String threads : List.of("2", "3", "8")) {
      CliRun run = CliRun.of(args(files, "convert", "--threads", threads));
      assertThat(run.outBytes()).as("--threads %s", threads).isEqualTo(one.outBytes());
      assertThat(run.err()).as("--threads %s", threads).isEqualTo(one.err());
      assertThat(run.exit()).as("--threads %s", threads).isEqualTo(one.exit());
    }

    byte[] log = Files.readAllBytes(many);
    CliRun stdinOne = CliRun.withInput(log, "convert", "--threads", "1", "-");
    CliRun stdinThree = CliRun.withInput(log, "convert", "--threads", "3", CB_SIMPLE.toString(), "-");
    assertThat(stdinOne.outBytes()).isEqualTo(LogMessages.dsjson(many, JoinOptions.defaults()));
    assertThat(stdinThree.outBytes()).isEqualTo(LogMessages.dsjson(List.of(CB_SIMPLE, many),
        JoinOptions.defaults()));
    assertThat(stdinThree.exit()).isEqualTo(stdinOne.exit());

    Path out = temp.resolve("threads.dsjson");
    CliRun toFile = CliRun.of(args(files, "convert", "--threads", "2", "-o", out.toString()));
    assertThat(Files.readAllBytes(out)).isEqualTo(one.outBytes());
    assertThat(toFile.err()).isEqualTo(one.err());
    // strict converts on one thread whatever N: it stops at the same first error, the lines before it written
    CliRun strictOne = CliRun.of(args(files, "convert", "--threads", "1", "--strict"));
    CliRun strict = CliRun.of(args(files, "convert", "--threads", "3", "--strict"));
    assertThat(strict.exit()).isEqualTo(strictOne.exit()).isEqualTo(1);
    assertThat(strict.err()).isEqualTo(strictOne.err()).contains("corrupt_joined_payload.log: malformed payload");
    assertThat(strict.outBytes()).isEqualTo(strictOne.outBytes());
  }

  /** {@code leading} then {@code files}: the arguments of one run. */
  private static String[] args(String[] files, String... leading) {
    return Stream.concat(Arrays.stream(leading), Arrays.stream(files)).toArray(String[]::new);
  }

  @Test
  void standardInputOnlyOnce() {
    CliRun run = CliRun.of("convert", "-", "-");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("standard input (-) can be read only once");
  }

  @Test
  void outputFileHoldsAllInputs() throws IOException {
    Path out = temp.resolve("out.dsjson");
    CliRun run = CliRun.of("convert", CCB_SIMPLE.toString(), CB_SIMPLE.toString(), "-o", out.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(Files.readAllBytes(out)).isEqualTo(LogMessages.dsjson(List.of(CCB_SIMPLE, CB_SIMPLE),
        JoinOptions.defaults()));
  }

  @Test
  void anUnreadableInputStopsEverythingBeforeAnyOutput() throws IOException {
    Path out = temp.resolve("out.dsjson");
    CliRun run = CliRun.of("convert", CB_SIMPLE.toString(), temp.resolve("missing.log").toString(), "-o",
        out.toString());

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("vw-binlog convert: cannot open " + temp.resolve("missing.log")
        + ": no such file\n");
    assertThat(out).doesNotExist();

    CliRun toStdout = CliRun.of("convert", CB_SIMPLE.toString(), temp.resolve("missing.log").toString());
    assertThat(toStdout.exit()).isEqualTo(3);
    assertThat(toStdout.out()).isEmpty();

    Path empty = temp.resolve("empty");
    Files.createDirectories(empty);
    CliRun emptyDir = CliRun.of("convert", empty.toString());
    assertThat(emptyDir.exit()).isEqualTo(3);
    assertThat(emptyDir.err()).contains("no files matching * in the directory");
  }

  @Test
  void strictStopsAtTheFirstError() throws IOException {
    Path out = temp.resolve("out.dsjson");
    CliRun run = CliRun.of("convert", "--strict", CB_SIMPLE.toString(), CORRUPT.toString(), "-o", out.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("vw-binlog convert: " + CORRUPT + ": malformed payload at offset 160")
        .as("the failure is the first error: said once").doesNotContain("first error");
    assertThat(out).doesNotExist();
    try (Stream<Path> files = Files.list(temp)) {
      assertThat(files).as("no temporary file left").isEmpty();
    }
  }

  @Test
  void quietWritesNoSummary() {
    CliRun run = CliRun.of("convert", "-q", CORRUPT.toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).isNotEmpty();
  }

  @Test
  void optionsApplyToEveryFile() throws IOException {
    JoinOptions sum = JoinOptions.defaults().withRewardFunction(io.github.vwbinlog.RewardFunction.SUM)
        .withProblemType(ProblemType.CB);
    List<Path> logs = List.of(CB_SIMPLE, CliRun.FILES.resolve("valid_joined_logs/cb_apprentice_5.log"));
    CliRun run = CliRun.of("convert", "--reward-function", "SUM", "--problem-type", "cb", logs.get(0).toString(),
        logs.get(1).toString());

    assertThat(run.out()).isEqualTo(expected(logs, sum)[0]);
  }

  @Test
  void cannotWriteTheOutput() {
    // A directory that does not exist: one line and exit 3, not a stack trace; nothing is created.
    Path out = temp.resolve("no/such/dir/out.json");
    CliRun run = CliRun.of("convert", CB_SIMPLE.toString(), "-o", out.toString());

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("vw-binlog convert: cannot write " + out + ": no such directory\n");
    assertThat(run.out()).isEmpty();
    assertThat(temp.resolve("no")).doesNotExist();
  }

  // ================================================================== single-file behaviour, VW's output

  /** One run: the exit code, the bytes written to standard output, and what went to standard error. */
  record Run(int exit, byte[] stdout, String err) {
    String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /** Runs {@code vw-binlog convert args...} in this JVM, capturing standard output as bytes. */
  static Run convert(Object... args) {
    String[] all = Stream.concat(Stream.of("convert"), Arrays.stream(args).map(Object::toString))
        .toArray(String[]::new);
    CliRun run = CliRun.of(all);
    return new Run(run.exit(), run.outBytes(), run.err());
  }

  static Path corpus(String relative) {
    return CONFORMANCE.resolve("files").resolve(relative);
  }

  /** What VW's own converter writes for a corpus file. */
  static byte[] reference(String relative) {
    return read(CONFORMANCE.resolve("reference").resolve(relative + ".dsjson"));
  }

  static byte[] read(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<String> tempFiles() {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path log(String name, Consumer<BinaryLogWriter> body) {
    return SyntheticLogs.write(temp.resolve(name), body);
  }

  private static JoinedEvent event(String id, PayloadType type, io.github.vwbinlog.event.EventPayload payload) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, type), payload));
  }

  private static String summary(long written, long learnable, long skipped, long seen, long errors, long notices) {
    return "vw-binlog: " + written + " joined events written (" + learnable + " learnable), " + skipped + " of " + seen
        + " interactions skipped, " + errors + " errors, " + notices + " notices\n";
  }

  // ------------------------------------------------------------------ exit codes

  @Nested
  @DisplayName("exit codes")
  class ExitCodes {

    @Test
    void exit0ForAValidLogWithVwsOutput() {
      Path out = temp.resolve("out.dsjson");
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "-o", out);
      assertThat(run.exit()).isZero();
      assertThat(read(out)).isEqualTo(reference("valid_joined_logs/cb_simple.log"));
      assertThat(run.stdout()).isEmpty();
      assertThat(run.err()).isEqualTo(summary(1, 1, 0, 1, 0, 0));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"valid_joined_logs/ccb_simple.log", "valid_joined_logs/slates_simple.log",
        "valid_joined_logs/ca_loop_simple_e2e.log", "valid_joined_logs/cb_dedup_compressed.log",
        "valid_joined_logs/cb_joined_with_pdrop_05.fb", "valid_joined_logs/ccb_sum_reward_100_interactions.fb"})
    void everyProblemTypeToStandardOutputAsVwWritesIt(String file) {
      Run run = convert(corpus(file));
      assertThat(run.exit()).isZero();
      assertThat(run.out()).isEqualTo(new String(reference(file), StandardCharsets.UTF_8));
      assertThat(run.err()).startsWith("vw-binlog: ").contains(" 0 errors");
    }

    @Test
    void exit0WithNoticesOnly() {
      Run run = convert(corpus("invalid_joined_logs/no_interaction_but_with_observation.log"));
      assertThat(run.exit()).isZero();
      assertThat(run.stdout()).isEqualTo(reference("invalid_joined_logs/no_interaction_but_with_observation.log"));
      assertThat(run.err()).isEqualTo(summary(1, 1, 0, 1, 0, 1)
          + "  NOTICE  NO_INTERACTION               1\n");
    }

    @Test
    void exit1WhenAnErrorWasReportedWithEveryValidEventStillWritten() {
      Path out = temp.resolve("out.dsjson");
      Run run = convert(corpus("invalid_joined_logs/corrupt_joined_payload.log"), "-o", out);
      assertThat(run.exit()).isEqualTo(1);
      assertThat(read(out)).isEqualTo(reference("invalid_joined_logs/corrupt_joined_payload.log"));
      assertThat(new String(read(out), StandardCharsets.UTF_8)).contains("\"EventId\":\"75d50657\"");
      assertThat(run.err()).isEqualTo(summary(1, 1, 0, 1, 1, 0)
          + "  ERROR   MALFORMED_PAYLOAD            1\n"
          + "vw-binlog convert: first error: ERROR MALFORMED_PAYLOAD at offset 160: verification failed, skipping "
          + "JoinedPayload: table JoinedEvent at 496 (JoinedPayload.events[1]) extends beyond the buffer (size 496)\n");
      assertThat(tempFiles()).containsExactly("out.dsjson");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--reward-function bogus", "--reward-function", "--problem-type multistep",
        "--problem-type unknown", "--learning-mode offline", "--default-reward abc", "--bogus", "-x",
        "--use-client-time=maybe", "--threads 0", "--threads -2", "--threads many"})
    void exit2ForAUsageError(String option) {
      Path out = temp.resolve("out.dsjson");
      List<Object> args = new java.util.ArrayList<>(Arrays.asList((Object[]) option.split(" ")));
      args.add(0, corpus("valid_joined_logs/cb_simple.log"));
      args.add("-o");
      args.add(out);
      Run run = convert(args.toArray());
      assertThat(run.exit()).isEqualTo(2);
      // A plain line and a pointer to the help (badValueIsSaidPlainly), never the whole usage.
      assertThat(run.err()).contains("Try 'vw-binlog convert --help'").doesNotContain("Usage:");
      assertThat(run.stdout()).isEmpty();
      assertThat(tempFiles()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--reward-function=bogus | Invalid value for option '--reward-function': Invalid reward function 'bogus': "
            + "expected earliest, average, median, sum, min or max",
        "--threads=many | Invalid value for option '--threads': 'many' is not an int",
    })
    void badValueIsSaidPlainly(String option, String message) {
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), option, "-o", temp.resolve("out.dsjson"));
      assertThat(run.exit()).isEqualTo(2);
      assertThat(run.err()).isEqualTo(message + System.lineSeparator()
          + "Try 'vw-binlog convert --help' for the usage." + System.lineSeparator());
    }

    @Test
    void exit2WithoutAFileOrWithoutOut() {
      // (Two files are no usage error since convert takes several: see severalFilesAreOneStreamInTheOrderGiven.)
      assertThat(convert().exit()).isEqualTo(2);
      Path f = corpus("valid_joined_logs/cb_simple.log");
      assertThat(convert(f, "-o").exit()).isEqualTo(2);
    }

    @Test
    void exit2NamesTheOptionAndValue() {
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "--reward-function", "bogus");
      assertThat(run.err()).contains("--reward-function").contains("bogus");
    }

    @Test
    void exit3ForAMissingInputAndNoOutputIsCreatedOrReplaced() throws IOException {
      Path out = Files.writeString(temp.resolve("out.dsjson"), "previous\n");
      Run run = convert(temp.resolve("missing.log"), "-o", out);
      assertThat(run.exit()).isEqualTo(3);
      assertThat(run.err()).contains("cannot open").contains("missing.log");
      assertThat(Files.readString(out)).isEqualTo("previous\n");
      assertThat(tempFiles()).containsExactly("out.dsjson");
      assertThat(convert(temp.resolve("missing.log")).exit()).isEqualTo(3);
    }

    @Test
    void exit3ForADirectoryWithoutLogs() {
      // A directory is read as its files; one with none is an input that cannot be opened.
      Run run = convert(temp);
      assertThat(run.exit()).isEqualTo(3);
      assertThat(run.err()).isEqualTo("vw-binlog convert: cannot open " + temp + ": no files matching * in the "
          + "directory\n");
      assertThat(run.stdout()).isEmpty();
    }
  }

  // ------------------------------------------------------------------ output file

  @Nested
  @DisplayName("-o writes atomically")
  class OutputFile {

    @Test
    void noTemporaryFileIsLeftAfterSuccessAndAnExistingOutIsReplaced() throws IOException {
      Path out = Files.writeString(temp.resolve("out.dsjson"), "previous\n");
      assertThat(convert(corpus("valid_joined_logs/cb_simple.log"), "-o", out).exit()).isZero();
      assertThat(read(out)).isEqualTo(reference("valid_joined_logs/cb_simple.log"));
      assertThat(tempFiles()).containsExactly("out.dsjson");
    }

    @Test
    void strictOnAnErroringInputCreatesNoOutput() {
      Path out = temp.resolve("out.dsjson");
      Run run = convert(corpus("invalid_joined_logs/corrupt_joined_payload.log"), "--strict", "-o", out);
      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.err()).contains("corrupt_joined_payload.log").contains("strict mode");
      assertThat(tempFiles()).isEmpty();
    }

    @Test
    void strictOnAnErroringInputLeavesAnExistingOutAlone() throws IOException {
      // The valid event of the first REGULAR message is converted before the corrupt second one stops the run.
      Path input = log("in.log", w -> w.checkpoint(CheckpointInfo.of(ProblemType.CB))
          .regular(List.of(event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}"))))
          .regular(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8})));
      Path out = Files.writeString(temp.resolve("out.dsjson"), "previous\n");
      Run run = convert(input, "--strict", "-o", out);
      assertThat(run.exit()).isEqualTo(1);
      assertThat(Files.readString(out)).isEqualTo("previous\n");
      assertThat(tempFiles()).containsExactlyInAnyOrder("in.log", "out.dsjson");

      // Without --strict, the same input gives the valid line and exit 1.
      Run lenient = convert(input, "-o", out);
      assertThat(lenient.exit()).isEqualTo(1);
      assertThat(Files.readString(out)).contains("\"EventId\":\"a\"");
      assertThat(tempFiles()).containsExactlyInAnyOrder("in.log", "out.dsjson");
    }

    @Test
    void strictToStandardOutputWritesTheLinesBeforeTheErrorAndStops() {
      Path input = log("in.log", w -> w.checkpoint(CheckpointInfo.of(ProblemType.CB))
          .regular(List.of(event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}"))))
          .regular(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))
          .regular(List.of(event("b", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")))));
      Run strict = convert(input, "--strict");
      assertThat(strict.exit()).isEqualTo(1);
      assertThat(strict.out()).contains("\"EventId\":\"a\"").doesNotContain("\"EventId\":\"b\"");
      Run lenient = convert(input);
      assertThat(lenient.out()).contains("\"EventId\":\"a\"").contains("\"EventId\":\"b\"");
    }

    @Test
    void strictOnAValidInputChangesNothing() {
      Path out = temp.resolve("out.dsjson");
      Run run = convert(corpus("valid_joined_logs/rcrrmr.fb"), "--strict", "-o", out);
      assertThat(run.exit()).isZero();
      assertThat(read(out)).isEqualTo(convert(corpus("valid_joined_logs/rcrrmr.fb")).stdout());
      assertThat(run.err()).contains("NOTICE  REGULAR_BEFORE_CHECKPOINT");
    }

    @Test
    void outIsADirectoryIsACleanErrorBeforeAnythingIsRead() throws IOException {
      Path dir = Files.createDirectories(temp.resolve("out.dsjson"));
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "-o", dir);
      assertThat(run.exit()).isEqualTo(3);
      assertThat(run.err()).isEqualTo("vw-binlog convert: cannot write " + dir + ": is a directory\n");
      assertThat(run.stdout()).isEmpty();
      assertThat(tempFiles()).containsExactly("out.dsjson");
      assertThat(Files.isDirectory(dir)).isTrue();
    }

    @Test
    void aParentThatIsAFileIsACleanError() throws IOException {
      Path file = Files.writeString(temp.resolve("file"), "not a directory\n");
      Path out = file.resolve("out.dsjson");
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "-o", out);
      assertThat(run.exit()).isEqualTo(3);
      assertThat(run.err()).isEqualTo("vw-binlog convert: cannot write " + out + ": Not a directory\n");
      assertThat(tempFiles()).containsExactly("file");
    }

    @Test
    void anUnwritableDirectoryIsACleanError() throws IOException {
      Path dir = Files.createDirectories(temp.resolve("read-only"));
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
      try {
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(dir), "running as root: can write anywhere");
        Path out = dir.resolve("out.dsjson");
        Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "-o", out);
        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.err()).isEqualTo("vw-binlog convert: cannot write " + out + ": permission denied\n");
        try (Stream<Path> files = Files.list(dir)) {
          assertThat(files).isEmpty();
        }
      } finally {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
    }

    @Test
    void theOutputHasThePermissionsOfAnyNewFile() throws IOException {
      Path out = temp.resolve("out.dsjson");
      assertThat(convert(corpus("valid_joined_logs/cb_simple.log"), "-o", out).exit()).isZero();
      Path probe = Files.createFile(temp.resolve("probe"));
      Set<PosixFilePermission> expected = Files.getPosixFilePermissions(probe);
      assertThat(Files.getPosixFilePermissions(out)).isEqualTo(expected);
    }
  }

  // ------------------------------------------------------------------ overrides

  @Nested
  @DisplayName("override flags act as VW's options (SPEC §3.3)")
  class Overrides {
    private static final String EARLIEST = "derived/reward_functions__cb_float__earliest.joined.fb";

    @ParameterizedTest(name = "--reward-function {0}")
    @ValueSource(strings = {"sum", "average", "median", "min", "MAX"})
    void rewardFunctionOnAMultiOutcomeLog(String function) {
      assertThat(reference("derived/reward_functions__cb_float__sum.joined.fb")).isNotEqualTo(reference(EARLIEST));
      // The derived reward-function logs differ only in their checkpoint's reward function: overriding it on the
      // Earliest log must give what VW writes for the other log.
      Run run = convert(corpus(EARLIEST), "--reward-function", function);
      assertThat(run.exit()).isZero();
      String other = "derived/reward_functions__cb_float__" + function.toLowerCase(java.util.Locale.ROOT)
          + ".joined.fb";
      assertThat(run.out()).isEqualTo(new String(reference(other), StandardCharsets.UTF_8));
    }

    @Test
    void defaultReward() {
      String file = "invalid_joined_logs/interaction_with_no_observation.log";
      Run run = convert(corpus(file), "--default-reward", "2.5");
      String[] vw = new String(reference(file), StandardCharsets.UTF_8).split("\n");
      // The first event has no outcome: its reward is the default; the second has one.
      String first = vw[0].replace("\"_label_cost\":-0.0", "\"_label_cost\":-2.5")
          .replace("\"_original_label_cost\":-0.0", "\"_original_label_cost\":-2.5");
      assertThat(first).isNotEqualTo(vw[0]);
      assertThat(run.out()).isEqualTo(first + "\n" + vw[1] + "\n");
    }

    @Test
    void problemTypeJoinsRegularMessagesBeforeTheFirstCheckpoint() {
      String file = "valid_joined_logs/rrcr.fb";
      Run vw = convert(corpus(file));
      assertThat(vw.stdout()).isEqualTo(reference(file));
      assertThat(vw.err()).contains("NOTICE  REGULAR_BEFORE_CHECKPOINT    2");
      Run run = convert(corpus(file), "--problem-type", "cb");
      assertThat(run.exit()).isZero();
      String line = new String(reference(file), StandardCharsets.UTF_8);
      assertThat(run.out()).isEqualTo(line + line + line); // the three REGULAR messages hold equal events
      assertThat(run.err()).isEqualTo(summary(3, 3, 0, 3, 0, 0));
    }

    /** A run that succeeds without writing a line, its summary counting why: {@code notice}, a row of it. */
    private void assertNothingWritten(Run run, String notice) {
      assertThat(run.exit()).isZero();
      assertThat(run.stdout()).isEmpty();
      assertThat(run.err()).contains(notice);
    }

    @Test
    void problemTypeThatMatchesNoInteraction() {
      Run run = convert(corpus("valid_joined_logs/cb_simple.log"), "--problem-type", "CCB");
      assertNothingWritten(run, "NOTICE  PROBLEM_TYPE_MISMATCH        1");
    }

    @Test
    void learningMode() {
      // cb_apprentice_5.log has an apprentice checkpoint and apprentice interactions.
      Run online = convert(corpus("valid_joined_logs/cb_apprentice_5.log"), "--learning-mode", "online");
      assertNothingWritten(online, "NOTICE  LEARNING_MODE_MISMATCH       5");
      Run same = convert(corpus("valid_joined_logs/cb_apprentice_5.log"), "--learning-mode", "Apprentice");
      assertThat(same.stdout()).isEqualTo(reference("valid_joined_logs/cb_apprentice_5.log"));

      // An apprentice interaction under an online checkpoint is joined only with --learning-mode apprentice, and then
      // its reward is the apprentice reward (action 1 is the baseline: 1), its original the observed one.
      Path log = log("apprentice.log", w -> w.checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(List.of(
          event("a", PayloadType.CB, CbEvent.of(List.of(1L, 2L), List.of(0.5f, 0.5f), "{}")
              .withLearningMode(LearningMode.APPRENTICE)),
          event("a", PayloadType.OUTCOME, OutcomeEvent.numeric(4f)))));
      assertThat(convert(log).stdout()).isEmpty();
      Run run = convert(log, "--learning-mode", "apprentice");
      assertThat(run.out()).isEqualTo("{\"_label_cost\":-1.0,\"_label_probability\":0.5,\"_label_Action\":1,"
          + "\"_labelIndex\":0,\"o\":[{\"v\":4.0,\"EventId\":\"a\",\"ActionTaken\":false}],"
          + "\"Timestamp\":\"2021-04-13T15:08:46.000000Z\",\"Version\":\"1\",\"EventId\":\"a\",\"a\":[1,2],\"c\":{},"
          + "\"p\":[0.5,0.5],\"VWState\":{\"m\":\"N/A\"},\"_original_label_cost\":-4.0}\n");
    }

    @Test
    void useClientTime() {
      // The two derived client-time logs differ only in their checkpoint's use_client_time.
      String off = "derived/client_and_enqueued_time__test_use_client_time_existing_and_configured_to_false.joined.fb";
      String on = "derived/client_and_enqueued_time__test_use_client_time_existing_and_configured_to_true.joined.fb";
      Run plain = convert(corpus(off));
      assertThat(plain.stdout()).isEqualTo(reference(off));
      Run run = convert(corpus(off), "--use-client-time");
      assertThat(run.exit()).isZero();
      assertThat(run.out()).isEqualTo(convert(corpus(on)).out()).isNotEqualTo(plain.out())
          .contains("\"_label_cost\":-1.0").contains("\"Timestamp\":\"2021-08-12T14:44:54.000000Z\"");
    }

    @Test
    void overridesAreStickyOverEveryCheckpoint() {
      Path log = log("two-checkpoints.log", w -> w
          .checkpoint(CheckpointInfo.of(ProblemType.CB))
          .regular(List.of(event("a", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")),
              event("a", PayloadType.OUTCOME, OutcomeEvent.numeric(1f)),
              event("a", PayloadType.OUTCOME, OutcomeEvent.numeric(2f))))
          .checkpoint(CheckpointInfo.of(ProblemType.CB).withDefaultReward(-7f))
          .regular(List.of(event("b", PayloadType.CB, CbEvent.of(List.of(1L), List.of(1f), "{}")))));
      Run run = convert(log, "--reward-function", "sum", "--default-reward", "0.5");
      String[] lines = run.out().split("\n");
      assertThat(lines).hasSize(2);
      assertThat(lines[0]).startsWith("{\"_label_cost\":-3.0,");
      assertThat(lines[1]).startsWith("{\"_label_cost\":-0.5,");
    }
  }

  @org.junit.jupiter.api.Test
  void aSpecialFileIsWrittenIntoNotReplaced() throws Exception {
    java.nio.file.Path devNull = java.nio.file.Path.of("/dev/null");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(devNull));
    CliRun run = CliRun.of("convert", CB_SIMPLE.toString(), "-o",
        devNull.toString());

    org.assertj.core.api.Assertions.assertThat(run.exit()).isZero();
    org.assertj.core.api.Assertions.assertThat(java.nio.file.Files.isRegularFile(devNull)).isFalse();
  }

  // ------------------------------------------------------------------ conversion features (issue 12)

  @Test
  void forTrainingWritesTheLearnersLabelProbability() {
    String file = "valid_joined_logs/cb_joined_with_pdrop_05.fb";
    String vw = new String(reference(file), StandardCharsets.UTF_8);
    assertThat(vw).contains("\"_label_probability\":0.25,").contains("\"pdrop\":0.5,");
    Run run = convert(corpus(file), "--for-training");
    assertThat(run.exit()).isZero();
    // p[0] = 0.5, as VW's binary-parser learner has it; pdrop stays, for VW's DSJSON parser to weigh by.
    assertThat(run.out()).isEqualTo(vw.replace("\"_label_probability\":0.25,", "\"_label_probability\":0.5,"));
  }

  @Test
  void forTrainingLeavesOutAndCountsTheEventsTheLearnerDrops() {
    // Its first event has no pass probability, so pdrop 1: VW's learner drops it (SPEC §6.5).
    Path log = corpus("valid_joined_logs/cb_joined_with_pdrop_1.fb");
    Run standard = convert(log);
    Run training = convert(log, "--for-training");
    assertThat(training.exit()).isZero();
    String[] lines = standard.out().split("\n");
    assertThat(lines[0]).contains("\"pdrop\":1.0");
    assertThat(training.out().split("\n")).hasSize(lines.length - 1);
    assertThat(training.err()).containsPattern("NOTICE  NOT_LEARNED +1\n");
    assertThat(standard.err()).doesNotContain("NOT_LEARNED");
  }

  @Test
  void forTrainingReportsEachSlatesLineWithPdropAsANotice() {
    // VW's learner weighs a slates decision by 1/(1-pdrop); VW's DSJSON parser does not apply pdrop to slates.
    io.github.vwbinlog.event.MultiSlotEvent slates = io.github.vwbinlog.event.MultiSlotEvent.of("{}",
        List.of(io.github.vwbinlog.event.SlotEvent.of("s", List.of(0L, 1L), List.of(0.5f, 0.5f))));
    java.util.function.BiFunction<String, Float, io.github.vwbinlog.event.JoinedEvent> event = (id, pass) ->
        io.github.vwbinlog.event.JoinedEvent.of(SyntheticLogs.T0, new io.github.vwbinlog.event.Event(
            io.github.vwbinlog.event.Metadata.of(id, io.github.vwbinlog.PayloadType.SLATES).withPassProbability(pass),
            slates));
    Path log = SyntheticLogs.write(temp.resolve("slates-pdrop.fb"), w -> w.fileMagic()
        .checkpoint(io.github.vwbinlog.CheckpointInfo.of(io.github.vwbinlog.ProblemType.SLATES))
        .regular(List.of(event.apply("a", 0.5f), event.apply("b", 1f), event.apply("c", 0.25f))).eof());
    Run standard = convert(log);
    Run training = convert(log, "--for-training");
    assertThat(training.exit()).isZero();
    assertThat(training.out()).isEqualTo(standard.out());
    assertThat(training.out().split("\n")).hasSize(3);
    assertThat(training.err()).containsPattern("NOTICE  TRAINS_DIFFERENTLY +2\n").contains("2 notices");
    assertThat(standard.err()).doesNotContain("TRAINS_DIFFERENTLY").contains("0 notices");
  }

  @Test
  void forTrainingExpandsDedupReferences() {
    Path log = SyntheticLogs.write(temp.resolve("dedup.fb"), w -> w.fileMagic()
        .checkpoint(io.github.vwbinlog.CheckpointInfo.of(io.github.vwbinlog.ProblemType.CB))
        .regular(List.of(SyntheticLogs.dedupInfo("d", List.of(7L), List.of("{\"A\":{\"a7\":1}}")),
            SyntheticLogs.cb("id", SyntheticLogs.T0, "{\"_multi\":[{\"__aid\":7},{\"__aid\":7},{\"__aid\":7}]}")))
        .regular(List.of(SyntheticLogs.cb("id2", SyntheticLogs.T0, "{\"_multi\":[{\"__aid\":8}]}"))).eof());
    Run standard = convert(log);
    assertThat(standard.out()).contains("\"c\":{\"_multi\":[{\"__aid\":7},{\"__aid\":7},{\"__aid\":7}]}")
        .contains("\"c\":{\"_multi\":[{\"__aid\":8}]}");
    Run training = convert(log, "--for-training");
    assertThat(training.exit()).isZero();
    // The cached action replaces each reference; id 8 was never cached, so VW's learner cannot read that event.
    assertThat(training.out().split("\n")).hasSize(1);
    assertThat(training.out()).contains("\"c\":{\"_multi\":[{\"A\":{\"a7\":1}},{\"A\":{\"a7\":1}},"
        + "{\"A\":{\"a7\":1}}]}");
    assertThat(training.err()).containsPattern("NOTICE  NOT_LEARNED +1\n");
  }

  @Test
  void copyInvalidUtf8WritesVwsBytes() {
    byte[] context = {'{', '"', 'R', '"', ':', '{', '"', (byte) 0xE6, 'r', 'i', '"', ':', '7', '8', '}', '}'};
    Path log = SyntheticLogs.write(temp.resolve("utf8.fb"), w -> w.fileMagic()
        .checkpoint(io.github.vwbinlog.CheckpointInfo.of(io.github.vwbinlog.ProblemType.CB))
        .regular(List.of(io.github.vwbinlog.event.JoinedEvent.of(SyntheticLogs.T0, new io.github.vwbinlog.event.Event(
            io.github.vwbinlog.event.Metadata.of("id", io.github.vwbinlog.PayloadType.CB),
            new io.github.vwbinlog.event.CbEvent(false, List.of(1L), java.nio.ByteBuffer.wrap(context), List.of(1f),
                "N/A", io.github.vwbinlog.LearningMode.ONLINE))))).eof());
    Run standard = convert(log);
    assertThat(standard.exit()).isEqualTo(1);
    assertThat(standard.stdout()).isEmpty();
    assertThat(standard.err()).contains("INVALID_UTF8");
    Run copying = convert(log, "--copy-invalid-utf8");
    assertThat(copying.exit()).isZero();
    byte[] out = copying.stdout();
    int at = -1;
    for (int k = 0; k + context.length <= out.length && at < 0; k++) {
      if (Arrays.equals(out, k, k + context.length, context, 0, context.length)) {
        at = k;
      }
    }
    assertThat(at).as("the context's bytes in the line").isPositive();
  }
}
