package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

/** The progress bar: when it shows, what it says, and that it changes nothing else. */
class ProgressTest {

  @TempDir
  Path temp;

  private static Io io(boolean terminal) {
    return new Io(new ByteArrayInputStream(new byte[0]), System.out, new PrintStream(new ByteArrayOutputStream()),
        terminal);
  }

  private static ProgressOptions flag(Boolean value) {
    ProgressOptions o = new ProgressOptions(CommandLine.Model.CommandSpec.create());
    o.progress = value;
    return o;
  }

  @Test
  void shownOnATerminalUnlessQuietOrToldOtherwise() {
    assertThat(Progress.of(io(true), flag(null), false, 10).isOn()).isTrue();
    assertThat(Progress.of(io(false), flag(null), false, 10).isOn()).isFalse();
    assertThat(Progress.of(io(true), flag(null), true, 10).isOn()).as("quiet").isFalse();
    assertThat(Progress.of(io(false), flag(true), false, 10).isOn()).as("--progress").isTrue();
    assertThat(Progress.of(io(false), flag(true), true, 10).isOn()).as("--progress --quiet").isTrue();
    assertThat(Progress.of(io(true), flag(false), false, 10).isOn()).as("--no-progress").isFalse();
  }

  @Test
  void line() {
    long second = 1_000_000_000L;
    assertThat(Progress.line(0, 0, 0, 4096)).isEqualTo("[....................]   0%  0 B / 4.0 KiB  0 events/s  ETA ?");
    assertThat(Progress.line(3 << 20, 5000, 2 * second, 12 << 20))
        .isEqualTo("[#####...............]  25%  3.0 MiB / 12.0 MiB  2500 events/s  ETA 0:06");
    assertThat(Progress.line(12 << 20, 5000, 2 * second, 12 << 20))
        .isEqualTo("[####################] 100%  12.0 MiB / 12.0 MiB  2500 events/s  ETA 0:00");
    assertThat(Progress.line(1536, 10, second, -1)).isEqualTo("1.5 KiB read  10 events/s");
    assertThat(Progress.size(5L << 40)).isEqualTo("5.0 TiB");
    assertThat(Progress.duration(3725)).isEqualTo("1:02:05");
  }

  /** With a clock that moves 60 ms per reading, the bar is drawn after half a second, at most every 100 ms. */
  @Test
  void drawnInPlaceAndErased() throws IOException {
    Path log = Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(50));
    AtomicLong clock = new AtomicLong();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress progress = Progress.forTest(new PrintStream(err, true, StandardCharsets.UTF_8), Files.size(log),
        () -> clock.addAndGet(60_000_000L));
    JoinOptions options = JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    Conversion.Outcome outcome = Conversion.run(List.of(Input.file(log)), options, InputStream.nullInputStream(),
        out, progress);

    assertThat(out.toByteArray()).isEqualTo(LogMessages.dsjson(log, JoinOptions.defaults()));
    String drawn = err.toString(StandardCharsets.UTF_8);
    String[] frames = drawn.split("\r", -1);
    // 175 messages read: the first draw at the 9th (540 ms), then every second one
    assertThat(frames.length).isBetween(60, 120);
    assertThat(frames[1]).startsWith("[").contains("%  ").contains(" KiB / ").contains(" events/s  ETA ");
    assertThat(frames[frames.length - 2]).isBlank();
    assertThat(frames[frames.length - 1]).isEmpty();
    assertThat(drawn).doesNotContain("\n");
    assertThat(outcome.bytesRead()).isEqualTo(Files.size(log) - 4);
  }

  /**
   * On several threads the bar is still drawn by the reading thread, once per message read, so it is drawn as often;
   * the lines it counts are those written so far, in order.
   */
  @Test
  void drawnTheSameOnSeveralThreads() throws IOException {
    Path log = Files.write(temp.resolve("many.log"), SyntheticLogs.manyCheckpoints(50));
    JoinOptions options = JoinOptions.defaults()
        .withReadOptions(ReadOptions.defaults().withListener(DiagnosticListener.ignoring()));
    String[] frames = new String[2];
    for (int threads = 1; threads <= 2; threads++) {
      AtomicLong clock = new AtomicLong();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      Progress progress = Progress.forTest(new PrintStream(err, true, StandardCharsets.UTF_8), Files.size(log),
          () -> clock.addAndGet(60_000_000L));
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      Conversion.Outcome outcome = Conversion.run(List.of(Input.file(log)), options.withThreads(threads),
          InputStream.nullInputStream(), out, progress);

      assertThat(out.toByteArray()).isEqualTo(LogMessages.dsjson(log, JoinOptions.defaults()));
      assertThat(outcome.bytesRead()).isEqualTo(Files.size(log) - 4);
      frames[threads - 1] = err.toString(StandardCharsets.UTF_8);
    }
    assertThat(frames[1].split("\r", -1)).hasSameSizeAs(frames[0].split("\r", -1));
  }

  @Test
  void shortRunsShowNothing() {
    Path log = CliRun.FILES.resolve("valid_joined_logs/cb_simple.log");
    CliRun plain = CliRun.of("convert", log.toString());
    CliRun forced = CliRun.of("convert", "--progress", log.toString());
    CliRun terminal = CliRun.onTerminal("convert", log.toString());

    assertThat(forced.err()).isEqualTo(plain.err());
    assertThat(terminal.err()).isEqualTo(plain.err());
    assertThat(forced.outBytes()).isEqualTo(plain.outBytes());
  }
}
