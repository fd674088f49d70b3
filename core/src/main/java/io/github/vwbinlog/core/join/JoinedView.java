package io.github.vwbinlog.core.join;

import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinResult;

/**
 * A joined event as a sink ({@link EventSink}) reads it: the decision, its outcomes and its rewards, with no record
 * built unless the sink asks for one ({@link #record()}). The one DSJSON writer ({@code core.output.DsjsonWriter}) writes every line from a view, whichever join produced it:
 * {@link ScanView}, over the bytes of a message that the conversion's scan joined in place (no strings, no boxed
 * numbers), or {@link RecordView}, over a {@link io.github.vwbinlog.join.JoinResult} (the record join, multistep, and
 * records users hand to the converter).
 *
 * <p>Lists are addressed by number: {@link #TOP} is the decision's own list (a CB or multistep decision's actions and
 * probabilities, the {@code "o"} outcomes of CB and slates, the single reward), and {@code 0..slotCount()-1} a slot's
 * (its actions and probabilities, a CCB slot's outcomes and rewards). Strings are appended to a {@link JsonBytes}
 * as JSON strings, so that a view over bytes copies them and a view over records escapes them, each without
 * allocating.
 *
 * <p>A view is valid until its join moves on; it is reused.
 */
public sealed interface JoinedView permits ScanView, RecordView {
  /** The list of the decision itself, as opposed to one of its slots. */
  int TOP = -1;

  /** CB, CCB, SLATES, CA or MULTI_STEP (a step of an episode). */
  PayloadType type();

  /** Whether the event is learnable: not deferred, or activated (SPEC §6.6). */
  boolean learnable();

  /** The event's time (client time or enqueued time, as configured), in seconds since the epoch. */
  long epochSecond();

  /** The probability that the event was kept (SPEC §6.5); pdrop is {@code 1 - passProbability}. */
  float passProbability();

  /** Appends the id written as {@code "EventId"} (a step's own id) as a JSON string. */
  void eventId(JsonBytes out);

  /** Appends the id cut at its first NUL, as CCB and slates write it; false, appending nothing, when it is empty. */
  boolean eventIdUntilNul(JsonBytes out);

  /** The id that names the event in diagnostics: the join key (an episode's id for a step). Allocates. */
  String diagnosticId();

  /** For a step, the text that prefixes its diagnostics ({@code "step ID: "}); else the empty string. */
  String diagnosticPrefix();

  /** Appends the model id cut at its first NUL ({@code "N/A"} when the log has none) as a JSON string. */
  void modelIdUntilNul(JsonBytes out);

  /** The number of bytes of the context. */
  int contextLength();

  /** Appends the context's bytes as they are. */
  void context(JsonBytes out);

  /** The final reward of {@link #TOP} (CB, slates, CA, step) or of slot {@code list} (CCB). */
  float reward(int list);

  /** The original reward, before apprentice mode, of {@link #TOP} or of slot {@code list}. */
  float originalReward(int list);

  /** The number of slots (CCB, slates); 0 for others. */
  int slotCount();

  /** The number of actions of {@link #TOP} or of slot {@code list}. */
  int actionCount(int list);

  /** Action {@code k} of {@link #TOP} (a 64-bit id) or of slot {@code list} (32 bits, unsigned), as a long. */
  long action(int list, int k);

  /** The number of probabilities of {@link #TOP} or of slot {@code list}. */
  int probabilityCount(int list);

  /** Probability {@code k} of {@link #TOP} or of slot {@code list}. */
  float probability(int list, int k);

  /** Appends slot {@code s}'s id as a JSON string; false, appending nothing, when it has none. */
  boolean slotId(int s, JsonBytes out);

  /** The number of outcomes of {@link #TOP} ({@code "o"}) or mapped to slot {@code list} ({@code "_o"}). */
  int outcomeCount(int list);

  /** Whether outcome {@code k} of the list is an activation ({@code action_taken}). */
  boolean outcomeTaken(int list, int k);

  /** The value of outcome {@code k} of the list: 0 for a literal or valueless outcome (SPEC §8.3). */
  float outcomeValue(int list, int k);

  /** Appends the event id of outcome {@code k} of the list as a JSON string. */
  void outcomeId(int list, int k, JsonBytes out);

  /** Appends the literal index of outcome {@code k} of the list as a JSON string; false when it is not literal. */
  boolean outcomeLiteralIndex(int list, int k, JsonBytes out);

  /** The numeric index of outcome {@code k} of the list (0 when it has none). */
  int outcomeNumericIndex(int list, int k);

  /** The number of baseline actions (CCB). */
  int baselineCount();

  /** Baseline action {@code k}, as the log stores it (signed). */
  int baseline(int k);

  /** A CA decision's pdf value. */
  float pdfValue();

  /** A CA decision's action. */
  float caAction();

  /**
   * The joined event as a record, which stays valid after the view moves on: built from the view's events by the
   * record decoder ({@link ScanView}), or the record itself ({@link RecordView}). {@link EventSink#records} is the one
   * adapter that calls it.
   */
  JoinResult record();
}
