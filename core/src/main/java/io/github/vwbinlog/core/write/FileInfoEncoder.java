package io.github.vwbinlog.core.write;

import static io.github.vwbinlog.core.write.FlatFields.code;
import static io.github.vwbinlog.core.write.FlatFields.optionalString;
import static io.github.vwbinlog.core.write.FlatFields.timeStamp;

import com.google.flatbuffers.FlatBufferBuilder;
import java.util.List;
import reinforcement_learning.messages.flatbuff.v2.CheckpointInfo;
import reinforcement_learning.messages.flatbuff.v2.FileHeader;
import reinforcement_learning.messages.flatbuff.v2.KeyValue;

/** Encodes the payloads of HEADER ({@code FileHeader}) and CHECKPOINT ({@code CheckpointInfo}) messages. */
final class FileInfoEncoder {
  private FileInfoEncoder() {}

  /** A {@code FileHeader} flatbuffer: the join time when not null, and the properties (always, maybe empty). */
  static byte[] fileHeader(io.github.vwbinlog.FileHeader header) {
    FlatBufferBuilder b = new FlatBufferBuilder(256);
    List<io.github.vwbinlog.FileHeader.Property> properties = header.properties();
    int[] offsets = new int[properties.size()];
    for (int i = 0; i < offsets.length; i++) {
      io.github.vwbinlog.FileHeader.Property p = properties.get(i);
      int key = optionalString(b, p.key());
      int value = optionalString(b, p.value());
      offsets[i] = KeyValue.createKeyValue(b, key, value);
    }
    int vector = FileHeader.createPropertiesVector(b, offsets);
    FileHeader.startFileHeader(b);
    if (header.joinTime() != null) {
      FileHeader.addJoinTime(b, timeStamp(b, header.joinTime()));
    }
    FileHeader.addProperties(b, vector);
    b.finish(FileHeader.endFileHeader(b));
    return b.sizedByteArray();
  }

  /**
   * A {@code CheckpointInfo} flatbuffer with all five fields stored, defaults included, so that the checkpoint says
   * what it sets rather than relying on the reader's defaults.
   *
   * @throws IllegalArgumentException if a field is {@code UNRECOGNIZED}
   */
  static byte[] checkpointInfo(io.github.vwbinlog.CheckpointInfo c) {
    int rewardFunction = code(c.rewardFunction().code(), c.rewardFunction());
    int learningMode = code(c.learningMode());
    int problemType = code(c.problemType().code(), c.problemType());
    FlatBufferBuilder b = new FlatBufferBuilder(64).forceDefaults(true);
    b.finish(CheckpointInfo.createCheckpointInfo(b, rewardFunction, c.defaultReward(), learningMode, problemType,
        c.useClientTime()));
    return b.sizedByteArray();
  }
}
