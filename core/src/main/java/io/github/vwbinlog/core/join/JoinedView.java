package io.github.vwbinlog.core.join;

import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.join.JoinedEventView;

/**
 * The view of a joined event that every sink receives ({@link EventSink}): the public {@link JoinedEventView}, whose
 * values every sink reads (numbers, raw UTF-8 of ids and contexts, actions, probabilities, outcomes, slots), and the
 * few texts that the one DSJSON writer ({@code core.output.DsjsonWriter}) appends to its buffer without allocating:
 * ids, the model id, the context, slot ids and literal indexes, copied from the log's bytes or escaped from a record's
 * strings by {@link JsonBytes}. Two views implement it: {@link ScanView}, over the bytes of a message that the scan
 * read in place (no strings, no boxed numbers), and {@link RecordView}, over a {@link io.github.vwbinlog.join.JoinResult}
 * (a multistep step, or a record a user hands to {@code DsjsonConverter.line}).
 *
 * <p>A view is valid until its join moves on; it is reused.
 */
public sealed interface JoinedView extends JoinedEventView permits ScanView, RecordView {
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

  /** Appends slot {@code s}'s id as a JSON string; false, appending nothing, when it has none. */
  boolean slotId(int s, JsonBytes out);

  /** Appends the event id of outcome {@code k} of the list as a JSON string. */
  void outcomeId(int list, int k, JsonBytes out);

  /** Appends the literal index of outcome {@code k} of the list as a JSON string; false when it is not literal. */
  boolean outcomeLiteralIndex(int list, int k, JsonBytes out);
}
