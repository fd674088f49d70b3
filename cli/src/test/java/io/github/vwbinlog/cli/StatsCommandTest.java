package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code vw-binlog stats}: counts for one input and summed over several. */
@DisplayName("vw-binlog stats")
class StatsCommandTest {
  private static final Path CB =
      CliRun.FILES.resolve("valid_joined_logs/cb_deferred_actions_w_activations_and_apprentice_10.fb");
  private static final Path AVERAGE = CliRun.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
  private static final Path UNKNOWN = CliRun.FILES.resolve("invalid_joined_logs/one_invalid_msg_type.log");

  private static JoinSummary summary(Path log) throws IOException {
    return DsjsonConverter.of(JoinOptions.defaults().withReadOptions(
            ReadOptions.defaults().withListener(DiagnosticListener.ignoring())))
        .convert(log, OutputStream.nullOutputStream());
  }

  private static String json(JoinSummary s, int inputs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    SummaryPrinter.json(s, inputs, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void oneFileAsTheLibraryCountsIt() throws IOException {
    CliRun run = CliRun.of("stats", "--json", UNKNOWN.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out()).isEqualTo(json(summary(UNKNOWN), 1)).startsWith("{\"inputs\":1,\"messages\":{")
        .contains("\"diagnostics\":{\"UNKNOWN_MESSAGE_TYPE\":1}");
  }

  @Test
  void severalFilesAreSummed() throws IOException {
    CliRun run = CliRun.of("stats", "--json", AVERAGE.toString(), CB.toString(), UNKNOWN.toString());

    JoinSummary expected = Summaries.sum(List.of(summary(AVERAGE), summary(CB), summary(UNKNOWN)));
    assertThat(run.out()).isEqualTo(json(expected, 3));
    assertThat(expected.emittedTotal()).isEqualTo(111);
    assertThat(run.out()).contains("\"joined_events_total\":111");
    // the first learnable event of the first file, the last of the last file
    assertThat(expected.metrics().firstEventId()).isEqualTo(summary(AVERAGE).metrics().firstEventId());
    assertThat(expected.metrics().lastEventId()).isEqualTo(summary(UNKNOWN).metrics().firstEventId());
  }

  @Test
  void textNamesTheNumberOfInputs() {
    CliRun one = CliRun.of("stats", CB.toString());
    assertThat(one.out()).startsWith("messages:\n");

    CliRun two = CliRun.of("stats", CB.toString(), CB.toString());
    assertThat(two.out()).startsWith("inputs: 2\nmessages:\n").contains("  CB           20\n");
  }

  @Test
  void standardInput() throws IOException {
    CliRun run = CliRun.withInput(CorpusLogs.bytes(CB), "stats", "--json", "-");

    assertThat(run.out()).isEqualTo(json(summary(CB), 1));
  }

  @Test
  void missingInput() {
    CliRun run = CliRun.of("stats", CB.toString(), "no-such.log");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("vw-binlog stats: cannot open no-such.log: no such file\n");
  }
}
