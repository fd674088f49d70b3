package io.github.vwbinlog.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.vwbinlog.core.conformance.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The vector path of the JSON and UTF-8 checks ({@link VectorSupport}, VectorScan) against the scalar path: the same
 * verdict, the same bytes after the newline replacement and the same first invalid UTF-8 byte, on the contexts and
 * the other object-like regions of the conformance logs (the fuzz module's seeds) and of the expected DSJSON, on JSON
 * built to put plain runs, escapes, newlines, control and non-ASCII bytes on every side of a vector's edge, and on
 * random bytes. The comparisons need {@code jdk.incubator.vector} in the boot layer (the build runs this class with and
 * without it, on JDK 17 and 25; docs/PERFORMANCE.md); without it only the choice of path is checked.
 */
@DisplayName("VectorScan: the vector path answers as the scalar one")
class VectorScanTest {
  private static boolean vectorModule() {
    return ModuleLayer.boot().findModule(VectorSupport.MODULE).isPresent();
  }

  @Test
  void theVectorPathIsOnExactlyWhenTheModuleIsInTheBootLayer() {
    assertThat(VectorSupport.ENABLED).isEqualTo(vectorModule());
  }

  @Test
  void withoutTheModuleTheVectorPathRefusesToRun() {
    assumeThat(vectorModule()).as("jdk.incubator.vector absent").isFalse();
    // A string long enough for the vector path to be asked to skip its plain bytes.
    byte[] b = ("{\"a\":\"" + "x".repeat(100) + "\"}").getBytes(StandardCharsets.UTF_8);
    assertThat(JsonSyntax.check(b, 0, b.length, false, false)).isTrue();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> JsonSyntax.check(b, 0, b.length, false, true))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining(VectorSupport.MODULE);
  }

  @Test
  void sameAnswersOnTheConformanceLogsAndOutputs() {
    assumeThat(vectorModule()).as("jdk.incubator.vector in the boot layer").isTrue();
    List<Path> files = new ArrayList<>(Corpus.joinedLogs());
    try (Stream<Path> expected = Files.walk(Corpus.resolve("expected"))) {
      expected.filter(Files::isRegularFile).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int regions = 0;
    int objects = 0;
    for (Path file : files) {
      byte[] b = read(file);
      // Every region from a '{' to one of the next 16 '}' within 16 KiB: the contexts, and the regions around them,
      // copied with the bytes before them back to a multiple of 64, so that they keep their place against the vectors.
      for (int from = 0; from < b.length; from++) {
        if (b[from] != '{') {
          continue;
        }
        int ends = 0;
        for (int to = from + 1; to <= b.length && to - from <= 16_384 && ends < 16; to++) {
          if (b[to - 1] == '}') {
            ends++;
            regions++;
            int start = from & ~63;
            byte[] region = Arrays.copyOfRange(b, start, to);
            objects += compare(file.getFileName().toString(), region, from - start, region.length) ? 1 : 0;
          }
        }
      }
    }
    assertThat(regions).as("regions compared").isGreaterThan(10_000);
    assertThat(objects).as("regions that are one JSON object").isGreaterThan(1_000);
  }

  @Test
  void sameAnswersOnJsonAroundTheVectorsEdges() {
    assumeThat(vectorModule()).as("jdk.incubator.vector in the boot layer").isTrue();
    Random random = new Random(24);
    int objects = 0;
    for (int n = 0; n < 100_000; n++) {
      byte[] b = object(random);
      if (random.nextInt(4) == 0) {
        b[random.nextInt(b.length)] = (byte) random.nextInt(256); // one byte changed
      }
      // At every offset of the array modulo 64, and cut short now and then.
      int shift = random.nextInt(64);
      byte[] framed = new byte[shift + b.length + random.nextInt(8)];
      System.arraycopy(b, 0, framed, shift, b.length);
      int to = shift + (random.nextInt(8) == 0 ? random.nextInt(b.length + 1) : b.length);
      objects += compare("generated " + n, framed, shift, to) ? 1 : 0;
    }
    assertThat(objects).as("texts that are one JSON object").isGreaterThan(10_000);
  }

  @Test
  void sameAnswersOnRandomBytes() {
    assumeThat(vectorModule()).as("jdk.incubator.vector in the boot layer").isTrue();
    Random random = new Random(25);
    int valid = 0;
    for (int n = 0; n < 100_000; n++) {
      byte[] b = new byte[random.nextInt(300)];
      // Mostly bytes that matter to the checks, so that long valid prefixes occur.
      byte[] alphabet = " \t\r\n\"\\{}[]:,aZ0-.eEtrufalsn\u0001".getBytes(StandardCharsets.ISO_8859_1);
      for (int k = 0; k < b.length; k++) {
        b[k] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
      }
      if (b.length > 1) {
        b[0] = '{';
      }
      compare("random " + n, b, 0, b.length);
      // UTF-8 alone: mostly ASCII with a few sequences, valid or not.
      byte[] u = utf8(random);
      int from = random.nextInt(Math.min(8, u.length + 1));
      assertThat(Utf8.firstInvalid(u, from, u.length, true)).as("UTF-8 %s", Arrays.toString(u))
          .isEqualTo(Utf8.firstInvalid(u, from, u.length, false));
      valid += Utf8.firstInvalid(u, from, u.length, false) < 0 ? 1 : 0;
    }
    assertThat(valid).as("valid UTF-8 texts").isBetween(10_000, 90_000);
  }

  /** Both paths on {@code a[from..to)}, both check forms: the same answers; returns whether it is one JSON object. */
  private static boolean compare(String what, byte[] a, int from, int to) {
    boolean scalar = JsonSyntax.check(a, from, to, false, false);
    assertThat(JsonSyntax.check(a, from, to, false, true)).as("isObject, %s [%d, %d)", what, from, to)
        .isEqualTo(scalar);
    byte[] scalarFixed = a.clone();
    byte[] vectorFixed = a.clone();
    boolean fixed = JsonSyntax.check(scalarFixed, from, to, true, false);
    assertThat(JsonSyntax.check(vectorFixed, from, to, true, true)).as("isObjectReplacingNewlines, %s [%d, %d)", what,
        from, to).isEqualTo(fixed);
    assertThat(vectorFixed).as("bytes after the replacement, %s [%d, %d)", what, from, to).isEqualTo(scalarFixed);
    assertThat(Utf8.firstInvalid(a, from, to, true)).as("first invalid UTF-8, %s [%d, %d)", what, from, to)
        .isEqualTo(Utf8.firstInvalid(a, from, to, false));
    return scalar || fixed;
  }

  /** An object whose strings, whitespace and numbers have lengths on both sides of 16, 32 and 64 bytes. */
  private static byte[] object(Random random) {
    StringBuilder sb = new StringBuilder("{");
    sb.append(space(random));
    int members = random.nextInt(6);
    for (int m = 0; m < members; m++) {
      if (m > 0) {
        sb.append(',').append(space(random));
      }
      sb.append(string(random)).append(space(random)).append(':').append(space(random));
      switch (random.nextInt(4)) {
        case 0 -> sb.append(string(random));
        case 1 -> sb.append(random.nextInt(3) == 0 ? "-" : "").append(random.nextLong() >>> random.nextInt(64));
        case 2 -> sb.append('[').append(space(random)).append(string(random)).append(space(random)).append(",1.5e3]");
        default -> sb.append("{}");
      }
      sb.append(space(random));
    }
    return sb.append('}').append(space(random)).toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String string(Random random) {
    int length = List.of(0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100).get(random.nextInt(12));
    StringBuilder sb = new StringBuilder("\"");
    for (int k = 0; k < length; k++) {
      int r = random.nextInt(40);
      sb.append(switch (r) {
        case 0 -> "\\n";
        case 1 -> "\\u00e9";
        case 2 -> "\\\"";
        case 3 -> "\n"; // a raw newline: only the replacing check accepts it
        case 4 -> "é";
        case 5 -> "工";
        case 6 -> "🚶";
        case 7 -> "\t"; // a raw control character: invalid
        default -> (char) ('a' + random.nextInt(26));
      });
    }
    return sb.append('"').toString();
  }

  private static String space(Random random) {
    int length = random.nextInt(3) == 0 ? random.nextInt(80) : 0;
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < length; k++) {
      sb.append(" \t\r\n".charAt(random.nextInt(4)));
    }
    return sb.toString();
  }

  /** Mostly ASCII, with now and then a valid sequence, a truncated one, a lone continuation byte or a bad lead byte. */
  private static byte[] utf8(Random random) {
    byte[] b = new byte[random.nextInt(200)];
    for (int k = 0; k < b.length; k++) {
      int r = random.nextInt(200);
      if (r == 0) {
        b[k] = (byte) (0x80 + random.nextInt(0x80));
      } else if (r < 3 && k + 1 < b.length) {
        b[k] = (byte) 0xC3;
        b[++k] = (byte) 0xA9;
      } else if (r < 5 && k + 2 < b.length) {
        b[k] = (byte) 0xE5;
        b[++k] = (byte) 0xB7;
        b[++k] = (byte) 0xA5;
      } else {
        b[k] = (byte) random.nextInt(0x80);
      }
    }
    return b;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
