package io.github.vwbinlog.core.write;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.LearningMode;
import java.nio.ByteBuffer;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.TimeStamp;

/** Small building steps the encoders share: exact floats, aligned nested buffers, vectors from lists, enum codes. */
final class FlatFields {
  /** Nested flatbuffers start at a multiple of this within their parent, so that their own alignment holds. */
  static final int NESTED_ALIGNMENT = 8;

  private FlatFields() {}

  /**
   * Adds a float field unless its bits are all zero. The generated {@code add} methods compare with the default 0.0,
   * which {@code -0.0f} equals, so they would drop a negative zero.
   */
  static void addFloat(FlatBufferBuilder builder, int slot, float value) {
    if (Float.floatToRawIntBits(value) != 0) {
      builder.addFloat(value);
      builder.slot(slot);
    }
  }

  /** A {@code [ubyte]} vector holding a nested buffer, its first byte aligned to {@link #NESTED_ALIGNMENT}. */
  static int nestedBuffer(FlatBufferBuilder builder, byte[] bytes) {
    builder.createUnintializedVector(1, bytes.length, NESTED_ALIGNMENT).put(bytes);
    return builder.endVector();
  }

  /** A {@code [ubyte]} vector with the bytes from the buffer's position to its limit (left unchanged). */
  static int bytes(FlatBufferBuilder builder, ByteBuffer bytes) {
    return builder.createByteVector(bytes.duplicate());
  }

  /** An offset to a string, or 0 (absent) for null. */
  static int optionalString(FlatBufferBuilder builder, @Nullable String value) {
    return value == null ? 0 : builder.createString(value);
  }

  /** A {@code TimeStamp} struct, to be created right before the {@code add} call that stores it inline. */
  static int timeStamp(FlatBufferBuilder builder, io.github.vwbinlog.TimeStamp t) {
    return TimeStamp.createTimeStamp(builder, t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second(),
        t.subsecond());
  }

  static long[] longs(List<Long> values) {
    long[] array = new long[values.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = values.get(i);
    }
    return array;
  }

  static float[] floats(List<Float> values) {
    float[] array = new float[values.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = values.get(i);
    }
    return array;
  }

  static int[] ints(List<Integer> values) {
    int[] array = new int[values.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = values.get(i);
    }
    return array;
  }

  /** An offset vector of strings. */
  static int[] strings(FlatBufferBuilder builder, List<String> values) {
    int[] offsets = new int[values.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = builder.createString(values.get(i));
    }
    return offsets;
  }

  /** The stored code of an enum constant; {@code UNRECOGNIZED} (code -1) has none. */
  static int code(int code, Enum<?> constant) {
    if (code < 0) {
      throw new IllegalArgumentException(constant.getDeclaringClass().getSimpleName() + "." + constant.name()
          + " has no stored code and cannot be written");
    }
    return code;
  }

  static int code(LearningMode mode) {
    return code(mode.code(), mode);
  }
}
