package io.github.vwbinlog.core.event;

import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.EventEncoding;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.flatbuf.FlatVerifier;
import io.github.vwbinlog.core.flatbuf.Schema;
import io.github.vwbinlog.core.flatbuf.TableType;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EpisodeEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reinforcement_learning.messages.flatbuff.v2.Event;
import reinforcement_learning.messages.flatbuff.v2.NumericIndex;
import reinforcement_learning.messages.flatbuff.v2.NumericOutcome;
import com.google.flatbuffers.FloatVector;
import com.google.flatbuffers.Table;

/**
 * Decodes the nested buffers of a joined event into records, verifying each buffer before reading it (SPEC §0 item 2,
 * §11 item 1) and decompressing zstd payloads within {@link ReadLimits#maxDecompressedSize()}. Interaction contexts
 * are held to {@link ReadLimits#maxContextSize()}, and a buffer beyond a verifier limit fails with
 * {@link DiagnosticReason#LIMIT_EXCEEDED}. Not thread-safe (it reuses one verifier); one instance per joiner and
 * thread.
 */
public final class EventDecoder {
  /** Absent model ids read as this, as VW does (SPEC §4.6). */
  static final String NO_MODEL = "N/A";

  private final ReadLimits limits;
  /** Reused for every buffer: a reused verifier allocates nothing for a buffer that verifies. */
  private final FlatVerifier verifier;
  /** False for buffers that were verified already (by the event scan): they are read without verifying again. */
  private final boolean verifies;

  /** A decoder with these limits. Not thread-safe: it reuses one verifier. */
  public EventDecoder(ReadLimits limits) {
    this(limits, true);
  }

  /**
   * A decoder with these limits that verifies each buffer, or, with {@code verifies} false, one for buffers that have
   * passed the same verification already (the join's scan reads every event before it asks for records): it makes
   * every other check (presence of fields, UTF-8, limits) but reads the buffers without verifying them again.
   */
  public EventDecoder(ReadLimits limits, boolean verifies) {
    this.limits = limits;
    this.verifier = new FlatVerifier(limits);
    this.verifies = verifies;
  }

  /**
   * The metadata of an event and its still-encoded payload.
   *
   * @param meta the decoded metadata
   * @param payload the payload bytes as stored (compressed when {@code meta.encoding()} is ZSTD), or null if absent
   */
  public record Envelope(Metadata meta, @Nullable ByteBuffer payload) {}

  /**
   * Verifies the nested {@code Event} buffer of a JoinedEvent and decodes its metadata.
   *
   * @param eventBytes the buffer, from its position to its limit
   * @throws DecodeException ({@link DiagnosticReason#MALFORMED_EVENT}) if it fails verification or lacks metadata or
   *     an id: VW then drops the whole payload
   */
  public Envelope envelope(ByteBuffer eventBytes) throws DecodeException {
    verify(eventBytes, Schema.EVENT, "the Event", DiagnosticReason.MALFORMED_EVENT);
    Event event = Event.getRootAsEvent(eventBytes.duplicate());
    reinforcement_learning.messages.flatbuff.v2.Metadata m = event.meta();
    if (m == null) {
      throw new DecodeException(DiagnosticReason.MALFORMED_EVENT, "Event of JoinedEvent is malformed: no metadata");
    }
    ByteBuffer id = m.idAsByteBuffer();
    if (id == null) {
      throw new DecodeException(DiagnosticReason.MALFORMED_EVENT, "Event of JoinedEvent is malformed: no event id");
    }
    reinforcement_learning.messages.flatbuff.v2.TimeStamp clientTime = m.clientTimeUtc();
    ByteBuffer appId = m.appIdAsByteBuffer();
    Metadata meta = new Metadata(
        Utf8.decode(id, "the event id", DiagnosticReason.MALFORMED_EVENT),
        clientTime == null ? null : timeStamp(clientTime),
        appId == null ? null : Utf8.decode(appId, "the app id", DiagnosticReason.MALFORMED_EVENT),
        PayloadType.of(m.payloadType()),
        m.passProbability(),
        EventEncoding.of(m.encoding()));
    return new Envelope(meta, event.payloadAsByteBuffer());
  }

