package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.write.EventFileWriter;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.OutcomeEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** Event files for tests: events at client times given in seconds (and ticks) after a base time. */
final class EventFiles {
  /** The base time: 2026-11-26T12:00:00Z. */
  static final long BASE = TimeStamp.of(2026, 11, 26, 12, 0, 0).epochSecond();

  private EventFiles() {}

  /** A client time {@code seconds} (and {@code ticks} of 100 ns) after the base. */
  static TimeStamp at(long seconds, long ticks) {
    java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(BASE + seconds, 0, java.time.ZoneOffset.UTC);
    return new TimeStamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
        t.getSecond(), ticks);
  }

  static TimeStamp at(long seconds) {
    return at(seconds, 0);
  }

  static Event event(String id, PayloadType type, TimeStamp time, EventPayload payload) {
    return new Event(Metadata.of(id, type).withClientTime(time), payload);
  }

  /** A CB decision with two actions (ids stored +1, as rlclientlib's v2 does). */
  static Event cb(String id, TimeStamp time) {
    return event(id, PayloadType.CB, time, CbEvent.of(List.of(1L, 2L), List.of(0.75f, 0.25f),
        "{\"U\":{\"id\":\"" + id + "\"},\"_multi\":[{\"a\":1},{\"a\":2}]}"));
  }

  static Event outcome(String id, TimeStamp time, float value) {
    return event(id, PayloadType.OUTCOME, time, OutcomeEvent.numeric(value));
  }

  static Event zstd(Event e) {
    return new Event(e.meta().withEncoding(EventEncoding.ZSTD), e.payload());
  }

  static Event dedup(TimeStamp time, List<Long> ids, List<String> values) {
    return event("3defd95a-0122-4aac-9068-0b9ac30b66d8", PayloadType.DEDUP_INFO, time, new DedupInfo(ids, values));
  }

  /** A file of one batch per list, IDENTITY encoded (DEDUP when a batch starts with a DedupInfo). */
  @SafeVarargs
  static Path write(Path file, List<Event>... batches) throws IOException {
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(file))) {
      for (List<Event> batch : batches) {
        boolean dedup = !batch.isEmpty() && batch.get(0).meta().payloadType() == PayloadType.DEDUP_INFO;
        w.batch(dedup ? "DEDUP" : "IDENTITY", batch);
      }
    }
    return file;
  }

  /** A file of one batch per event. */
  static Path writeEach(Path file, List<Event> events) throws IOException {
    try (EventFileWriter w = new EventFileWriter(Files.newOutputStream(file))) {
      for (Event e : events) {
        w.batch("IDENTITY", List.of(e));
      }
    }
    return file;
  }

  static List<Event> list(Event... events) {
    return new ArrayList<>(List.of(events));
  }

  /** What {@code f} makes of each message of the log {@code log}, in order, leaving out the nulls. */
  static <T> List<T> fromMessages(Path log, Function<Message, @Nullable T> f) throws IOException {
    List<T> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        T value = f.apply(m);
        if (value != null) {
          out.add(value);
        }
      }
    }
    return out;
  }
}
