package io.github.vwbinlog.benchmarks;

import io.github.vwbinlog.core.event.JsonSyntax;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The JSON check of contexts that the conversion makes before it writes a line
 * ({@link JsonSyntax#isObjectReplacingNewlines}), ns per context: 64 different contexts of the benchmarks' synthetic
 * logs (about 560 bytes each: short keys, five-digit numbers, a few string values), ASCII ({@code ascii}) or with
 * non-ASCII strings ({@code utf8}), or contexts of text features ({@code prose}: about 1,100 bytes, most of them in
 * string values of 40 to 300 bytes, indented with newlines and spaces). Different contexts, so that the branch
 * predictor cannot learn one context by heart, as it can in the CB log of the whole-process timings, whose contexts
 * are all the same. Run it with and without {@code -jvmArgsAppend "--add-modules jdk.incubator.vector"} to compare the
 * vector path of the check with the scalar one (docs/PERFORMANCE.md, "Classify bytes in parallel").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonCheckBenchmark extends Defaults {
  /** The number of contexts, checked in turn. */
  static final int CONTEXTS = 64;

  @Param({"ascii", "utf8", "prose"})
  public String text;

  /** The bytes each context's array has after it, as the writer's buffer has after a context it checks in place. */
  static final int ROOM = JsonSyntax.ROOM;

  /** The contexts, each in an array {@link #ROOM} bytes longer than it. */
  private final byte[][] contexts = new byte[CONTEXTS][];

  @Setup
  public void setUp() {
    Random random = new Random(42);
    for (int i = 0; i < CONTEXTS; i++) {
      String context = switch (text) {
        case "utf8" -> SyntheticLogs.nonAsciiContext(random);
        case "prose" -> prose(random);
        default -> SyntheticLogs.context(random);
      };
      byte[] bytes = context.getBytes(StandardCharsets.UTF_8);
      contexts[i] = java.util.Arrays.copyOf(bytes, bytes.length + ROOM);
    }
  }

  /** A context of text features: titles and abstracts as string values, pretty-printed. */
  private static String prose(Random random) {
    String[] words = {"the", "vector", "of", "bytes", "news", "article", "about", "weather", "markets", "sport",
        "reading", "recommended", "today", "and", "with", "city", "local", "review", "season", "update"};
    StringBuilder sb = new StringBuilder("{\n  \"User\": {\n    \"id\": \"u").append(random.nextInt(1000))
        .append("\",\n    \"interests\": \"").append(sentence(random, words, 10)).append("\"\n  },\n  \"_multi\": [");
    for (int a = 0; a < 3; a++) {
      sb.append(a == 0 ? "\n" : ",\n").append("    {\n      \"Article\": {\n        \"title\": \"")
          .append(sentence(random, words, 8)).append("\",\n        \"abstract\": \"")
          .append(sentence(random, words, 40)).append("\",\n        \"length\": ").append(random.nextInt(5000))
          .append("\n      }\n    }");
    }
    return sb.append("\n  ]\n}").toString();
  }

  private static String sentence(Random random, String[] words, int n) {
    StringBuilder sb = new StringBuilder();
    for (int w = n / 2 + random.nextInt(n); w > 0; w--) {
      sb.append(words[random.nextInt(words.length)]).append(w > 1 ? " " : ".");
    }
    return sb.toString();
  }

  /** The contexts, for {@link JsonCheckInTurn}: each {@link #ROOM} bytes shorter than its array. */
  byte[][] contexts() {
    return contexts;
  }

  /** The bytes of all the contexts together. */
  long contextBytes() {
    long bytes = 0;
    for (byte[] c : contexts) {
      bytes += c.length - ROOM;
    }
    return bytes;
  }

  /** Checks each context in place, as the writer checks a context it has just copied into its output. */
  @Benchmark
  @OperationsPerInvocation(CONTEXTS)
  public int check() {
    int valid = 0;
    for (byte[] c : contexts) {
      if (JsonSyntax.isObjectReplacingNewlines(c, 0, c.length - ROOM)) {
        valid++;
      }
    }
    if (valid != CONTEXTS) {
      throw new IllegalStateException("a context did not check");
    }
    return valid;
  }
}
