package io.github.vwbinlog.core.eventfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading rlclientlib event files: the corpus's, constructed ones, and broken ones. */
class EventBatchReaderTest {
  @TempDir
  Path dir;

  @Test
  void readsTheCorpusDedupFileAsItsReadmeDescribesIt() throws IOException {
    try (EventBatchReader r = EventBatchReader.open(Corpus.resolve("files/fb_events/cb_v2_dedup.fb"))) {
      List<EventBatch> batches = r.batches().toList();
      assertThat(batches).singleElement().satisfies(b -> {
        assertThat(b.offset()).isZero();
        assertThat(b.isDedup()).isTrue();
        assertThat(b.events()).extracting(e -> e.meta().payloadType())
            .containsExactly(PayloadType.DEDUP_INFO, PayloadType.CB);
        assertThat(b.events().get(0).meta().id()).isEqualTo("3defd95a-0122-4aac-9068-0b9ac30b66d8");
        assertThat(b.events().get(0).event().payload()).isInstanceOf(DedupInfo.class);
        CbEvent cb = (CbEvent) b.events().get(1).event().payload();
        assertThat(java.nio.charset.StandardCharsets.UTF_8.decode(cb.context()).toString()).contains("__aid");
      });
    }
  }

  @Test
  void everyEventFileOfTheCorpusReadsWithoutProblem() throws IOException {
    List<Path> files;
    try (var walk = Files.walk(Corpus.resolve("files"))) {
      files = walk.filter(p -> Files.isRegularFile(p) && isEventFile(p)).toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(20);
    for (Path f : files) {
      try (EventBatchReader r = EventBatchReader.open(f)) {
        assertThat(r.events()).as(f.toString()).isNotEmpty().allSatisfy(e -> assertThat(e.event()).isNotNull());
      }
    }
  }

  private static boolean isEventFile(Path p) {
    try {
      return EventBatchReader.isEventFile(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void joinedLogsAreNotEventFiles() throws IOException {
    for (Path log : Corpus.joinedLogs()) {
      assertThat(EventBatchReader.isEventFile(log)).as(log.toString()).isFalse();
    }
  }

  @Test
  void eventsAreViewsWithTheirFileOffsets() throws IOException {
    Path f = dir.resolve("e.fb");
    EventFileWriter encoder = new EventFileWriter(Files.newOutputStream(f));
    Event a = new Event(Metadata.of("a", PayloadType.CB), CbEvent.of(List.of(1L), List.of(1f), "{}"));
    Event o = new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(2f));
    byte[] aBytes = encoder.event(a);
    try (encoder) {
      encoder.batch("IDENTITY", List.of(a)).batch("IDENTITY", List.of(o, o));
    }
    byte[] file = Files.readAllBytes(f);
    try (EventBatchReader r = EventBatchReader.open(f)) {
      List<BatchedEvent> events = r.events().toList();
      assertThat(events).hasSize(3);
      BatchedEvent first = events.get(0);
      assertThat(first.bytes().isReadOnly()).isTrue();
      assertThat(Arrays.copyOfRange(file, (int) first.offset(), (int) first.offset() + aBytes.length))
          .isEqualTo(aBytes);
      assertThat(events.get(2).event()).isEqualTo(o);
    }
  }

  @Test
  void aProtocolV1FileIsRefusedWithTheFix() throws IOException {
    Path f = dir.resolve("v1.fb");
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(f))) {
      w.batch("IDENTITY", List.of(new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f))));
      w.rawBatch(8, "IDENTITY", new byte[0][]);
    }
    try (EventBatchReader r = EventBatchReader.open(f)) {
      var it = r.iterator();
      assertThat(it.next().events()).hasSize(1);
      assertThatThrownBy(it::hasNext).isInstanceOf(BinaryLogException.class)
          .hasMessageContaining("v1.fb").hasMessageContaining("message type 8")
          .hasMessageContaining("\"protocol.version\": 2")
          .satisfies(e -> assertThat(((BinaryLogException) e).offset()).isPositive());
    }
  }

  @Test
  void aTruncatedLastBatchThrowsOrWithLenientIsReportedAfterTheBatchesBeforeIt() throws IOException {
    Path f = dir.resolve("t.fb");
    Event o = new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f));
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(f))) {
      w.batch("IDENTITY", List.of(o)).batch("IDENTITY", List.of(o));
    }
    byte[] bytes = Files.readAllBytes(f);
    Files.write(f, Arrays.copyOf(bytes, bytes.length - 3));
    try (EventBatchReader r = EventBatchReader.open(f)) {
      var it = r.iterator();
      assertThat(it.next().offset()).isZero();
      assertThatThrownBy(it::hasNext).isInstanceOf(TruncatedInputException.class);
    }
    List<Diagnostic> reported = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(f, ReadOptions.defaults().with(ReadFeature.LENIENT)
        .withListener(reported::add))) {
      assertThat(r.batches()).hasSize(1);
    }
    assertThat(reported).singleElement().satisfies(d -> {
      assertThat(d.reason()).isEqualTo(DiagnosticReason.TRUNCATED_INPUT);
      assertThat(d.offset()).isEqualTo(bytes.length / 2);
    });
  }

  @Test
  void aBatchThatFailsVerificationIsMalformedAndLenientReadingGoesOn() throws IOException {
    Path f = dir.resolve("m.fb");
    Event o = new Event(Metadata.of("a", PayloadType.OUTCOME), OutcomeEvent.numeric(1f));
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(f))) {
      w.batch("IDENTITY", List.of(o));
    }
    byte[] good = Files.readAllBytes(f);
    // a preamble of 16 bytes of type 13, then 16 bytes that are no flatbuffer
    byte[] bad = new byte[8 + 16];
    bad[3] = 13;
    bad[7] = 16;
    Arrays.fill(bad, 8, bad.length, (byte) 0x7f);
    byte[] all = new byte[good.length * 2 + bad.length];
    System.arraycopy(good, 0, all, 0, good.length);
    System.arraycopy(bad, 0, all, good.length, bad.length);
    System.arraycopy(good, 0, all, good.length + bad.length, good.length);
    Files.write(f, all);
    try (EventBatchReader r = EventBatchReader.open(f)) {
      var it = r.iterator();
      it.next();
      assertThatThrownBy(it::hasNext).isInstanceOf(MalformedDataException.class)
          .satisfies(e -> assertThat(((BinaryLogException) e).offset()).isEqualTo(good.length));
    }
    List<Diagnostic> reported = new ArrayList<>();
    try (EventBatchReader r = EventBatchReader.open(f, ReadOptions.defaults().with(ReadFeature.LENIENT)
        .withListener(reported::add))) {
      assertThat(r.batches()).hasSize(2);
    }
    assertThat(reported).singleElement().satisfies(d -> assertThat(d.offset()).isEqualTo(good.length));
  }

  @Test
  void anEmptyFileHasNoBatches() throws IOException {
    Path f = Files.createFile(dir.resolve("empty.fb"));
    try (EventBatchReader r = EventBatchReader.open(f)) {
      assertThat(r.batches()).isEmpty();
    }
  }
}
