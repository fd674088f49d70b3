package io.github.vwbinlog.core.flatbuf;

import io.github.vwbinlog.schema.TableWalk;
import org.jspecify.annotations.Nullable;

/**
 * Every table of schema v2 ({@code schema-gen/src/main/fbs}, SPEC §2) as a root for {@link FlatVerifier}, which
 * checks it with the walk generated from the {@code .fbs} files ({@link TableWalk}).
 *
 * <p>The roots a joined log holds are {@link #JOINED_PAYLOAD} (REGULAR), {@link #CHECKPOINT_INFO} (CHECKPOINT),
 * {@link #FILE_HEADER} (HEADER), {@link #EVENT} (each {@code JoinedEvent.event}) and the payload tables that
 * {@link #forPayloadType(int)} picks for each {@code Event.payload}. The {@code [ubyte]} fields holding nested
 * buffers are byte vectors to the walk: each nested buffer is verified as a root of its own when it is read.
 *
 * <pre>{@code
 * TableType root = Schema.forPayloadType(meta.payloadType());  // CB -> CB_EVENT, CCB and Slates -> MULTI_SLOT_EVENT
 * }</pre>
 */
public final class Schema {

  private Schema() {}

  // --- FileFormat.fbs

  /** {@code JoinedEvent}: one event of a REGULAR payload with the joiner's enqueued time. */
  public static final TableType JOINED_EVENT = new TableType(TableWalk.JOINED_EVENT);

  /** {@code JoinedPayload}: the root of a REGULAR payload. */
  public static final TableType JOINED_PAYLOAD = new TableType(TableWalk.JOINED_PAYLOAD);

  /** {@code KeyValue}: one property of a file header. */
  public static final TableType KEY_VALUE = new TableType(TableWalk.KEY_VALUE);

  /** {@code FileHeader}: the root of a HEADER payload. */
  public static final TableType FILE_HEADER = new TableType(TableWalk.FILE_HEADER);

  /** {@code CheckpointInfo}: the root of a CHECKPOINT payload. */
  public static final TableType CHECKPOINT_INFO = new TableType(TableWalk.CHECKPOINT_INFO);

  // --- Metadata.fbs, Event.fbs

  /** {@code Metadata}: an event's id, client time, payload type, pass probability and encoding. */
  public static final TableType METADATA = new TableType(TableWalk.METADATA);

  /** {@code Event}: the root of each nested {@code JoinedEvent.event} buffer. */
  public static final TableType EVENT = new TableType(TableWalk.EVENT);

  /** {@code BatchMetadata} of the client upload format (never in joined logs). */
  public static final TableType BATCH_METADATA = new TableType(TableWalk.BATCH_METADATA);

  /** {@code SerializedEvent} of the client upload format (never in joined logs). */
  public static final TableType SERIALIZED_EVENT = new TableType(TableWalk.SERIALIZED_EVENT);

  /** {@code EventBatch}: the root of the client upload format (never in joined logs). */
  public static final TableType EVENT_BATCH = new TableType(TableWalk.EVENT_BATCH);

  // --- payload tables (the roots of Event.payload)

  /** {@code CbEvent}: a CB decision. */
  public static final TableType CB_EVENT = new TableType(TableWalk.CB_EVENT);

  /** {@code SlotEvent}: one slot of a CCB or slates decision. */
  public static final TableType SLOT_EVENT = new TableType(TableWalk.SLOT_EVENT);

  /** {@code MultiSlotEvent}: a CCB or slates decision. */
  public static final TableType MULTI_SLOT_EVENT = new TableType(TableWalk.MULTI_SLOT_EVENT);

  /** {@code CaEvent}: a continuous-action decision. */
  public static final TableType CA_EVENT = new TableType(TableWalk.CA_EVENT);

  /** {@code NumericOutcome}: the numeric member of the {@code OutcomeValue} union. */
  public static final TableType NUMERIC_OUTCOME = new TableType(TableWalk.NUMERIC_OUTCOME);

  /** {@code NumericIndex}: the numeric member of the {@code IndexValue} union. */
  public static final TableType NUMERIC_INDEX = new TableType(TableWalk.NUMERIC_INDEX);

  /**
   * {@code OutcomeEvent}: an observation. Both unions have NONE = 0, numeric = 1 (a table) and literal = 2 (a
   * string); other tags are accepted without looking at the value, as C++ does (see {@link FlatVerifier}).
   */
  public static final TableType OUTCOME_EVENT = new TableType(TableWalk.OUTCOME_EVENT);

  /** {@code DedupInfo}: action ids and the action JSON they stand for. */
  public static final TableType DEDUP_INFO = new TableType(TableWalk.DEDUP_INFO);

  /** {@code MultiStepEvent}: one step of a multistep episode. */
  public static final TableType MULTI_STEP_EVENT = new TableType(TableWalk.MULTI_STEP_EVENT);

  /** {@code EpisodeEvent}: the start of a multistep episode. */
  public static final TableType EPISODE_EVENT = new TableType(TableWalk.EPISODE_EVENT);

  /**
   * The root table of an {@code Event.payload} for a {@code Metadata.payload_type} code (SPEC §2): CB, CCB/Slates,
   * Outcome, CA, DedupInfo, MultiStep, Episode.
   *
   * @param payloadType the stored {@code PayloadType} value, 0..255
   * @return the root table, or null for a code the schema does not define
   */
  public static @Nullable TableType forPayloadType(int payloadType) {
    return switch (payloadType) {
      case 0 -> CB_EVENT;
      case 1, 2 -> MULTI_SLOT_EVENT;
      case 3 -> OUTCOME_EVENT;
      case 4 -> CA_EVENT;
      case 5 -> DEDUP_INFO;
      case 6 -> MULTI_STEP_EVENT;
      case 7 -> EPISODE_EVENT;
      default -> null;
    };
  }
}
