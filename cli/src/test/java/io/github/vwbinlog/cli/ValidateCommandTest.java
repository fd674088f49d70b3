package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@code vw-binlog validate FILE}: reports and exit codes on the corpus, truncated logs and made-up problems. */
@DisplayName("vw-binlog validate")
class ValidateCommandTest {

  @TempDir
  Path temp;

  /**
   * The exit code of every file in invalid_joined_logs, pinned after reading each report. "Invalid" in the corpus
   * means invalid for VW's learner or framing; validate judges what conversion would do, so some of them are valid:
   *
   * <ul>
   *   <li>bad_event_in_joined_event: a 1-byte Event fails verification: MALFORMED_EVENT, the payload is dropped (1);
   *   <li>bad_magic: "VWFC" is an unknown type whose size field is missing: TRUNCATED_INPUT (1);
   *   <li>bad_version: FILEMAGIC version 2: UNSUPPORTED_VERSION (1);
   *   <li>corrupt_joined_payload: a JoinedEvent beyond the buffer: MALFORMED_PAYLOAD (1);
   *   <li>dedup_payload_missing: a context refers to an action id no DedupInfo gave; that matters only to VW's
   *       learner, conversion writes the context verbatim (0, no problem at all);
   *   <li>empty_msg_hdr: FILEMAGIC, an empty-ish HEADER and a CHECKPOINT, no REGULAR: nothing to join (0);
   *   <li>incomplete_checkpoint_info: the checkpoint has no problem type, so UNKNOWN, which matches no interaction:
   *       PROBLEM_TYPE_MISMATCH and NO_INTERACTION notices, as VW ignores them by design (0);
   *   <li>interaction_with_no_observation: an interaction without outcomes gets the default reward (0);
   *   <li>invalid_cb_context: a CB context with _slots, which VW's learner rejects; it is one JSON object, so
   *       conversion writes it (0);
   *   <li>no_interaction_but_with_observation: an outcome without its interaction: a NO_INTERACTION notice (0);
   *   <li>no_msg_hdr: a FILEMAGIC alone (0);
   *   <li>one_invalid_msg_type: an unknown message type, skipped as VW skips it: a notice (0).
   * </ul>
   */
  private static final Map<String, Integer> INVALID_LOG_EXITS = Map.ofEntries(
      Map.entry("bad_event_in_joined_event.log", 1),
      Map.entry("bad_magic.log", 1),
      Map.entry("bad_version.log", 1),
      Map.entry("corrupt_joined_payload.log", 1),
      Map.entry("dedup_payload_missing.log", 0),
      Map.entry("empty_msg_hdr.log", 0),
      Map.entry("incomplete_checkpoint_info.log", 0),
      Map.entry("interaction_with_no_observation.log", 0),
      Map.entry("invalid_cb_context.log", 0),
      Map.entry("no_interaction_but_with_observation.log", 0),
      Map.entry("no_msg_hdr.log", 0),
      Map.entry("one_invalid_msg_type.log", 0));

  /** The reason each invalid log's first problem is reported under, where it has one. */
  private static final Map<String, String> INVALID_LOG_REASONS = Map.of(
      "bad_event_in_joined_event.log", "ERROR MALFORMED_EVENT",
      "bad_magic.log", "ERROR TRUNCATED_INPUT",
      "bad_version.log", "ERROR UNSUPPORTED_VERSION",
      "corrupt_joined_payload.log", "ERROR MALFORMED_PAYLOAD",
      "incomplete_checkpoint_info.log", "NOTICE PROBLEM_TYPE_MISMATCH",
      "no_interaction_but_with_observation.log", "NOTICE NO_INTERACTION",
      "one_invalid_msg_type.log", "NOTICE UNKNOWN_MESSAGE_TYPE");

  @Test
  void everyInvalidLogHasAPinnedExitCode() {
    List<String> files = CorpusLogs.in("invalid_joined_logs").stream().map(p -> p.getFileName().toString()).toList();
    assertThat(new TreeSet<>(files)).containsExactlyElementsOf(new TreeSet<>(INVALID_LOG_EXITS.keySet()));
  }

  @TestFactory
  Stream<DynamicTest> invalidJoinedLogs() {
    return CorpusLogs.in("invalid_joined_logs").stream().map(log -> DynamicTest.dynamicTest(CorpusLogs.name(log),
        () -> {
          String name = log.getFileName().toString();
          CliRun run = CliRun.of("validate", log.toString());

          assertThat(run.exit()).as(run.out()).isEqualTo(INVALID_LOG_EXITS.get(name));
          assertThat(run.err()).isEmpty();
          assertThat(run.out()).startsWith(log + ": " + (run.exit() == 0 ? "valid" : "INVALID"));
          String reason = INVALID_LOG_REASONS.get(name);
          if (reason == null) {
            assertThat(run.out()).doesNotContain("problems:");
          } else {
            assertThat(run.out()).contains("problems:\n  offset ").contains(" " + reason);
          }
        }));
  }

