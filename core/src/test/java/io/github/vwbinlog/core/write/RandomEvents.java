package io.github.vwbinlog.core.write;

import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.OutcomeEvent.Kind;
import io.github.vwbinlog.event.SlotEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Test data: random records of every kind a log holds, from a seeded {@link Random}, so failures reproduce. Values
 * reach the edges: empty lists, null optional strings, non-ASCII and supplementary-plane text, NUL characters, raw
 * context bytes that are not UTF-8, negative zero, NaN, infinities, subnormals, unsigned 64-bit ids above
 * {@code Long.MAX_VALUE}.
 */
final class RandomEvents {
  private static final PayloadType[] PAYLOAD_TYPES = {PayloadType.CB, PayloadType.CCB, PayloadType.SLATES,
      PayloadType.OUTCOME, PayloadType.CA, PayloadType.DEDUP_INFO, PayloadType.MULTI_STEP, PayloadType.EPISODE};
  private static final float[] SPECIAL_FLOATS = {0f, -0f, 1f, 0.5f, Float.NaN, Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE};
  private static final int[] CODE_POINTS = {'a', 'Z', '0', ' ', '"', '\\', '{', '}', 0, 0x7F, 0xE9, 0x3A9, 0x4E2D,
      0xFFFD, 0x1F600, 0x10FFFF};

  private final Random random;

  RandomEvents(Random random) {
    this.random = random;
  }

  Random random() {
    return random;
  }

  /**
   * Writes a log of these records to {@code log} and returns it: FILEMAGIC, then up to 9 messages, each a checkpoint
   * (one in three) or a REGULAR message of joined events. Mostly events the record path rejects, in any order.
   */
  Path edgeLog(Path log) throws IOException {
    try (BinaryLogWriter writer = BinaryLogWriter.to(log)) {
      writer.fileMagic();
      for (int m = random.nextInt(10); m > 0; m--) {
        if (random.nextInt(3) == 0) {
          writer.checkpoint(checkpointInfo());
        } else {
          writer.regular(joinedEvents());
        }
      }
    }
    return log;
  }

  List<JoinedEvent> joinedEvents() {
    return list(6, this::joinedEvent);
  }

  JoinedEvent joinedEvent() {
    PayloadType type = PAYLOAD_TYPES[random.nextInt(PAYLOAD_TYPES.length)];
    return JoinedEvent.of(timeStamp(), new Event(metadata(type), payload(type)));
  }

  Metadata metadata(PayloadType type) {
    return new Metadata(string(), random.nextBoolean() ? timeStamp() : null, nullableString(), type, anyFloat(),
        random.nextBoolean() ? EventEncoding.ZSTD : EventEncoding.IDENTITY);
  }

  EventPayload payload(PayloadType type) {
    switch (type) {
      case CB:
        return new CbEvent(random.nextBoolean(), list(5, random::nextLong), context(), list(5, this::anyFloat),
            string(), learningMode());
      case CCB:
      case SLATES:
        return new MultiSlotEvent(context(), list(4, this::slot), string(), random.nextBoolean(),
            list(4, random::nextInt), learningMode());
      case OUTCOME:
        return outcome();
      case CA:
        return new CaEvent(random.nextBoolean(), anyFloat(), context(), anyFloat(), string(), learningMode());
      case DEDUP_INFO:
        return new DedupInfo(list(4, random::nextLong), list(4, this::string));
      case MULTI_STEP:
        return new MultiStepEvent(string(), nullableString(), list(5, random::nextLong), context(),
            list(5, this::anyFloat), string(), random.nextBoolean());
      case EPISODE:
        return new EpisodeEvent(nullableString());
      default:
        throw new AssertionError(type);
    }
  }

  private SlotEvent slot() {
    return new SlotEvent(list(5, () -> random.nextInt() & 0xFFFF_FFFFL), list(5, this::anyFloat), nullableString());
  }

  private OutcomeEvent outcome() {
    Kind valueKind = Kind.values()[random.nextInt(3)];
    Kind indexKind = Kind.values()[random.nextInt(3)];
    return new OutcomeEvent(valueKind, valueKind == Kind.NUMERIC ? anyFloat() : 0f,
        valueKind == Kind.LITERAL ? string() : null, indexKind, indexKind == Kind.NUMERIC ? random.nextInt() : 0,
        indexKind == Kind.LITERAL ? string() : null, random.nextBoolean());
  }

  FileHeader fileHeader() {
    return new FileHeader(random.nextBoolean() ? timeStamp() : null,
        list(4, () -> new FileHeader.Property(nullableString(), nullableString())));
  }

  CheckpointInfo checkpointInfo() {
    return new CheckpointInfo(pick(RewardFunction.values()), anyFloat(), learningMode(), pick(ProblemType.values()),
        random.nextBoolean());
  }

  TimeStamp timeStamp() {
    return new TimeStamp(random.nextInt(1 << 16) - (1 << 15), random.nextInt(256), random.nextInt(256),
        random.nextInt(256), random.nextInt(256), random.nextInt(256), random.nextInt() & 0xFFFF_FFFFL);
  }

  private LearningMode learningMode() {
    return pick(LearningMode.values());
  }

  /** A constant other than the last one, which is UNRECOGNIZED in each of these enums. */
  private <E extends Enum<E>> E pick(E[] values) {
    return values[random.nextInt(values.length - 1)];
  }

  float anyFloat() {
    return random.nextInt(3) == 0 ? SPECIAL_FLOATS[random.nextInt(SPECIAL_FLOATS.length)]
        : Float.intBitsToFloat(random.nextInt());
  }

  String string() {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(10);
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(random.nextBoolean() ? 'a' + random.nextInt(26) : CODE_POINTS[random.nextInt(
          CODE_POINTS.length)]);
    }
    return sb.toString();
  }

  @Nullable String nullableString() {
    return random.nextInt(3) == 0 ? null : string();
  }

  /** Raw bytes, not always UTF-8, in a buffer whose position is not always 0. */
  ByteBuffer context() {
    byte[] bytes = bytes(random.nextInt(40));
    int offset = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
    return ByteBuffer.wrap(bytes, offset, bytes.length - offset);
  }

  byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private <T> List<T> list(int maxSize, Supplier<T> element) {
    int size = random.nextInt(maxSize + 1);
    List<T> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(element.get());
    }
    return list;
  }
}
