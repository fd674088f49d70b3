package io.github.vwbinlog.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Deterministic mutations of every corpus joined log (docs/ROBUSTNESS.md): every truncation point and every
 * single-byte change (XOR with 0x01, 0x80 and 0xFF at each position; all 255 other values at each position of the
 * smallest files), each converted lenient and strict through {@link Outcomes#convert}: a result or the library's own
 * exception, valid JSON lines only, the accounting, strict mode stopping at the first error. Truncations are also read
 * through a buffer and a stream ({@link Outcomes#read}).
 *
 * <p>The build mutates every log of {@code invalid_joined_logs} and {@code skip_learn} and a handful of valid ones
 * (about 45 KB, some 190,000 conversions lenient and strict, under a minute). With {@code -Dmutation.all=true} it
 * mutates every joined log of the corpus (docs/ROBUSTNESS.md records such a run). A log above
 * {@value #WHOLE_FILE_LIMIT} bytes costs too much to mutate whole at every position (the square of its size); it is
 * cut into small logs instead, one per REGULAR message (one per joined event where a message is larger still), each
 * holding the framing before the first REGULAR (magic, header, checkpoint) and that message, and every position of
 * each is mutated and truncated. The whole file is then truncated at every message boundary and at the bytes around
 * it.
 */
class MutationTest {
  static final int WHOLE_FILE_LIMIT = 4 * 1024;
  static final int ALL_VALUES_LIMIT = 128;
  static final long SLOW_RUN_NANOS = 5_000_000_000L;
  /** The valid logs the build mutates besides the invalid and skip-learn ones: one or two of each problem type. */
  static final List<String> VALID_IN_BUILD = List.of("valid_joined_logs/cb_simple.log",
      "valid_joined_logs/ccb_simple.log", "valid_joined_logs/slates_simple.log",
      "valid_joined_logs/cb_dedup_compressed.log", "valid_joined_logs/ca_loop_simple.fb",
      "valid_joined_logs/multistep_2_episodes.fb", "valid_joined_logs/rcrrmr.fb");

  @TestFactory
  Stream<DynamicTest> everyTruncationAndByteChange() {
    return logs().stream().map(log -> DynamicTest.dynamicTest(Seeds.name(log), () -> mutate(log)));
  }

  static List<Path> logs() {
    if (Boolean.getBoolean("mutation.all")) {
      String only = System.getProperty("mutation.only", "");
      return Seeds.joinedLogs().stream().filter(p -> only.isEmpty() || Seeds.name(p).matches(only)).toList();
    }
    List<Path> logs = new ArrayList<>(Seeds.joinedLogs("invalid_joined_logs"));
    logs.addAll(Seeds.joinedLogs("skip_learn"));
    VALID_IN_BUILD.forEach(name -> logs.add(Seeds.files().resolve(name)));
    return logs;
  }

  private static void mutate(Path log) {
    byte[] data = Seeds.bytes(log);
    Stats stats = new Stats();
    if (data.length <= WHOLE_FILE_LIMIT) {
      exhaustive(data, stats, data.length <= ALL_VALUES_LIMIT);
    } else {
      for (byte[] small : perMessageLogs(data)) {
        exhaustive(small, stats, false);
      }
      for (int cut : boundaryCuts(data)) {
        truncated(data, cut, stats);
      }
    }
    System.out.printf("%s: %d bytes, %d runs, %d with errors, %d events emitted%n", Seeds.name(log), data.length,
        stats.runs.get(), stats.withErrors.get(), stats.emitted.get());
    assertThat(stats.runs.get()).isPositive();
  }

  /** Every truncation, and every byte XOR 0x01, 0x80, 0xFF (or set to every other value). */
  private static void exhaustive(byte[] data, Stats stats, boolean allValues) {
    IntStream.range(0, data.length).parallel().forEach(cut -> truncated(data, cut, stats));
    IntStream.range(0, data.length).parallel().forEach(pos -> {
      byte[] copy = data.clone();
      if (allValues) {
        for (int delta = 1; delta < 256; delta++) {
          copy[pos] = (byte) (data[pos] + delta);
          run(copy, stats, "byte " + pos + " set to " + (copy[pos] & 0xFF));
        }
      } else {
        for (int mask : new int[] {0x01, 0x80, 0xFF}) {
          copy[pos] = (byte) (data[pos] ^ mask);
          run(copy, stats, "byte " + pos + " XOR 0x" + Integer.toHexString(mask));
        }
      }
    });
  }

  private static void truncated(byte[] data, int cut, Stats stats) {
    byte[] prefix = java.util.Arrays.copyOf(data, cut);
    Outcomes.read(prefix);
    run(prefix, stats, "truncated to " + cut + " bytes");
  }

  private static void run(byte[] data, Stats stats, String what) {
    long start = System.nanoTime();
    Outcomes.Conversion c;
    try {
      c = Outcomes.convert(data, JoinOptions.defaults());
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError(what + ": " + e, e);
    }
    long took = System.nanoTime() - start;
    if (took > SLOW_RUN_NANOS) {
      throw new AssertionError(what + ": took " + took / 1_000_000 + " ms");
    }
    stats.runs.incrementAndGet();
    stats.emitted.addAndGet(c.summary().emittedTotal());
    if (c.summary().errors() > 0) {
      stats.withErrors.incrementAndGet();
    }
  }

  /**
   * One small log per REGULAR message: the bytes before the first REGULAR, then the message with its padding. A
   * message above {@value #WHOLE_FILE_LIMIT} bytes (some corpus logs hold 100 interactions in one) is split further:
   * one log per joined event, each in a JoinedPayload of its own.
   */
  static List<byte[]> perMessageLogs(byte[] data) {
    List<Message.Regular> messages = new ArrayList<>();
    long firstRegular = -1;
    try (BinaryLogReader reader = BinaryLogReader.of(data)) {
      for (Message m : reader) {
        if (m instanceof Message.Regular r) {
          if (firstRegular < 0) {
            firstRegular = m.offset();
          }
          messages.add(r);
        }
      }
    }
    List<byte[]> logs = new ArrayList<>();
    for (Message.Regular m : messages) {
      List<java.nio.ByteBuffer> payloads = m.payloadSize() <= WHOLE_FILE_LIMIT ? List.of(m.payload())
          : perEventPayloads(m.payload());
      for (java.nio.ByteBuffer payload : payloads) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(data, 0, (int) firstRegular);
        try (io.github.vwbinlog.BinaryLogWriter w = io.github.vwbinlog.BinaryLogWriter.to(out)) {
          w.regular(payload);
        }
        logs.add(out.toByteArray());
      }
    }
    return logs;
  }

  /** Each joined event of a JoinedPayload, re-serialized as a JoinedPayload of its own. */
  static List<java.nio.ByteBuffer> perEventPayloads(java.nio.ByteBuffer payload) {
    var joined = reinforcement_learning.messages.flatbuff.v2.JoinedPayload.getRootAsJoinedPayload(payload.duplicate());
    List<java.nio.ByteBuffer> out = new ArrayList<>();
    for (int i = 0; i < joined.eventsLength(); i++) {
      var e = joined.events(i);
      var t = e.timestamp();
      java.nio.ByteBuffer event = e.eventAsByteBuffer();
      byte[] bytes = new byte[event.remaining()];
      event.get(bytes);
      com.google.flatbuffers.FlatBufferBuilder b = new com.google.flatbuffers.FlatBufferBuilder();
      int vector = reinforcement_learning.messages.flatbuff.v2.JoinedEvent.createEventVector(b, bytes);
      reinforcement_learning.messages.flatbuff.v2.JoinedEvent.startJoinedEvent(b);
      reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addEvent(b, vector);
      reinforcement_learning.messages.flatbuff.v2.JoinedEvent.addTimestamp(b,
          reinforcement_learning.messages.flatbuff.v2.TimeStamp.createTimeStamp(b, t.year(), t.month(), t.day(),
              t.hour(), t.minute(), t.second(), t.subsecond()));
      int one = reinforcement_learning.messages.flatbuff.v2.JoinedEvent.endJoinedEvent(b);
      b.finish(reinforcement_learning.messages.flatbuff.v2.JoinedPayload.createJoinedPayload(b,
          reinforcement_learning.messages.flatbuff.v2.JoinedPayload.createEventsVector(b, new int[] {one})));
      out.add(java.nio.ByteBuffer.wrap(b.sizedByteArray()));
    }
    return out;
  }

  /** Each message boundary of a log and the 8 bytes on either side of it. */
  static List<Integer> boundaryCuts(byte[] data) {
    List<Integer> cuts = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.of(data)) {
      for (Message m : reader) {
        for (long c = m.offset() - 8; c <= m.offset() + 8; c++) {
          if (c >= 0 && c <= data.length && !cuts.contains((int) c)) {
            cuts.add((int) c);
          }
        }
      }
    }
    for (int c = Math.max(0, data.length - 8); c <= data.length; c++) {
      if (!cuts.contains(c)) {
        cuts.add(c);
      }
    }
    return cuts;
  }

  private static final class Stats {
    final AtomicLong runs = new AtomicLong();
    final AtomicLong withErrors = new AtomicLong();
    final AtomicLong emitted = new AtomicLong();
  }
}
