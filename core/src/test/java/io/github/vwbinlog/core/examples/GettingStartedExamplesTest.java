package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.conformance.Corpus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/GETTING_STARTED.md, as code the build compiles and runs. Each snippet sits between
 * {@code tag::name[]} and {@code end::name[]} comments, and {@link #theDocsShowTheseSnippetsVerbatim()} checks that
 * the guide (README.md for the {@code readme} snippet) holds exactly the same lines, so the docs cannot drift from
 * code that works.
 */
@DisplayName("documentation examples (docs/GETTING_STARTED.md, README.md)")
class GettingStartedExamplesTest {
  private final Path log = Corpus.resolve("files/valid_joined_logs/cb_simple.log");

  static long iterate(Path log, PrintStream out) throws IOException {
    // tag::iterate[]
    long joinedPayloadBytes = 0;
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message message : reader) {
        out.println(message.offset() + "\t" + message.typeName() + "\t" + message.payloadSize());
        if (message instanceof Message.Regular regular) {
          ByteBuffer joinedPayload = regular.payload(); // a read-only view of the mapped file, not a copy
          joinedPayloadBytes += joinedPayload.remaining();
        }
      }
    }
    // end::iterate[]
    return joinedPayloadBytes;
  }

  static void readme(Path log) throws IOException {
    // tag::readme[]
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message message : reader) {
        System.out.println(message.offset() + "\t" + message.typeName() + "\t" + message.payloadSize());
        if (message instanceof Message.Regular regular) {
          ByteBuffer joinedPayload = regular.payload(); // read-only view of the mapped file, not a copy
        }
      }
    }
    // end::readme[]
  }

  static long lenientStream(Path log, List<Diagnostic> problems) throws IOException {
    // tag::lenient[]
    ReadOptions options = ReadOptions.defaults()
        .with(ReadFeature.LENIENT)              // report problems and stop cleanly instead of throwing
        .withListener(problems::add);           // every Diagnostic: reason, offset, message
    try (Stream<Message> messages = BinaryLogReader.open(log, options).stream()) {
      return messages.filter(m -> m instanceof Message.Regular).count();
    }
    // end::lenient[]
  }

  static String errors(InputStream in) {
    // tag::errors[]
    try (BinaryLogReader reader = BinaryLogReader.of(in)) {  // a stream: read forward, one message in memory
      reader.forEach(message -> { });
      return "read to the end";
    } catch (BinaryLogException e) {
      // e.g. "truncated input at offset 160: the payload of the REGULAR message: needed 492 bytes at offset 168,
      // only 100 left"; e.offset(), e.messageType(), e.reading() and e.reason() give the parts
      return e.getMessage();
    }
    // end::errors[]
  }

  @Test
  void iterateListsTheMessagesAndSumsTheJoinedPayloads() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    long bytes = iterate(log, new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
        "0\tFILEMAGIC\t0\n8\tHEADER\t112\n128\tCHECKPOINT\t24\n160\tREGULAR\t492\n664\tEOF\t0\n");
    assertThat(bytes).isEqualTo(492);
  }

  @Test
  @DisplayName("the README's example, on the README's sample log")
  void readmeExample() throws IOException {
    Path sample = Path.of(System.getProperty("user.dir")).resolveSibling("samples").resolve("cb_simple.log");
    assertThat(sample).hasSameBinaryContentAs(log);
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      readme(sample);
    } finally {
      System.setOut(original);
    }
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
        "0\tFILEMAGIC\t0\n8\tHEADER\t112\n128\tCHECKPOINT\t24\n160\tREGULAR\t492\n664\tEOF\t0\n");
  }

  @Test
  void lenientReadingOfATruncatedCopyCountsWhatIsWhole() throws IOException {
    Path cut = Files.createTempFile("cut", ".log");
    try {
      Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(log), 300));
      List<Diagnostic> problems = new ArrayList<>();

      assertThat(lenientStream(log, problems)).isEqualTo(1);
      assertThat(problems).isEmpty();
      assertThat(lenientStream(cut, problems)).isZero();
      assertThat(problems).singleElement().extracting(Diagnostic::offset).isEqualTo(160L);
    } finally {
      Files.delete(cut);
    }
  }

  @Test
  void errorsNameTheOffsetAndTheField() throws IOException {
    byte[] bytes = Files.readAllBytes(log);
    assertThat(errors(new java.io.ByteArrayInputStream(bytes))).isEqualTo("read to the end");
    assertThat(errors(new java.io.ByteArrayInputStream(java.util.Arrays.copyOf(bytes, 268)))).isEqualTo(
        "truncated input at offset 160: the payload of the REGULAR message: needed 492 bytes at offset 168, only "
            + "100 left");
  }

  @Test
  @DisplayName("docs/GETTING_STARTED.md and README.md show these snippets verbatim")
  void theDocsShowTheseSnippetsVerbatim() throws IOException {
    String source = DocSnippets.source("GettingStartedExamplesTest.java");
    String guide = DocSnippets.repositoryFile("docs/GETTING_STARTED.md");
    String readme = DocSnippets.repositoryFile("README.md");
    List<DocSnippets.Snippet> snippets = DocSnippets.in(source);
    for (DocSnippets.Snippet s : snippets) {
      boolean inReadme = s.name().equals("readme");
      assertThat(inReadme ? readme : guide).as("%s holds snippet '%s'", inReadme ? "README.md" : "the guide",
          s.name()).contains(s.text());
    }
    assertThat(snippets.size()).isEqualTo(4);
  }
}
