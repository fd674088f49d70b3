package io.github.vwbinlog.examples;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Joins an rlclientlib interaction file with its observation file into a joined log, after counting the events of
 * the interaction file by payload type.
 *
 * <pre>java JoinEventFiles interactions.fb observations.fb joined.log</pre>
 */
public final class JoinEventFiles {
  private JoinEventFiles() {}

  /** Arguments: the interaction file, the observation file, the joined log to write. */
  public static void main(String[] args) throws IOException {
    Path interactions = Path.of(args[0]);
    try (EventBatchReader reader = EventBatchReader.open(interactions)) {
      reader.events().map(BatchedEvent::meta).collect(java.util.stream.Collectors.groupingBy(
          m -> m.payloadType(), java.util.TreeMap::new, java.util.stream.Collectors.counting()))
          .forEach((type, n) -> System.out.println(interactions.getFileName() + ": " + n + " " + type));
    }
    LogJoinSummary summary = LogJoiner.builder()
        .eud(Duration.ofMinutes(10))
        .interactions(List.of(interactions))
        .observations(List.of(Path.of(args[1])))
        .writeTo(Path.of(args[2]));
    System.out.println(summary.interactionsWritten() + " of " + summary.interactionsRead() + " interactions written, "
        + summary.observationsJoined() + " of " + summary.observationsRead() + " observations joined");
  }
}
