package io.github.vwbinlog.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.event.Metadata;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;

/**
 * Fuzz target (c), the verifier and the decoder on single buffers. The first byte chooses what the rest is: an
 * {@code Event} (then its envelope and payload are decoded), one of the payload tables (its bit 0x80: stored as
 * zstd), a {@code CheckpointInfo} or a {@code FileHeader}. The verifier must answer, never throw; the decoder must give
 * a record or its own {@link DecodeException} (a {@link BinaryLogException} for checkpoints and headers).
 */
class DecoderFuzzTest {
  /** What the first byte (its low 7 bits, modulo the length) selects. */
  static final PayloadType[] TYPES = {null, PayloadType.CB, PayloadType.CCB, PayloadType.SLATES, PayloadType.CA,
      PayloadType.OUTCOME, PayloadType.DEDUP_INFO, PayloadType.MULTI_STEP, PayloadType.EPISODE};
  static final TableType[] ROOTS = {Schema.EVENT, Schema.CB_EVENT, Schema.MULTI_SLOT_EVENT, Schema.MULTI_SLOT_EVENT,
      Schema.CA_EVENT, Schema.OUTCOME_EVENT, Schema.DEDUP_INFO, Schema.MULTI_STEP_EVENT, Schema.EPISODE_EVENT,
      Schema.CHECKPOINT_INFO, Schema.FILE_HEADER, Schema.JOINED_PAYLOAD};

  private static final EventDecoder DECODER = new EventDecoder(ReadLimits.defaults());

  @BeforeAll
  static void seeds() {
    Seeds.plant(DecoderFuzzTest.class, "decode", nestedSeeds());
  }

  @FuzzTest
  void decode(byte[] data) {
    decodeOne(data);
  }

  /** The target's body, shared with {@link SeedRegressionTest}. */
  static void decodeOne(byte[] data) {
    if (data.length == 0) {
      return;
    }
    int selector = (data[0] & 0x7F) % ROOTS.length;
    boolean zstd = (data[0] & 0x80) != 0;
    ByteBuffer buffer = ByteBuffer.wrap(data, 1, data.length - 1).slice();
    String problem = FlatVerifier.verify(buffer, 0, buffer.limit(), ROOTS[selector], ReadLimits.defaults());
    try {
      if (selector == 0) {
        EventDecoder.Envelope envelope = DECODER.envelope(buffer);
        Outcomes.check(problem == null, "an Event that fails verification was decoded: %s", problem);
        if (envelope.meta().payloadType() != PayloadType.UNRECOGNIZED) {
          DECODER.payload(envelope, io.github.vwbinlog.DiagnosticReason.MALFORMED_INTERACTION);
        }
      } else if (selector < TYPES.length) {
        Metadata meta = new Metadata("id", null, null, TYPES[selector], 1f,
            zstd ? EventEncoding.ZSTD : EventEncoding.IDENTITY);
        DECODER.payload(new EventDecoder.Envelope(meta, buffer),
            io.github.vwbinlog.DiagnosticReason.MALFORMED_INTERACTION);
        Outcomes.check(zstd || problem == null, "a payload that fails verification was decoded: %s", problem);
      } else if (selector == 9) {
        Decoders.checkpointInfo(buffer, 0, ReadLimits.defaults());
      } else if (selector == 10) {
        Decoders.fileHeader(buffer, 0, ReadLimits.defaults());
      }
    } catch (DecodeException | BinaryLogException e) {
      // the library's own answer for a bad buffer
    }
  }

  /** Every nested buffer of the corpus, behind the selector byte that names its type. */
  static Map<String, byte[]> nestedSeeds() {
    Map<String, byte[]> seeds = new TreeMap<>();
    for (Path log : Seeds.joinedLogs()) {
      int n = 0;
      try (BinaryLogReader reader = BinaryLogReader.of(Seeds.bytes(log))) {
        for (Message m : reader) {
          String name = Seeds.name(log) + "-" + (n++);
          if (m instanceof Message.Checkpoint c) {
            seeds.put(name + "-checkpoint", withSelector(9, c.payload()));
          } else if (m instanceof Message.Header h) {
            seeds.put(name + "-header", withSelector(10, h.payload()));
          } else if (m instanceof Message.Regular r) {
            regularSeeds(name, r.payload(), seeds);
          }
        }
      } catch (RuntimeException e) {
        // the invalid logs: keep what was read
      }
    }
    return seeds;
  }

  private static void regularSeeds(String name, ByteBuffer payload, Map<String, byte[]> seeds) {
    if (FlatVerifier.verify(payload, payload.position(), payload.remaining(), Schema.JOINED_PAYLOAD,
        ReadLimits.defaults()) != null) {
      return;
    }
    seeds.put(name + "-joined", withSelector(11, payload));
    JoinedPayload joined = JoinedPayload.getRootAsJoinedPayload(payload.duplicate());
    for (int i = 0; i < joined.eventsLength(); i++) {
      ByteBuffer eventBytes = joined.events(i).eventAsByteBuffer();
      if (eventBytes == null || FlatVerifier.verify(eventBytes, eventBytes.position(), eventBytes.remaining(),
          Schema.EVENT, ReadLimits.defaults()) != null) {
        continue;
      }
      seeds.put(name + "-event-" + i, withSelector(0, eventBytes));
      Event event = Event.getRootAsEvent(eventBytes.duplicate());
      ByteBuffer inner = event.payloadAsByteBuffer();
      if (event.meta() == null || inner == null) {
        continue;
      }
      PayloadType type = PayloadType.of(event.meta().payloadType());
      for (int s = 1; s < TYPES.length; s++) {
        if (TYPES[s] == type) {
          boolean zstd = EventEncoding.of(event.meta().encoding()) == EventEncoding.ZSTD;
          seeds.put(name + "-payload-" + i, withSelector(s | (zstd ? 0x80 : 0), inner));
          break;
        }
      }
    }
  }

  private static byte[] withSelector(int selector, ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining() + 1];
    out[0] = (byte) selector;
    buffer.duplicate().get(out, 1, buffer.remaining());
    return out;
  }
}
