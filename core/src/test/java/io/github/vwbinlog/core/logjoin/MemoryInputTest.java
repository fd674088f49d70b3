package io.github.vwbinlog.core.logjoin;

import static io.github.vwbinlog.core.logjoin.EventFiles.at;
import static io.github.vwbinlog.core.logjoin.EventFiles.list;
import static io.github.vwbinlog.core.logjoin.EventFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BatchedEvent;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventBatch;
import io.github.vwbinlog.EventBatchReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.join.LogJoinInput;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The joiner's input from memory ({@link LogJoiner#writeTo(java.util.Iterator, Path)}): given the files' events in the
 * merge's order, it writes the same REGULAR messages and CHECKPOINT as the join of the files, byte for byte, and
 * accounts for every event the same way.
 */
class MemoryInputTest {
  static final Path FILES = RlclientlibFilesTest.FILES;

  @TempDir
  Path dir;

  /** One event of a file with the merge's sort key. */
  private record Keyed(long ticks, int rank, int file, long seq, LogJoinInput input) {}

  /** The events of the files in the merge's order: client time, then role, then file, then position in its file. */
  static List<LogJoinInput> inMergeOrder(List<Path> interactions, List<Path> episodes, List<Path> observations)
      throws IOException {
    List<Keyed> all = new ArrayList<>();
    int file = 0;
    int rank = 0;
    for (List<Path> role : List.of(interactions, episodes, observations)) {
      for (Path f : role) {
        long seq = 0;
        try (EventBatchReader r = EventBatchReader.open(f)) {
          for (EventBatch b : r) {
            ByteBuffer dedup = b.isDedup() ? b.events().get(0).bytes() : null;
            for (BatchedEvent e : b.events()) {
              if (e.meta().payloadType() == PayloadType.DEDUP_INFO) {
                continue;
              }
              TimeStamp t = e.meta().clientTime();
              long ticks = t == null ? 0 : t.epochSecond() * 10_000_000L + t.subsecond();
              all.add(new Keyed(ticks, rank, file, seq++, new LogJoinInput(f.getFileName().toString(), b.offset(),
                  e.offset(), copy(e.bytes()), dedup == null ? null : copy(dedup))));
            }
          }
        }
        file++;
      }
      rank++;
    }
    all.sort(Comparator.comparingLong(Keyed::ticks).thenComparingInt(Keyed::rank).thenComparingInt(Keyed::file)
        .thenComparingLong(Keyed::seq));
    return all.stream().map(Keyed::input).toList();
  }

  /** A heap copy, as a cluster has it after a shuffle. */
  private static ByteBuffer copy(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.get(a);
    return ByteBuffer.wrap(a);
  }

  /** The CHECKPOINT and REGULAR messages of a log, as hex. */
  static List<String> messages(Path log) throws IOException {
    List<String> out = new ArrayList<>();
    try (BinaryLogReader reader = BinaryLogReader.open(log)) {
      for (Message m : reader) {
        ByteBuffer p = m instanceof Message.Regular r ? r.payload() : m instanceof Message.Checkpoint c ? c.payload()
            : null;
        if (p != null) {
          byte[] a = new byte[p.remaining()];
          p.get(a);
          out.add(m.getClass().getSimpleName() + " " + HexFormat.of().formatHex(a));
        }
      }
    }
    return out;
  }

  private void assertSameAsFiles(LogJoiner.Builder options, List<Path> interactions, List<Path> episodes,
      List<Path> observations) throws IOException {
    LogJoinSummary files = options.build().toBuilder().interactions(interactions).episodes(episodes)
        .observations(observations).writeTo(dir.resolve("files.log"));
    LogJoinSummary memory = options.build().writeTo(inMergeOrder(interactions, episodes, observations).iterator(),
        dir.resolve("memory.log"));
    assertThat(messages(dir.resolve("memory.log"))).isEqualTo(messages(dir.resolve("files.log")));
    assertThat(memory.interactionsRead()).isEqualTo(files.interactionsRead());
    assertThat(memory.interactionsWritten()).isEqualTo(files.interactionsWritten());
    assertThat(memory.observationsRead()).isEqualTo(files.observationsRead());
    assertThat(memory.observationsJoined()).isEqualTo(files.observationsJoined());
    assertThat(memory.interactionsSkippedBy()).isEqualTo(files.interactionsSkippedBy());
    assertThat(memory.observationsSkippedBy()).isEqualTo(files.observationsSkippedBy());
    assertThat(memory.dedupInfosWritten()).isEqualTo(files.dedupInfosWritten());
    assertThat(memory.regularMessages()).isEqualTo(files.regularMessages());
  }

