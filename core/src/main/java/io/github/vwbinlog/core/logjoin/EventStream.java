package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.eventfile.EventFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * One input file as the merge sees it: the next event that has a client time, ready to be taken. Events the join
 * cannot use are counted and reported here, as the file is read: malformed events and batches, a truncated last
 * batch, payload types the join does not place. An event without client time takes the time of the event before it in
 * its file (the epoch before the first one). The DedupInfo that starts a batch is kept for the batch's interactions.
 */
final class EventStream implements Closeable {
  /** The role of an event in the join. */
  enum Role { INTERACTION, OBSERVATION, DEDUP, UNJOINABLE }

  private final EventFile file;
  private final String name;
  /** The merge's tie-break among streams at equal time: interactions, episodes, observations. */
  final int rank;
  /** The position of the file among all inputs, the last tie-break. */
  final int index;
  private final boolean multistep;
  private final Tally tally;
  private final Held.Pool pool;

  private int next;
  private @Nullable Held batchDedup;

  // the current event, valid after advance() returned true
  long ticks;
  Role role = Role.UNJOINABLE;
  private int idLength;
  private long idHash;
  private int payloadType;
  private ByteBuffer buffer = ByteBuffer.allocate(0);
  private int eventIndex;
  private int eventLength;
  private @Nullable TimeStamp time;
  private long lastTicks;

  /** The time of an event without client time before any event with one in its file. */
  static final TimeStamp EPOCH = TimeStamp.of(1970, 1, 1, 0, 0, 0);
  private long offset;

  EventStream(EventFile file, int rank, int index, boolean multistep, Tally tally, Held.Registry registry) {
    this.file = file;
    this.name = file.file().toString();
    this.rank = rank;
    this.index = index;
    this.multistep = multistep;
    this.tally = tally;
    this.pool = new Held.Pool(registry);
  }

  /** Bytes read so far. */
  long position() {
    return file.position();
  }

  /**
   * Moves to the next event with a client time that is an interaction or an observation.
   *
   * @return false at the end of the file
   */
  boolean advance() {
    while (true) {
      if (next >= file.eventCount()) {
        if (!nextBatch()) {
          return false;
        }
        continue;
      }
      int i = next++;
      String problem = file.event(i);
      if (problem != null) {
        tally.skip(Tally.Kind.OTHER, DiagnosticReason.MALFORMED_EVENT, name, file.eventOffset(), null,
            "event " + i + " of the batch at offset " + file.batchOffset() + ": " + problem);
        continue;
      }
      Role r = role(file.payloadType(), multistep);
      offset = file.eventOffset();
      if (r == Role.DEDUP) {
        if (i == 0) {
          // written with its own client time, read by the output (zeros when it has none)
          Held d = new Held().set(file.batchBuffer(), file.eventIndex(), file.eventLength(), file.idLength(),
              file.idHash(), file.ticks(), -1, file.payloadType(), null, name, offset, null);
          copyId(d);
          d.ownTime = file.clientTimeFields();
          d.ownSubsecond = file.clientTimeSubsecond();
          batchDedup = d;
          tally.dedupInfos++;
        } else {
          tally.dedupInfos++;
          tally.skip(Tally.Kind.OTHER, DiagnosticReason.UNJOINABLE_EVENT, name, offset, file.id(),
              "a DedupInfo that is not the first event of its batch (at offset " + file.batchOffset() + ")");
        }
        continue;
      }
      if (r == Role.UNJOINABLE) {
        tally.skip(Tally.Kind.OTHER, DiagnosticReason.UNJOINABLE_EVENT, name, offset, file.id(),
            "payload type " + typeName(file.payloadType()) + " is not joined"
            + (multistep ? "" : " (multistep steps and episodes are joined only with episode files)"));
        continue;
      }
      if (r == Role.INTERACTION) {
        tally.interactions++;
      } else {
        tally.observations++;
      }
      role = r;
      if (file.ticks() == EventFile.NO_TIME) {
        // No clock of its own (rlclientlib's null time provider): the time of the event before it in this file.
        tally.withoutClientTime++;
        ticks = lastTicks;
        time = lastTicks == 0 ? EPOCH : timeStamp(lastTicks);
      } else {
        ticks = file.ticks();
        time = null; // the output reads it from the event
        lastTicks = ticks;
      }
      idLength = file.idLength();
      idHash = file.idHash();
      payloadType = file.payloadType();
      buffer = file.batchBuffer();
      eventIndex = file.eventIndex();
      eventLength = file.eventLength();
      return true;
    }
  }

  private boolean nextBatch() {
    while (true) {
      try {
        boolean more = file.next();
        next = 0;
        batchDedup = null;
        if (!more) {
          BinaryLogException truncation = file.truncation();
          if (truncation != null) {
            tally.skip(truncation.toDiagnostic(), name);
          }
          return false;
        }
        tally.batches++;
        return true;
      } catch (MalformedDataException e) {
        tally.batches++;
        tally.skip(e.toDiagnostic(), name);
      }
    }
  }

  /** The current event as held by the join, with its arrival order: before the next {@link #advance()}. */
  Held take(long seq) {
    Held h = pool.take().set(buffer, eventIndex, eventLength, idLength, idHash, ticks, seq, payloadType, time, name,
        offset, role == Role.INTERACTION ? batchDedup : null);
    copyId(h);
    h.ownTime = file.clientTimeFields();
    h.ownSubsecond = file.clientTimeSubsecond();
    return h;
  }

  /** Copies the current event's id into {@code h}. */
  private void copyId(Held h) {
    byte[] tail = null;
    if (idLength > 8 * Held.WORDS) {
      tail = new byte[idLength]; // ids longer than a UUID are rare
      file.copyId(tail);
    }
    h.id(file.idWord(0), file.idWord(1), file.idWord(2), file.idWord(3), file.idWord(4), tail);
  }

  /** A time in ticks as a time stamp (UTC). */
  static TimeStamp timeStamp(long ticks) {
    java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(Math.floorDiv(ticks, EventFile.TICKS_PER_SECOND),
        0, java.time.ZoneOffset.UTC);
    return new TimeStamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
        t.getSecond(), Math.floorMod(ticks, EventFile.TICKS_PER_SECOND));
  }

  static Role role(int payloadType, boolean multistep) {
    switch (io.github.vwbinlog.PayloadType.of(payloadType)) {
      case CB: case CCB: case SLATES: case CA:
        return Role.INTERACTION;
      case OUTCOME:
        return Role.OBSERVATION;
      case DEDUP_INFO:
        return Role.DEDUP;
      case MULTI_STEP:
        return multistep ? Role.OBSERVATION : Role.UNJOINABLE;
      case EPISODE:
        return multistep ? Role.INTERACTION : Role.UNJOINABLE;
      default:
        return Role.UNJOINABLE;
    }
  }

  static String typeName(int payloadType) {
    return io.github.vwbinlog.PayloadType.of(payloadType).toString() + " (" + payloadType + ")";
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
