package io.github.vwbinlog.core.flatbuf;

import static io.github.vwbinlog.core.flatbuf.Field.bytes;
import static io.github.vwbinlog.core.flatbuf.Field.scalar;
import static io.github.vwbinlog.core.flatbuf.Field.string;
import static io.github.vwbinlog.core.flatbuf.Field.strings;
import static io.github.vwbinlog.core.flatbuf.Field.table;
import static io.github.vwbinlog.core.flatbuf.Field.tables;
import static io.github.vwbinlog.core.flatbuf.Field.timeStamp;
import static io.github.vwbinlog.core.flatbuf.Field.union;
import static io.github.vwbinlog.core.flatbuf.Field.unionTag;
import static io.github.vwbinlog.core.flatbuf.Field.vector;

import org.jspecify.annotations.Nullable;

/**
 * Every table of schema v2 ({@code schema-gen/src/main/fbs}, SPEC §2), described once for {@link FlatVerifier}. The
 * slots are in declaration order, which is the vtable order; a test checks them against the {@code .fbs} files.
 *
 * <p>The roots a joined log holds are {@link #JOINED_PAYLOAD} (REGULAR), {@link #CHECKPOINT_INFO} (CHECKPOINT),
 * {@link #FILE_HEADER} (HEADER), {@link #EVENT} (each {@code JoinedEvent.event}) and the payload tables that
 * {@link #forPayloadType(int)} picks for each {@code Event.payload}. The {@code [ubyte]} fields holding nested
 * buffers are described as byte vectors: each nested buffer is verified as a root of its own when it is read.
 *
 * <pre>{@code
 * TableType root = Schema.forPayloadType(meta.payloadType());  // CB -> CB_EVENT, CCB and Slates -> MULTI_SLOT_EVENT
 * }</pre>
 */
public final class Schema {

  private Schema() {}

  // Sizes of the scalar types, named so that the table descriptions below read like the .fbs files.
  private static final int BOOL = 1;
  private static final int UBYTE = 1;
  private static final int INT = 4;
  private static final int UINT = 4;
  private static final int FLOAT = 4;
  private static final int ULONG = 8;

  // --- FileFormat.fbs

  /** {@code JoinedEvent}: one event of a REGULAR payload with the joiner's enqueued time. */
  public static final TableType JOINED_EVENT = new TableType("JoinedEvent",
      bytes("event"),
      timeStamp("timestamp"));

  /** {@code JoinedPayload}: the root of a REGULAR payload. */
  public static final TableType JOINED_PAYLOAD = new TableType("JoinedPayload",
      tables("events", JOINED_EVENT));

  /** {@code KeyValue}: one property of a file header. */
  public static final TableType KEY_VALUE = new TableType("KeyValue",
      string("key"),
      string("value"));

  /** {@code FileHeader}: the root of a HEADER payload. */
  public static final TableType FILE_HEADER = new TableType("FileHeader",
      timeStamp("join_time"),
      tables("properties", KEY_VALUE));

  /** {@code CheckpointInfo}: the root of a CHECKPOINT payload. */
  public static final TableType CHECKPOINT_INFO = new TableType("CheckpointInfo",
      scalar("reward_function_type", UBYTE),
      scalar("default_reward", FLOAT),
      scalar("learning_mode_config", UBYTE),
      scalar("problem_type_config", UBYTE),
      scalar("use_client_time", BOOL));

  // --- Metadata.fbs, Event.fbs

  /** {@code Metadata}: an event's id, client time, payload type, pass probability and encoding. */
  public static final TableType METADATA = new TableType("Metadata",
      string("id"),
      timeStamp("client_time_utc"),
      string("app_id"),
      scalar("payload_type", UBYTE),
      scalar("pass_probability", FLOAT),
      scalar("encoding", UBYTE));

