package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@code vw-binlog convert}: one file, several, a directory, standard input; output, summary, exit codes. */
@DisplayName("vw-binlog convert")
class ConvertCommandTest {
  private static final Path CB_SIMPLE = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
  private static final Path CCB_SIMPLE = CliRun.FILES.resolve("valid_joined_logs/ccb_simple.log");
  private static final Path CORRUPT = CliRun.FILES.resolve("invalid_joined_logs/corrupt_joined_payload.log");

  @TempDir
  Path temp;

  /** What the library says for a file: its DSJSON and its summary as convert prints it. */
  private static String[] expected(List<Path> logs, JoinOptions options) throws IOException {
    DsjsonConverter converter = DsjsonConverter.of(options.withReadOptions(
        ReadOptions.defaults().withListener(DiagnosticListener.ignoring())));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary total = Summaries.empty();
    for (Path log : logs) {
      total = Summaries.plus(total, converter.convert(log, out));
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    SummaryPrinter.skips(total, logs.size(), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
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
    assertThat(run.err()).contains("vw-binlog convert: " + CORRUPT + ": malformed payload at offset 160");
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
    CliRun run = CliRun.of("convert", CB_SIMPLE.toString(), "-o", temp.resolve("no/such/dir/out.json").toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).startsWith("vw-binlog convert: cannot write " + temp.resolve("no/such/dir/out.json"));
  }

  static byte[] bytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
