package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code vw-binlog split}: the split-then-convert identity (converting the parts one after the other gives the DSJSON
 * of the whole log) on every corpus log and on made-up logs, where the cuts go, and what each part starts with.
 */
@DisplayName("vw-binlog split")
class SplitCommandTest {
  private static final Pattern PART_LINE =
      Pattern.compile("  (\\S+)  (\\d+) bytes  (\\d+) messages? from offset (\\d+)");
  private static final JoinOptions DEFAULTS = JoinOptions.defaults();

  @TempDir
  Path temp;

  private final AtomicInteger runs = new AtomicInteger();

  /** One split run: its CLI run and the parts it listed, with how many of the log's messages each holds. */
  private record Split(CliRun run, List<Path> parts, List<Integer> messages, List<Long> offsets) {}

  private Split split(Path log, int parts, String... more) {
    Path dir = temp.resolve("parts-" + runs.incrementAndGet());
    List<String> args = new ArrayList<>(List.of("split", log.toString(), "--parts", Integer.toString(parts),
        "--out-dir", dir.toString()));
    args.addAll(List.of(more));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    List<Path> paths = new ArrayList<>();
    List<Integer> messages = new ArrayList<>();
    List<Long> offsets = new ArrayList<>();
    Matcher m = PART_LINE.matcher(run.out());
    while (m.find()) {
      paths.add(Path.of(m.group(1)));
      assertThat(Long.parseLong(m.group(2))).isEqualTo(size(Path.of(m.group(1))));
      messages.add(Integer.parseInt(m.group(3)));
      offsets.add(Long.parseLong(m.group(4)));
    }
    return new Split(run, paths, messages, offsets);
  }

