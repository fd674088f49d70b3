package io.github.vwbinlog.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Files that claim huge sizes (docs/ROBUSTNESS.md, issue item 7): a 100-byte file whose REGULAR declares 4 GiB or just
 * under the message limit, a zstd payload declaring 4 GiB or 200 MiB in a few bytes, a vector declaring 2^31 elements,
 * a payload declaring 2^31 - 1 events. Each is converted in-process, from memory, from a file and from a stream, and
 * must end quickly with its reason reported, value and maximum named where it is a limit, while this thread allocates
 * no more than a few megabytes, and no more than that of direct buffers either (the conversion fast path's). Then the
 * CLI's {@code convert} and {@code stats} run on it in a JVM with {@code -Xmx64m} (which also caps direct memory at 64
 * MiB): exit 1, the first error in words, in seconds.
 *
 * <p>The files are left in {@code fuzz/target/hostile/} for the manual run recorded in docs/ROBUSTNESS.md.
 */
class HugeClaimsTest {
  static final long ALLOCATION_BUDGET = 16L << 20;

  record Claim(String name, byte[] log, DiagnosticReason reason, String message) {}

  static List<Claim> claims() {
    return List.of(
        new Claim("regular-4gib", Hostile.regularClaiming(0xFFFFFFF0L), DiagnosticReason.LIMIT_EXCEEDED,
            "payload size (4294967280) exceeds the maximum (1073741824)"),
        new Claim("regular-1gib", Hostile.regularClaiming(0x3FFFFFF0L), DiagnosticReason.TRUNCATED_INPUT,
            "needed 1073741808 bytes"),
        new Claim("zstd-4gib", Hostile.zstdClaiming(4L << 30), DiagnosticReason.LIMIT_EXCEEDED,
            "decompressed size (4294967296) exceeds the maximum (268435456)"),
        new Claim("zstd-200mib", Hostile.zstdClaiming(200L << 20), DiagnosticReason.DECOMPRESSION_FAILED,
            "declares 209715200 bytes, more than its"),
        new Claim("vector-2g", Hostile.vectorClaiming(1L << 31), DiagnosticReason.MALFORMED_INTERACTION,
            "declares 2147483648 elements of 8 bytes"),
        new Claim("events-2g", Hostile.eventsClaiming((1L << 31) - 1), DiagnosticReason.MALFORMED_PAYLOAD,
            "declares 2147483647 elements of 4 bytes"));
  }

  @TestFactory
  Stream<DynamicTest> inProcessNothingLargeIsAllocated() {
    return claims().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
      Path dir = Files.createDirectories(Path.of("target", "hostile"));
      Path file = dir.resolve(c.name() + ".log");
      Files.write(file, c.log());
      for (String source : List.of("memory", "file", "stream")) {
        List<Diagnostic> diagnostics = new ArrayList<>();
        JoinOptions options = JoinOptions.defaults().withReadOptions(
            JoinOptions.defaults().readOptions().withListener(diagnostics::add));
        DsjsonConverter converter = DsjsonConverter.of(options);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long allocated = allocatedBytes();
        long direct = directMemoryUsed();
        long start = System.nanoTime();
        JoinSummary summary = switch (source) {
          case "memory" -> converter.convert(BinaryLogReader.of(c.log()), out);
          case "file" -> converter.convert(file, out);
          default -> converter.convert(BinaryLogReader.of(new ByteArrayInputStream(c.log())), out);
        };
        long took = System.nanoTime() - start;
        allocated = allocatedBytes() - allocated;
        direct = directMemoryUsed() - direct;
        String what = c.name() + " from " + source;
        assertThat(allocated).as(what + ": bytes allocated").isLessThan(ALLOCATION_BUDGET);
        // The conversion fast path decompresses into direct buffers, which the heap count above does not see.
        assertThat(direct).as(what + ": direct bytes allocated").isLessThan(ALLOCATION_BUDGET);
        assertThat(took).as(what + ": nanoseconds").isLessThan(TimeUnit.SECONDS.toNanos(2));
        assertThat(summary.interactionsSeen()).isEqualTo(summary.emittedTotal() + summary.interactionsSkipped());
        // From a stream the size of the input is unknown: a false size is found out when the bytes run out.
        DiagnosticReason expected = source.equals("stream") && c.reason() == DiagnosticReason.TRUNCATED_INPUT
            ? DiagnosticReason.TRUNCATED_INPUT : c.reason();
        assertThat(diagnostics).as(what).anySatisfy(d -> {
          assertThat(d.reason()).isEqualTo(expected);
          if (!source.equals("stream") || c.reason() != DiagnosticReason.TRUNCATED_INPUT) {
            assertThat(d.message()).contains(c.message());
          }
        });
        assertThat(summary.errors()).isPositive();
        Outcomes.checkLines(out.toByteArray());
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> cliWithA64MegabyteHeap() throws IOException {
    Path dir = Files.createDirectories(Path.of("target", "hostile"));
    List<DynamicTest> tests = new ArrayList<>();
    for (Claim c : claims()) {
      Path file = dir.resolve(c.name() + ".log");
      Files.write(file, c.log());
      for (String command : List.of("convert", "stats")) {
        tests.add(DynamicTest.dynamicTest(c.name() + " " + command, () -> {
          Path err = dir.resolve(c.name() + "." + command + ".err");
          Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
              "-Xmx64m", "-cp", System.getProperty("java.class.path"), "io.github.vwbinlog.cli.Main", command,
              file.toString())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(err.toFile())
              .start();
          assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("finished").isTrue();
          String stderr = Files.readString(err, StandardCharsets.UTF_8);
          assertThat(p.exitValue()).as(stderr).isEqualTo(1);
          assertThat(stderr).contains("first error: ERROR " + c.reason()).contains(c.message())
              .doesNotContain("OutOfMemoryError").doesNotContain("Exception in thread");
        }));
      }
    }
    return tests.stream();
  }

  /** The bytes of direct buffers in use in this JVM. */
  static long directMemoryUsed() {
    return ManagementFactory.getPlatformMXBeans(java.lang.management.BufferPoolMXBean.class).stream()
        .filter(pool -> pool.getName().equals("direct"))
        .mapToLong(java.lang.management.BufferPoolMXBean::getMemoryUsed)
        .sum();
  }

  /** The bytes this thread has allocated so far (HotSpot's ThreadMXBean). */
  static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
  }
}