  /**
   * Decodes the payload of an event: decompresses it if its encoding is zstd, verifies it as the table its payload type
   * names, and reads it.
   *
   * @param reason the reason to report if it is malformed: MALFORMED_INTERACTION, MALFORMED_OUTCOME or MALFORMED_DEDUP
   * @throws DecodeException if it is absent, does not decompress, fails verification or lacks a required field
   *     ({@code reason}), decompresses beyond {@link ReadLimits#maxDecompressedSize()}, exceeds a verifier bound of
   *     its {@link ReadLimits} or holds a context larger than {@link ReadLimits#maxContextSize()}
   *     ({@link DiagnosticReason#LIMIT_EXCEEDED})
   */
  public EventPayload payload(Envelope envelope, DiagnosticReason reason) throws DecodeException {
    ByteBuffer raw = envelope.payload();
    PayloadType type = envelope.meta().payloadType();
    if (raw == null) {
      throw new DecodeException(reason, type.schemaName() + " event has no payload");
    }
    ByteBuffer bytes = envelope.meta().encoding() == EventEncoding.ZSTD
        ? ZstdPayloads.decompress(raw, limits.maxDecompressedSize())
        : raw;
    return payload(type, bytes, reason);
  }

  /**
   * Reads a payload of type {@code type} from its bytes as stored or, for a zstd payload, decompressed: what
   * {@link #payload(Envelope, DiagnosticReason)} does after decompressing. The records' contexts are views of
   * {@code bytes}.
   *
   * @throws DecodeException as {@link #payload(Envelope, DiagnosticReason)}, decompression aside
   */
  public EventPayload payload(PayloadType type, ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    switch (type) {
      case CB: return cb(bytes, reason);
      case CCB:
      case SLATES: return multiSlot(bytes, reason);
      case CA: return ca(bytes, reason);
      case OUTCOME: return outcome(bytes, reason);
      case DEDUP_INFO: return dedup(bytes, reason);
      case MULTI_STEP: return multiStep(bytes, reason);
      case EPISODE: return episode(bytes, reason);
      default: throw new DecodeException(reason, "payload type " + type + " has no payload table");
    }
  }

  /**
   * Decompresses a zstd payload (SPEC §4.4) within {@link ReadLimits#maxDecompressedSize()}, as {@link #payload} does.
   *
   * @throws DecodeException if it does not decompress or is too large
   */
  public ByteBuffer decompress(ByteBuffer raw) throws DecodeException {
    return ZstdPayloads.decompress(raw, limits.maxDecompressedSize());
  }

  private CbEvent cb(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.CB_EVENT, "the CbEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.CbEvent.getRootAsCbEvent(bytes.duplicate());
    if (t.contextAsByteBuffer() == null || t.actionIdsVector() == null || t.probabilitiesVector() == null) {
      throw new DecodeException(reason, "CB payload is malformed: context, action ids or probabilities missing");
    }
    List<Long> actions = new ArrayList<>(t.actionIdsLength());
    for (int i = 0; i < t.actionIdsLength(); i++) {
      actions.add(t.actionIds(i));
    }
    return new CbEvent(t.deferredAction(), actions, context(t.contextAsByteBuffer()), floats(t.probabilitiesVector()),
        modelId(t.modelIdAsByteBuffer(), reason), LearningMode.of(t.learningMode()));
  }

  private MultiSlotEvent multiSlot(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.MULTI_SLOT_EVENT, "the MultiSlotEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.MultiSlotEvent.getRootAsMultiSlotEvent(bytes.duplicate());
    if (t.contextAsByteBuffer() == null || t.slotsVector() == null) {
      throw new DecodeException(reason, "multi-slot payload is malformed: context or slots missing");
    }
    List<SlotEvent> slots = new ArrayList<>(t.slotsLength());
    var slot = new reinforcement_learning.messages.flatbuff.v2.SlotEvent();
    for (int i = 0; i < t.slotsLength(); i++) {
      t.slots(slot, i);
      List<Long> actions = new ArrayList<>(slot.actionIdsLength());
      for (int j = 0; j < slot.actionIdsLength(); j++) {
        actions.add(slot.actionIds(j));
      }
      ByteBuffer id = slot.idAsByteBuffer();
      // Absent action or probability vectors crash VW (SPEC §11 item 2); vw-binlog reads them as empty.
      slots.add(new SlotEvent(actions, floats(slot.probabilitiesVector()),
          id == null ? null : Utf8.decode(id, "a slot id", reason)));
    }
    List<Integer> baseline = new ArrayList<>(t.baselineActionsLength());
    for (int i = 0; i < t.baselineActionsLength(); i++) {
      baseline.add(t.baselineActions(i));
    }
    return new MultiSlotEvent(context(t.contextAsByteBuffer()), slots, modelId(t.modelIdAsByteBuffer(), reason),
        t.deferredAction(), baseline, LearningMode.of(t.learningMode()));
  }