  /**
   * The properties every split has: the parts convert to the whole's DSJSON; their copied messages, in order, are
   * the log's messages, byte for byte; what precedes them is a FILEMAGIC, a HEADER and CHECKPOINTs only; each part
   * ends with EOF; nothing else is in the output directory.
   */
  private static void assertSplitProperties(Path log, Split split, JoinOptions options) throws IOException {
    assertThat(split.parts()).isNotEmpty();
    assertThat(new String(LogMessages.dsjson(split.parts(), options), StandardCharsets.UTF_8))
        .as("DSJSON of the parts of %s", log.getFileName())
        .isEqualTo(new String(LogMessages.dsjson(log, options), StandardCharsets.UTF_8));
    List<LogMessages.Msg> copied = new ArrayList<>();
    for (int i = 0; i < split.parts().size(); i++) {
      Path part = split.parts().get(i);
      List<LogMessages.Msg> all = LogMessages.of(part);
      int body = split.messages().get(i);
      List<LogMessages.Msg> prefix = all.subList(0, all.size() - body);
      if (i == 0) {
        assertThat(prefix).isEmpty();
      }
      assertThat(prefix.stream().map(LogMessages.Msg::type).toList()).as("prefix of %s", part)
          .matches(types -> String.join(" ", types).matches("(FILEMAGIC ?)?(HEADER ?)?(CHECKPOINT ?){0,2}"));
      copied.addAll(all.subList(all.size() - body, all.size()));
      assertThat(LogMessages.endsWithEof(part)).as("%s ends with EOF", part).isTrue();
    }
    assertThat(copied).isEqualTo(LogMessages.of(log));
    try (Stream<Path> files = Files.list(split.parts().get(0).getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .isEqualTo(split.parts().stream().map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  /** Every corpus joined log, split in 2, 3 and more parts than it has messages. */
  @TestFactory
  Stream<DynamicTest> identityOnEveryCorpusLog() {
    return CorpusLogs.all().stream().map(log -> DynamicTest.dynamicTest(CorpusLogs.name(log), () -> {
      int messages = LogMessages.of(log).size();
      for (int n : new int[] {2, 3, messages + 3}) {
        Split split = split(log, n);
        assertThat(split.run().exit()).as("%s in %d: %s", log.getFileName(), n, split.run().err())
            .isEqualTo(ReferenceListing.of(CorpusLogs.bytes(log)).exit());
        assertThat(split.parts().size()).isBetween(1, n);
        assertSplitProperties(log, split, DEFAULTS);
        if (CorpusLogs.isMultistep(log)) {
          assertSplitProperties(log, split, DEFAULTS.with(JoinFeature.MULTISTEP));
        }
      }
    }));
  }

  @ParameterizedTest(name = "in {0} parts")
  @ValueSource(ints = {1, 2, 3, 4, 7, 25, 50})
  void manyCheckpointsCutBeforeCheckpoints(int n) throws IOException {
    Path log = write("many.log", SyntheticLogs.manyCheckpoints(50));
    Split split = split(log, n);

    assertThat(split.run().exit()).as(split.run().err()).isZero();
    assertThat(split.parts()).hasSize(n);
    if (n > 1) {
      assertThat(split.run().out()).contains(n + " parts, cut before CHECKPOINT messages");
    }
    assertSplitProperties(log, split, DEFAULTS);
    for (int i = 1; i < n; i++) {
      // a part cut before a CHECKPOINT looks like a log of its own: FILEMAGIC, HEADER, its CHECKPOINT, REGULARs
      List<String> types = LogMessages.of(split.parts().get(i)).stream().map(LogMessages.Msg::type).toList();
      assertThat(types.subList(0, 4)).containsExactly("FILEMAGIC", "HEADER", "CHECKPOINT", "REGULAR");
    }
  }

  @Test
  void partsHaveSimilarSizes() throws IOException {
    byte[] bytes = SyntheticLogs.manyCheckpoints(50);
    Path log = write("many.log", bytes);
    Split split = split(log, 4);

    List<Long> sizes = split.parts().stream().map(SplitCommandTest::size).toList();
    // each part is within the largest stretch between checkpoints (at most 4 REGULARs) of a quarter
    long largestStretch = 4L * 1600;
    assertThat(sizes).allSatisfy(s -> assertThat(s).isBetween(bytes.length / 4 - largestStretch,
        bytes.length / 4 + largestStretch));
  }

  @ParameterizedTest(name = "in {0} parts")
  @ValueSource(ints = {51, 60, 100, 1000})
  void tooFewCheckpointsCutBeforeRegularMessages(int n) throws IOException {
    Path log = write("many.log", SyntheticLogs.manyCheckpoints(50));
    int regulars = (int) LogMessages.of(log).stream().filter(m -> m.type().equals("REGULAR")).count();
    Split split = split(log, n);

    assertThat(split.run().exit()).isZero();
    assertThat(split.parts()).hasSize(Math.min(n, regulars));
    assertThat(split.run().out()).contains("cut before REGULAR messages");
    assertSplitProperties(log, split, DEFAULTS);
    // a part cut before a REGULAR repeats the checkpoint in force
    for (int i = 1; i < split.parts().size(); i++) {
      List<LogMessages.Msg> messages = LogMessages.of(split.parts().get(i));
      if (split.messages().get(i) < messages.size()) {
        assertThat(messages.get(2).type()).isEqualTo("CHECKPOINT");
      }
    }
    if (n > regulars) {
      assertThat(split.run().err()).contains("has " + (regulars - 1) + " places to cut: " + regulars
          + " parts written, not " + n);
    }
  }

  @Test
  void onePartIsACopy() throws IOException {
    Path log = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    Split split = split(log, 1);

    assertThat(split.run().exit()).isZero();
    assertThat(split.run().out()).isEqualTo(log + ": 4 messages, 1 part\n  " + split.parts().get(0)
        + "  672 bytes  4 messages from offset 0\n");
    assertThat(Files.readAllBytes(split.parts().get(0))).isEqualTo(CorpusLogs.bytes(log));
    assertThat(split.parts().get(0).getFileName().toString()).isEqualTo("cb_simple.part-001-of-001.log");
  }

  @Test
  void aLogWithoutRegularMessagesIsOnePart() throws IOException {
    Path log = CliRun.FILES.resolve("invalid_joined_logs/empty_msg_hdr.log");
    Split split = split(log, 3);

    assertThat(split.run().exit()).isZero();
    assertThat(split.parts()).hasSize(1);
    assertThat(split.run().err()).isEqualTo("vw-binlog split: " + log + " has 0 places to cut: 1 part written, not 3\n");
    // the log has no EOF; its part ends with one
    byte[] withEof = Arrays.copyOf(CorpusLogs.bytes(log), (int) Files.size(log) + 8);
    System.arraycopy(new byte[] {(byte) 0xAA, (byte) 0xAA, (byte) 0xAA, (byte) 0xAA}, 0, withEof, withEof.length - 8, 4);
    assertThat(Files.readAllBytes(split.parts().get(0))).isEqualTo(withEof);
  }

  @Test
  void regularsBeforeTheFirstCheckpointStaySkipped() throws IOException {
    // rrcr: REGULAR, REGULAR, CHECKPOINT, REGULAR; VW joins only the last
    Path log = CliRun.FILES.resolve("valid_joined_logs/rrcr.fb");
    Split split = split(log, 3);

    assertThat(split.parts()).hasSize(3);
    assertThat(split.run().out()).contains("cut before REGULAR messages");
    List<String> second = LogMessages.of(split.parts().get(1)).stream().map(LogMessages.Msg::type).toList();
    // no checkpoint was in force before the second REGULAR: none is repeated, so the part skips it as VW does
    assertThat(second).containsExactly("REGULAR", "CHECKPOINT");
    assertThat(LogMessages.dsjson(split.parts().get(1), DEFAULTS)).isEmpty();
    assertSplitProperties(log, split, DEFAULTS);
    // with a sticky problem type, REGULARs before the checkpoint are joined, in the whole log and in the parts
    assertSplitProperties(log, split, DEFAULTS.withProblemType(ProblemType.CB));
  }

  @Test
  void logWithoutFileMagicGivesPartsWithout() throws IOException {
    ByteArrayOutputStreamWriter log = new ByteArrayOutputStreamWriter();
    log.writer.checkpoint(CheckpointInfo.of(ProblemType.CB));
    for (int i = 0; i < 6; i++) {
      log.writer.regular(SyntheticLogs.payload(i, false));
    }
    Path file = write("bare.log", log.bytes());
    Split split = split(file, 3);

    assertThat(split.parts()).hasSize(3);
    for (Path part : split.parts()) {
      assertThat(LogMessages.of(part).get(0).type()).isEqualTo("CHECKPOINT");
    }
    assertSplitProperties(file, split, DEFAULTS);
  }

  @Test
  void aMalformedCheckpointIsNotTheOneInForce() throws IOException {
    CheckpointInfo sum = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM);
    ByteArrayOutputStreamWriter log = new ByteArrayOutputStreamWriter();
    log.writer.fileMagic().checkpoint(sum).regular(SyntheticLogs.payload(1, false))
        .message(MessageType.CHECKPOINT.code(), ByteBuffer.wrap(new byte[] {(byte) 0xFF, (byte) 0xFF, 0, 0}))
        .regular(SyntheticLogs.payload(2, false)).regular(SyntheticLogs.payload(3, false));
    Path file = write("malformed.log", log.bytes());
    Split split = split(file, 3);

    assertThat(split.parts()).hasSize(3);
    List<LogMessages.Msg> third = LogMessages.of(split.parts().get(2));
    assertThat(third.get(1).type()).isEqualTo("CHECKPOINT");
    assertThat(third.get(1).content()).isEqualTo(LogMessages.of(file).get(1).content()); // the SUM one
    assertSplitProperties(file, split, DEFAULTS);
  }

  @Test
  void anUnrecognizedRewardFunctionKeepsTheOneBefore() throws IOException {
    CheckpointInfo sum = CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.SUM);
    byte[] unrecognized = SyntheticLogs.checkpointWithUnrecognizedRewardFunction(sum.withDefaultReward(-2f));
    ByteArrayOutputStreamWriter log = new ByteArrayOutputStreamWriter();
    log.writer.fileMagic().checkpoint(sum).regular(SyntheticLogs.payload(1, false))
        .message(MessageType.CHECKPOINT.code(), ByteBuffer.wrap(unrecognized))
        .regular(SyntheticLogs.payload(2, false)).regular(SyntheticLogs.payload(3, false));
    Path file = write("unrecognized.log", log.bytes());
    // the whole log sums the outcomes after the unrecognized checkpoint: ev-2-1 has 0.5+1.5+2.5+... = 4.5 (3 of them)
    assertThat(new String(LogMessages.dsjson(file, DEFAULTS), StandardCharsets.UTF_8))
        .contains("\"_label_cost\":-6.0,\"_label_probability\":0.699999988079071,\"_label_Action\":2,\"_labelIndex\":1,"
            + "\"o\":[{\"v\":1.5,\"EventId\":\"ev-2-1\"");

    for (int n : new int[] {2, 3}) {
      Split split = split(file, n);
      // cut before the unrecognized checkpoint (n = 2), or before the REGULAR after it (n = 3): either way the part
      // repeats the SUM checkpoint before it
      List<LogMessages.Msg> last = LogMessages.of(split.parts().get(n - 1));
      assertThat(last.get(1).content()).isEqualTo(LogMessages.of(file).get(1).content());
      assertSplitProperties(file, split, DEFAULTS);
    }
  }

  /**
   * The one thing a part cannot repeat: the dedup cache. A DedupInfo whose value does not parse is accepted when its
   * id is already cached (VW keeps the cached value); a part that starts after the DedupInfo that cached it drops the
   * payload instead. Real joiners never write such values; --verify catches it.
   */
  @Test
  void theDedupCacheIsNotRepeatedAndVerifySaysSo() throws IOException {
    ByteArrayOutputStreamWriter log = new ByteArrayOutputStreamWriter();
    List<io.github.vwbinlog.event.JoinedEvent> second = new ArrayList<>();
    second.add(SyntheticLogs.dedupInfo("d2", List.of(1L), List.of("not json")));
    second.addAll(SyntheticLogs.payload(2, false));
    log.writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB))
        .regular(List.of(SyntheticLogs.dedupInfo("d1", List.of(1L), List.of("{\"a\":1}"))))
        .regular(second);
    Path file = write("dedup.log", log.bytes());

    Split split = split(file, 2, "--verify");

    assertThat(split.run().exit()).isEqualTo(1);
    assertThat(split.run().err()).contains("verification FAILED");
    assertThat(LogMessages.dsjson(file, DEFAULTS)).isNotEmpty();
    assertThat(LogMessages.dsjson(split.parts(), DEFAULTS)).isEmpty();
  }

