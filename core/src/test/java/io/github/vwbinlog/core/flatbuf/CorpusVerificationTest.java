package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import reinforcement_learning.messages.flatbuff.v2.EventBatch;

/**
 * Every buffer of every real joined log in the conformance corpus verifies, level by level (JoinedPayload, each nested
 * Event, each event payload after zstd decompression), except the two logs that are corrupt on purpose, which fail
 * exactly where the corpus says they do.
 */
class CorpusVerificationTest {

  /** Every problem of every joined log, keyed "file REGULAR#k", plus counts that show the walk reached everything. */
  private static final class Walk {
    final Map<String, List<String>> problems = new LinkedHashMap<>();
    final Map<String, Integer> verifiedByRoot = new LinkedHashMap<>();
    int files;
    int checkpoints;
    int headers;
    int regulars;
  }

  private static Walk walkCorpus() {
    Walk walk = new Walk();
    for (String file : Corpus.joinedLogs()) {
      walk.files++;
      int k = 0;
      for (Message m : Corpus.messages(file)) {
        if (m instanceof Message.Regular r) {
          walk.regulars++;
          List<String> problems = Corpus.verifyRegular(r.payload(),
              (root, b) -> walk.verifiedByRoot.merge(root.name(), 1, Integer::sum));
          if (!problems.isEmpty()) {
            walk.problems.put(file + " REGULAR#" + k, problems);
          }
          k++;
        } else if (m instanceof Message.Checkpoint c) {
          walk.checkpoints++;
          String p = Corpus.verify(c.payload(), Schema.CHECKPOINT_INFO);
          if (p != null) {
            walk.problems.put(file + " CHECKPOINT@" + m.offset(), List.of(p));
          }
        } else if (m instanceof Message.Header h) {
          walk.headers++;
          String p = Corpus.verify(h.payload(), Schema.FILE_HEADER);
          if (p != null) {
            walk.problems.put(file + " HEADER@" + m.offset(), List.of(p));
          }
        }
      }
    }
    return walk;
  }

  @Test
  void everyBufferOfEveryJoinedLogVerifiesExceptTheTwoCorruptOnes() {
    Walk walk = walkCorpus();

    // The walk must have reached the corpus, or an empty result would prove nothing.
    assertThat(walk.files).isGreaterThanOrEqualTo(90);
    assertThat(walk.regulars).isGreaterThanOrEqualTo(90);
    assertThat(walk.checkpoints).isGreaterThanOrEqualTo(90);
    assertThat(walk.headers).isGreaterThanOrEqualTo(40);
    assertThat(walk.verifiedByRoot).containsKeys("JoinedPayload", "Event", "CbEvent", "MultiSlotEvent", "CaEvent",
        "OutcomeEvent", "DedupInfo", "MultiStepEvent");
    assertThat(walk.verifiedByRoot.get("Event")).isGreaterThan(1000);

    assertThat(walk.problems).containsOnlyKeys(
        "invalid_joined_logs/corrupt_joined_payload.log REGULAR#0",
        "invalid_joined_logs/bad_event_in_joined_event.log REGULAR#0");

    // cases.json: "The first REGULAR message's JoinedPayload claims 3 JoinedEvents but [an] offset points outside
    // the buffer, so verification fails and the whole message is skipped". The vector's second element points to
    // 496, the very end of the 496-byte payload, so the outer verification fails there.
    assertThat(walk.problems.get("invalid_joined_logs/corrupt_joined_payload.log REGULAR#0")).containsExactly(
        "JoinedPayload: table JoinedEvent at 496 (JoinedPayload.events[1]) extends beyond the buffer (size 496)");

    // README "Ambiguities" 4: the reference reads a 1-byte Event without verification. The JoinedPayload is sound
    // (the event is a valid byte vector); it is the nested Event buffer of joined event 0 that fails, as a root of
    // its own; the other event of the message verifies.
    assertThat(walk.problems.get("invalid_joined_logs/bad_event_in_joined_event.log REGULAR#0")).containsExactly(
        "event 0: the buffer is 1 bytes, less than the 12 of the smallest flatbuffer");
  }

  @Test
  void zstdEncodedPayloadsAreVerifiedAfterDecompression() {
    // cb_dedup_compressed.log holds zstd-encoded payloads; they only verify once decompressed.
    int compressed = 0;
    for (ByteBuffer payload : Corpus.regularPayloads("valid_joined_logs/cb_dedup_compressed.log")) {
      List<TableType> roots = new ArrayList<>();
      assertThat(Corpus.verifyRegular(payload, (root, b) -> roots.add(root))).isEmpty();
      compressed += (int) roots.stream().filter(r -> r == Schema.DEDUP_INFO || r == Schema.CB_EVENT).count();
    }
    assertThat(compressed).isPositive();
  }

  /**
   * The event batch files (client upload format: {@code [4 ignored bytes][u32 big-endian size][EventBatch]}, repeated)
   * exercise EventBatch, SerializedEvent and BatchMetadata; each batch and each event in it verifies.
   */
  @Test
  void eventBatchFilesVerify() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Stream.of("fb_events", "reward_functions", "client_time")
        .flatMap(d -> walk(Corpus.file(d)))) {
      files = s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(20);
    int events = 0;
    for (Path f : files) {
      ByteBuffer all = ByteBuffer.wrap(Files.readAllBytes(f));
      int at = 0;
      while (at + 8 <= all.limit()) {
        int size = all.order(ByteOrder.BIG_ENDIAN).getInt(at + 4);
        ByteBuffer batch = all.duplicate().position(at + 8).limit(at + 8 + size);
        assertThat(Corpus.verify(batch, Schema.EVENT_BATCH)).as("%s at %d", f, at).isNull();
        EventBatch b = EventBatch.getRootAsEventBatch(batch.slice());
        for (int i = 0; i < b.eventsLength(); i++) {
          ByteBuffer event = b.events(i).payloadAsByteBuffer();
          assertThat(Corpus.verify(event, Schema.EVENT)).as("%s at %d event %d", f, at, i).isNull();
          events++;
        }
        at += 8 + size;
      }
      assertThat(at).as(f.toString()).isEqualTo(all.limit());
    }
    assertThat(events).isGreaterThan(50);
  }

  private static Stream<Path> walk(Path dir) {
    try {
      return Files.walk(dir);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