  private CaEvent ca(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.CA_EVENT, "the CaEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.CaEvent.getRootAsCaEvent(bytes.duplicate());
    if (t.contextAsByteBuffer() == null) {
      throw new DecodeException(reason, "CA payload is malformed: context missing");
    }
    return new CaEvent(t.deferredAction(), t.action(), context(t.contextAsByteBuffer()), t.pdfValue(),
        modelId(t.modelIdAsByteBuffer(), reason), LearningMode.of(t.learningMode()));
  }

  private OutcomeEvent outcome(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.OUTCOME_EVENT, "the OutcomeEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.OutcomeEvent.getRootAsOutcomeEvent(bytes.duplicate());
    OutcomeEvent.Kind valueKind = kind(t.valueType());
    float numericValue = 0f;
    String literalValue = null;
    if (valueKind == OutcomeEvent.Kind.NUMERIC) {
      Table value = t.value(new NumericOutcome());
      if (value == null) {
        throw new DecodeException(reason, "outcome has a numeric value tag but no value");
      }
      numericValue = ((NumericOutcome) value).value();
    } else if (valueKind == OutcomeEvent.Kind.LITERAL) {
      literalValue = unionString(t.value(new UnionString()), "the literal outcome value", reason);
    }
    OutcomeEvent.Kind indexKind = kind(t.indexType());
    int numericIndex = 0;
    String literalIndex = null;
    if (indexKind == OutcomeEvent.Kind.NUMERIC) {
      Table index = t.index(new NumericIndex());
      if (index == null) {
        throw new DecodeException(reason, "outcome has a numeric index tag but no index");
      }
      numericIndex = ((NumericIndex) index).index();
    } else if (indexKind == OutcomeEvent.Kind.LITERAL) {
      literalIndex = unionString(t.index(new UnionString()), "the literal outcome index", reason);
    }
    return new OutcomeEvent(valueKind, numericValue, literalValue, indexKind, numericIndex, literalIndex,
        t.actionTaken());
  }

  private DedupInfo dedup(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.DEDUP_INFO, "the DedupInfo", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.DedupInfo.getRootAsDedupInfo(bytes.duplicate());
    if (t.idsVector() == null || t.valuesVector() == null) {
      throw new DecodeException(reason, "DedupInfo is malformed: ids or values missing");
    }
    List<Long> ids = new ArrayList<>(t.idsLength());
    for (int i = 0; i < t.idsLength(); i++) {
      ids.add(t.ids(i));
    }
    List<String> values = new ArrayList<>(t.valuesLength());
    for (int i = 0; i < t.valuesLength(); i++) {
      values.add(checkedString(t, i, reason));
    }
    return new DedupInfo(ids, values);
  }

  private MultiStepEvent multiStep(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.MULTI_STEP_EVENT, "the MultiStepEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.MultiStepEvent.getRootAsMultiStepEvent(bytes.duplicate());
    ByteBuffer eventId = t.eventIdAsByteBuffer();
    if (eventId == null || t.contextAsByteBuffer() == null || t.actionIdsVector() == null
        || t.probabilitiesVector() == null) {
      throw new DecodeException(reason,
          "MultiStep payload is malformed: event id, context, action ids or probabilities missing");
    }
    List<Long> actions = new ArrayList<>(t.actionIdsLength());
    for (int i = 0; i < t.actionIdsLength(); i++) {
      actions.add(t.actionIds(i));
    }
    ByteBuffer previous = t.previousIdAsByteBuffer();
    return new MultiStepEvent(Utf8.decode(eventId, "the step id", reason),
        previous == null ? null : Utf8.decode(previous, "the previous step id", reason),
        actions, context(t.contextAsByteBuffer()), floats(t.probabilitiesVector()),
        modelId(t.modelIdAsByteBuffer(), reason), t.deferredAction());
  }