  /** {@code Event}: the root of each nested {@code JoinedEvent.event} buffer. */
  public static final TableType EVENT = new TableType("Event",
      table("meta", METADATA),
      bytes("payload"));

  /** {@code BatchMetadata} of the client upload format (never in joined logs). */
  public static final TableType BATCH_METADATA = new TableType("BatchMetadata",
      string("content_encoding"),
      scalar("original_event_count", ULONG));

  /** {@code SerializedEvent} of the client upload format (never in joined logs). */
  public static final TableType SERIALIZED_EVENT = new TableType("SerializedEvent",
      bytes("payload"));

  /** {@code EventBatch}: the root of the client upload format (never in joined logs). */
  public static final TableType EVENT_BATCH = new TableType("EventBatch",
      tables("events", SERIALIZED_EVENT),
      table("metadata", BATCH_METADATA));

  // --- payload tables (the roots of Event.payload)

  /** {@code CbEvent}: a CB decision. */
  public static final TableType CB_EVENT = new TableType("CbEvent",
      scalar("deferred_action", BOOL),
      vector("action_ids", ULONG),
      bytes("context"),
      vector("probabilities", FLOAT),
      string("model_id"),
      scalar("learning_mode", UBYTE));

  /** {@code SlotEvent}: one slot of a CCB or slates decision. */
  public static final TableType SLOT_EVENT = new TableType("SlotEvent",
      vector("action_ids", UINT),
      vector("probabilities", FLOAT),
      string("id"));

  /** {@code MultiSlotEvent}: a CCB or slates decision. */
  public static final TableType MULTI_SLOT_EVENT = new TableType("MultiSlotEvent",
      bytes("context"),
      tables("slots", SLOT_EVENT),
      string("model_id"),
      scalar("deferred_action", BOOL),
      vector("baseline_actions", INT),
      scalar("learning_mode", UBYTE));

  /** {@code CaEvent}: a continuous-action decision. */
  public static final TableType CA_EVENT = new TableType("CaEvent",
      scalar("deferred_action", BOOL),
      scalar("action", FLOAT),
      bytes("context"),
      scalar("pdf_value", FLOAT),
      string("model_id"),
      scalar("learning_mode", UBYTE));

  /** {@code NumericOutcome}: the numeric member of the {@code OutcomeValue} union. */
  public static final TableType NUMERIC_OUTCOME = new TableType("NumericOutcome",
      scalar("value", FLOAT));

  /** {@code NumericIndex}: the numeric member of the {@code IndexValue} union. */
  public static final TableType NUMERIC_INDEX = new TableType("NumericIndex",
      scalar("index", INT));

  /**
   * {@code OutcomeEvent}: an observation. Both unions have NONE = 0, numeric = 1 (a table) and literal = 2 (a
   * string); other tags are accepted without looking at the value, as C++ does (see {@link FlatVerifier}).
   */
  public static final TableType OUTCOME_EVENT = new TableType("OutcomeEvent",
      unionTag("value_type"),
      union("value", null, table("numeric", NUMERIC_OUTCOME), string("literal")),
      unionTag("index_type"),
      union("index", null, table("numeric", NUMERIC_INDEX), string("literal")),
      scalar("action_taken", BOOL));

  /** {@code DedupInfo}: action ids and the action JSON they stand for. */
  public static final TableType DEDUP_INFO = new TableType("DedupInfo",
      vector("ids", ULONG),
      strings("values"));

  /** {@code MultiStepEvent}: one step of a multistep episode. */
  public static final TableType MULTI_STEP_EVENT = new TableType("MultiStepEvent",
      string("event_id"),
      string("previous_id"),
      vector("action_ids", ULONG),
      bytes("context"),
      vector("probabilities", FLOAT),
      string("model_id"),
      scalar("deferred_action", BOOL));

  /** {@code EpisodeEvent}: the start of a multistep episode. */
  public static final TableType EPISODE_EVENT = new TableType("EpisodeEvent",
      string("episode_id"));

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
