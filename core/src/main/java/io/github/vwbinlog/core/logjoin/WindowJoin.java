package io.github.vwbinlog.core.logjoin;

import io.github.vwbinlog.DiagnosticReason;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

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
    void accept(Group group) throws IOException;
  }

  private final long eud;
  private final long backward;
  private final long disorder;
  private final Tally tally;
  private final Sink sink;

  private final Map<String, Group> open = new HashMap<>();
  private final PriorityQueue<Group> closing = new PriorityQueue<>((a, b) -> Held.compare(a.interaction,
      b.interaction));
  private final Map<String, List<Held>> early = new HashMap<>();
  private final PriorityQueue<Held> expiring = new PriorityQueue<>(Held::compare);
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
    } else if (open.containsKey(i.id)) {
      tally.skip(Tally.Kind.INTERACTION, DiagnosticReason.DUPLICATE_INTERACTION, i.file, i.offset, i.id,
          "an interaction with this id is already held (first at offset " + open.get(i.id).interaction.offset
          + " of " + open.get(i.id).interaction.file + "); the first one is written");
    } else {
      Group g = new Group(i);
      open.put(i.id, g);
      closing.add(g);
      List<Held> waiting = early.remove(i.id);
      if (waiting != null) {
        for (Held o : waiting) {
          expiring.remove(o);
          attach(g, o);
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
      Group g = open.get(o.id);
      if (g != null) {
        attach(g, o);
      } else {
        early.computeIfAbsent(o.id, k -> new ArrayList<>(1)).add(o);
        expiring.add(o);
      }
    }
    advance(o.ticks);
  }

  private void attach(Group g, Held o) {
    long ti = g.interaction.ticks;
    if (o.ticks < ti - backward) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_BEFORE_TOLERANCE, o.file, o.offset, o.id,
          "the observation is " + Durations.text(ti - o.ticks) + " before its interaction, more than the backward"
          + " tolerance");
    } else if (eud != Long.MAX_VALUE && o.ticks > ti + eud) {
      tally.skip(Tally.Kind.OBSERVATION, DiagnosticReason.OBSERVATION_AFTER_EUD, o.file, o.offset, o.id,
          "the observation is " + Durations.text(o.ticks - ti) + " after its interaction, more than the EUD");
    } else {
      g.observations.add(o);
    }
  }

  private void advance(long ticks) throws IOException {
    if (ticks <= latest) {
      return;
    }
    latest = ticks;
    long w = watermark();
    if (eud != Long.MAX_VALUE) {
      while (!closing.isEmpty() && closing.peek().interaction.ticks + eud < w) {
        close(closing.poll());
      }
    }
    while (!expiring.isEmpty() && expiring.peek().ticks + backward < w) {
      orphan(expiring.poll());
    }
  }

  private void close(Group g) throws IOException {
    open.remove(g.interaction.id);
    sink.accept(g);
  }

  private void orphan(Held o) {
    List<Held> waiting = early.get(o.id);
    waiting.remove(o);
    if (waiting.isEmpty()) {
      early.remove(o.id);
    }
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
    return open.size() + expiring.size();
  }
}
