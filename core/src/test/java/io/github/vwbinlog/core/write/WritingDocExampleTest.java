package io.github.vwbinlog.core.write;


import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example of docs/WRITING.md ("Writing synthetic logs"), as written there, and what it produces. */
class WritingDocExampleTest {

  @Test
  void writingSyntheticLogs(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("synthetic.log");
    // --- as in docs/WRITING.md ---
    TimeStamp t = TimeStamp.of(2021, 4, 13, 15, 8, 46);
    try (BinaryLogWriter writer = BinaryLogWriter.to(file)) {
      writer.fileMagic()                                                    // "VWFB", version 1
          .header(new FileHeader(t, List.of(new FileHeader.Property("joiner", "synthetic"))))
          .checkpoint(CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE))
          .regular(List.of(                                                 // one JoinedPayload
              JoinedEvent.of(t, new Event(Metadata.of("id-1", PayloadType.CB),
                  CbEvent.of(List.of(2L, 1L), List.of(0.8f, 0.2f), "{\"U\":{\"age\":42}}"))),
              JoinedEvent.of(TimeStamp.of(2021, 4, 13, 15, 9, 0), new Event(Metadata.of("id-1", PayloadType.OUTCOME)
                  .withEncoding(EventEncoding.ZSTD), OutcomeEvent.numeric(1.5f)))))
          .eof();                                                           // EOF and 4 zero bytes
    }
    // ---
    List<Message> messages;
    try (BinaryLogReader reader = BinaryLogReader.open(file)) {
      messages = reader.stream().toList();
    }
    assertThat(messages).extracting(Message::type).containsExactly(MessageType.FILEMAGIC, MessageType.HEADER,
        MessageType.CHECKPOINT, MessageType.REGULAR, MessageType.EOF);
    List<JoinedEvent> events = ((Message.Regular) messages.get(3)).joinedEvents();
    assertThat(events).extracting(JoinedEvent::id).containsExactly("id-1", "id-1");
    assertThat(((OutcomeEvent) events.get(1).event().payload()).value()).isEqualTo(1.5f);
  }
}
