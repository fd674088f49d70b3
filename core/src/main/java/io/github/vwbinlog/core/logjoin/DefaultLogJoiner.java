package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.join.LogJoinInput;
import io.github.vwbinlog.join.LogJoinSummary;
import io.github.vwbinlog.join.LogJoiner;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.core.eventfile.EventFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;

/**
 * Runs a {@link LogJoiner}: opens every input file, merges their events by client time (ties: interactions, then
 * episodes, then observations, then the order the files were given), feeds them to the {@link WindowJoin} and its
 * closed groups to the {@link JoinedLogOutput}. One thread; the output depends only on the inputs and the options.
 */
public final class DefaultLogJoiner {
  /** Events between two progress reports. */
  private static final int PROGRESS_EVERY = 1 << 16;
  /** Tolerances are capped so that time arithmetic cannot overflow: about 3,600 years. */
  private static final long MAX_TOLERANCE = 1L << 60;

  private final LogJoiner options;

  /** A run of these options. */
  public DefaultLogJoiner(LogJoiner options) {
    this.options = options;
  }

  /** Joins the inputs into {@code output} (a file, or the directory of the rolled files). */
  public LogJoinSummary writeTo(Path output) throws IOException {
    Tally tally = new Tally(options.listener());
    Held.Registry registry = new Held.Registry();
    boolean multistep = !options.episodes().isEmpty();
    long roll = options.roll().map(Durations::ticks).orElse(0L);
    JoinedLogOutput out = new JoinedLogOutput(output, roll, properties(), options::checkpoint,
        options.problemType().orElse(null), tally);
    long eud = options.eud().map(d -> Math.min(Durations.ticks(d), MAX_TOLERANCE)).orElse(Long.MAX_VALUE);
    WindowJoin join = new WindowJoin(eud, Math.min(Durations.ticks(options.backwardTolerance()), MAX_TOLERANCE),
        Math.min(Durations.ticks(options.disorderTolerance()), MAX_TOLERANCE), tally, out, registry);
    List<EventStream> streams = new ArrayList<>();
    long bytesRead = 0;
    try {
      open(streams, options.interactions(), 0, multistep, tally, registry);
      open(streams, options.episodes(), 1, multistep, tally, registry);
      open(streams, options.observations(), 2, multistep, tally, registry);
      PriorityQueue<EventStream> merge = new PriorityQueue<>(DefaultLogJoiner::compare);
      for (EventStream s : streams) {
        if (s.advance()) {
          merge.add(s);
        }
      }
      LongConsumer progress = options.progress().orElse(null);
      long seq = 0;
      EventStream s = merge.poll();
      while (s != null) {
        Held e = s.take(seq++);
        if (s.role == EventStream.Role.INTERACTION) {
          join.interaction(e);
        } else {
          join.observation(e);
        }
        if (!s.advance()) {
          s = merge.poll();
        } else if (!merge.isEmpty() && compare(s, merge.peek()) > 0) {
          // another stream is next; while this one stays first (batches of events in order), no queue operation
          merge.add(s);
          s = merge.poll();
        }
        if (progress != null && seq % PROGRESS_EVERY == 0) {
          progress.accept(position(streams));
        }
      }
      join.finish();
      out.finish();
      bytesRead = position(streams);
      if (progress != null) {
        progress.accept(bytesRead);
      }
    } catch (IOException | RuntimeException | Error e) {
      out.abort();
      throw e;
    } finally {
      for (EventStream s : streams) {
        s.close();
      }
    }
    return summary(out, bytesRead, tally);
  }

