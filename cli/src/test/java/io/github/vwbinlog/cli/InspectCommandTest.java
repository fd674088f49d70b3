package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code vw-binlog inspect FILE}: listings, exit codes and messages, run in-process. */
@DisplayName("vw-binlog inspect")
class InspectCommandTest {
  private static final Path FILES = Path.of(System.getProperty("vwbinlog.shared"), "conformance", "files");

  @TempDir
  Path temp;

  private static Path corpus(String relative) {
    return FILES.resolve(relative);
  }

  private static CliRun inspect(Path file) {
    return CliRun.of("inspect", file.toString());
  }

  private Path write(String name, byte[] bytes) {
    try {
      return Files.write(temp.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] bytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Little-endian u32 fields and raw bytes, concatenated. */
  private static byte[] log(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      if (p instanceof Integer i) {
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(i).array());
      } else {
        out.writeBytes((byte[]) p);
      }
    }
    return out.toByteArray();
  }

  /** Inspects {@code file} and asserts its listing and exit code; returns the run for more. */
  private static CliRun assertListing(Path file, int exit, String listing) {
    CliRun run = inspect(file);
    assertThat(run.out()).isEqualTo(listing);
    assertThat(run.exit()).isEqualTo(exit);
    return run;
  }

  @Test
  void cbSimple() {
    CliRun run = assertListing(corpus("valid_joined_logs/cb_simple.log"), 0,
        "0\tFILEMAGIC\t1\n8\tHEADER\t112\n128\tCHECKPOINT\t24\n160\tREGULAR\t492\n664\tEOF\t0\n");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void unknownMessageTypeIsListedWithItsValue() {
    assertListing(corpus("invalid_joined_logs/one_invalid_msg_type.log"), 0, "0\tFILEMAGIC\t1\n8\tHEADER\t112\n"
        + "128\tCHECKPOINT\t24\n160\tUNKNOWN(0x1AAAAAAA)\t492\n664\tREGULAR\t500\n1176\tEOF\t0\n");
  }

  @Test
  void badVersionIsListedThenExits1() {
    CliRun run = inspect(corpus("invalid_joined_logs/bad_version.log"));

    assertThat(run.out()).isEqualTo("0\tFILEMAGIC\t2\n");
    assertThat(run.err()).contains("bad_version.log").contains("unsupported version at offset 0")
        .contains("file version 2 does not match parser version 1");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void versionComparedAsAWholeU32() {
    assertListing(write("v257.log", log(0x42465756, 0x101, 0xAAAAAAAA, 0)), 1, "0\tFILEMAGIC\t257\n");
  }

  @Test
  void badMagicIsAnUnknownTypeWithoutItsSize() {
    CliRun run = inspect(corpus("invalid_joined_logs/bad_magic.log"));

    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("truncated input at offset 0").contains("UNKNOWN(0x43465756)")
        .contains("the payload size");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void noFileMagicAndNoEof() {
    byte[] bytes = log(0x11111111, 12, new byte[12], 4, 0xFFFFFFFF, 8, new byte[8]);
    CliRun run = assertListing(write("bare.log", bytes), 0, "0\tCHECKPOINT\t12\n24\tREGULAR\t8\n");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void unknownTypesWithOddSizesAndTheirPadding() {
    byte[] bytes = log(0x42465756, 1, 0, 13, new byte[13 + 5], 0x7FFFFFFF, 1, new byte[1 + 1], 0xAAAAAAAA,
        0x01020304);
    assertListing(write("unknown.log", bytes), 0,
        "0\tFILEMAGIC\t1\n8\tUNKNOWN(0x00000000)\t13\n34\tUNKNOWN(0x7FFFFFFF)\t1\n44\tEOF\t16909060\n");
  }

  @ParameterizedTest(name = "{0} stray bytes")
  @ValueSource(ints = {1, 2, 3})
  void strayBytesAtTheEnd(int stray) {
    byte[] cb = bytes(corpus("valid_joined_logs/cb_simple.log"));
    byte[] cut = Arrays.copyOf(cb, 664 + stray);

    CliRun run = inspect(write("stray.log", cut));

    assertThat(run.out()).endsWith("160\tREGULAR\t492\n");
    assertThat(run.err()).contains("truncated input at offset 664: the type of the next message");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void emptyFile() {
    CliRun run = inspect(write("empty.log", new byte[0]));

    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isZero();
  }

  /** cb_simple.log cut after every byte count from 0 to its whole length: each cut lists what is whole. */
  @TestFactory
  Stream<DynamicTest> truncatedAtEveryByte() {
    byte[] cb = bytes(corpus("valid_joined_logs/cb_simple.log"));
    return java.util.stream.IntStream.rangeClosed(0, cb.length).mapToObj(n -> DynamicTest.dynamicTest(
        "cb_simple.log cut to " + n + " bytes", () -> {
          byte[] cut = Arrays.copyOf(cb, n);
          ReferenceListing expected = ReferenceListing.of(cut);
          CliRun run = inspect(write("cut" + n + ".log", cut));
          assertThat(run.out()).isEqualTo(expected.listing());
          assertThat(run.exit()).isEqualTo(expected.exit());
          assertThat(run.err()).as("stderr").matches(expected.exit() == 0 ? "" : "(?s)vw-binlog inspect: .+");
        }));
  }

  @Test
  @DisplayName("cut points of cb_simple.log that end cleanly, and a few that do not")
  void notableCutPoints() {
    byte[] cb = bytes(corpus("valid_joined_logs/cb_simple.log"));
    assertThat(cb).hasSize(672);
    // between messages, after EOF's type, after EOF's size: clean
    for (int n : new int[] {0, 8, 128, 160, 664, 668, 672}) {
      assertThat(inspect(write("ok" + n, Arrays.copyOf(cb, n))).exit()).as("cut at %d", n).isZero();
    }
    // in a type, a version, a size, a payload, a padding: errors
    for (int n : new int[] {2, 6, 10, 100, 124, 661, 663}) {
      assertThat(inspect(write("bad" + n, Arrays.copyOf(cb, n))).exit()).as("cut at %d", n).isEqualTo(1);
    }
    assertThat(inspect(write("pad", Arrays.copyOf(cb, 662))).out()).as("payload whole, padding cut")
        .endsWith("160\tREGULAR\t492\n");
  }

  /** Every joined log of the corpus lists as the reference loop says. */
  @TestFactory
  Stream<DynamicTest> everyCorpusJoinedLog() throws IOException {
    List<Path> logs;
    try (Stream<Path> walk = Files.walk(FILES)) {
      logs = walk.filter(Files::isRegularFile)
          .filter(p -> List.of("valid_joined_logs", "invalid_joined_logs", "skip_learn", "derived")
              .contains(FILES.relativize(p).getName(0).toString()))
          .filter(p -> p.toString().endsWith(".log") || p.toString().endsWith(".fb"))
          .sorted()
          .toList();
    }
    assertThat(logs).hasSizeGreaterThan(60);
    return logs.stream().map(p -> DynamicTest.dynamicTest(FILES.relativize(p).toString(), () -> {
      ReferenceListing expected = ReferenceListing.of(bytes(p));
      CliRun run = inspect(p);
      assertThat(run.out()).isEqualTo(expected.listing());
      assertThat(run.exit()).isEqualTo(expected.exit());
    }));
  }

  @Test
  void missingFileExits3() {
    CliRun run = inspect(temp.resolve("no-such.log"));

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("cannot open").contains("no-such.log").contains("no such file");
  }

  @Test
  void directoryExits3() {
    CliRun run = inspect(temp);

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).contains("is a directory");
  }

  @ParameterizedTest(name = "vw-binlog {0}")
  @ValueSource(strings = {"", "inspect", "inspect a b", "inspect --bogus x", "frobnicate x", "--bogus"})
  void usageErrorsExit2(String args) {
    CliRun run = CliRun.of(args.isEmpty() ? new String[0] : args.split(" "));

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    // one line and a pointer to the help (with picocli's suggestion for a misspelt command), never the whole usage
    assertThat(run.err()).contains("Try 'vw-binlog").doesNotContain("Usage:");
    assertThat(run.err().lines().filter(l -> !l.startsWith("Did you mean") && !l.startsWith("Try '"))).hasSize(1);
  }

  @Test
  void helpDocumentsTheListingAndTheExitCodes() {
    CliRun run = CliRun.of("inspect", "--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("OFFSET<TAB>TYPE<TAB>SIZE").contains("UNKNOWN(0x1AAAAAAA)")
        .contains("Exit codes:").contains("2   usage error").contains("3   the file cannot be opened");
    assertThat(CliRun.of("--help").out()).contains("inspect");
    assertThat(CliRun.of("help", "inspect").out()).contains("OFFSET<TAB>TYPE<TAB>SIZE");
  }

  @Test
  void version() {
    CliRun run = CliRun.of("--version");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("vw-binlog ");
  }
}
