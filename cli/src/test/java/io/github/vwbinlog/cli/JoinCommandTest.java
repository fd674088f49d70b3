package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vw-binlog join}: the output, the summary, the options' values, exit codes; run in-process. */
@DisplayName("vw-binlog join")
class JoinCommandTest {
  /** Event files rlclientlib wrote (core's test resources, their README says how). */
  static final Path REAL = Path.of(System.getProperty("user.dir")).resolveSibling("core/src/test/resources/rlclientlib");

  @TempDir
  Path temp;

  @Test
  void joinsRealFilesIntoALogThatConvertsAndValidates() {
    Path out = temp.resolve("joined.log");
    CliRun run = CliRun.of("join", "--interactions", REAL.resolve("cb_dedup_compress_v2.fb").toString(),
        "--observations", REAL.resolve("f-reward_v2.fb").toString(), "-o", out.toString());
    assertThat(run.exit()).isZero();
    assertThat(run.err()).startsWith("vw-binlog: 4 of 4 interactions written, 4 of 4 observations joined, 1 file "
        + "written (1 REGULAR messages; at most 4 events held)");
    CliRun validate = CliRun.of("validate", out.toString());
    assertThat(validate.exit()).isZero();
    assertThat(validate.out()).contains("valid (0 errors, 0 notices)");
    CliRun convert = CliRun.of("convert", out.toString());
    assertThat(convert.out().lines()).hasSize(4).allMatch(l -> l.startsWith("{\"_label_cost\":-1.5,"));
  }

  @Test
  void theSummaryCountsWhatWasLeftOutByReason() {
    CliRun run = CliRun.of("join", "--interactions", REAL.resolve("cb_v2.fb").toString(),
        "--observations", REAL.resolve("f-reward_v2.fb").toString(), REAL.resolve("deferred/f-reward_v2.fb").toString(),
        "-o", temp.resolve("j.log").toString());
    assertThat(run.exit()).isZero();
    assertThat(run.err()).contains("4 of 8 observations joined")
        .containsPattern("NOTICE +ORPHAN_OBSERVATION +observations +4");
  }

  @Test
  void aDirectoryIsReadInNameOrderAndRollWritesHourlyFiles() throws IOException {
    CliRun run = CliRun.of("join", "--interactions", REAL.resolve("deferred").toString(), "--observations",
        REAL.resolve("f-reward_v2.fb").toString(), "--roll", "1h", "-o", temp.resolve("hourly").toString());
    assertThat(run.exit()).isZero();
    try (var files = Files.list(temp.resolve("hourly"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .singleElement().satisfies(name -> assertThat(name).matches("joined-\\d{8}T\\d{2}0000Z\\.fb"));
    }
  }

  @Test
  void durationsAreParsedAsEvaluateWindowsAre() {
    CliRun bad = CliRun.of("join", "--interactions", REAL.resolve("cb_v2.fb").toString(), "--eud", "10 minutes",
        "-o", temp.resolve("x.log").toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("--eud must be unlimited or a number and s, m, h or d (30s, 10m, 2h, 7d)");
    assertThat(JoinCommand.duration("--eud", "unlimited", true, false)).isNull();
    assertThat(JoinCommand.duration("--eud", "7d", true, false)).isEqualTo(java.time.Duration.ofDays(7));
    assertThat(JoinCommand.duration("--backward", "0", false, true)).isEqualTo(java.time.Duration.ZERO);
    assertThat(CliRun.of("join", "--interactions", REAL.resolve("cb_v2.fb").toString(), "--roll", "unlimited",
        "-o", temp.resolve("x").toString()).exit()).isEqualTo(2);
    assertThat(Files.exists(temp.resolve("x.log"))).isFalse();
  }

  @Test
  void aJoinedLogAsInputIsRefusedAndNothingIsWritten() {
    Path log = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    CliRun run = CliRun.of("join", "--interactions", log.toString(), "-o", temp.resolve("x.log").toString());
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("cb_simple.log").contains("is this an event file?").contains("nothing written");
    assertThat(Files.exists(temp.resolve("x.log"))).isFalse();
  }

  @Test
  void aMissingInputExits3() {
    CliRun run = CliRun.of("join", "--interactions", temp.resolve("none.fb").toString(), "-o",
        temp.resolve("x.log").toString());
    assertThat(run.exit()).isEqualTo(3);
  }

  @Test
  void inspectListsTheBatchesOfAnEventFile() {
    CliRun run = CliRun.of("inspect", REAL.resolve("cb_dedup_compress_v2.fb").toString());
    assertThat(run.exit()).isZero();
    assertThat(run.out().lines().findFirst().orElseThrow()).matches("0\tBATCH\t\\d+\tDEDUP");
    assertThat(run.out()).contains("\tDEDUP_INFO\t").contains("\tCB\t");
  }
}
