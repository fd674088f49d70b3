package io.github.vwbinlog.core.write;

import io.github.vwbinlog.core.event.DecodeException;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.DiagnosticReason;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadFeature;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.event.JoinedEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.JoinedPayload;
import reinforcement_learning.messages.flatbuff.v2.Metadata;

/**
 * Property tests: random logs written by {@link BinaryLogWriter} read back with {@link BinaryLogReader} to the same
 * messages (SPEC §1), and each REGULAR payload decodes to the joined events it was written from (SPEC §2). Seeded, so
 * a failure names the log that shows it.
 */
class WriterRoundTripPropertyTest {
  private static final int LOGS = 300;
  private static final int[] KNOWN_TYPES = {MessageType.FILEMAGIC.code(), MessageType.HEADER.code(),
      MessageType.CHECKPOINT.code(), MessageType.REGULAR.code(), MessageType.EOF.code()};
  /** The writer's encoder is deterministic: encoding again gives the payload size the reader must report. */
  private static final EventEncoder ENCODER = new EventEncoder();
  private static final ReadOptions OPTIONS = ReadOptions.defaults().with(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);

  /** What one writer call was asked to write, where it started, and what the reader must give back. */
  private record Written(long offset, int typeCode, int payloadSize, Object content) {}

  @Test
  void randomLogsReadBackAsWritten() {
    int regularEvents = 0;
    int paddedUnknowns = 0;
    for (int seed = 0; seed < LOGS; seed++) {
      RandomEvents gen = new RandomEvents(new Random(seed));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      List<Written> written = new ArrayList<>();
      long length;
      try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
        int count = gen.random().nextInt(12);
        for (int i = 0; i < count; i++) {
          Written w = writeOne(writer, gen);
          written.add(w);
          if (w.content() instanceof List<?> list) {
            regularEvents += list.size();
          }
          if (w.typeCode() != MessageType.REGULAR.code() && w.payloadSize() % 8 != 0
              && w.payloadSize() % 8 != 4) {
            paddedUnknowns++;
          }
        }
        if (gen.random().nextBoolean()) {
          written.add(writeEof(writer, gen));
        }
        length = writer.position();
      }
      byte[] log = out.toByteArray();
      assertThat(log).as("log " + seed + ": position() counts every byte").hasSize((int) length);
      checkReadBack("log " + seed, log, written);
    }
    // The generator must reach what the test is about.
    assertThat(regularEvents).isGreaterThan(LOGS);
    assertThat(paddedUnknowns).isGreaterThan(LOGS / 10);
  }

  @Test
  void everyPayloadTypeRoundTripsThroughTheEventEncoder() throws DecodeException {
    RandomEvents gen = new RandomEvents(new Random(42));
    EventEncoder encoder = new EventEncoder();
    for (PayloadType type : PayloadType.values()) {
      if (type == PayloadType.UNRECOGNIZED) {
        continue;
      }
      for (int i = 0; i < 100; i++) {
        var event = new io.github.vwbinlog.event.Event(gen.metadata(type), gen.payload(type));
        assertThat(decodeEvent(ByteBuffer.wrap(encoder.event(event)))).as(type + " #" + i).isEqualTo(event);
      }
    }
  }

  /** The production decoder (verified) reading an Event buffer back into records. */
  private static io.github.vwbinlog.event.Event decodeEvent(ByteBuffer bytes) throws DecodeException {
    EventDecoder decoder = new EventDecoder(ReadLimits.defaults());
    EventDecoder.Envelope envelope = decoder.envelope(bytes);
    return new io.github.vwbinlog.event.Event(envelope.meta(),
        decoder.payload(envelope, DiagnosticReason.MALFORMED_EVENT));
  }

  private static Written writeOne(BinaryLogWriter writer, RandomEvents gen) {
    long offset = writer.position();
    Random random = gen.random();
    switch (random.nextInt(6)) {
      case 0:
        writer.fileMagic();
        return new Written(offset, MessageType.FILEMAGIC.code(), 0, 1L);
      case 1: {
        FileHeader header = gen.fileHeader();
        writer.header(header);
        return new Written(offset, MessageType.HEADER.code(), FileInfoEncoder.fileHeader(header).length, header);
      }
      case 2: {
        CheckpointInfo checkpoint = gen.checkpointInfo();
        writer.checkpoint(checkpoint);
        return new Written(offset, MessageType.CHECKPOINT.code(), FileInfoEncoder.checkpointInfo(checkpoint).length,
            checkpoint);
      }
      case 3: {
        List<JoinedEvent> events = gen.joinedEvents();
        writer.regular(events);
        return new Written(offset, MessageType.REGULAR.code(), ENCODER.joinedPayload(events).length, events);
      }
      case 4: {
        ByteBuffer raw = ByteBuffer.wrap(gen.bytes(random.nextInt(30)));
        writer.regular(raw);
        return new Written(offset, MessageType.REGULAR.code(), raw.remaining(), raw);
      }
      default: {
        int type;
        do {
          type = random.nextInt();
        } while (isKnown(type));
        int size = random.nextInt(4) == 0 ? 13 : random.nextInt(41);
        ByteBuffer raw = ByteBuffer.wrap(gen.bytes(size));
        writer.message(type, raw);
        return new Written(offset, type, size, raw);
      }
    }
  }

  private static Written writeEof(BinaryLogWriter writer, RandomEvents gen) {
    long offset = writer.position();
    switch (gen.random().nextInt(3)) {
      case 0:
        writer.eof();
        return new Written(offset, MessageType.EOF.code(), 0, 0L);
      case 1:
        long sizeField = gen.random().nextInt() & 0xFFFF_FFFFL;
        writer.eof(sizeField);
        return new Written(offset, MessageType.EOF.code(), 0, sizeField);
      default:
        writer.eofWithoutSizeField();
        return new Written(offset, MessageType.EOF.code(), 0, 0L);
    }
  }

  private static boolean isKnown(int type) {
    for (int known : KNOWN_TYPES) {
      if (type == known) {
        return true;
      }
    }
    return false;
  }

  private static void checkReadBack(String name, byte[] log, List<Written> written) {
    List<Message> messages = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.of(log, OPTIONS)) {
      reader.forEach(messages::add);
    }
    assertThat(messages).as(name + ": message count").hasSize(written.size());
    for (int i = 0; i < written.size(); i++) {
      Written w = written.get(i);
      Message m = messages.get(i);
      String where = name + ", message " + i + " (" + MessageType.describe(w.typeCode()) + ")";
      assertThat(m.offset()).as(where + ": offset").isEqualTo(w.offset());
      assertThat(m.typeCode()).as(where + ": type").isEqualTo(w.typeCode());
      assertThat(m.payloadSize()).as(where + ": payload size").isEqualTo(w.payloadSize());
      if (m instanceof Message.FileMagic magic) {
        assertThat(magic.version()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Eof eof) {
        assertThat(eof.sizeField()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Header header) {
        assertThat(header.fileHeader()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Checkpoint checkpoint) {
        assertThat(checkpoint.checkpointInfo()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Regular regular && w.content() instanceof List<?>) {
        checkNestedBuffers(where, regular.payload());
        assertThat(regular.joinedEvents()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Regular regular) {
        assertThat(regular.payload()).as(where).isEqualTo(w.content());
      } else if (m instanceof Message.Unknown unknown) {
        assertThat(unknown.payload()).as(where).isEqualTo(w.content());
      }
    }
    assertThat(messages.isEmpty() ? 0 : end(messages.get(messages.size() - 1), log.length))
        .as(name + ": the log ends with its last message").isEqualTo(log.length);
  }

  private static long end(Message last, int logLength) {
    if (last instanceof Message.Eof) {
      return Math.min(last.offset() + 8, logLength);
    }
    return last.offset() + last.encodedLength();
  }

  /**
   * Each nested {@code Event} and payload buffer starts 8-byte aligned within the payload, and a zstd payload is one
   * frame that declares its content size (SPEC §4.4).
   */
  static void checkNestedBuffers(String where, ByteBuffer payload) {
    assertThat(payload.remaining() % 8).as(where + ": payload size is a multiple of 8").isZero();
    JoinedPayload root = JoinedPayload.getRootAsJoinedPayload(payload.order(ByteOrder.LITTLE_ENDIAN));
    for (int i = 0; i < root.eventsLength(); i++) {
      ByteBuffer event = root.events(i).eventAsByteBuffer();
      assertThat(event.position() % 8).as(where + ": event " + i + " alignment").isZero();
      Event e = Event.getRootAsEvent(event.slice());
      ByteBuffer body = e.payloadAsByteBuffer();
      assertThat(body.position() % 8).as(where + ": payload of event " + i + " alignment").isZero();
      Metadata meta = e.meta();
      if (meta.encoding() == EventEncoding.ZSTD.code()) {
        byte[] frame = new byte[body.remaining()];
        body.duplicate().get(frame);
        assertThat(Zstd.findFrameCompressedSize(frame)).as(where + ": one zstd frame").isEqualTo(frame.length);
        long declared = Zstd.getFrameContentSize(frame);
        byte[] room = new byte[(int) declared + 64]; // more room than declared: the frame must fill exactly what it says
        assertThat(Zstd.decompressByteArray(room, 0, room.length, frame, 0, frame.length))
            .as(where + ": declared content size").isEqualTo(declared);
      }
    }
  }
}
