package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;

/**
 * Deterministic, exhaustive mutation of real buffers: every single-byte change (all 255 other values at every
 * position) and every truncation. The verifier must answer "valid" or give a reason, never throw; and whatever it
 * accepts must be readable, field by field, through the generated accessors (nested Events and their payloads too,
 * each verified as its own root first), and decodable by {@link Decoders} for checkpoints and headers.
 */
class FlatVerifierFuzzTest {

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    // Small REGULAR payloads (255 mutations per byte, each followed into its nested buffers): CB with outcomes, CCB,
    // multistep, and CB with a DedupInfo. CA and slates payloads are covered as roots of their own below.
    for (String file : List.of("valid_joined_logs/cb_simple.log", "valid_joined_logs/ccb_simple.log",
        "valid_joined_logs/multistep_2_episodes.fb", "skip_learn/cb/deferred_action_with_activation_deduped.fb")) {
      ByteBuffer payload = Corpus.regularPayloads(file).get(0);
      cases.add(Arguments.of(file + " REGULAR", Schema.JOINED_PAYLOAD, Corpus.bytes(payload)));
    }
    // The first Event of cb_simple, and one payload of each type found in the corpus, as roots of their own.
    List<Object[]> nested = new ArrayList<>();
    for (String file : List.of("valid_joined_logs/cb_simple.log", "valid_joined_logs/ccb_w_slot_id.log",
        "valid_joined_logs/ca_loop_skip_learn_e2e.log", "valid_joined_logs/cb_dedup_compressed.log",
        "valid_joined_logs/multistep_2_episodes.fb")) {
      for (ByteBuffer payload : Corpus.regularPayloads(file)) {
        Corpus.verifyRegular(payload, (root, b) -> {
          boolean seen = nested.stream().anyMatch(n -> n[1] == root);
          if (!seen && root != Schema.JOINED_PAYLOAD) {
            nested.add(new Object[] {file + " " + root.name(), root, Corpus.bytes(b)});
          }
        });
      }
    }
    nested.forEach(n -> cases.add(Arguments.of(n)));
    // Checkpoint and header payloads, also run through the decoders.
    for (Message m : Corpus.messages("valid_joined_logs/cb_simple.log")) {
      if (m instanceof Message.Checkpoint c) {
        cases.add(Arguments.of("cb_simple CHECKPOINT", Schema.CHECKPOINT_INFO, Corpus.bytes(c.payload())));
      } else if (m instanceof Message.Header h) {
        cases.add(Arguments.of("cb_simple HEADER", Schema.FILE_HEADER, Corpus.bytes(h.payload())));
      }
    }
    // Built samples for what the corpus lacks: literal union members, EpisodeEvent, the upload format.
    cases.add(Arguments.of("sample OutcomeEvent (literal)", Schema.OUTCOME_EVENT, Samples.outcomeLiteral()));
    cases.add(Arguments.of("sample EpisodeEvent", Schema.EPISODE_EVENT, Samples.episodeEvent()));
    cases.add(Arguments.of("sample EventBatch", Schema.EVENT_BATCH, Samples.eventBatch()));
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyByteChangeAndTruncationVerifiesOrGivesAReasonNeverThrows(String name, TableType root, byte[] original) {
    assertThat(Bytes.verify(original, root)).as("the original").isNull();
    FlatVerifier verifier = new FlatVerifier(ReadLimits.defaults());
    byte[] b = original.clone();
    // Big-endian order makes the verifier read through ByteBuffer getters and swap; check() compares every answer
    // with that of a little-endian view of the same array, which the verifier reads directly, as the fast path does.
    ByteBuffer buffer = ByteBuffer.wrap(b);
    int[] outcomes = new int[2];
    for (int pos = 0; pos < b.length; pos++) {
      byte kept = b[pos];
      for (int delta = 1; delta < 256; delta++) {
        b[pos] = (byte) (kept + delta);
        outcomes[check(verifier, buffer, b.length, root, "byte " + pos + " = " + (b[pos] & 0xFF)) ? 1 : 0]++;
      }
      b[pos] = kept;
    }
    for (int length = 0; length < b.length; length++) {
      outcomes[check(verifier, buffer, length, root, "truncated to " + length) ? 1 : 0]++;
    }
    // Both answers must occur, or the mutations did not reach the verifier's checks.
    assertThat(outcomes[0]).as("rejected mutants").isPositive();
    assertThat(outcomes[1]).as("accepted mutants").isPositive();
  }

  /** Verifies one mutant and, if it is accepted, reads all of it. */
  private static boolean check(FlatVerifier verifier, ByteBuffer buffer, int length, TableType root, String mutant) {
    String problem;
    String direct;
    try {
      problem = verifier.verify(buffer, 0, length, root);
      direct = verifier.verify(ByteBuffer.wrap(buffer.array()).order(ByteOrder.LITTLE_ENDIAN), 0, length, root);
    } catch (RuntimeException e) {
      throw new AssertionError("the verifier threw on " + mutant, e);
    }
    assertThat(direct).as("the array read's answer for %s", mutant).isEqualTo(problem);
    ByteBuffer region = buffer.duplicate().position(0).limit(length).slice();
    try {
      if (root == Schema.CHECKPOINT_INFO) {
        decodes(problem, () -> Decoders.checkpointInfo(region.duplicate(), 0, ReadLimits.defaults()));
      } else if (root == Schema.FILE_HEADER) {
        decodes(problem, () -> Decoders.fileHeader(region.duplicate(), 0, ReadLimits.defaults()));
      }
      if (problem != null) {
        assertThat(problem).isNotBlank();
        return false;
      }
      GeneratedReads.readAll(root, region);
      readNested(verifier, root, region);
    } catch (RuntimeException e) {
      throw new AssertionError("reading a verified buffer threw on " + mutant, e);
    }
    return true;
  }

  /** A decoder throws MalformedDataException exactly when the verifier rejects, and nothing else ever. */
  private static void decodes(String problem, Runnable decode) {
    try {
      decode.run();
      assertThat(problem).as("decoded although the verifier said").isNull();
    } catch (MalformedDataException e) {
      assertThat(e.problem()).isEqualTo(problem);
    }
  }

  /** Follows the nested buffers of an accepted buffer, verifying each as a root before reading it. */
  private static void readNested(FlatVerifier verifier, TableType root, ByteBuffer region) {
    if (root == Schema.JOINED_PAYLOAD) {
      JoinedPayload p = JoinedPayload.getRootAsJoinedPayload(region.duplicate());
      for (int i = 0; i < p.eventsLength(); i++) {
        ByteBuffer event = p.events(i).eventAsByteBuffer();
        if (event != null && verifier.verify(event, event.position(), event.remaining(), Schema.EVENT) == null) {
          ByteBuffer e = event.slice();
          GeneratedReads.readAll(Schema.EVENT, e);
          readNested(verifier, Schema.EVENT, e);
        }
      }
    } else if (root == Schema.EVENT) {
      Event e = Event.getRootAsEvent(region.duplicate());
      Metadata meta = e.meta();
      ByteBuffer payload = e.payloadAsByteBuffer();
      // Zstd payloads would need decompression first; a mutant that sets encoding to 1 has garbage there anyway.
      TableType inner = meta == null ? null : Schema.forPayloadType(meta.payloadType());
      if (inner != null && payload != null && meta.encoding() == 0
          && verifier.verify(payload, payload.position(), payload.remaining(), inner) == null) {
        GeneratedReads.readAll(inner, payload.slice());
      }
    }
  }
}
