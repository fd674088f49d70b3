package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.DiagnosticReason;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The windowed left outer join by event id, fed events in (roughly) client time order. An observation at {@code t_o}
 * joins the interaction with its id at {@code t_i} when {@code t_i - backward <= t_o <= t_i + eud}. The watermark is
 * the latest client time fed minus the disorder tolerance: an event before it is late and not joined; an interaction
 * is written (with its observations) once {@code t_i + eud} is before the watermark, since no observation that is not
 * late can join it any more; an observation waiting for its interaction is an orphan once {@code t_o + backward} is
 * before the watermark. Interactions are written in client time order (arrival order for ties).
 *
 * <p>Held in memory: the interactions whose window is open and the observations that came before their interaction
 * and may still be joined. With an unlimited EUD nothing is written before the end.
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

  private final Map<String, Held> open = new HashMap<>(1 << 16);
  private final TimeQueue<Held> closing = new TimeQueue<>(Held::compare);
  private final Map<String, List<Held>> early = new HashMap<>();
  /** The early observations by time; one that joined its interaction is marked settled and skipped here. */
  private final TimeQueue<Held> expiring = new TimeQueue<>(Held::compare);
  private int waiting;
  private long latest = Long.MIN_VALUE;

  /**
   * @param eud ticks, or {@link Long#MAX_VALUE} for unlimited
   * @param backward ticks
   * @param disorder ticks
   */
  WindowJoin(long eud, long backward, long disorder, Tally tally, Sink sink) {
    this.eud = eud;
    this.backward = backward;
    this.disorder = disorder;
    this.tally = tally;
    this.sink = sink;
  }

  /** The time before which events are late; {@link Long#MIN_VALUE} before the first event. */
  long watermark() {
    return latest == Long.MIN_VALUE ? Long.MIN_VALUE : latest - disorder;
  }

  /** Joins an interaction. */
  void interaction(Held i) throws IOException {
    if (i.ticks < watermark()) {
      tally.skip(Tally.Kind.INTERACTION, DiagnosticReason.LATE_EVENT, i.file, i.offset, i.id,
          "the interaction's client time is more than the disorder tolerance before the latest time read");
    } else {
      Held first = open.putIfAbsent(i.id, i);
      if (first != null) {
        tally.skip(Tally.Kind.INTERACTION, DiagnosticReason.DUPLICATE_INTERACTION, i.file, i.offset, i.id,
            "an interaction with this id is already held (first at offset " + first.offset + " of " + first.file
            + "); the first one is written");
      } else {
        closing.add(i);
        if (waiting > 0) {
          List<Held> before = early.remove(i.id);
          if (before != null) {
            for (Held o : before) {
              o.settled = true;
              waiting--;
              attach(i, o);
            }
          }
        }
      }
    }
    advance(i.ticks);
  }

  /** Joins an observation. */
  void observation(Held o) throws IOException {
    if (o.ticks < watermark()) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.LATE_EVENT, o.file, o.offset, o.id,
          "the observation's client time is more than the disorder tolerance before the latest time read");
    } else {
      Held i = open.get(o.id);
      if (i != null) {
        attach(i, o);
      } else {
        early.computeIfAbsent(o.id, k -> new ArrayList<>(1)).add(o);
        expiring.add(o);
        waiting++;
      }
    }
    advance(o.ticks);
  }

  private void attach(Held i, Held o) {
    long ti = i.ticks;
    if (o.ticks < ti - backward) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_BEFORE_TOLERANCE, o.file, o.offset, o.id,
          "the observation is " + Durations.text(ti - o.ticks) + " before its interaction, more than the backward"
          + " tolerance");
    } else if (eud != Long.MAX_VALUE && o.ticks > ti + eud) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_AFTER_EUD, o.file, o.offset, o.id,
          "the observation is " + Durations.text(o.ticks - ti) + " after its interaction, more than the EUD");
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
    open.remove(i.id);
    sink.accept(i);
  }

  private void orphan(Held o) {
    if (o.settled) {
      return;
    }
    List<Held> list = early.get(o.id);
    list.remove(o);
    if (list.isEmpty()) {
      early.remove(o.id);
    }
    waiting--;
    tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.ORPHAN_OBSERVATION, o.file, o.offset, o.id,
        "no interaction with this id within the observation's window (or its interaction was already written)");
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
