package io.github.vwbinlog;

/**
 * Why a message, event, interaction or outcome was skipped or could not be read. Each reason has a fixed
 * {@link Severity}. The joiner counts every skip by reason, so that interactions seen = joined events emitted +
 * skipped.
 *
 * <pre>{@code
 * DiagnosticReason.TRUNCATED_INPUT.severity() == Severity.ERROR
 * }</pre>
 */
public enum DiagnosticReason {
  // --- framing (SPEC §1)
  /** The input ended inside a field: a type, size, version, payload or padding. Reading stops. */
  TRUNCATED_INPUT(Severity.ERROR),
  /** A FILEMAGIC message whose version is not 1. Reading stops. */
  UNSUPPORTED_VERSION(Severity.ERROR),
  /** A message of an unknown type, skipped by its size. */
  UNKNOWN_MESSAGE_TYPE(Severity.NOTICE),
  /** A declared size or count above the configured {@link ReadLimits}. */
  LIMIT_EXCEEDED(Severity.ERROR),
  /** The input could not be read (an I/O error). */
  IO_ERROR(Severity.ERROR),

  // --- messages
  /** A CHECKPOINT whose CheckpointInfo fails verification; it is ignored. */
  MALFORMED_CHECKPOINT(Severity.ERROR),
  /** A REGULAR message read before any checkpoint set a problem type; VW skips it. */
  REGULAR_BEFORE_CHECKPOINT(Severity.NOTICE),
  /** A REGULAR message whose JoinedPayload fails verification; the whole message is skipped. */
  MALFORMED_PAYLOAD(Severity.ERROR),
  /**
   * A joined event of a REGULAR message that cannot be read (no event or time stamp, an Event without metadata or id,
   * or one that fails verification); the whole payload is dropped, as VW drops it.
   */
  MALFORMED_EVENT(Severity.ERROR),
  /** An Episode event outside the multistep joiner; the whole payload is dropped. */
  EPISODE_WITHOUT_MULTISTEP(Severity.ERROR),
  /** A DedupInfo event that cannot be applied (sizes differ, a value is not a JSON object); the payload is dropped. */
  MALFORMED_DEDUP(Severity.ERROR),

  // --- interactions (SPEC §4.2 to §4.6)
  /**
   * An interaction whose payload type is not the configured problem type; with the multistep joiner, any interaction
   * that is not a MultiStep step (VW ignores it).
   */
  PROBLEM_TYPE_MISMATCH(Severity.NOTICE),
  /** An interaction whose learning mode is not the configured learning mode. */
  LEARNING_MODE_MISMATCH(Severity.NOTICE),
  /** An interaction of a type the joiner does not support (MultiStep without the multistep joiner, or unknown). */
  UNSUPPORTED_INTERACTION(Severity.ERROR),
  /** A payload that could not be decompressed (not zstd, no declared size, corrupt, or a size that differs). */
  DECOMPRESSION_FAILED(Severity.ERROR),
  /** An interaction that fails verification or lacks a required field. */
  MALFORMED_INTERACTION(Severity.ERROR),
  /** A later interaction for an event id that already has one; the first valid interaction wins. */
  DUPLICATE_INTERACTION(Severity.NOTICE),
  /**
   * An event id with observations but no valid interaction; nothing is emitted for it. With the multistep joiner:
   * outcomes whose step index names no step of their batch, which are ignored.
   */
  NO_INTERACTION(Severity.NOTICE),
  /** An observation that came before its interaction in the payload; VW drops it. */
  OUTCOME_BEFORE_INTERACTION(Severity.NOTICE),
  /**
   * An observation that cannot be read; its joined event is invalidated and not emitted (with the multistep joiner,
   * every step of its batch, whose rewards it might change).
   */
  MALFORMED_OUTCOME(Severity.ERROR),
  /** A CCB observation whose slot id names no slot of the interaction; the observation is ignored. */
  UNMATCHED_SLOT_ID(Severity.NOTICE),
  /** Apprentice mode for slates or CA, which VW does not implement: the reward is the default reward. */
  APPRENTICE_NOT_IMPLEMENTED(Severity.NOTICE),
  /** A CCB apprentice interaction whose slot count differs from its baseline count; the event is skipped. */
  BASELINE_SIZE_MISMATCH(Severity.ERROR),
  /** A CB interaction without actions, for which VW would read invalid memory; the event is skipped. */
  EMPTY_ACTIONS(Severity.ERROR),
  /** A joined event whose output would hold NaN or an infinity; the event is skipped. */
  NON_FINITE_NUMBER(Severity.ERROR),
  /** A context that is empty, not one JSON object, or holds a NUL byte; the event is skipped. */
  INVALID_CONTEXT(Severity.ERROR),
  /**
   * A context whose JSON strings are not valid UTF-8 (RFC 3629: overlong forms, surrogates, truncated sequences...);
   * the event is skipped, since a line that is not UTF-8 is not JSON (RFC 8259 §8.1). VW copies the bytes.
   */
  INVALID_UTF8(Severity.ERROR),
  /** Client time was asked for but the event has none; the enqueued time is used. Nothing is skipped. */
  CLIENT_TIME_MISSING(Severity.NOTICE),

  // --- multistep (SPEC §7)
  /** A multistep step id with several interactions; the step is not emitted. */
  DUPLICATE_STEP(Severity.NOTICE),
  /** A multistep step whose previous step is missing, that is in a cycle or descends from one; VW never emits it. */
  ORPHAN_STEP(Severity.NOTICE),

  // --- joining rlclientlib's event files (LogJoiner, docs/JOINER.md)
  /**
   * An event whose client time is earlier than the joiner's watermark (the latest client time read minus the disorder
   * tolerance): its window may already be closed, so it is not joined (an interaction is not written, an observation
   * is not attached).
   */
  LATE_EVENT(Severity.NOTICE),
  /** An observation more than the experimental unit duration after its interaction; not joined. */
  OBSERVATION_AFTER_EUD(Severity.NOTICE),
  /** An observation more than the backward tolerance before its interaction; not joined. */
  OBSERVATION_BEFORE_TOLERANCE(Severity.NOTICE),
  /** An observation whose id has no interaction (still held by the joiner) within its window; not joined. */
  ORPHAN_OBSERVATION(Severity.NOTICE),
  /**
   * An event the joiner cannot place: a payload type it does not join (an unknown type, a multistep step without
   * multistep joining), or a DedupInfo that is not the first event of its batch; not joined.
   */
  UNJOINABLE_EVENT(Severity.NOTICE),

  // --- DSJSON for training (JoinFeature.FOR_TRAINING)
  /**
   * Only with {@code JoinFeature.FOR_TRAINING}: a joined event that VW's binary-parser learner does not learn (a CB
   * decision whose pdrop is outside [0, 1) or that has no probabilities), or learns with an infinite weight that VW's
   * DSJSON parser refuses (a CCB or slates decision with pdrop 1), or that would stop VW's DSJSON parser (a CCB slot
   * whose actions and probabilities differ in number, a dedup reference that is not cached); no line is written.
   */
  NOT_LEARNED(Severity.NOTICE);

  private final Severity severity;

  DiagnosticReason(Severity severity) {
    this.severity = severity;
  }

  /** How serious this reason is. */
  public Severity severity() {
    return severity;
  }
}
