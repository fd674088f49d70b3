package io.github.vwbinlog.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.event.OutcomeEvent;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * A joined event as a {@link JoinedEventSink} reads it: the decision, its outcomes and its rewards as values, read in
 * place from the log's bytes, with no record built (unless the sink asks for one: {@link #record()}). Numbers are
 * numbers; texts (ids, the context, literal values) are their raw UTF-8 bytes as the log holds them, never JSON
 * text, so a sink escapes nothing and parses nothing back. Every joined event a log gives reaches every sink through
 * this view: the DSJSON writer, the records of {@link Joiner} and {@link Joiner#collect}, the Parquet writer.
 *
 * <p>Lists are addressed by number: {@link #TOP} is the decision's own list (a CB or multistep decision's actions and
 * probabilities, the outcomes of CB, slates and CA, the single reward), and {@code 0..slotCount()-1} a slot's (its
 * actions and probabilities; a CCB slot's outcomes and rewards).
 *
 * <p>A view is valid during the sink's call only: it is reused for the next event, and the buffers it returns are
 * read-only slices of bytes that the join reuses too. Copy what must outlive the call.
 *
 * <pre>{@code
 * // in a JoinedEventSink's accept(part, event):
 * if (event.type() == PayloadType.CB && event.learnable()) {
 *   part.add(event.action(JoinedEventView.TOP, 0), event.reward(JoinedEventView.TOP));
 * }
 * }</pre>
 */
public interface JoinedEventView {
  /** The list of the decision itself, as opposed to one of its slots. */
  int TOP = -1;

  /** CB, CCB, SLATES, CA or MULTI_STEP (a step of an episode). */
  PayloadType type();

  /** The offset of the REGULAR message that holds the event. */
  long offset();

  /** The settings the event was joined with (the CHECKPOINT in force, with the join's overrides). */
  CheckpointInfo settings();

  /** Whether the event is learnable: not deferred, or activated (SPEC §6.6). */
  boolean learnable();

  /** The event's time (client time or enqueued time, as the settings say), in seconds since the epoch. */
  long epochSecond();

  /** The probability that the event was kept (SPEC §6.5); pdrop is {@code 1 - passProbability}. */
  float passProbability();

  /** The event id's UTF-8 bytes (a step's own id for multistep). */
  ByteBuffer eventId();

  /** The decision's model id's UTF-8 bytes ({@code N/A} when the log has none, as the records and VW have it). */
  ByteBuffer modelId();

  /** The context's bytes: its JSON as logged (its dedup references expanded when joined for training). */
  ByteBuffer context();

  /**
   * The final reward of {@link #TOP} (CB, slates, CA, step; for CCB slot 0's, 0 without slots, as
   * {@link JoinResult#reward()} has it) or of slot {@code list} (CCB).
   */
  float reward(int list);

  /** The original reward, before apprentice mode, of {@link #TOP} (as {@link #reward}) or of slot {@code list}. */
  float originalReward(int list);

  /** The number of slots (CCB, slates); 0 for others. */
  int slotCount();

  /** Slot {@code s}'s id's UTF-8 bytes; null when it has none. */
  @Nullable ByteBuffer slotIdBytes(int s);

  /** The number of actions of {@link #TOP} or of slot {@code list}. */
  int actionCount(int list);

  /** Action {@code k} of {@link #TOP} (a 64-bit id) or of slot {@code list} (32 bits, unsigned), as a long. */
  long action(int list, int k);

  /** The number of probabilities of {@link #TOP} or of slot {@code list}. */
  int probabilityCount(int list);

  /** Probability {@code k} of {@link #TOP} or of slot {@code list}. */
  float probability(int list, int k);

  /** The number of outcomes of {@link #TOP} or mapped to slot {@code list}. */
  int outcomeCount(int list);

  /** Which member of outcome {@code k}'s value union is present. */
  OutcomeEvent.Kind outcomeValueKind(int list, int k);

  /** The numeric value of outcome {@code k} of the list: 0 for a literal or valueless outcome (SPEC §8.3). */
  float outcomeValue(int list, int k);

  /** The literal value's UTF-8 bytes of outcome {@code k} of the list; null when it is not literal. */
  @Nullable ByteBuffer outcomeLiteralValue(int list, int k);

  /** Which member of outcome {@code k}'s index union is present. */
  OutcomeEvent.Kind outcomeIndexKind(int list, int k);

  /** The numeric index of outcome {@code k} of the list (0 when it has none). */
  int outcomeNumericIndex(int list, int k);

  /** The literal index's UTF-8 bytes of outcome {@code k} of the list (a slot id); null when it is not literal. */
  @Nullable ByteBuffer outcomeLiteralIndexBytes(int list, int k);

  /** Whether outcome {@code k} of the list is an activation ({@code action_taken}). */
  boolean outcomeTaken(int list, int k);

  /** The time of outcome {@code k} of the list, in seconds since the epoch, as {@link #epochSecond()} is taken. */
  long outcomeEpochSecond(int list, int k);

  /** The number of baseline actions (CCB). */
  int baselineCount();

  /** Baseline action {@code k}, as the log stores it (signed). */
  int baseline(int k);

  /** A CA decision's pdf value. */
  float pdfValue();

  /** A CA decision's action. */
  float caAction();

  /**
   * The joined event as a record, which stays valid after the call: built from the view's events by the record
   * decoder. The records of {@link Joiner} and {@link Joiner#collect} are made this way.
   */
  JoinResult record();
}
