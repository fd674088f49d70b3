package io.github.vwbinlog.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Every {@link ReadLimits} bound is enforced where the library reads (docs/ROBUSTNESS.md): each is set just below what
 * a small CB log needs, and the conversion must report {@link DiagnosticReason#LIMIT_EXCEEDED} stating the value and
 * the maximum, skip the smallest unit concerned, keep its accounting, and stop there in strict mode ({@link Outcomes}).
 */
class LimitsTest {
  static final String CONTEXT = "{\"GUser\":{\"id\":\"a\"},\"_multi\":[{\"a\":1},{\"a\":2}]}";

  /** FILEMAGIC, a CB checkpoint, one REGULAR with two interactions (one zstd-encoded) and an outcome, EOF. */
  static byte[] log() {
    TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
    CbEvent cb = CbEvent.of(List.of(1L, 2L), List.of(0.9f, 0.1f), CONTEXT);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BinaryLogWriter w = BinaryLogWriter.to(out)) {
      w.fileMagic().checkpoint(CheckpointInfo.of(ProblemType.CB)).regular(List.of(
          JoinedEvent.of(t, new Event(Metadata.of("plain", PayloadType.CB), cb)),
          JoinedEvent.of(t, new Event(Metadata.of("zstd", PayloadType.CB).withEncoding(EventEncoding.ZSTD), cb)),
          JoinedEvent.of(t, new Event(Metadata.of("plain", PayloadType.OUTCOME), OutcomeEvent.numeric(1f)))))
          .eof();
    }
    return out.toByteArray();
  }

  private static List<Diagnostic> convert(UnaryOperator<ReadLimits.Builder> limits) {
    ReadOptions read = ReadOptions.defaults().withLimits(limits.apply(ReadLimits.builder()).build());
    return Outcomes.convert(log(), JoinOptions.defaults().withReadOptions(read)).diagnostics();
  }

  private static Diagnostic limit(List<Diagnostic> diagnostics) {
    return diagnostics.stream().filter(d -> d.reason() == DiagnosticReason.LIMIT_EXCEEDED).findFirst()
        .orElseThrow(() -> new AssertionError("no LIMIT_EXCEEDED in " + diagnostics));
  }

  @Test
  void theDefaultsAcceptTheLog() {
    Outcomes.Conversion c = Outcomes.convert(log(), JoinOptions.defaults());
    assertThat(c.summary().emittedTotal()).isEqualTo(2);
    assertThat(c.summary().errors()).isZero();
  }

  @Test
  void maxMessageSize() {
    assertThat(limit(convert(b -> b.maxMessageSize(64))).message())
        .matches(".*payload size \\(\\d+\\) exceeds the maximum \\(64\\).*");
  }

  @Test
  void maxEventsPerPayload() {
    assertThat(limit(convert(b -> b.maxEventsPerPayload(2))).message())
        .contains("number of joined events (3) exceeds the maximum (2)");
  }

  @Test
  void maxVectorLength() {
    assertThat(limit(convert(b -> b.maxVectorLength(3))).message()).contains("exceeds the maximum (3)")
        .contains("vector length");
  }

  @Test
  void maxDepth() {
    assertThat(limit(convert(b -> b.maxDepth(1))).message()).contains("nesting depth (2) exceeds the maximum (1)");
  }

  @Test
  void maxTables() {
    assertThat(limit(convert(b -> b.maxTables(3))).message()).contains("table count (4) exceeds the maximum (3)");
  }

  @Test
  void maxContextSize() {
    List<Diagnostic> d = convert(b -> b.maxContextSize(CONTEXT.length() - 1));
    assertThat(d.stream().filter(x -> x.reason() == DiagnosticReason.LIMIT_EXCEEDED))
        .hasSize(2)
        .allSatisfy(x -> assertThat(x.message()).contains("context size (" + CONTEXT.length()
            + ") exceeds the maximum (" + (CONTEXT.length() - 1) + ")"));
  }

  @Test
  void maxDecompressedSize() {
    Diagnostic d = limit(convert(b -> b.maxDecompressedSize(16)));
    assertThat(d.eventId()).isEqualTo("zstd");
    assertThat(d.message()).matches(".*decompressed size \\(\\d+\\) exceeds the maximum \\(16\\).*");
  }
}