  private EpisodeEvent episode(ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    verify(bytes, Schema.EPISODE_EVENT, "the EpisodeEvent", reason);
    var t = reinforcement_learning.messages.flatbuff.v2.EpisodeEvent.getRootAsEpisodeEvent(bytes.duplicate());
    ByteBuffer id = t.episodeIdAsByteBuffer();
    return new EpisodeEvent(id == null ? null : Utf8.decode(id, "the episode id", reason));
  }

  /** Converts a verified flatbuffer time stamp; the year is signed, as VW reads it. */
  public static TimeStamp timeStamp(reinforcement_learning.messages.flatbuff.v2.TimeStamp t) {
    return new TimeStamp((short) t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second(), t.subsecond());
  }

  private void verify(ByteBuffer buf, TableType root, String what, DiagnosticReason reason) throws DecodeException {
    if (!verifies) {
      return;
    }
    String problem = verifier.verify(buf, buf.position(), buf.remaining(), root);
    if (problem != null) {
      // A ReadLimits bound is reported as such (SPEC §0, docs/ROBUSTNESS.md), anything else as the caller's reason.
      throw new DecodeException(verifier.limitExceeded() != null ? DiagnosticReason.LIMIT_EXCEEDED : reason,
          what + " fails verification: " + problem);
    }
  }

  /**
   * The context of an interaction, within {@link ReadLimits#maxContextSize()}.
   *
   * @throws DecodeException ({@link DiagnosticReason#LIMIT_EXCEEDED}) for a larger context
   */
  private ByteBuffer context(ByteBuffer context) throws DecodeException {
    if (context.remaining() > limits.maxContextSize()) {
      throw new DecodeException(DiagnosticReason.LIMIT_EXCEEDED,
          "context size (" + context.remaining() + ") exceeds the maximum (" + limits.maxContextSize() + ")");
    }
    return context;
  }

  private static OutcomeEvent.Kind kind(byte tag) {
    switch (tag) {
      case 1: return OutcomeEvent.Kind.NUMERIC;
      case 2: return OutcomeEvent.Kind.LITERAL;
      default: return OutcomeEvent.Kind.NONE; // unknown tags read as none, as VW reads them (SPEC §4.2)
    }
  }

  private static String modelId(@Nullable ByteBuffer bytes, DiagnosticReason reason) throws DecodeException {
    return bytes == null ? NO_MODEL : Utf8.decode(bytes, "the model id", reason);
  }

  private static List<Float> floats(@Nullable FloatVector v) {
    if (v == null) {
      return List.of();
    }
    List<Float> out = new ArrayList<>(v.length());
    for (int i = 0; i < v.length(); i++) {
      out.add(v.get(i));
    }
    return out;
  }

  private static String checkedString(reinforcement_learning.messages.flatbuff.v2.DedupInfo t, int i,
      DiagnosticReason reason) throws DecodeException {
    try {
      return t.values(i); // flatbuffers' decoder rejects malformed UTF-8 with IllegalArgumentException
    } catch (IllegalArgumentException e) {
      throw new DecodeException(reason, "dedup value " + i + " is not valid UTF-8");
    }
  }

  private static String unionString(@Nullable Table member, String what, DiagnosticReason reason)
      throws DecodeException {
    if (member == null) {
      throw new DecodeException(reason, what + " is missing");
    }
    return Utf8.decode(((UnionString) member).bytes(), what, reason);
  }

  /**
   * The string member of a union. flatc's Java code gives only a {@link Table} accessor for union values; the union
   * offset points at the string's length, from which the bytes follow (SPEC §2). Verified before it is read.
   */
  private static final class UnionString extends Table {
    /**
     * Points at the string without reading a vtable. {@link Table#__union} resets the member as a table, reading
     * the string's length as a vtable offset and the bytes there as a vtable size: for a string longer than its
     * position in the buffer that read is out of bounds (found by fuzzing), and it is meaningless anyway.
     */
    @Override
    protected void __reset(int position, ByteBuffer buffer) {
      bb = buffer;
      bb_pos = position;
    }

    ByteBuffer bytes() {
      int length = bb.getInt(bb_pos);
      return bb.duplicate().position(bb_pos + 4).limit(bb_pos + 4 + length);
    }
  }
}