  @Test
  void textReportOfAnError() {
    Path log = CliRun.FILES.resolve("invalid_joined_logs/corrupt_joined_payload.log");
    CliRun run = CliRun.of("validate", log.toString());

    assertThat(run.out()).isEqualTo(log + ": INVALID (1 error, 0 notices)\n"
        + "read 1180 of 1184 bytes, 6 messages: 1 joined events, 0 of 1 interactions skipped\n"
        + "problems:\n"
        + "  offset 160: ERROR MALFORMED_PAYLOAD: verification failed, skipping JoinedPayload: table JoinedEvent at "
        + "496 (JoinedPayload.events[1]) extends beyond the buffer (size 496)\n"
        + "by reason:\n"
        + "  ERROR   MALFORMED_PAYLOAD            1\n");
  }

  @Test
  void jsonReportWithEventIds() {
    Path log = CliRun.FILES.resolve("invalid_joined_logs/no_interaction_but_with_observation.log");
    CliRun run = CliRun.of("validate", "--json", log.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo("{\"file\":\"" + log + "\",\"valid\":true,\"errors\":0,\"notices\":1,"
        + "\"bytes_read\":1020,\"size\":1024,\"messages\":6,\"joined_events\":1,\"interactions_seen\":1,"
        + "\"interactions_skipped\":0,\"by_reason\":{\"NO_INTERACTION\":{\"severity\":\"NOTICE\",\"count\":1}},"
        + "\"problems\":[{\"offset\":160,\"severity\":\"NOTICE\",\"reason\":\"NO_INTERACTION\","
        + "\"event_id\":\"91f71c8\",\"message\":\"events with this event id were processed but no valid interaction "
        + "was found; their outcomes are dropped\"}],\"problems_not_listed\":0}\n");
  }

  @Test
  void jsonReportOfAValidLog() {
    CliRun run = CliRun.of("validate", "--json", CliRun.FILES.resolve("valid_joined_logs/cb_simple.log").toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("\"valid\":true,\"errors\":0,\"notices\":0,\"bytes_read\":668,\"size\":672,"
        + "\"messages\":5,\"joined_events\":1")
        .endsWith("\"by_reason\":{},\"problems\":[],\"problems_not_listed\":0}\n");
  }

  @Test
  void problemsBeyondTheLimitAreCountedNotListed() {
    Path log = CliRun.FILES.resolve("invalid_joined_logs/incomplete_checkpoint_info.log");

    CliRun one = CliRun.of("validate", "--max-problems", "1", log.toString());
    assertThat(one.out()).contains("problems:\n  offset 152: NOTICE PROBLEM_TYPE_MISMATCH (event id 91f71c8)")
        .contains("  ... and 3 more (--max-problems)\n")
        .contains("  NOTICE  PROBLEM_TYPE_MISMATCH        2\n  NOTICE  NO_INTERACTION               2\n");
    assertThat(one.out().lines().filter(l -> l.startsWith("  offset "))).hasSize(1);

    CliRun none = CliRun.of("validate", "--json", "--max-problems", "0", log.toString());
    assertThat(none.out()).contains("\"problems\":[],\"problems_not_listed\":4}");
  }

  @Test
  void optionsChangeWhatIsAProblem() {
    // incomplete_checkpoint_info's checkpoint sets no problem type; a sticky one makes its interactions join
    Path log = CliRun.FILES.resolve("invalid_joined_logs/incomplete_checkpoint_info.log");
    CliRun run = CliRun.of("validate", "--problem-type", "cb", log.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("valid (0 errors, 0 notices)").contains("2 joined events, 0 of 2");
  }

  @Test
  void quietPrintsNothing() {
    CliRun run = CliRun.of("validate", "-q", CliRun.FILES.resolve("invalid_joined_logs/bad_version.log").toString());

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEmpty();
  }

  @Test
  void standardInput() {
    byte[] log = CorpusLogs.bytes(CliRun.FILES.resolve("invalid_joined_logs/corrupt_joined_payload.log"));
    CliRun run = CliRun.withInput(log, "validate", "-");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).startsWith("-: INVALID (1 error, 0 notices)\nread 1180 bytes, 6 messages");
  }

  @Test
  void unreadableExits3() {
    CliRun missing = CliRun.of("validate", temp.resolve("nope.log").toString());
    assertThat(missing.exit()).isEqualTo(3);
    assertThat(missing.out()).isEmpty();
    assertThat(missing.err()).contains("cannot open").contains("nope.log: no such file");

    CliRun dir = CliRun.of("validate", temp.toString());
    assertThat(dir.exit()).isEqualTo(3);
    assertThat(dir.err()).contains("is a directory");
  }

  @Test
  void usageErrors() {
    assertThat(CliRun.of("validate").exit()).isEqualTo(2);
    assertThat(CliRun.of("validate", "a", "b").exit()).isEqualTo(2);
    CliRun negative = CliRun.of("validate", "--max-problems", "-1", "x.log");
    assertThat(negative.exit()).isEqualTo(2);
    assertThat(negative.err()).contains("--max-problems must not be negative");
  }

  /** Every valid log of the corpus is valid (multistep logs read with --multistep). */
  @TestFactory
  Stream<DynamicTest> validLogsAreValid() {
    List<Path> logs = new ArrayList<>(CorpusLogs.in("valid_joined_logs"));
    logs.addAll(CorpusLogs.in("skip_learn"));
    logs.addAll(CorpusLogs.in("derived"));
    return logs.stream().map(log -> DynamicTest.dynamicTest(CorpusLogs.name(log), () -> {
      CliRun run = validate(log);
      assertThat(run.exit()).as(run.out()).isZero();
    }));
  }

  /**
   * Every valid log cut at every message boundary (exit 0: a log may end anywhere between messages), and inside each
   * message's type, size, payload and padding (exit 1: TRUNCATED_INPUT). The expected exit comes from the
   * independent framing oracle of the inspect tests.
   */
  @TestFactory
  Stream<DynamicTest> truncatedValidLogs() {
    List<Path> logs = new ArrayList<>(CorpusLogs.in("valid_joined_logs"));
    logs.addAll(CorpusLogs.in("skip_learn"));
    return logs.stream().map(log -> DynamicTest.dynamicTest(CorpusLogs.name(log), () -> {
      byte[] bytes = CorpusLogs.bytes(log);
      for (int cut : cutPoints(bytes)) {
        byte[] cutBytes = Arrays.copyOf(bytes, cut);
        int expected = ReferenceListing.of(cutBytes).exit();
        CliRun run = validate(write("cut.log", cutBytes), log);
        assertThat(run.exit()).as("%s cut to %d bytes: %s", log.getFileName(), cut, run.out()).isEqualTo(expected);
        if (expected == 1) {
          assertThat(run.out()).contains("ERROR TRUNCATED_INPUT");
        }
      }
    }));
  }

  @Test
  void cbSimpleCleanAndTruncatedCuts() {
    byte[] bytes = CorpusLogs.bytes(CliRun.FILES.resolve("valid_joined_logs/cb_simple.log"));
    // message boundaries, and EOF's type read (its size field never is)
    for (int cut : new int[] {0, 8, 128, 160, 664, 668, 669, 670, 671, 672}) {
      CliRun run = CliRun.of("validate", write("cut.log", Arrays.copyOf(bytes, cut)).toString());
      assertThat(run.exit()).as("cut to %d bytes", cut).isZero();
    }
    // in a type, a version, a size, a payload, a padding
    for (int cut : new int[] {2, 6, 10, 100, 124, 161, 170, 500, 661, 663}) {
      CliRun run = CliRun.of("validate", write("cut.log", Arrays.copyOf(bytes, cut)).toString());
      assertThat(run.exit()).as("cut to %d bytes", cut).isEqualTo(1);
      assertThat(run.out()).contains(": ERROR TRUNCATED_INPUT: truncated input at offset ");
    }
  }

  private static CliRun validate(Path log) {
    return validate(log, log);
  }

  /**
   * Validates {@code file} as its origin should be read: multistep logs with --multistep. (Until the multistep joiner
   * is merged the option changes nothing, and the single joiner reports their steps as PROBLEM_TYPE_MISMATCH notices.)
   */
  private static CliRun validate(Path file, Path origin) {
    return CorpusLogs.isMultistep(origin) ? CliRun.of("validate", "--multistep", file.toString())
        : CliRun.of("validate", file.toString());
  }

  /** Each message boundary, and 2 bytes into it, 6 bytes into it and half-way through its payload. */
  private static List<Integer> cutPoints(byte[] log) {
    String listing = ReferenceListing.of(log).listing();
    TreeSet<Integer> cuts = new TreeSet<>();
    List<int[]> messages = listing.lines().map(l -> l.split("\t")).map(f -> new int[] {Integer.parseInt(f[0]),
        f[1].equals("FILEMAGIC") || f[1].equals("EOF") ? 0 : Integer.parseInt(f[2])}).toList();
    for (int[] m : messages) {
      int offset = m[0];
      int size = m[1];
      cuts.addAll(List.of(offset, offset + 2, offset + 6, offset + 8 + size / 2, offset + 8 + size));
    }
    cuts.add(log.length);
    cuts.removeIf(c -> c > log.length);
    return List.copyOf(cuts);
  }

  private Path write(String name, byte[] bytes) {
    try {
      return Files.write(temp.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
