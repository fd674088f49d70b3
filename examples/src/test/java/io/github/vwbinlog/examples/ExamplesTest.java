package io.github.vwbinlog.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every example program and checks what it prints, so the examples keep working. */
class ExamplesTest {
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private PrintStream original;
  private final Path sample = Path.of(System.getProperty("user.dir")).resolveSibling("samples").resolve("cb_simple.log");

  @BeforeEach
  void capture() {
    original = System.out;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(original);
  }

  private String out() {
    return captured.toString(StandardCharsets.UTF_8);
  }

  @Test
  void iterateMessages() throws Exception {
    IterateMessages.main(new String[] {sample.toString()});
    assertThat(out()).startsWith("0\tFILEMAGIC\t0\n8\tHEADER\t112\n128\tCHECKPOINT\t24\n")
        .contains("160\tREGULAR\t492\n  91f71c8 CB at 2021-04-13T15:08:46.000000Z\n  91f71c8 OUTCOME at ")
        .endsWith("664\tEOF\t0\n");
  }

  @Test
  void rewardsByActionReadsTheViewsAsTheRecordsSay() throws Exception {
    Path log = sample.resolveSibling("cb_hours.log");
    RewardsByAction.main(new String[] {log.toString()});
    // The same figures from the records, on one thread.
    java.util.Map<Long, double[]> expected = new java.util.TreeMap<>();
    long events = 0;
    try (io.github.vwbinlog.join.Joiner joiner = io.github.vwbinlog.join.Joiner.open(log,
        io.github.vwbinlog.join.JoinOptions.defaults())) {
      for (io.github.vwbinlog.join.JoinResult r : joiner) {
        events++;
        if (r.payloadType() == io.github.vwbinlog.PayloadType.CB && r.learnable() && !r.actionIds().isEmpty()) {
          double[] sums = expected.computeIfAbsent(r.actionIds().get(0), a -> new double[2]);
          sums[0]++;
          sums[1] += r.reward();
        }
      }
    }
    StringBuilder lines = new StringBuilder();
    expected.forEach((action, t) -> lines.append(action).append('\t').append((long) t[0]).append('\t')
        .append(t[1] / t[0]).append('\n'));
    assertThat(expected).hasSizeGreaterThan(1);
    assertThat(out()).isEqualTo(lines + (events + " joined events\n"));
  }

  @Test
  void computeRewards() {
    ComputeRewards.main(new String[0]);
    assertThat(out()).isEqualTo("EARLIEST\t3.0\nAVERAGE\t4.0\nMEDIAN\t4.0\nSUM\t12.0\nMIN\t3.0\nMAX\t5.0\n");
  }

  @Test
  void writeThenConvert(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("synthetic.log");
    Path dsjson = dir.resolve("synthetic.dsjson");
    WriteSyntheticLog.main(new String[] {log.toString()});
    ConvertToDsjson.main(new String[] {log.toString(), dsjson.toString()});

    assertThat(out()).contains("10 lines written, 0 interactions skipped, 0 errors");
    assertThat(Files.readAllLines(dsjson)).hasSize(10)
        .first().asString().startsWith("{\"_label_cost\":-0.0,").contains("\"EventId\":\"event-0\"");
  }

  @Test
  void joinEventFiles(@TempDir Path dir) throws Exception {
    Path events = Path.of(System.getProperty("user.dir")).resolveSibling("core/src/test/resources/rlclientlib");
    Path joined = dir.resolve("joined.log");
    JoinEventFiles.main(new String[] {events.resolve("cb_dedup_compress_v2.fb").toString(),
        events.resolve("f-reward_v2.fb").toString(), joined.toString()});
    assertThat(out()).isEqualTo("cb_dedup_compress_v2.fb: 4 CB\ncb_dedup_compress_v2.fb: 1 DEDUP_INFO\n"
        + "4 of 4 interactions written, 4 of 4 observations joined\n");
    assertThat(joined).exists();
  }
}
