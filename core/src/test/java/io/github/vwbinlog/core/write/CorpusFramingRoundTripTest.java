package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The framing of every joined log of the conformance corpus round-trips through {@link BinaryLogReader} and
 * {@link BinaryLogWriter} byte for byte (SPEC §1): each message the reader accepts is written back with
 * {@code fileMagic(version)}, {@code message(type, payload)} or an EOF with its trailing size field when the file has
 * one, and the result equals the file. Where the reader stops before the end of the file (a bad version, a field cut
 * short), the bytes it accepted are compared, and the test name says so.
 *
 * <p>Padding bytes are not part of the messages the reader returns, and the writer always writes zeros there: a file
 * with non-zero padding cannot round-trip by design. Such padding is found before comparing and named in the test
 * (none of the corpus has any; {@link #corpusPaddingIsAllZero()} pins that).
 */
class CorpusFramingRoundTripTest {
  /** The corpus folders that hold joined logs; the others hold event-batch files (corpus README). */
  private static final List<String> JOINED_LOG_FOLDERS =
      List.of("valid_joined_logs", "skip_learn", "derived", "invalid_joined_logs");
  /**
   * The files whose bytes the reader does not accept to the end: {@code bad_magic.log} is 4 bytes, "VWFC", a type
   * with no size field after it. ({@code bad_version.log} is accepted whole: its FILEMAGIC is complete, and the reader
   * stops after it.)
   */
  private static final List<String> READ_PARTLY = List.of("invalid_joined_logs/bad_magic.log");

  /** One corpus file as the reader saw it. */
  private record Reading(String name, byte[] file, List<Message> messages, List<Diagnostic> problems,
      long end, List<Long> nonZeroPadding) {

    /** The bytes of the file the reader accepted: up to the end of its last message, if the file goes that far. */
    long accepted() {
      return Math.min(end, file.length);
    }

    String summary() {
      long accepted = accepted();
      String extent = accepted == file.length ? "whole file (" + file.length + " bytes)"
          : "first " + accepted + " of " + file.length + " bytes, where the reader stopped";
      String problem = problems.isEmpty() ? "" : ", then the reader reported: " + problems.get(0).message();
      String eof = messages.stream().anyMatch(m -> m instanceof Message.Eof) ? "" : ", no EOF";
      String padding = nonZeroPadding.isEmpty() ? "" : ", NON-ZERO PADDING at " + nonZeroPadding
          + ": cannot round-trip by design, compared with zeros there";
      String cut = end > file.length ? ", the last padding cut short" : "";
      return name + ": " + extent + eof + padding + cut + problem;
    }
  }

  @TestFactory
  Stream<DynamicTest> everyJoinedLogRoundTrips() {
    List<Path> files = corpusFiles();
    assertThat(files).as("joined logs in the corpus").hasSizeGreaterThan(90);
    return files.stream().map(CorpusFramingRoundTripTest::read)
        .map(r -> DynamicTest.dynamicTest(r.summary(), () -> roundTrip(r)));
  }

  @Test
  void corpusPaddingIsAllZero() {
    List<String> withPadding = corpusFiles().stream().map(CorpusFramingRoundTripTest::read)
        .filter(r -> !r.nonZeroPadding().isEmpty()).map(Reading::summary).toList();
    assertThat(withPadding).isEmpty();
  }

  @Test
  void onlyTheBrokenFilesAreReadPartly() {
    List<String> partly = corpusFiles().stream().map(CorpusFramingRoundTripTest::read)
        .filter(r -> r.accepted() < r.file().length).map(Reading::name).toList();
    assertThat(partly).containsExactlyInAnyOrderElementsOf(READ_PARTLY);
  }

  private static void roundTrip(Reading r) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      for (Message m : r.messages()) {
        if (m instanceof Message.FileMagic magic) {
          writer.fileMagic(magic.version());
        } else if (m instanceof Message.Eof eof) {
          if (r.file().length - eof.offset() >= 8) {
            writer.eof(eof.sizeField());
          } else {
            writer.eofWithoutSizeField();
          }
        } else {
          writer.message(m.typeCode(), m.payload());
        }
      }
    }
    byte[] written = out.toByteArray();
    assertThat(written).as(r.summary() + ": length written").hasSize((int) r.end());
    byte[] expected = Arrays.copyOf(r.file(), (int) r.accepted());
    for (long at : r.nonZeroPadding()) {
      expected[(int) at] = 0;
    }
    assertThat(Arrays.copyOf(written, expected.length)).as(r.summary()).isEqualTo(expected);
  }

  /** Reads a file leniently, with unknown messages, and measures what the reader accepted. */
  private static Reading read(Path path) {
    byte[] file;
    try {
      file = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Diagnostic> problems = new ArrayList<>();
    List<Message> messages = new ArrayList<>();
    ReadOptions options = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES, ReadFeature.LENIENT)
        .withListener(problems::add);
    try (BinaryLogReader reader = BinaryLogReader.of(file, options)) {
      reader.forEach(messages::add);
    }
    long end = 0;
    List<Long> nonZeroPadding = new ArrayList<>();
    for (Message m : messages) {
      if (m instanceof Message.Eof) {
        // The 4 bytes after EOF's type are its size field when the file has them (joiners write zeros there).
        end = m.offset() + (file.length - m.offset() >= 8 ? 8 : 4);
      } else {
        long payloadEnd = m.offset() + 8 + m.payloadSize();
        end = m.offset() + m.encodedLength();
        for (long at = payloadEnd; at < Math.min(end, file.length); at++) {
          if (file[(int) at] != 0) {
            nonZeroPadding.add(at);
          }
        }
      }
    }
    String name = corpusRoot().relativize(path).toString().replace('\\', '/');
    return new Reading(name, file, messages, problems, end, nonZeroPadding);
  }

  static Path corpusRoot() {
    String shared = System.getProperty("vwbinlog.shared");
    assertThat(shared).as("system property vwbinlog.shared (the shared folder; the root pom sets it)").isNotNull();
    return Path.of(shared, "conformance", "files");
  }

  /** Every joined log of the corpus, in a stable order. */
  static List<Path> corpusFiles() {
    List<Path> files = new ArrayList<>();
    for (String folder : JOINED_LOG_FOLDERS) {
      try (Stream<Path> walk = Files.walk(corpusRoot().resolve(folder))) {
        walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".json"))
            .sorted().forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }
}
