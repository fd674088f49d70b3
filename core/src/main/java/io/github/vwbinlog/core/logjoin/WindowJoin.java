package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.DiagnosticReason;
import java.io.IOException;

/**
 * The windowed left outer join by event id, fed events in (roughly) client time order. An observation at {@code t_o}
 * joins the interaction with its id at {@code t_i} when {@code t_i - backward <= t_o <= t_i + eud}. The watermark is
 * the latest client time fed minus the disorder tolerance: an event before it is late and not joined; an interaction
 * is written (with its observations) once {@code t_i + eud} is before the watermark, since no observation that is not
 * late can join it any more; an observation waiting for its interaction is an orphan once {@code t_o + backward} is
 * before the watermark. Interactions are written in client time order (arrival order for ties).
 *
 * <p>Held in memory: the interactions whose window is open and the observations that came before their interaction
 * and may still be joined. With an unlimited EUD nothing is written before the end. An event left out is given back
 * to its {@link Held.Pool} here; one written is given back by the sink.
 */
final class WindowJoin {
  /** Where the closed groups go, in order. */
  interface Sink {
    void accept(Held interaction) throws IOException;
  }

  private final long eud;
  private final long backward;
  private final long disorder;
  private final Tally tally;
  private final Sink sink;

  private final IdTable open;
  private final TimeQueue<Held> closing = new TimeQueue<>(Held::compare);
  /** The first early observation of each id; the others follow it ({@link Held#nextEarly}), in arrival order. */
  private final IdTable early;
  /** The early observations by time; one that joined its interaction is marked settled and skipped here. */
  private final TimeQueue<Held> expiring = new TimeQueue<>(Held::compare);
  private int waiting;
  private long latest = Long.MIN_VALUE;

  /**
   * @param eud ticks, or {@link Long#MAX_VALUE} for unlimited
   * @param backward ticks
   * @param disorder ticks
   */
  WindowJoin(long eud, long backward, long disorder, Tally tally, Sink sink, Held.Registry registry) {
    this.eud = eud;
    this.backward = backward;
    this.disorder = disorder;
    this.tally = tally;
    this.sink = sink;
    this.open = new IdTable(1 << 16, registry);
    this.early = new IdTable(1 << 4, registry);
  }

  /** The time before which events are late; {@link Long#MIN_VALUE} before the first event. */
  long watermark() {
    return latest == Long.MIN_VALUE ? Long.MIN_VALUE : latest - disorder;
  }

  /** Joins an interaction. */
  void interaction(Held i) throws IOException {
    long ticks = i.ticks;
    if (!skippedLate(i, Tally.Kind.INTERACTION, "interaction")) {
      Held first = open.putIfAbsent(i);
      if (first != null) {
        tally.skip(Tally.Kind.INTERACTION, DiagnosticReason.DUPLICATE_INTERACTION, i.file, i.offset, i.id(),
            "an interaction with this id is already held (first at offset " + first.offset + " of " + first.file
            + "); the first one is written");
        i.recycle();
      } else {
        closing.add(i);
        if (waiting > 0) {
          Held o = early.get(i);
          if (o != null) {
            early.remove(o);
            for (; o != null; o = o.nextEarly) {
              o.settled = true;
              waiting--;
              attach(i, o);
            }
          }
        }
      }
    }
    advance(ticks);
  }

  /** Joins an observation. */
  void observation(Held o) throws IOException {
    long ticks = o.ticks;
    if (!skippedLate(o, Tally.Kind.OBSERVATION, "observation")) {
      Held i = open.get(o);
      if (i != null) {
        attach(i, o);
      } else {
        o.early = true;
        Held first = early.putIfAbsent(o);
        if (first != null) {
          while (first.nextEarly != null) {
            first = first.nextEarly;
          }
          first.nextEarly = o;
        }
        expiring.add(o);
        waiting++;
      }
    }
    advance(ticks);
  }

  /**
   * Whether {@code e} (of stream {@code kind}, called {@code what} in the diagnostic) came before the watermark: then
   * it is counted as a {@code LATE_EVENT} and recycled.
   */
  private boolean skippedLate(Held e, Tally.Kind kind, String what) {
    if (e.ticks >= watermark()) {
      return false;
    }
    tally.skip(kind, DiagnosticReason.LATE_EVENT, e.file, e.offset, e.id(),
        "the " + what + "'s client time is more than the disorder tolerance before the latest time read");
    e.recycle();
    return true;
  }

  private void attach(Held i, Held o) {
    long ti = i.ticks;
    if (o.ticks < ti - backward) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_BEFORE_TOLERANCE, o.file, o.offset, o.id(),
          "the observation is " + Durations.text(ti - o.ticks) + " before its interaction, more than the backward"
          + " tolerance");
      o.recycle();
    } else if (eud != Long.MAX_VALUE && o.ticks > ti + eud) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_AFTER_EUD, o.file, o.offset, o.id(),
          "the observation is " + Durations.text(o.ticks - ti) + " after its interaction, more than the EUD");
      o.recycle();
    } else {
      i.add(o);
    }
  }

  private void advance(long ticks) throws IOException {
    int held = open.size() + waiting;
    if (held > tally.peakHeld) {
      tally.peakHeld = held;
    }
    if (ticks <= latest) {
      return;
    }
    latest = ticks;
    long w = watermark();
    if (eud != Long.MAX_VALUE) {
      while (!closing.isEmpty() && closing.peek().ticks + eud < w) {
        close(closing.poll());
      }
    }
    while (!expiring.isEmpty() && expiring.peek().ticks + backward < w) {
      orphan(expiring.poll());
    }
  }

  private void close(Held i) throws IOException {
    open.remove(i);
    sink.accept(i);
  }

  private void orphan(Held o) {
    o.expired = true;
    if (o.settled) {
      if (o.done) {
        o.recycle(); // written (or left out) already
      }
      return;
    }
    Held first = java.util.Objects.requireNonNull(early.get(o));
    if (first == o) {
      if (o.nextEarly == null) {
        early.remove(o);
      } else {
        early.replace(o, o.nextEarly);
      }
    } else {
      while (first.nextEarly != o) {
        first = java.util.Objects.requireNonNull(first.nextEarly);
      }
      first.nextEarly = o.nextEarly;
    }
    o.nextEarly = null;
    waiting--;
    tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.ORPHAN_OBSERVATION, o.file, o.offset, o.id(),
        "no interaction with this id within the observation's window (or its interaction was already written)");
    o.recycle();
  }

  /** Writes every group still open and reports every observation still waiting: the end of the input. */
  void finish() throws IOException {
    while (!closing.isEmpty()) {
      close(closing.poll());
    }
    while (!expiring.isEmpty()) {
      orphan(expiring.poll());
    }
  }

  /** Groups held now, for tests of the memory bound. */
  int held() {
    return open.size() + waiting;
  }
}
