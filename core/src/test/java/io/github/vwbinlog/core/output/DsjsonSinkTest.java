package io.github.vwbinlog.core.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.core.join.JoinCounters;
import io.github.vwbinlog.core.join.RecordView;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.join.JoinSummary;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DSJSON sink: a line written and taken (its joiner then counts it as emitted), or a refused line counted as
 * skipped and reported.
 */
class DsjsonSinkTest {

  private static CbEvent cb(byte[] context) {
    return new CbEvent(false, List.of(1L), ByteBuffer.wrap(context), List.of(1f), "N/A", LearningMode.ONLINE);
  }

  @Test
  void writesAndCountsALineOrReportsWhyNot() {
    List<Diagnostic> reported = new ArrayList<>();
    JoinCounters counters = new JoinCounters(reported::add, false);
    JsonBytes out = new JsonBytes();
    long[] offset = {160};
    DsjsonSink sink = new DsjsonSink(out, counters, () -> offset[0], new DsjsonWriter());
    RecordView view = new RecordView();

    assertThat(sink.accept(view.of(DsjsonWriterTest.cb("good", cb("{\"a\":1}".getBytes(StandardCharsets.US_ASCII)),
        1f, List.of(), 0f)))).isTrue();
    offset[0] = 664;
    byte[] notUtf8 = {'{', '"', (byte) 0xE6, '"', ':', '1', '}'};
    assertThat(sink.accept(view.of(DsjsonWriterTest.cb("bad", cb(notUtf8), 1f, List.of(), 0f)))).isFalse();

    String lines = new String(out.toByteArray(), StandardCharsets.UTF_8);
    assertThat(lines).contains("\"EventId\":\"good\"").doesNotContain("\"bad\"").endsWith("\n");
    assertThat(lines.lines()).hasSize(1);
    JoinSummary s = counters.summary();
    assertThat(s.interactionsSkipped()).isEqualTo(1);
    assertThat(reported).singleElement().satisfies(d -> {
      assertThat(d.reason()).isEqualTo(DiagnosticReason.INVALID_UTF8);
      assertThat(d.offset()).isEqualTo(664);
      assertThat(d.eventId()).isEqualTo("bad");
    });
  }
}