  /**
   * Joins events given in memory, in the order given (the merge's order), into {@code output}: the same join and output
   * as {@link #writeTo(Path)}, with episodes and multistep steps joined as with episode files.
   */
  public LogJoinSummary writeTo(Iterator<LogJoinInput> events, Path output) throws IOException {
    Tally tally = new Tally(options.listener());
    long roll = options.roll().map(Durations::ticks).orElse(0L);
    JoinedLogOutput out = new JoinedLogOutput(output, roll, properties(), options::checkpoint,
        options.problemType().orElse(null), tally);
    long eud = options.eud().map(d -> Math.min(Durations.ticks(d), MAX_TOLERANCE)).orElse(Long.MAX_VALUE);
    Held.Registry registry = new Held.Registry();
    WindowJoin join = new WindowJoin(eud, Math.min(Durations.ticks(options.backwardTolerance()), MAX_TOLERANCE),
        Math.min(Durations.ticks(options.disorderTolerance()), MAX_TOLERANCE), tally, out, registry);
    MemoryInput input = new MemoryInput(options.limits(), tally, registry);
    LongConsumer progress = options.progress().orElse(null);
    long bytesRead = 0;
    long seq = 0;
    try {
      while (events.hasNext()) {
        LogJoinInput in = events.next();
        bytesRead += in.event().remaining();
        Held e = input.held(in, seq);
        if (e == null) {
          continue;
        }
        seq++;
        if (input.role == EventStream.Role.INTERACTION) {
          join.interaction(e);
        } else {
          join.observation(e);
        }
        if (progress != null && seq % PROGRESS_EVERY == 0) {
          progress.accept(bytesRead);
        }
      }
      join.finish();
      out.finish();
    } catch (IOException | RuntimeException | Error e) {
      out.abort();
      throw e;
    }
    if (progress != null) {
      progress.accept(bytesRead);
    }
    return summary(out, bytesRead, tally);
  }

  private static LogJoinSummary summary(JoinedLogOutput out, long bytesRead, Tally tally) {
    return new LogJoinSummary(out.written(), bytesRead, tally.batches, tally.interactions, tally.interactionsWritten,
        tally.skippedBy(Tally.Kind.INTERACTION), tally.observations, tally.observationsJoined,
        tally.skippedBy(Tally.Kind.OBSERVATION), tally.dedupInfos, tally.dedupInfosWritten,
        tally.skippedBy(Tally.Kind.OTHER), tally.regularMessages, tally.withoutClientTime, tally.peakHeld);
  }

  private void open(List<EventStream> streams, List<Path> files, int rank, boolean multistep, Tally tally,
      Held.Registry registry) throws IOException {
    for (Path f : files) {
      streams.add(new EventStream(EventFile.open(f, options.limits(), ReadOptions.DEFAULT_MAP_WINDOW_SIZE), rank,
          streams.size(), multistep, tally, registry));
    }
  }

  private static long position(List<EventStream> streams) {
    long sum = 0;
    for (EventStream s : streams) {
      sum += s.position();
    }
    return sum;
  }

  private static int compare(EventStream a, EventStream b) {
    int c = Long.compare(a.ticks, b.ticks);
    if (c == 0) {
      c = Integer.compare(a.rank, b.rank);
    }
    return c != 0 ? c : Integer.compare(a.index, b.index);
  }

  /** What made the file: written in every output file's HEADER. File names only, so the bytes do not depend on where the inputs lie. */
  private List<FileHeader.Property> properties() {
    List<FileHeader.Property> p = new ArrayList<>();
    p.add(new FileHeader.Property("joiner", "vw-binlog"));
    p.add(new FileHeader.Property("joiner.version", version()));
    p.add(new FileHeader.Property("eud", options.eud().map(Duration::toString).orElse("unlimited")));
    p.add(new FileHeader.Property("backward_tolerance", options.backwardTolerance().toString()));
    p.add(new FileHeader.Property("disorder_tolerance", options.disorderTolerance().toString()));
    if (!options.interactions().isEmpty()) {
      p.add(new FileHeader.Property("interactions", names(options.interactions())));
    }
    if (!options.observations().isEmpty()) {
      p.add(new FileHeader.Property("observations", names(options.observations())));
    }
    if (!options.episodes().isEmpty()) {
      p.add(new FileHeader.Property("episodes", names(options.episodes())));
    }
    return p;
  }

  private static String names(List<Path> files) {
    return files.stream().map(f -> String.valueOf(f.getFileName())).collect(Collectors.joining(","));
  }

  private static String version() {
    String v = DefaultLogJoiner.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
