package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code vw-binlog join} process killed with SIGKILL while it writes leaves no file under the output's name,
 * and running it again gives the bytes of an uninterrupted run (another process, to another name). The kill comes when the progress bar is first drawn:
 * the join is then under way (the bar is drawn at a progress report, every 65,536 events), and its output file open
 * (the EUD is short and there is no disorder tolerance, so groups are written after the first 10,000 events).
 */
@DisplayName("vw-binlog join, killed")
class JoinKillIT {
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static Path jar;

  @TempDir
  Path dir;

  @BeforeAll
  static void jarExecutionOnly() {
    jar = JarExecution.root().resolve("cli/target/vw-binlog.jar");
  }

  @Test
  void aKilledRunLeavesNoOutputAndARerunGivesTheSameBytes() throws Exception {
    Path interactions = dir.resolve("interactions.fb");
    Path observations = dir.resolve("observations.fb");
    write(interactions, observations, 600_000);
    Path out = dir.resolve("joined.log");
    List<String> command = List.of(JAVA, "-Xmx256m", "-jar", jar.toString(), "join", "--interactions",
        interactions.toString(), "--observations", observations.toString(), "--eud", "10s", "--disorder", "0", "--progress",
        "-o", out.toString());

    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    InputStream err = p.getErrorStream();
    int c;
    while ((c = err.read()) != -1 && c != '%') {
      // read up to the first progress bar: the join is under way
    }
    assertThat(c).as("the join ended before it could be killed: give it more input").isEqualTo('%');
    p.destroyForcibly(); // SIGKILL
    assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).isEqualTo(137);
    assertThat(out).doesNotExist();
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("the temporary file the killed run was writing").anyMatch(n -> n.startsWith(".joined.log."));
    }

    assertThat(run(command)).isZero();
    Path uninterrupted = dir.resolve("uninterrupted.log");
    List<String> other = new ArrayList<>(command);
    other.set(other.size() - 1, uninterrupted.toString());
    assertThat(run(other)).isZero();
    assertThat(Files.mismatch(out, uninterrupted)).isEqualTo(-1);
  }

  private static int run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
    return p.exitValue();
  }

  /** {@code n} CB decisions at 1000 per second of client time, each with an outcome half a second later. */
  private static void write(Path interactions, Path observations, int n) throws IOException {
    long start = TimeStamp.of(2026, 11, 26, 12, 0, 0).epochSecond() * 1000;
    String context = "{\"U\":{\"a\":1},\"_multi\":[{\"x\":{\"f\":1}},{\"x\":{\"f\":2}},{\"x\":{\"f\":3}}]}";
    try (EventFileWriter i = new EventFileWriter(new BufferedOutputStream(Files.newOutputStream(interactions)));
        EventFileWriter o = new EventFileWriter(new BufferedOutputStream(Files.newOutputStream(observations)))) {
      List<Event> decisions = new ArrayList<>();
      List<Event> outcomes = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        String id = "id-" + k;
        decisions.add(new Event(Metadata.of(id, PayloadType.CB).withClientTime(at(start + k)),
            CbEvent.of(List.of(1L, 2L, 3L), List.of(0.8f, 0.1f, 0.1f), context)));
        outcomes.add(new Event(Metadata.of(id, PayloadType.OUTCOME).withClientTime(at(start + k + 500)),
            OutcomeEvent.numeric(k % 7)));
        if (decisions.size() == 500) {
          i.batch("IDENTITY", decisions);
          o.batch("IDENTITY", outcomes);
          decisions.clear();
          outcomes.clear();
        }
      }
    }
  }

  private static TimeStamp at(long millis) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(millis / 1000, 0, ZoneOffset.UTC);
    return new TimeStamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
        t.getSecond(), (millis % 1000) * 10_000);
  }
}