  @ParameterizedTest
  @CsvSource({
      "cb_v2.fb, f-reward_v2.fb",
      "cb_dedup_compress_v2.fb, f-reward_v2.fb",
      "ccb_v2.fb, fi-reward_v2.fb",
      "ccb_dedup_v2.fb, fi-reward_v2.fb",
      "slates_v2.fb, fs-reward_v2.fb",
      "ca_v2.fb, f-reward_v2.fb",
      "deferred/cb_v2.fb, deferred/action-taken_v2.fb",
      "apprentice/cb_v2.fb, apprentice/f-reward_v2.fb"})
  void realFilesGiveTheSameMessages(String interactions, String observations) throws IOException {
    assertSameAsFiles(LogJoiner.builder().listener(DiagnosticListener.ignoring()).unlimitedEud(),
        List.of(FILES.resolve(interactions)), List.of(), List.of(FILES.resolve(observations)));
  }

  @Test
  void windowsDedupAcrossBatchesAndOrphansAsWithFiles() throws IOException {
    Event d1 = EventFiles.dedup(at(0), List.of(1L, 2L), List.of("{\"a\":1}", "{\"a\":2}"));
    Event d2 = EventFiles.dedup(at(5), List.of(3L), List.of("{\"a\":3}"));
    Path interactions = write(dir.resolve("i.fb"), list(d1, EventFiles.cb("x", at(0)), EventFiles.cb("y", at(1))),
        list(d2, EventFiles.cb("z", at(5)), EventFiles.cb("x", at(6))));
    // in time order in its file: the merge of files takes each file in its order, the memory input in the order given
    Path observations = write(dir.resolve("o.fb"), list(EventFiles.outcome("y", at(0), 1f),
        EventFiles.outcome("z", at(6), 3f), EventFiles.outcome("q", at(7), 4f), EventFiles.outcome("x", at(700), 2f)));
    assertSameAsFiles(LogJoiner.builder().listener(DiagnosticListener.ignoring()), List.of(interactions), List.of(),
        List.of(observations));
  }

  @Test
  void multistepEpisodesAsWithEpisodeFiles() throws IOException {
    Path episodes = write(dir.resolve("episodes.fb"), list(MultistepJoinTest.episode("e1", at(0)),
        MultistepJoinTest.episode("e2", at(1))));
    Path steps = write(dir.resolve("steps.fb"), list(MultistepJoinTest.step("e1", "s1", null, at(0)),
        MultistepJoinTest.step("e2", "t1", null, at(1)), MultistepJoinTest.step("e1", "s2", "s1", at(2))));
    Path outcomes = write(dir.resolve("outcomes.fb"), list(MultistepJoinTest.outcome("e1", at(3), 1f, "s2"),
        MultistepJoinTest.outcome("e2", at(4), 2f, null)));
    assertSameAsFiles(LogJoiner.builder().listener(DiagnosticListener.ignoring()), List.of(steps), List.of(episodes),
        List.of(outcomes));
  }

  @Test
  void aMalformedEventOrALoneDedupInfoIsCountedNotJoined() throws IOException {
    Event cb = EventFiles.cb("x", at(0));
    Path interactions = write(dir.resolve("i.fb"), list(EventFiles.dedup(at(0), List.of(1L), List.of("{}")), cb));
    List<LogJoinInput> given = new ArrayList<>(inMergeOrder(List.of(interactions), List.of(), List.of()));
    @Nullable ByteBuffer dedup = given.get(0).dedupInfo();
    given.add(new LogJoinInput("i.fb", 0, 99, ByteBuffer.wrap(new byte[] {1, 2, 3}), null));
    given.add(new LogJoinInput("i.fb", 0, 0, java.util.Objects.requireNonNull(dedup), null));
    List<DiagnosticReason> reasons = new ArrayList<>();
    LogJoinSummary s = LogJoiner.builder().listener(d -> reasons.add(d.reason())).build()
        .writeTo(given.iterator(), dir.resolve("out.log"));
    assertThat(s.interactionsWritten()).isEqualTo(1);
    assertThat(s.otherSkippedBy()).isEqualTo(Map.of(DiagnosticReason.MALFORMED_EVENT, 1L,
        DiagnosticReason.UNJOINABLE_EVENT, 1L));
    assertThat(reasons).containsExactly(DiagnosticReason.MALFORMED_EVENT, DiagnosticReason.UNJOINABLE_EVENT);
    assertThat(LogJoinerTest.read(dir.resolve("out.log"))).hasSize(1);
  }
}
