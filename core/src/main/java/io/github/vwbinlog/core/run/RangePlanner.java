package io.github.vwbinlog.core.run;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogIOException;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.UnsupportedVersionException;
import io.github.vwbinlog.core.flatbuf.Decoders;
import io.github.vwbinlog.core.framing.FrameCursor;
import io.github.vwbinlog.core.framing.SeekingSource;
import io.github.vwbinlog.join.LogRange;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Plans byte ranges of a log ({@link LogRange#plan}): frames the log once from its start, as a reader frames it (SPEC
 * §1: padding, unknown types, FILEMAGIC versions, EOF, the read limits), reading the message headers and the
 * CHECKPOINT payloads only ({@link SeekingSource}: the other payloads are skipped by seeking). For each range it
 * records its first message boundary at or after {@code from} (its {@code start}), the first at or after {@code to}
 * (its {@code limit}, or the log's size), the CHECKPOINTs in force and whether a REGULAR message came before.
 *
 * <p>Where the framing fails, the log ends as a reader ends it: a message that cannot be framed is still a boundary
 * (a reader that starts there meets the same problem, with the same offset), except after a FILEMAGIC of another
 * version, whose problem is that FILEMAGIC's (a reader that started after it would go on); a range after the end of
 * the log is empty.
 */
public final class RangePlanner {
  private final ReadOptions options;

  // What a range that starts at the next boundary needs from before it.
  private @Nullable CheckpointInfo lastCheckpoint;
  private @Nullable CheckpointInfo lastRecognized;
  private boolean regularBefore;
  /** Where the message after the last framed one starts (where a framing problem lies), -1 after EOF. */
  private long failedAt;

  private RangePlanner(ReadOptions options) {
    this.options = options;
  }

  /** Plans the ranges {@code [cuts[i], cuts[i + 1])} of the log {@code channel} holds; the channel is left open. */
  public static List<LogRange> plan(SeekableByteChannel channel, ReadOptions options, long[] cuts)
      throws IOException {
    return new RangePlanner(options).run(channel, cuts);
  }

  private List<LogRange> run(SeekableByteChannel channel, long[] cuts) throws IOException {
    SeekingSource source = new SeekingSource(channel); // not closed: the channel is the caller's
    long size = source.size();
    FrameCursor cursor = new FrameCursor(source, options.limits(), true, DiagnosticListener.ignoring(),
        MessageType.CHECKPOINT);
    int ranges = cuts.length - 1;
    long[] starts = new long[ranges];
    List<List<CheckpointInfo>> settings = new ArrayList<>();
    boolean[] regular = new boolean[ranges];
    // Boundary b is where range i starts when cuts[i] <= b (and no earlier boundary was); range i's limit is the
    // boundary range i + 1 starts at (the ranges are contiguous), or the size.
    int next = 0;
    long boundary;
    while (true) {
      boolean framed;
      try {
        framed = cursor.next();
        boundary = framed ? cursor.offset() : -1;
      } catch (BinaryLogIOException e) {
        throw new IOException("cannot read the log to plan its ranges: " + e.getMessage(), e);
      } catch (UnsupportedVersionException e) {
        break; // the FILEMAGIC's range reports it; no boundary after it
      } catch (BinaryLogException e) {
        // The message at the source's position could not be framed: where it starts is a boundary, if it lies in
        // the log (a padding cut short ends the log inside the message before).
        long at = failedAt;
        if (at >= 0 && at < size) {
          while (next < ranges && cuts[next] <= at) {
            settings.add(checkpoints());
            regular[next] = regularBefore;
            starts[next++] = at;
          }
        }
        break;
      }
      if (!framed) {
        break;
      }
      while (next < ranges && cuts[next] <= boundary) {
        settings.add(checkpoints());
        regular[next] = regularBefore;
        starts[next++] = boundary;
      }
      failedAt = nextBoundary(cursor);
      if (cursor.type() == MessageType.CHECKPOINT) {
        checkpoint(cursor);
      } else if (cursor.type() == MessageType.REGULAR) {
        regularBefore = true;
      }
    }
    List<LogRange> out = new ArrayList<>(ranges);
    for (int i = 0; i < ranges; i++) {
      if (i >= next) {
        long end = Math.min(cuts[i], size);
        out.add(new LogRange(cuts[i], cuts[i + 1], end, end, List.of(), false));
        continue;
      }
      long limit = i + 1 < next ? starts[i + 1] : size;
      long start = starts[i] < cuts[i + 1] ? starts[i] : limit; // no message starts in the range: empty
      out.add(new LogRange(cuts[i], cuts[i + 1], Math.min(start, limit), limit, settings.get(i), regular[i]));
    }
    return out;
  }

  /** Where the message after the cursor's starts: after its header, payload and padding (SPEC §1). */
  private static long nextBoundary(FrameCursor cursor) {
    return switch (cursor.type()) {
      case FILEMAGIC -> cursor.offset() + 8;
      case EOF -> -1; // nothing is read after EOF
      default -> cursor.offset() + FrameCursor.FRAME_BYTES + cursor.size() + cursor.size() % 8;
    };
  }

  private void checkpoint(FrameCursor cursor) {
    try {
      CheckpointInfo info = Decoders.checkpointInfo(cursor.payload(), cursor.offset(), options.limits());
      lastCheckpoint = info;
      if (info.rewardFunction() != RewardFunction.UNRECOGNIZED) {
        lastRecognized = info;
      }
    } catch (BinaryLogException e) {
      // ignored, as the join ignores a malformed CHECKPOINT (and reports it in the range that holds it)
    }
  }

  /** The CHECKPOINTs that give the settings in force now: see {@link LogRange#checkpoints()}. */
  private List<CheckpointInfo> checkpoints() {
    CheckpointInfo last = lastCheckpoint;
    if (last == null) {
      return List.of();
    }
    CheckpointInfo recognized = lastRecognized;
    if (last.rewardFunction() != RewardFunction.UNRECOGNIZED || recognized == null) {
      return List.of(last);
    }
    return List.of(recognized, last);
  }
}