  @Test
  void dedupReferencesAcrossPartsConvertTheSame() throws IOException {
    // contexts refer to actions of a DedupInfo in an earlier part: conversion writes them verbatim
    ByteArrayOutputStreamWriter log = new ByteArrayOutputStreamWriter();
    log.writer.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB))
        .regular(SyntheticLogs.payload(6, true))
        .regular(List.of(SyntheticLogs.cb("late", SyntheticLogs.T0, "{\"_multi\":[{\"__aid\":1006}]}")));
    Path file = write("dedup-ok.log", log.bytes());

    Split split = split(file, 2, "--verify");

    assertThat(split.run().exit()).isZero();
    assertThat(split.run().out()).contains("verified: the parts convert to the same ");
    assertSplitProperties(file, split, DEFAULTS);
  }

  @Test
  void aTruncatedLogIsSplitUpToTheProblem() throws IOException {
    byte[] cb = CorpusLogs.bytes(CliRun.FILES.resolve("valid_joined_logs/cb_simple.log"));
    Path file = write("cut.log", Arrays.copyOf(cb, 400));
    Split split = split(file, 2);

    assertThat(split.run().exit()).isEqualTo(1);
    assertThat(split.run().err()).contains("truncated input at offset 160")
        .contains("the parts hold the 3 messages before the problem");
    assertThat(split.parts()).hasSize(1);
    assertSplitProperties(file, split, DEFAULTS);
  }

  @Test
  void existingPartsAreReplaced() throws IOException {
    Path log = CliRun.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
    Path dir = temp.resolve("out");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("average_reward_100_interactions.part-001-of-002.fb"), "old");

    CliRun run = CliRun.of("split", log.toString(), "-n", "2", "-d", dir.toString(), "-q");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(size(dir.resolve("average_reward_100_interactions.part-001-of-002.fb"))).isGreaterThan(3);
  }

  @Test
  void names() {
    Path dir = Path.of("out");
    assertThat(SplitCommand.names(Path.of("a/x.joined.fb"), dir, 2)).containsExactly(
        dir.resolve("x.joined.part-001-of-002.fb"), dir.resolve("x.joined.part-002-of-002.fb"));
    assertThat(SplitCommand.names(Path.of("noext"), dir, 1)).containsExactly(dir.resolve("noext.part-001-of-001"));
    assertThat(SplitCommand.names(Path.of(".hidden"), dir, 1)).containsExactly(dir.resolve(".hidden.part-001-of-001"));
    assertThat(SplitCommand.names(Path.of("x.log"), dir, 1234).get(0))
        .isEqualTo(dir.resolve("x.part-0001-of-1234.log"));
  }

  @Test
  void errors() {
    CliRun missing = CliRun.of("split", temp.resolve("nope.log").toString(), "--parts", "2", "--out-dir",
        temp.toString());
    assertThat(missing.exit()).isEqualTo(3);
    assertThat(missing.err()).contains("cannot open").contains("no such file");

    CliRun zero = CliRun.of("split", "x.log", "--parts", "0", "--out-dir", temp.toString());
    assertThat(zero.exit()).isEqualTo(2);
    assertThat(zero.err()).contains("--parts must be at least 1");

    assertThat(CliRun.of("split", "x.log", "--parts", "2").exit()).isEqualTo(2);
    assertThat(CliRun.of("split", "x.log", "--out-dir", "d").exit()).isEqualTo(2);

    Path log = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    CliRun notADir = CliRun.of("split", log.toString(), "--parts", "2", "--out-dir", log.toString());
    assertThat(notADir.exit()).isEqualTo(1);
    assertThat(notADir.err()).contains("cannot write the parts");
  }

  private Path write(String name, byte[] bytes) {
    try {
      return Files.write(temp.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A writer into memory. */
  private static final class ByteArrayOutputStreamWriter {
    final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    final BinaryLogWriter writer = BinaryLogWriter.to(out);

    byte[] bytes() {
      writer.eof().close();
      return out.toByteArray();
    }
  }
}
