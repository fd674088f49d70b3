package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builders for the events of one id, in the style of VW's reward tests (SPEC §8.7). */
final class Fixtures {

  static final String ID = "abcdefghijklm";

  private Fixtures() {}

  /**
   * The time VW's test helper gives the i-th event of an event batch: 2020-03-(30-i) 10:20:30, so later events of a
   * batch are earlier (conformance README, "Derived joined logs").
   */
  static TimeStamp day(int day) {
    return TimeStamp.of(2020, 3, day, 10, 20, 30);
  }

  static CheckpointInfo config(ProblemType type, RewardFunction function) {
    return CheckpointInfo.of(type).withRewardFunction(function);
  }

  static JoinedEvent event(TimeStamp t, PayloadType type, EventPayload payload) {
    return JoinedEvent.of(t, new Event(Metadata.of(ID, type), payload));
  }

  static JoinedEvent event(TimeStamp t, Metadata meta, EventPayload payload) {
    return JoinedEvent.of(t, new Event(meta, payload));
  }

  /** A CB decision with equal probabilities, online, not deferred. */
  static CbEvent cbPayload(long... actions) {
    List<Long> ids = new ArrayList<>();
    List<Float> probabilities = new ArrayList<>();
    for (long a : actions) {
      ids.add(a);
      probabilities.add(1f / actions.length);
    }
    return CbEvent.of(ids, probabilities, "{\"x\":1}");
  }

  static JoinedEvent cb(TimeStamp t, long... actions) {
    return event(t, PayloadType.CB, cbPayload(actions));
  }

  static JoinedEvent cb(long... actions) {
    return cb(day(30), actions);
  }

  static SlotEvent slot(String id, long... actions) {
    List<Long> ids = new ArrayList<>();
    List<Float> probabilities = new ArrayList<>();
    for (long a : actions) {
      ids.add(a);
      probabilities.add(probabilities.isEmpty() ? 1f : 0f);
    }
    return SlotEvent.of(id, ids, probabilities);
  }

  static MultiSlotEvent slots(SlotEvent... slots) {
    return MultiSlotEvent.of("{\"_multi\":[],\"_slots\":[]}", Arrays.asList(slots));
  }

  static JoinedEvent ccb(MultiSlotEvent payload) {
    return event(day(30), PayloadType.CCB, payload);
  }

  static JoinedEvent slates(MultiSlotEvent payload) {
    return event(day(30), PayloadType.SLATES, payload);
  }

  static JoinedEvent ca(CaEvent payload) {
    return event(day(30), PayloadType.CA, payload);
  }

  static JoinedEvent ca() {
    return ca(CaEvent.of(1.0148716f, 0.00050505053f, "{\"RobotJoint1\":{\"friction\":78}}"));
  }

  static JoinedEvent outcome(TimeStamp t, OutcomeEvent o) {
    return event(t, PayloadType.OUTCOME, o);
  }

  static JoinedEvent outcome(int day, float value) {
    return outcome(day(day), OutcomeEvent.numeric(value));
  }

  static JoinedEvent outcome(float value) {
    return outcome(30, value);
  }

  static JoinedEvent outcome(int day, float value, int index) {
    return outcome(day(day), OutcomeEvent.numeric(value).withIndex(index));
  }

  static JoinedEvent outcome(int day, float value, String slotId) {
    return outcome(day(day), OutcomeEvent.numeric(value).withSlotId(slotId));
  }

  static JoinedEvent activation() {
    return outcome(day(30), OutcomeEvent.activation());
  }

  @SafeVarargs
  static <T> List<T> list(T... items) {
    // A mutable list that, unlike List.of, may hold null (an outcome that failed to decode, for JoinRulesTest).
    List<T> list = new ArrayList<>(items.length);
    for (T item : items) {
      list.add(item);
    }
    return list;
  }

  /** A CCB decision in a learning mode with a baseline. */
  static MultiSlotEvent apprenticeSlots(List<Integer> baseline, SlotEvent... slots) {
    return slots(slots).withLearningMode(LearningMode.APPRENTICE).withBaselineActions(baseline);
  }

  /** Records every diagnostic. */
  static final class Recorder implements DiagnosticListener {
    final List<Diagnostic> seen = new ArrayList<>();

    @Override
    public void report(Diagnostic diagnostic) {
      seen.add(diagnostic);
    }

    List<DiagnosticReason> reasons() {
      return seen.stream().map(Diagnostic::reason).toList();
    }
  }
}
