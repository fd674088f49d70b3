package io.github.vwbinlog.spark;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The events' bytes of the joined rows of a split ({@code joined_events}): the source of the split's joiner, whose
 * first reader notes the last REGULAR message it handed to the joiner. The joiner reads a message, then yields its
 * joined events before it reads the next, so the message at the joiner's position is that one; it is cut by event id
 * ({@code Message.Regular.joinedPayloadsById()}) once, when its first row asks. A multistep step's events are its
 * whole message ({@link #batch}): the multistep joiner takes one REGULAR message as one batch, whose steps' rewards
 * depend on each other (SPEC §7).
 *
 * <p>Not thread-safe: one per split reader.
 */
final class RegularTap implements Joiner.RangeSource {
  private final Joiner.RangeSource source;
  private boolean opened;
  private Message.@Nullable Regular last;
  private long cutOffset = -1;
  private @Nullable Map<String, ByteBuffer> cut;

  RegularTap(Joiner.RangeSource source) {
    this.source = source;
  }

  @Override
  public BinaryLogReader open(long start, long limit, ReadOptions options) throws IOException {
    BinaryLogReader reader = source.open(start, limit, options);
    if (opened) {
      return reader; // the joiner reads the log again before its range (a dedup cache to rebuild): not its rows
    }
    return whole(reader);
  }

  /**
   * A reader of a whole log that notes each REGULAR message: for a joiner of a whole file ({@code Joiner.of(reader,
   * options)}; a multistep log is never joined in byte ranges).
   */
  BinaryLogReader whole(BinaryLogReader reader) {
    opened = true;
    return reader.peek(m -> {
      if (m instanceof Message.Regular r) {
        last = r;
      }
    });
  }

  /**
   * The joined events of event id {@code id} in the REGULAR message at {@code offset}, as a JoinedPayload, or null
   * when that message is not the one the joiner read last (which a joiner that reads ahead would cause).
   */
  @Nullable ByteBuffer joinedEvents(long offset, String id) {
    Message.Regular m = last;
    if (m == null || m.offset() != offset) {
      return null;
    }
    if (cutOffset != offset) {
      cut = m.joinedPayloadsById();
      cutOffset = offset;
    }
    return java.util.Objects.requireNonNull(cut).get(id);
  }

  /**
   * The payload of the REGULAR message at {@code offset} (a multistep batch: every event of the message, as the log
   * holds it), or null when that message is not the one the joiner read last.
   */
  @Nullable ByteBuffer batch(long offset) {
    Message.Regular m = last;
    return m == null || m.offset() != offset ? null : m.payload();
  }
}
