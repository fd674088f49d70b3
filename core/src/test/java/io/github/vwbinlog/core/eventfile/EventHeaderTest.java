package io.github.vwbinlog.core.eventfile;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** An event's metadata read by {@link EventHeader} equals the public decoder's, on rlclientlib's own files. */
class EventHeaderTest {
  private static final Path FILES = Path.of("src/test/resources/rlclientlib");

  @Test
  void readsWhatThePublicDecoderReadsOnEveryEventOfRlclientlibsFiles() throws IOException {
    EventHeader header = new EventHeader(new FlatVerifier(ReadLimits.defaults()));
    int events = 0;
    int timed = 0;
    List<Path> files;
    try (Stream<Path> s = Files.walk(FILES)) {
      files = s.filter(p -> p.toString().endsWith(".fb")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      try (EventBatchReader r = EventBatchReader.open(f)) {
        for (EventBatch b : r) {
          for (BatchedEvent e : b.events()) {
            // the event inside a larger buffer, at a position other than 0, as a batch holds it
            ByteBuffer bytes = e.bytes();
            ByteBuffer padded = ByteBuffer.allocate(bytes.remaining() + 24).order(ByteOrder.LITTLE_ENDIAN);
            padded.position(16);
            padded.put(bytes.duplicate());
            assertThat(header.read(padded, 16, bytes.remaining())).as(f + " at " + e.offset()).isNull();
            assertThat(header.id()).isEqualTo(e.meta().id());
            assertThat(header.idLength()).isEqualTo(e.meta().id().getBytes(java.nio.charset.StandardCharsets.UTF_8)
                .length);
            assertThat(header.payloadType()).isEqualTo(e.meta().payloadType().code());
            assertThat(header.encoding()).isEqualTo(e.meta().encoding().code());
            TimeStamp t = e.meta().clientTime();
            assertThat(header.clientTime()).isEqualTo(t);
            if (t == null || t.isEmpty()) {
              assertThat(header.ticks()).isEqualTo(EventFile.NO_TIME);
            } else {
              timed++;
              assertThat(header.ticks()).isEqualTo(t.epochSecond() * EventFile.TICKS_PER_SECOND + t.subsecond());
              assertThat(header.clientTimeSubsecond()).isEqualTo((int) t.subsecond());
              assertThat(header.clientTimeFields() & 0xFFFF).isEqualTo(t.year() & 0xFFFF);
              assertThat(header.clientTimeFields() >>> 48 & 0xFF).isEqualTo(t.second());
            }
            events++;
          }
        }
      }
    }
    assertThat(events).isGreaterThan(100);
    assertThat(timed).isGreaterThan(0);
  }

  @Test
  void saysWhatIsWrongWithAnEventThatCannotBeUsed() {
    EventHeader header = new EventHeader(new FlatVerifier(ReadLimits.defaults()));
    ByteBuffer garbage = ByteBuffer.wrap(new byte[] {9, 9, 9, 9, 1, 2, 3, 4}).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(header.read(garbage, 0, 8)).startsWith("the Event is malformed: ");
    // an empty table: a root offset of 8, a vtable of 4 bytes with no field, the table's offset to it
    ByteBuffer empty = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
    empty.putInt(0, 8).putShort(4, (short) 4).putShort(6, (short) 4).putInt(8, 4);
    assertThat(header.read(empty, 0, 16)).isEqualTo("the Event has no metadata");
  }
}
