package io.github.vwbinlog.core.flatbuf;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.LimitExceededException;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.KeyValue;

/**
 * Decodes the payloads of CHECKPOINT and HEADER messages into the public records: verify with {@link FlatVerifier},
 * then read with the flatc-generated classes, which are safe only on verified bytes.
 *
 * <p>The reference reads CheckpointInfo without verification (SPEC §3.2, §11 item 1); here a corrupt one is reported
 * as a {@link MalformedDataException} instead of being read as garbage. Absent fields take their schema defaults,
 * and stored enum codes outside the schema's range become the enums' {@code UNRECOGNIZED}, so that any verified
 * checkpoint can be represented (the joiner decides what an unrecognized code means).
 *
 * <pre>{@code
 * CheckpointInfo config = Decoders.checkpointInfo(message.payload(), message.offset(), ReadLimits.defaults());
 * }</pre>
 */
public final class Decoders {

  private Decoders() {}

  /**
   * Verifies and decodes a CHECKPOINT payload.
   *
   * @param payload the payload, from its position to its limit; neither is changed
   * @param offset the byte offset of the message in the log, for the exception
   * @param limits the verifier's limits
   * @return the checkpoint, absent fields as schema defaults
   * @throws MalformedDataException ({@link DiagnosticReason#MALFORMED_CHECKPOINT}) if the payload is not a valid
   *     {@code CheckpointInfo}
   * @throws LimitExceededException if it exceeds a verifier limit of {@code limits}
   */
  public static CheckpointInfo checkpointInfo(ByteBuffer payload, long offset, ReadLimits limits) {
    verify(payload, offset, limits, Schema.CHECKPOINT_INFO, DiagnosticReason.MALFORMED_CHECKPOINT,
        MessageType.CHECKPOINT,
        "the CheckpointInfo");
    var c = reinforcement_learning.messages.flatbuff.v2.CheckpointInfo.getRootAsCheckpointInfo(view(payload));
    // The generated getters return the schema defaults for absent fields (Earliest, 0.0, Online, UNKNOWN, false),
    // which are SPEC §3.2's values, and unsigned codes for the enums.
    return new CheckpointInfo(
        RewardFunction.of(c.rewardFunctionType() & 0xFF),
        c.defaultReward(),
        LearningMode.of(c.learningModeConfig() & 0xFF),
        ProblemType.of(c.problemTypeConfig() & 0xFF),
        c.useClientTime());
  }

  /**
   * Verifies and decodes a HEADER payload. Strings are decoded as UTF-8, with malformed bytes replaced by U+FFFD
   * (the header is informational only, so a lossy decoding loses nothing that matters).
   *
   * @param payload the payload, from its position to its limit; neither is changed
   * @param offset the byte offset of the message in the log, for the exception
   * @param limits the verifier's limits
   * @return the header; a null join time and null keys or values where the buffer has none
   * @throws MalformedDataException ({@link DiagnosticReason#MALFORMED_PAYLOAD}) if the payload is not a valid
   *     {@code FileHeader}
   * @throws LimitExceededException if it exceeds a verifier limit of {@code limits}
   */
  public static FileHeader fileHeader(ByteBuffer payload, long offset, ReadLimits limits) {
    verify(payload, offset, limits, Schema.FILE_HEADER, DiagnosticReason.MALFORMED_PAYLOAD, MessageType.HEADER,
        "the FileHeader");
    var h = reinforcement_learning.messages.flatbuff.v2.FileHeader.getRootAsFileHeader(view(payload));
    var t = h.joinTime();
    TimeStamp joinTime = t == null ? null : new TimeStamp(
        // The generated getter widens the u16 unsigned; the public record keeps the year as the signed value.
        (short) t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second(), t.subsecond());
    int n = h.propertiesLength();
    List<FileHeader.Property> properties = new ArrayList<>(n);
    KeyValue kv = new KeyValue();
    for (int i = 0; i < n; i++) {
      h.properties(kv, i);
      properties.add(new FileHeader.Property(utf8(kv.keyAsByteBuffer()), utf8(kv.valueAsByteBuffer())));
    }
    return new FileHeader(joinTime, properties);
  }

  /**
   * Verifies the payload of a message as a root of type {@code root}, throwing {@link LimitExceededException} for a
   * {@link ReadLimits} bound (value and limit named) and {@link MalformedDataException} for anything else.
   *
   * @param reason the reason of a {@link MalformedDataException}
   * @param messageType the message type, for the exception
   * @param reading what was being read, starting with "the ", e.g. "the JoinedPayload"
   */
  public static void verify(ByteBuffer payload, long offset, ReadLimits limits, TableType root,
      DiagnosticReason reason, MessageType messageType, String reading) {
    FlatVerifier verifier = new FlatVerifier(limits);
    String problem = verifier.verify(payload, payload.position(), payload.remaining(), root);
    if (problem == null) {
      return;
    }
    FlatVerifier.LimitExceeded limit = verifier.limitExceeded();
    long type = Integer.toUnsignedLong(messageType.code());
    if (limit != null) {
      throw new LimitExceededException(offset, type, limit.what() + " of " + reading.substring(4), limit.value(),
          limit.limit());
    }
    throw new MalformedDataException(reason, offset, type, reading, problem);
  }

  /** A little-endian view for the generated classes, which set the byte order of the buffer they are given. */
  private static ByteBuffer view(ByteBuffer payload) {
    return payload.duplicate().order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Decodes a verified string's bytes. Not the generated {@code key()}: flatbuffers-java's default UTF-8 decoder
   * throws on malformed input.
   */
  private static @Nullable String utf8(@Nullable ByteBuffer bytes) {
    if (bytes == null) {
      return null;
    }
    byte[] b = new byte[bytes.remaining()];
    bytes.get(b);
    return new String(b, StandardCharsets.UTF_8);
  }
}
