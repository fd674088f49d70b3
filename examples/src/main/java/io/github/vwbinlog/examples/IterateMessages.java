package io.github.vwbinlog.examples;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.event.JoinedEvent;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Lists the messages of a log and the events of each REGULAR message.
 *
 * <pre>java IterateMessages samples/cb_simple.log</pre>
 */
public final class IterateMessages {
  private IterateMessages() {}

  /** Runs the example on the log named by the first argument. */
  public static void main(String[] args) throws IOException {
    try (BinaryLogReader reader = BinaryLogReader.open(Path.of(args[0]))) {
      for (Message message : reader) {
        System.out.println(message.offset() + "\t" + message.typeName() + "\t" + message.payloadSize());
        if (message instanceof Message.Checkpoint checkpoint) {
          System.out.println("  " + checkpoint.checkpointInfo());
        }
        if (message instanceof Message.Regular regular) {
          for (JoinedEvent event : regular.joinedEvents()) {
            System.out.println("  " + event.id() + " " + event.event().meta().payloadType() + " at "
                + event.timestamp().format());
          }
        }
      }
    }
  }
}
