package io.github.vwbinlog.core.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The example of docs/WRITING.md ("Copying joined events without encoding them again"), run, and shown verbatim. */
class WritingGuideExamplesTest {
  private static final TimeStamp T = TimeStamp.of(2021, 4, 13, 15, 8, 46);

  private static JoinedEvent cb(String id) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, PayloadType.CB), CbEvent.of(List.of(1L), List.of(1f), "{}")));
  }

  private static JoinedEvent outcome(String id) {
    return JoinedEvent.of(T, new Event(Metadata.of(id, PayloadType.OUTCOME), OutcomeEvent.numeric(1f)));
  }

  private static List<Message.Regular> regulars(byte[] log) {
    List<Message.Regular> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.of(log)) {
      reader.forEach(m -> {
        if (m instanceof Message.Regular r) {
          out.add(r);
        }
      });
    }
    return out;
  }

  @Test
  void copyTheEventsOfSomeIds() {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(in)) {
      w.fileMagic().regular(List.of(cb("a"), cb("b"), outcome("a"), outcome("b"))).eof();
    }
    Message.Regular regular = regulars(in.toByteArray()).get(0);
    Set<String> wanted = Set.of("b");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
      writer.fileMagic();
      // tag::copy[]
      List<ByteBuffer> kept = new ArrayList<>();
      for (Map.Entry<String, ByteBuffer> e : regular.joinedPayloadsById().entrySet()) {
        if (wanted.contains(e.getKey())) {
          kept.add(e.getValue());
        }
      }
      writer.regularCopying(kept);   // the message, less the ids not wanted, each id's events together
      // end::copy[]
      writer.eof();
    }
    assertThat(regulars(out.toByteArray()).get(0).joinedEvents()).containsExactly(cb("b"), outcome("b"));
  }

  @Test
  @DisplayName("docs/WRITING.md shows this snippet verbatim")
  void theGuideShowsTheSnippetVerbatim() throws IOException {
    List<DocSnippets.Snippet> snippets = DocSnippets.in(DocSnippets.source("WritingGuideExamplesTest.java"));
    String guide = DocSnippets.repositoryFile("docs/WRITING.md");
    for (DocSnippets.Snippet s : snippets) {
      assertThat(guide).as("the guide holds snippet '%s'", s.name()).contains(s.text());
    }
    assertThat(snippets).hasSize(1);
  }
}
