package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.core.eventfile.EventFile;
import io.github.vwbinlog.core.write.LogWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Writes the closed groups as joined logs: FILEMAGIC, HEADER, CHECKPOINT, REGULAR messages, EOF, through the one log
 * writer. Each group is the interaction, then its observations in client time order (SPEC §4: VW's joiner takes the
 * first interaction of an id and drops observations before it within a message). A REGULAR message holds whole groups
 * (at most {@link #MAX_EVENTS} events and about {@link #MAX_BYTES} bytes, a larger group alone), and starts with the
 * DedupInfo of its interactions' batch unless the dedup cache already holds it (SPEC §4.5: after a DedupInfo the cache
 * holds only its ids, so a message never mixes interactions of two dedup batches). A multistep episode is a message of
 * its own (SPEC §7: one REGULAR message is one batch).
 *
 * <p>Each file is written under a temporary name in its directory ({@code .NAME.RANDOM.part}, as {@code convert -o}
 * does) and renamed atomically when complete, so a killed run leaves no partial file under a final name (a temporary
 * file may be left; a failure that the joiner sees deletes it). The messages are laid out and written by a
 * {@link MessageWriter} on a thread of its own, the file forced to disk by a {@link BackgroundForce} as it grows.
 */
final class JoinedLogOutput implements WindowJoin.Sink {
  /** The most events in one REGULAR message. */
  static final int MAX_EVENTS = 1024;
  /** The size of event bytes above which a REGULAR message is not given another group. */
  static final int MAX_BYTES = 1 << 20;
  private static final DateTimeFormatter ROLL_NAME =
      DateTimeFormatter.ofPattern("'joined-'uuuuMMdd'T'HHmmss'Z.fb'").withZone(ZoneOffset.UTC);

  private final Path output;
  private final long rollTicks;
  private final List<FileHeader.Property> properties;
  private final Function<ProblemType, CheckpointInfo> checkpoint;
  private @Nullable ProblemType problemType;
  private final Tally tally;
  private final MessageWriter messages = new MessageWriter();
  private final BackgroundForce force = new BackgroundForce();
  private final List<Path> written = new ArrayList<>();

  private @Nullable LogWriter writer;
  private @Nullable FileChannel channel;
  private @Nullable Path temp;
  private @Nullable Path target;
  private long bucket = Long.MIN_VALUE;
  private @Nullable Held lastDedup;

  private Held[] events = new Held[64];
  private int count;
  private long bytes;
  private @Nullable Held messageDedup;

  /**
   * @param rollTicks the period of each file in ticks, or 0 for one file {@code output}
   * @param problemType the configured problem type, or null to take the first interaction's
   */
  JoinedLogOutput(Path output, long rollTicks, List<FileHeader.Property> properties,
      Function<ProblemType, CheckpointInfo> checkpoint, @Nullable ProblemType problemType, Tally tally) {
    this.output = output;
    this.rollTicks = rollTicks;
    this.properties = List.copyOf(properties);
    this.checkpoint = checkpoint;
    this.problemType = problemType;
    this.tally = tally;
  }

  @Override
  public void accept(Held i) throws IOException {
    if (problemType == null) {
      problemType = problemType(i.payloadType);
    }
    if (rollTicks > 0) {
      long b = Math.floorDiv(i.ticks, rollTicks);
      if (b != bucket) {
        finishFile();
        bucket = b;
        long seconds = b * (rollTicks / EventFile.TICKS_PER_SECOND);
        openFile(output.resolve(ROLL_NAME.format(java.time.Instant.ofEpochSecond(seconds))));
      }
    } else if (writer == null) {
      openFile(output);
    }
    int n = i.observationCount();
    i.sortObservations();
    boolean episode = PayloadType.of(i.payloadType) == PayloadType.EPISODE;
    long groupBytes = i.length;
    for (int k = 0; k < n; k++) {
      groupBytes += i.observation(k).length;
    }
    boolean dedupChange = i.dedup != null && messageDedup != null && i.dedup != messageDedup;
    if (count > 0 && (episode || dedupChange || count + 1 + n > MAX_EVENTS || bytes + groupBytes > MAX_BYTES)) {
      flushMessage();
    }
    if (i.dedup != null) {
      messageDedup = i.dedup;
    }
    add(i);
    for (int k = 0; k < n; k++) {
      add(i.observation(k));
    }
    bytes += groupBytes;
    tally.interactionsWritten++;
    tally.observationsJoined += n;
    if (episode) {
      flushMessage();
    }
  }

  private static ProblemType problemType(int payloadType) {
    switch (PayloadType.of(payloadType)) {
      case CCB: return ProblemType.CCB;
      case SLATES: return ProblemType.SLATES;
      case CA: return ProblemType.CA;
      case EPISODE: return ProblemType.MULTISTEP;
      default: return ProblemType.CB;
    }
  }

  private void add(Held event) {
    if (count == events.length) {
      events = Arrays.copyOf(events, count * 2);
    }
    events[count++] = event;
  }

  private void flushMessage() throws IOException {
    if (count == 0) {
      return;
    }
    Held dedup = messageDedup;
    if (dedup != null && dedup != lastDedup) {
      add(dedup);
      System.arraycopy(events, 0, events, 1, count - 1);
      events[0] = dedup;
      lastDedup = dedup;
      tally.dedupInfosWritten++;
    }
    MessageWriter.Message m = messages.next();
    m.ensure(count);
    for (int k = 0; k < count; k++) {
      m.set(k, events[k]);
    }
    m.count = count;
    messages.write(java.util.Objects.requireNonNull(writer), java.util.Objects.requireNonNull(channel), force);
    tally.regularMessages++;
    for (int k = 0; k < count; k++) {
      events[k].recycle(); // handed over: nothing refers to it any more
    }
    Arrays.fill(events, 0, count, null);
    count = 0;
    bytes = 0;
    messageDedup = null;
  }

  private void openFile(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    target = file;
    while (true) {
      // unlikely, not unpredictable: CREATE_NEW fails on any existing file or link, and another name is drawn
      temp = file.resolveSibling("." + file.getFileName() + "."
          + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".part");
      try {
        channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        break;
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // another run's temporary file: draw another name
      }
    }
    force.start();
    writer = LogWriter.of(channel);
    lastDedup = null;
    writer.fileMagic().header(new FileHeader(null, properties)).checkpoint(checkpoint.apply(
        problemType == null ? ProblemType.UNKNOWN : problemType));
  }

  private void finishFile() throws IOException {
    LogWriter w = writer;
    if (w == null) {
      return;
    }
    flushMessage();
    messages.drain();
    w.eof().flush();
    force.await(); // the last stretch only is written out now
    java.util.Objects.requireNonNull(channel).force(true);
    w.close();
    Files.move(java.util.Objects.requireNonNull(temp), java.util.Objects.requireNonNull(target),
        StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    written.add(target);
    writer = null;
    channel = null;
    temp = null;
  }

  /** Finishes the last file; with one output file and no interaction, writes the file without REGULAR messages. */
  void finish() throws IOException {
    if (writer == null && rollTicks == 0) {
      openFile(output);
    }
    finishFile();
    messages.close();
    force.close();
  }

  /** Closes and deletes the file being written, after a failure. */
  void abort() {
    messages.close();
    force.close();
    LogWriter w = writer;
    writer = null;
    if (w != null) {
      try {
        w.close();
      } catch (RuntimeException e) {
        // the failure being handled is the one to report
      }
    }
    if (temp != null) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        // as above
      }
    }
  }

  /** The files written, in order. */
  List<Path> written() {
    return written;
  }
}
