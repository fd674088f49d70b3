package io.github.vwbinlog.fuzz;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.Severity;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinSummary;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The oracle of every hostile-input test: runs the library on arbitrary bytes and fails, with an
 * {@link AssertionError}, on anything but an acceptable outcome (SPEC §0, docs/ROBUSTNESS.md):
 *
 * <ul>
 *   <li>a result, or the library's own {@link BinaryLogException} where one is allowed (reading without
 *       {@link ReadFeature#LENIENT}, joining in strict mode), or a reported {@link Diagnostic}. Any other throwable
 *       (IndexOutOfBoundsException, BufferUnderflowException, NullPointerException, IllegalArgumentException,
 *       OutOfMemoryError...) propagates: the caller (Jazzer or JUnit) reports it;
 *   <li>every output line is one JSON object ({@link JsonSyntax#isObject}) in valid UTF-8 (the JDK's strict decoder)
 *       ending in its only newline;
 *   <li>the accounting holds: interactions seen = emitted + skipped, the lines written are the events emitted, and
 *       each diagnostic the listener received is counted under its reason;
 *   <li>strict mode throws a {@link BinaryLogException} exactly when the lenient run reported an ERROR, with the reason
 *       of the first one, and what it wrote before is a prefix of the lenient run's output.
 * </ul>
 */
public final class Outcomes {
  private Outcomes() {}

  /** How many option sets {@link #joinOptions} chooses from. */
  public static final int OPTION_SETS = 7;

  /**
   * The join options the fuzz targets vary, chosen by a number (the input's length, say): no override, a sticky
   * problem type (slates with client time), the multistep joiner, or parallel conversion on two threads (strict mode
   * then converts on one, so the strict check compares the two).
   */
  public static JoinOptions joinOptions(int selector) {
    JoinOptions base = JoinOptions.defaults();
    return switch (Math.floorMod(selector, OPTION_SETS)) {
      case 1 -> base.withProblemType(ProblemType.CB);
      case 2 -> base.withProblemType(ProblemType.CCB);
      case 3 -> base.withProblemType(ProblemType.CA);
      case 4 -> base.withProblemType(ProblemType.SLATES).with(JoinFeature.CLIENT_TIME);
      case 5 -> base.with(JoinFeature.MULTISTEP);
      case 6 -> base.withThreads(2);
      default -> base;
    };
  }

  /**
   * Reads every message of {@code data}, through a buffer and through a stream, and decodes every checkpoint and
   * header: both must give the same messages, and the only exception allowed is a {@link BinaryLogException}.
   *
   * @return the number of messages read
   */
  public static int read(byte[] data) {
    List<String> fromBuffer = new ArrayList<>();
    BinaryLogException bufferProblem = readAll(BinaryLogReader.of(data), fromBuffer);
    List<String> fromStream = new ArrayList<>();
    BinaryLogException streamProblem = readAll(BinaryLogReader.of(new ByteArrayInputStream(data)), fromStream);
    check(fromBuffer.equals(fromStream), "a buffer and a stream give different messages: %s vs %s", fromBuffer,
        fromStream);
    check((bufferProblem == null) == (streamProblem == null)
        && (bufferProblem == null || bufferProblem.reason() == streamProblem.reason()),
        "a buffer and a stream end differently: %s vs %s", bufferProblem, streamProblem);

    // Lenient reading never throws, and reports the problem it stops at.
    List<Diagnostic> reported = new ArrayList<>();
    List<String> lenient = new ArrayList<>();
    BinaryLogException lenientProblem = readAll(BinaryLogReader.of(data,
        ReadOptions.defaults().with(ReadFeature.LENIENT).withListener(reported::add)), lenient);
    check(lenientProblem == null, "a lenient reader threw %s", lenientProblem);
    check(lenient.equals(fromBuffer), "lenient reading gives other messages");
    check(bufferProblem == null || reported.stream().anyMatch(d -> d.reason() == bufferProblem.reason()),
        "lenient reading did not report %s", bufferProblem);
    return fromBuffer.size();
  }

  private static BinaryLogException readAll(BinaryLogReader reader, List<String> out) {
    try (reader) {
      for (Message m : reader) {
        out.add(m.offset() + " " + m.typeName() + " " + m.payloadSize());
        if (m instanceof Message.Checkpoint c) {
          out.add(decode(() -> c.checkpointInfo().toString()));
        } else if (m instanceof Message.Header h) {
          out.add(decode(() -> h.fileHeader().toString()));
        }
      }
      return null;
    } catch (BinaryLogException e) {
      return e;
    }
  }

  private static String decode(java.util.function.Supplier<String> decoder) {
    try {
      return decoder.get();
    } catch (BinaryLogException e) {
      return e.reason().name();
    }
  }

  /** What one conversion gave. */
  public record Conversion(JoinSummary summary, byte[] output, List<Diagnostic> diagnostics) {}

  /**
   * Converts {@code data} with {@code options} (made lenient and strict in turn) and checks every property above.
   *
   * @return the lenient run
   */
  public static Conversion convert(byte[] data, JoinOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<Diagnostic> fromReader = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JoinSummary summary;
    DsjsonConverter converter = DsjsonConverter.of(options.without(JoinFeature.STRICT)
        .withReadOptions(options.readOptions().withListener(diagnostics::add)));
    // A reader handed to the converter reports its own notices (unknown messages) to its own listener; the converter
    // counts them too.
    try (BinaryLogReader reader = BinaryLogReader.of(data, options.readOptions().withListener(fromReader::add))) {
      summary = converter.convert(reader, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (BinaryLogException e) {
      throw new AssertionError("a conversion that is not strict threw " + e, e);
    }
    byte[] output = out.toByteArray();
    long lines = checkLines(output);
    check(summary.interactionsSeen() == summary.emittedTotal() + summary.interactionsSkipped(),
        "interactions seen %d != emitted %d + skipped %d", summary.interactionsSeen(), summary.emittedTotal(),
        summary.interactionsSkipped());
    check(lines == summary.emittedTotal(), "%d lines written but %d events emitted", lines, summary.emittedTotal());
    check(summary.learnable() <= summary.emittedTotal(), "more learnable than emitted");
    List<Diagnostic> received = new ArrayList<>(diagnostics);
    received.addAll(fromReader);
    check(counts(received).equals(summary.diagnostics()), "diagnostics received %s but counted %s",
        counts(received), summary.diagnostics());
    check(fromReader.stream().allMatch(d -> d.reason() == DiagnosticReason.UNKNOWN_MESSAGE_TYPE),
        "the reader reported %s", fromReader);
    checkStrict(data, options, summary, output, diagnostics);
    return new Conversion(summary, output, diagnostics);
  }

  private static void checkStrict(byte[] data, JoinOptions options, JoinSummary lenient, byte[] lenientOutput,
      List<Diagnostic> lenientDiagnostics) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryLogException thrown = null;
    DsjsonConverter strict = DsjsonConverter.of(options.with(JoinFeature.STRICT)
        .withReadOptions(options.readOptions().withListener(d -> { })));
    try (BinaryLogReader reader = BinaryLogReader.of(data, options.readOptions().withListener(d -> { }))) {
      strict.convert(reader, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (BinaryLogException e) {
      thrown = e;
    }
    Diagnostic firstError = lenientDiagnostics.stream().filter(d -> d.severity() == Severity.ERROR).findFirst()
        .orElse(null);
    if (firstError == null) {
      check(thrown == null, "strict mode threw %s, but the lenient run reported no error", thrown);
      check(Arrays.equals(out.toByteArray(), lenientOutput), "strict mode wrote other lines without an error");
      return;
    }
    check(thrown != null, "strict mode did not stop at %s", firstError);
    check(thrown.reason() == firstError.reason(), "strict mode stopped with %s, the first error was %s",
        thrown.reason(), firstError);
    byte[] written = out.toByteArray();
    checkLines(written);
    check(written.length <= lenientOutput.length
        && Arrays.equals(written, 0, written.length, lenientOutput, 0, written.length),
        "strict mode's output is not a prefix of the lenient output");
    check(lenient.errors() > 0, "a first error was reported but not counted");
  }

  /** The JDK's strict decoder, independent of the library's own UTF-8 check. */
  private static boolean isUtf8(ByteBuffer bytes) {
    try {
      java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(bytes.duplicate());
      return true;
    } catch (java.nio.charset.CharacterCodingException e) {
      return false;
    }
  }

  /** Checks that the output is whole lines, each one JSON object in valid UTF-8; returns the number of lines. */
  public static long checkLines(byte[] output) {
    long lines = 0;
    int start = 0;
    for (int i = 0; i < output.length; i++) {
      if (output[i] == '\n') {
        ByteBuffer line = ByteBuffer.wrap(output, start, i - start);
        check(JsonSyntax.isObject(line), "line %d is not one JSON object: %s", lines + 1,
            new String(output, start, Math.min(i - start, 2000), java.nio.charset.StandardCharsets.UTF_8));
        check(isUtf8(line), "line %d is not UTF-8, so not JSON (RFC 8259 §8.1)", lines + 1);
        lines++;
        start = i + 1;
      }
    }
    check(start == output.length, "the output does not end with a newline");
    return lines;
  }

  private static Map<DiagnosticReason, Long> counts(List<Diagnostic> diagnostics) {
    Map<DiagnosticReason, Long> counts = new EnumMap<>(DiagnosticReason.class);
    for (Diagnostic d : diagnostics) {
      counts.merge(d.reason(), 1L, Long::sum);
    }
    return counts;
  }

  static void check(boolean condition, String format, Object... args) {
    if (!condition) {
      throw new AssertionError(String.format(format, args));
    }
  }
}
